"""``${name}`` and ``${section:name}`` references between values."""
import re

_REFERENCE = re.compile(r"\$\{(?:([^}:]+):)?([^}]+)\}")


def interpolate(config, max_depth=10):
    """Replace references in every string value of ``config`` (in place) and return it."""
    for section_name, section in config.items():
        for key, value in section.items():
            section[key] = _resolve(config, section_name, value, max_depth)
    return config


def _resolve(config, section_name, value, depth):
    if not isinstance(value, str) or depth == 0:
        return value

    def substitute(match):
        section = match.group(1) or section_name
        name = match.group(2)
        try:
            target = config[section][name]
        except KeyError:
            raise KeyError(f"unknown reference ${{{match.group(0)[2:-1]}}}") from None
        return str(_resolve(config, section, target, depth - 1))

    return _REFERENCE.sub(substitute, value)
