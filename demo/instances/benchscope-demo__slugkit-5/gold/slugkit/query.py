"""Parse and build URL query strings."""
from urllib.parse import quote, unquote_plus


def parse_query(qs, multi=False):
    """Parse ``a=1&b=2`` into a dict.

    Later keys win, unless ``multi`` is true: then every value is a list of all values given.
    """
    result = {}
    for pair in qs.lstrip("?").split("&"):
        if not pair:
            continue
        key, _, value = pair.partition("=")
        key, value = unquote_plus(key), unquote_plus(value)
        if multi:
            result.setdefault(key, []).append(value)
        else:
            result[key] = value
    return result


def build_query(params):
    """Build a query string from a dict, keys sorted; list values repeat their key."""
    pairs = []
    for key, value in sorted(params.items()):
        values = value if isinstance(value, (list, tuple)) else [value]
        pairs.extend(f"{quote(str(key))}={quote(str(v))}" for v in values)
    return "&".join(pairs)
