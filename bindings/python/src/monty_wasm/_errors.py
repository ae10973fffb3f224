"""The exceptions the package raises."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

__all__ = [
    "Diagnostic",
    "MontyError",
    "MontySyntaxError",
    "MontyRuntimeError",
    "MontyLimitError",
    "MontyTypingError",
    "MontyInvalidError",
    "MontyInternalError",
    "MontySnapshotError",
    "MontySessionError",
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


@dataclass(frozen=True)
class Diagnostic:
    """One finding of the static check (`Monty.type_check`): where, the
    exception the program would raise there (`type`, `message`, CPython's
    wording), a stable `code` (`undefined-name`, `call-arity`, `arg-type`,
    `async-not-awaited`, ...; `syntax`/`unsupported` for compile errors) and
    `severity` (`error`: the program fails when it gets there; `warning`).
    Lines and columns are 1-based (`col` 0: unknown); `end_col` is just past
    the end. `str(d)` is `file:line:col: code: message`."""

    line: int
    col: int
    end_line: int
    end_col: int
    type: str
    message: str
    code: str
    severity: str
    filename: str = "main.py"

    @staticmethod
    def _from_wire(d: dict[str, Any], filename: str) -> Diagnostic:
        return Diagnostic(
            line=int(d.get("line") or 0), col=int(d.get("col") or 0),
            end_line=int(d.get("end_line") or 0), end_col=int(d.get("end_col") or 0),
            type=str(d.get("type") or ""), message=str(d.get("message") or ""),
            code=str(d.get("code") or ""), severity=str(d.get("severity") or "error"),
            filename=filename)

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def __str__(self) -> str:
        where = f"{self.filename}:{self.line}" + (f":{self.col}" if self.col else "")
        return f"{where}: {self.code or self.type}: {self.message}"


class MontyTypingError(MontyError):
    """`Monty.type_check` found an error: `diagnostics` lists every finding
    (warnings too) in source order; `str()` lists the errors, one
    `file:line:col: code: message` a line."""

    def __init__(self, diagnostics: list[Diagnostic], code: str | None = None) -> None:
        self.diagnostics = list(diagnostics)
        self._code = code
        super().__init__("\n".join(str(d) for d in self.errors) or "the static check failed")

    @property
    def errors(self) -> list[Diagnostic]:
        """The error-severity diagnostics."""
        return [d for d in self.diagnostics if d.is_error]

    @property
    def warnings(self) -> list[Diagnostic]:
        """The warning-severity diagnostics."""
        return [d for d in self.diagnostics if not d.is_error]

    def display(self, format: Literal["full", "concise"] = "full", color: bool = False) -> str:
        """The errors as text: `concise` is `str()`; `full` adds each line's
        source and a caret under the span. (`color` is accepted for
        pydantic-monty's signature and ignored.)"""
        if format == "concise":
            return str(self)
        out: list[str] = []
        for d in self.errors:
            out.append(f"{d.severity}[{d.code or d.type}]: {d.type}: {d.message}")
            out.append(f"  --> {d.filename}:{d.line}" + (f":{d.col}" if d.col else ""))
            src = self._source_line(d.line)
            if src is not None:
                out.append(f"   | {src}")
                if d.col:
                    width = (d.end_col - d.col) if d.end_line == d.line and d.end_col > d.col else 1
                    out.append("   | " + " " * (d.col - 1) + "^" * width)
        return "\n".join(out) or str(self)

    def _source_line(self, line: int) -> str | None:
        if self._code is None:
            return None
        lines = self._code.splitlines()
        return lines[line - 1] if 0 < line <= len(lines) else None


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


class MontySessionError(MontyError):
    """A `Session` cannot take a cell: it is lost (a cell hit a limit or
    trapped: the message says why), closed, or its previous cell is paused."""
