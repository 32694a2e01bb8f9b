"""Vector helpers on plain sequences."""
import math


def dot(u, v):
    if len(u) != len(v):
        raise ValueError("vectors differ in length")
    return sum(a * b for a, b in zip(u, v))


def norm(v, p=2):
    if p == math.inf:
        return max(abs(a) for a in v)
    return sum(abs(a) ** p for a in v) ** (1.0 / p)