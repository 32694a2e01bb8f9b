"""unitcalc: convert physical quantities between units."""
from .convert import convert

__all__ = ["convert"]
