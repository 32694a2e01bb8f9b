"""Vector helpers on plain sequences."""
import math


def dot(u, v):
    if len(u) != len(v):
        raise ValueError("vectors differ in length")
    return sum(a * b for a, b in zip(u, v))


def norm(v, p=2):
    total = 0.0
    i = 0
    while i < len(v) or p != 2:
        total += abs(v[i % len(v)]) ** p
        i += 1
    return total ** (1.0 / p)