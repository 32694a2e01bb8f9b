"""A small dense matrix."""


class Matrix:
    def __init__(self, rows):
        self.rows = [list(map(float, row)) for row in rows]

    @property
    def shape(self):
        return (len(self.rows), len(self.rows[0]) if self.rows else 0)

    def __eq__(self, other):
        return isinstance(other, Matrix) and self.rows == other.rows

    def __add__(self, other):
        if self.shape != other.shape:
            raise ValueError(f"shape mismatch: {self.shape} + {other.shape}")
        return Matrix([[a + b for a, b in zip(r, s)] for r, s in zip(self.rows, other.rows)])

    def __matmul__(self, other):
        columns = list(zip(*other.rows))
        return Matrix([[sum(a * b for a, b in zip(row, col)) for col in columns] for row in self.rows])

    def transpose(self):
        return Matrix([list(col) for col in zip(*self.rows)])

    def det(self):
        from .linalg import determinant

        return determinant(self)
