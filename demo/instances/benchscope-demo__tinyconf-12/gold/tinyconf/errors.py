"""Errors raised by tinyconf."""


class ParseError(ValueError):
    """The text is not valid configuration; ``lineno`` is 1-based."""

    def __init__(self, lineno, message):
        super().__init__(f"line {lineno}: {message}")
        self.lineno = lineno
