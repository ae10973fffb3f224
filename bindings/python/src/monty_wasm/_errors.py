"""The exceptions the package raises."""

from __future__ import annotations

from typing import Literal

__all__ = [
    "MontyError",
    "MontySyntaxError",
    "MontyRuntimeError",
    "MontyLimitError",
    "MontyTypingError",
    "MontyInvalidError",
    "MontyInternalError",
    "MontySnapshotError",
]


class MontyError(Exception):
    """Base of every error this package raises about a sandboxed run."""


class _WithException(MontyError):
    def __init__(self, exception_type: str, message: str, traceback_text: str) -> None:
        super().__init__(f"{exception_type}: {message}" if message else exception_type)
        self.exception_type = exception_type
        self.message = message
        self._traceback = traceback_text

    def traceback(self) -> str:
        """The CPython-format traceback text, ending with `Type: message`."""
        return self._traceback

    def display(self, format: Literal["traceback", "type-msg", "msg"] = "traceback") -> str:
        """The error as text: the full traceback, `Type: message`, or the message."""
        if format == "traceback":
            return self._traceback.rstrip("\n")
        if format == "type-msg":
            return f"{self.exception_type}: {self.message}" if self.message else self.exception_type
        return self.message


class MontySyntaxError(_WithException):
    """The code does not parse (raised by `Monty(code)`, before anything runs)."""

    def __init__(self, message: str, traceback_text: str, line: int = 0,
                 exception_type: str = "SyntaxError") -> None:
        super().__init__(exception_type, message, traceback_text)
        self.line = line


class MontyRuntimeError(_WithException):
    """The program raised an exception it did not catch."""


class MontyTypingError(MontyError):
    """`Monty.type_check` found problems."""

    def __init__(self, diagnostics: list[dict[str, object]]) -> None:
        self.diagnostics = diagnostics
        lines = [f"line {d.get('line')}: {d.get('type')}: {d.get('message')}" for d in diagnostics]
        super().__init__("\n".join(lines))

    def display(self) -> str:
        return str(self)


class MontyLimitError(MontyRuntimeError):
    """A resource limit stopped the run; `kind` is `instructions`, `time` or `memory`.

    A `MontyRuntimeError` too (as in pydantic-monty, where a limit surfaces
    as an uncatchable `TimeoutError`/`MemoryError`): `exception_type` is
    `TimeoutError` for time and instructions, `MemoryError` for memory."""

    def __init__(self, kind: str, message: str) -> None:
        exc_type = "MemoryError" if kind == "memory" else "TimeoutError"
        text = message or f"{kind} limit exceeded"
        super().__init__(exc_type, text, f"{exc_type}: {text}\n")
        self.kind = kind


class MontyInvalidError(MontyError, ValueError):
    """The guest refused a message (malformed request or reply, a refused snapshot)."""


class MontyInternalError(MontyError):
    """The guest trapped: a bug in the interpreter, contained in its instance."""


class MontySnapshotError(MontyError, ValueError):
    """Snapshot bytes that are truncated, corrupted or not from this package,
    or a snapshot that was already resumed."""
