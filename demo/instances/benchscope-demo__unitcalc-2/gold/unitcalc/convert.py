"""Unit conversion."""
from .units import TABLES


def _canonical(unit):
    """The table spelling of ``unit``, ignoring case."""
    for table in TABLES.values():
        for known in table:
            if known.lower() == unit.lower():
                return known
    raise ValueError(f"unknown unit: {unit!r}")


def _dimension_of(unit):
    for dimension, table in TABLES.items():
        if unit in table:
            return dimension
    raise ValueError(f"unknown unit: {unit!r}")


def convert(value, from_unit, to_unit):
    """Convert ``value`` from ``from_unit`` to ``to_unit``.

    Both units must measure the same dimension. Unit names ignore case.
    """
    from_unit, to_unit = _canonical(from_unit), _canonical(to_unit)
    source = _dimension_of(from_unit)
    target = _dimension_of(to_unit)
    if source != target:
        raise ValueError(f"cannot convert {source} to {target}")
    table = TABLES[source]
    return value * table[from_unit] / table[to_unit]
