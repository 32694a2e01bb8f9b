"""Vector helpers on plain sequences."""
import math


def dot(u, v):
    if len(u) != len(v):
        raise ValueError("vectors differ in length")
    return sum(a * b for a, b in zip(u, v))


def norm(v):
    return math.sqrt(dot(v, v))