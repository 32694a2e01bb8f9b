import pytest

from matrixlite import Matrix


def test_add():
    assert Matrix([[1, 2]]) + Matrix([[3, 4]]) == Matrix([[4, 6]])


def test_add_shape_mismatch_raises():
    with pytest.raises(ValueError):
        Matrix([[1, 2]]) + Matrix([[1], [2]])


def test_matmul_identity():
    m = Matrix([[1, 2], [3, 4]])
    assert m @ Matrix([[1, 0], [0, 1]]) == m


def test_transpose():
    assert Matrix([[1, 2, 3]]).transpose() == Matrix([[1], [2], [3]])
