"""Deprecated helpers kept for the 0.x series."""
import warnings

from .slug import slugify


def old_slugify(text):
    """Deprecated: use :func:`slugkit.slugify`."""
    warnings.warn("old_slugify is deprecated; use slugify", DeprecationWarning, stacklevel=2)
    return slugify(text, sep="_")
