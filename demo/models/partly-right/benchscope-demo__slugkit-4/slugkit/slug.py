"""Turn titles into URL slugs."""
import re

_NON_WORD = re.compile(r"[^a-z0-9]+")


def slugify(text, sep="-"):
    """Lower-case ``text`` and join its words with ``sep``."""
    ascii_only = text.encode("ascii", "ignore").decode("ascii")
    return _NON_WORD.sub(sep, ascii_only.lower()).strip(sep)
