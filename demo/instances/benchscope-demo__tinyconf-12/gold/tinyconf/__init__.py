"""tinyconf: a small INI-style configuration reader."""
from .errors import ParseError
from .parser import parse

__all__ = ["ParseError", "parse"]
