"""Parse ``[section]`` / ``key = value`` text into nested dicts."""
from .types import coerce


def parse(text):
    config = {}
    section = config.setdefault("DEFAULT", {})
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = config.setdefault(line[1:-1].strip(), {})
            continue
        parts = line.split("=", 1)
        section[parts[0].strip()] = coerce(parts[1].strip()).interpolate(config)
    return config
