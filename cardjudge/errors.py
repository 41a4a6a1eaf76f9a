"""Errors in user input: every one names the file, the line and what is wrong."""

from __future__ import annotations


class InputError(Exception):
    """A card file, position file, expression or selector that cannot be used.

    ``str(error)`` is the one-line message shown to users: ``path:line: message``
    (the line is left out when it is not known).

    >>> str(InputError("unknown card 'Foo'", path="pos.yaml", line=7))
    "pos.yaml:7: unknown card 'Foo'"
    """

    def __init__(self, message: str, path: str | None = None, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line

    def located(self, path: str | None = None, line: int | None = None) -> "InputError":
        """This error with the file and line filled in where they were not known yet."""
        return InputError(self.message, self.path or path, self.line or line)

    def __str__(self) -> str:
        where = self.path or "<input>"
        if self.line is not None:
            where = f"{where}:{self.line}"
        return f"{where}: {self.message}"
