"""Linear algebra on :class:`matrixlite.Matrix`."""


def determinant(m):
    rows = m.rows
    if len(rows) == 1:
        return rows[0][0]
    if len(rows) == 2:
        return rows[0][0] * rows[1][1] - rows[0][1] * rows[1][0]
    return sum((-1) ** j * rows[0][j] * determinant(type(m)([r[:j] + r[j + 1:] for r in rows[1:]])) for j in range(len(rows[0])))
