"""slugkit: URL slugs and query strings."""
from .query import build_query, parse_query
from .slug import slugify

__all__ = ["build_query", "parse_query", "slugify"]
