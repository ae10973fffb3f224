"""The `tools__*` cases of tests/cases through the public API, against their
CPython-generated `.expected` stdout (and traceback, for uncaught errors).

Every external function forwards to one `python3 tests/tools.py` server:
arguments are decoded by monty_wasm into Python values and re-encoded for
the server, and its answers decoded and converted back into the sandbox.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import monty_wasm

from conftest import CASES, ToolServer, parse_expected

CASE_FILES = sorted(CASES.glob("tools__*.py"))


def test_there_are_cases() -> None:
    assert len(CASE_FILES) >= 40


@pytest.mark.parametrize("path", CASE_FILES, ids=[p.stem for p in CASE_FILES])
def test_case(path: Path, tool_server: ToolServer) -> None:
    code, expected_out, expected_err = parse_expected(path.with_suffix(".expected").read_text())
    out: list[str] = []

    def sink(stream: str, text: str) -> None:
        if stream == "stdout":
            out.append(text)

    funcs = tool_server.functions()
    m = monty_wasm.Monty(path.read_text(), script_name=path.name)
    error: monty_wasm.MontyRuntimeError | None = None
    try:
        result = m.run(external_functions=funcs, external_modules={"tools": funcs}, print_callback=sink)
        # as `monty run` (and tests/regen_cases.py under CPython): the last
        # expression's repr, unless it is None
        if result is not None:
            out.append(repr(result) + "\n")
    except monty_wasm.MontyRuntimeError as exc:
        error = exc
    assert "".join(out) == expected_out
    if code == 0:
        assert error is None
    else:
        assert error is not None, "CPython exited non-zero, the sandbox did not raise"
        assert error.traceback() == expected_err
