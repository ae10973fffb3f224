"""`Session`: the shared `session__*` cases (cells split at `# %%`, fed as
`cellN.py` with the tools of tests/tools.py), in one session and with a
`dump()` + `Session.load()` between every two cells; and the session API:
state kept, exceptions, limits, snapshots between cells and at a pause."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

import monty_wasm

from conftest import CASES, ToolServer, parse_expected

CASE_FILES = sorted(CASES.glob("session__*.py"))


def split_cells(source: str) -> list[str]:
    """The cells of a case: a new one begins at each line starting with `# %%`."""
    cells: list[list[str]] = [[]]
    for line in source.splitlines(keepends=True):
        if line.startswith("# %%"):
            cells.append([])
        else:
            cells[-1].append(line)
    return ["".join(c) for c in cells]


def test_there_are_cases() -> None:
    assert len(CASE_FILES) >= 4


@pytest.mark.parametrize("restoring", [False, True], ids=["one-session", "dump-load"])
@pytest.mark.parametrize("path", CASE_FILES, ids=[p.stem for p in CASE_FILES])
def test_case(path: Path, restoring: bool, tool_server: ToolServer) -> None:
    code, expected_out, expected_err = parse_expected(path.with_suffix(".expected").read_text())
    out: list[str] = []
    err: list[str] = []

    def sink(stream: str, text: str) -> None:
        (out if stream == "stdout" else err).append(text)

    funcs = tool_server.functions()
    options: dict[str, Any] = {"external_functions": funcs, "external_modules": {"tools": funcs},
                               "print_callback": sink}
    session = monty_wasm.Session(**options)
    failed = False
    for i, cell in enumerate(split_cells(path.read_text())):
        if restoring and i:
            data = session.dump()
            session.close()
            session = monty_wasm.Session.load(data, **options)
        try:
            result = session.feed(cell, filename=f"cell{i + 1}.py")
            if result is not None:
                out.append(repr(result) + "\n")
        except (monty_wasm.MontyRuntimeError, monty_wasm.MontySyntaxError) as exc:
            failed = True
            err.append(exc.traceback())
    session.close()
    assert "".join(out) == expected_out
    assert "".join(err) == expected_err
    assert (1 if failed else 0) == code


def quiet(stream: str, text: str) -> None:
    pass


def test_state_kept_inputs_and_functions_join() -> None:
    with monty_wasm.Session(external_functions={"add": lambda a, b: a + b}, print_callback=quiet) as s:
        assert s.feed("import math\nx = add(1, 2)\ndef sq(n):\n    return n * n") is None
        assert s.feed("sq(x) + n", inputs={"n": 10}) == 19
        assert s.feed("n + mul(x, 2)", external_functions={"mul": lambda a, b: a * b}) == 16
        assert s.feed("mul(2, 2) + math.floor(2.5)") == 6
        assert s.cells == 4
        assert s.state == "idle"
    assert s.state == "closed"
    with pytest.raises(monty_wasm.MontySessionError, match="closed"):
        s.feed("x")


def test_async_functions_in_cells() -> None:
    async def slow(v: int) -> int:
        return v * 2

    with monty_wasm.Session(external_functions={"slow": slow}, print_callback=quiet) as s:
        s.feed("import asyncio\nvals = await asyncio.gather(slow(1), slow(2))")
        assert s.feed("vals") == [2, 4]


def test_exception_keeps_session() -> None:
    with monty_wasm.Session(print_callback=quiet) as s:
        s.feed("done = []")
        with pytest.raises(monty_wasm.MontyRuntimeError) as info:
            s.feed('done.append(1)\n{}["k"]\ndone.append(2)', filename="cell2.py")
        assert 'File "cell2.py", line 2' in info.value.traceback()
        with pytest.raises(monty_wasm.MontySyntaxError):
            s.feed("def f(:\n    pass")
        assert s.feed("done") == [1]


def test_limit_ends_session_with_reason() -> None:
    with monty_wasm.Session(print_callback=quiet, limits={"max_instructions": 100_000}) as s:
        s.feed("x = 0")
        # per-cell limits: each cell (60-80k instructions) gets the whole budget afresh
        for _ in range(3):
            s.feed("for i in range(10000):\n    x += 1")
        with pytest.raises(monty_wasm.MontyLimitError):
            s.feed("while True:\n    x += 1")
        assert s.state == "lost"
        with pytest.raises(monty_wasm.MontySessionError,
                           match=r"the session is over: a cell hit a limit \(instruction limit exceeded"):
            s.feed("x")
        with pytest.raises(monty_wasm.MontySessionError, match="the session is over"):
            s.dump()


def test_time_limit_per_cell() -> None:
    with monty_wasm.Session(print_callback=quiet) as s:
        s.feed("x = 1", limits={"max_duration_secs": 0.2})
        time.sleep(0.5)
        # a later cell without a time limit is not stopped by the earlier cell's deadline
        assert s.feed("t = 0\nfor i in range(1000):\n    t += i\nx") == 1
        s.feed("y = 2", limits={"max_duration_secs": 0.2})
        time.sleep(0.5)
        # nor one with a time limit of its own: its clock starts afresh
        assert s.feed("x + y", limits={"max_duration_secs": 0.2}) == 3


def test_dump_between_cells_load_into_new_session() -> None:
    add = {"add": lambda a, b: a + b}
    s = monty_wasm.Session(external_functions=add, print_callback=quiet)
    with pytest.raises(monty_wasm.MontySessionError, match="no state yet"):
        s.dump()
    s.feed("class P:\n    def __init__(self, v):\n        self.v = v\np = P(add(20, 1))")
    data = s.dump()
    s.feed("p.v = 0")
    t = monty_wasm.Session.load(data, external_functions=add, print_callback=quiet)
    assert t.state == "idle" and t.pending is None
    assert t.feed("add(p.v, 1)") == 22
    assert s.feed("p.v") == 0
    with pytest.raises(monty_wasm.MontySnapshotError, match="Session.load"):
        monty_wasm.load_snapshot(data)
    s.close()
    t.close()


def test_paused_cell_dumped_and_resumed() -> None:
    with monty_wasm.Session(external_functions={"fetch": lambda k: k}, print_callback=quiet) as s:
        s.feed("base = 100")
        p = s.start('got = fetch("a")\nbase + got')
        assert isinstance(p, monty_wasm.FunctionSnapshot)
        assert p.function_name == "fetch"
        with pytest.raises(monty_wasm.MontySessionError, match="still paused"):
            s.feed("1")
        data = p.dump()
        with monty_wasm.Session.load(data, print_callback=quiet) as t:
            assert t.state == "busy"
            assert isinstance(t.pending, monty_wasm.FunctionSnapshot)
            done = t.pending.resume(return_value=5)
            assert isinstance(done, monty_wasm.MontyComplete) and done.output == 105
            assert t.state == "idle"
            assert t.feed("got * 2") == 10
        done = p.resume(return_value=1)
        assert isinstance(done, monty_wasm.MontyComplete) and done.output == 101
        assert s.feed("got") == 1
