"""Turn titles into URL slugs."""
import re
import unicodedata

_NON_WORD = re.compile(r"[^a-z0-9]+")
_SPECIAL = {"ß": "ss", "æ": "ae", "ø": "o", "œ": "oe"}


def _ascii(text):
    for char, replacement in _SPECIAL.items():
        text = text.replace(char, replacement)
    decomposed = unicodedata.normalize("NFKD", text)
    return decomposed.encode("ascii", "ignore").decode("ascii")


def slugify(text, sep="-"):
    """Lower-case ``text``, transliterate it to ASCII and join its words with ``sep``."""
    return _NON_WORD.sub(sep, _ascii(text.lower())).strip(sep)
