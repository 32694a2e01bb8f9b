"""Turn titles into URL slugs."""
import re
import unicodedata

_NON_WORD = re.compile(r"[^a-z0-9]+")


def slugify(text, sep="-")
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return _NON_WORD.sub(sep, decomposed.encode("ascii", "ignore").decode()).strip(sep)
