"""Linear algebra on :class:`matrixlite.Matrix`."""


def determinant(m):
    """The determinant of a square matrix, by Laplace expansion along the first row."""
    rows, cols = m.shape
    if rows != cols:
        raise ValueError(f"determinant needs a square matrix, got {m.shape}")
    return _det(m.rows)


def _det(rows):
    if len(rows) == 1:
        return rows[0][0]
    total = 0.0
    for j, value in enumerate(rows[0]):
        minor = [row[:j] + row[j + 1:] for row in rows[1:]]
        total += (-1) ** j * value * _det(minor)
    return total
