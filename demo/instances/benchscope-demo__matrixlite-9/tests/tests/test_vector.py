import math

import pytest

from matrixlite import dot, norm


def test_dot():
    assert dot([1, 2, 3], [4, 5, 6]) == 32


def test_dot_length_mismatch():
    with pytest.raises(ValueError):
        dot([1], [1, 2])


def test_norm_euclidean():
    assert norm([3, 4]) == pytest.approx(5.0)


def test_norm_p1():
    assert norm([3, -4], p=1) == pytest.approx(7.0)


def test_norm_infinity():
    assert norm([3, -4], p=math.inf) == pytest.approx(4.0)
