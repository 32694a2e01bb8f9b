"""Parse ``[section]`` / ``key = value`` text into nested dicts."""
from .types import coerce


def parse(text):
    config = {}
    section = config.setdefault("DEFAULT", {})
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = config.setdefault(line[1:-1].strip(), {})
            continue
        if "=" not in line:
            raise ValueError(f"line {lineno}: missing '='")
        key, _, value = line.partition("=")
        section[key.strip()] = coerce(value.strip())
    return config
