"""Turn value strings into Python values."""

_BOOLEANS = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}


def coerce(value):
    lowered = value.lower()
    if lowered in _BOOLEANS:
        return _BOOLEANS[lowered]
    try:
        return int(value)
    except ValueError:
        pass
    try:
        return float(value)
    except ValueError:
        return value
