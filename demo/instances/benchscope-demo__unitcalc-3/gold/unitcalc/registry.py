"""What units and dimensions unitcalc knows."""
from .tables import TABLES


def dimensions():
    """Sorted dimension names."""
    return sorted(TABLES)


def known_units(dimension=None):
    """Sorted unit names, of one dimension or of all."""
    if dimension is not None:
        return sorted(TABLES[dimension])
    return sorted(unit for table in TABLES.values() for unit in table)
