import pytest

from matrixlite import Matrix
from matrixlite.linalg import determinant


@pytest.mark.parametrize(
    "rows, expected",
    [([[1, 2], [3, 4]], -2.0), ([[1, 2, 3], [4, 5, 6], [7, 8, 9]], 0.0)],
    ids=["2x2", "3x3 singular"],
)
def test_determinant(rows, expected):
    assert determinant(Matrix(rows)) == pytest.approx(expected)
    assert Matrix(rows).det() == pytest.approx(expected)


def test_determinant_requires_square():
    with pytest.raises(ValueError):
        determinant(Matrix([[1, 2, 3]]))
