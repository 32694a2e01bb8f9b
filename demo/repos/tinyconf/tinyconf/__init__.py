"""tinyconf: a small INI-style configuration reader."""
from .parser import parse

__all__ = ["parse"]
