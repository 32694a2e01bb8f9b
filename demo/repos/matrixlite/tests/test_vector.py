import pytest

from matrixlite import dot, norm


def test_dot():
    assert dot([1, 2, 3], [4, 5, 6]) == 32


def test_dot_length_mismatch():
    with pytest.raises(ValueError):
        dot([1], [1, 2])


def test_norm_euclidean():
    assert norm([3, 4]) == pytest.approx(5.0)
