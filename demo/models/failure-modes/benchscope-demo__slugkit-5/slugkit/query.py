"""Parse and build URL query strings."""
from urllib.parse import quote, unquote_plus


def parse_query(qs, multi=False):
    """Parse ``a=1&b=2`` into a dict."""
    result = {}
    for pair in qs.lstrip("?").split("&"):
        if not pair:
            continue
        key, _, value = pair.partition("=")
        if multi:
            result.setdefault(unquote_plus(key), []).append(unquote_plus(value))
        else:
            result[unquote_plus(key)] = unquote_plus(value)
    return result


def build_query(params):
    """Build a query string from a dict, keys sorted."""
    return "&".join(f"{quote(str(k))}={quote(str(v))}" for k, v in sorted(parmas.items()))
