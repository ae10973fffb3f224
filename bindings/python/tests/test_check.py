"""The static check with stubs (`Monty.type_check`) and the run's working directory (`cwd=`)."""

from __future__ import annotations

from typing import Any

import pytest

import monty_wasm
from monty_wasm import Diagnostic, Monty, MontyTypingError

# The same case as bindings/js and bindings/go (`monty check bad.py --stubs
# s.pyi --json` reports these three errors).
STUBS = """
def get_weather(city: str, days: int = 1) -> dict[str, float]: ...
async def fetch_page(url: str) -> str: ...
"""
BAD = """w = get_weather("Lima")
x = get_weather("Lima", 1, 2)
y = get_weather(3)
print(wether)
"""


def test_wrong_arity_type_and_undefined_name_are_reported() -> None:
    m = Monty(BAD)  # compiles: the constructor says nothing
    with pytest.raises(MontyTypingError) as e:
        m.type_check(stubs=STUBS)
    got = [(d.line, d.col, d.code, d.type, d.severity) for d in e.value.diagnostics]
    assert got == [
        (2, 28, "call-arity", "TypeError", "error"),
        (3, 17, "arg-type", "TypeError", "error"),
        (4, 7, "undefined-name", "NameError", "error"),
    ]
    d = e.value.diagnostics[0]
    assert isinstance(d, Diagnostic)
    assert d.message == "get_weather() takes from 1 to 2 positional arguments but 3 were given"
    assert (d.end_line, d.end_col, d.filename) == (2, 29, "main.py")
    assert str(e.value).splitlines() == [
        "main.py:2:28: call-arity: get_weather() takes from 1 to 2 positional arguments but 3 were given",
        "main.py:3:17: arg-type: get_weather() argument 'city' must be str, not int",
        "main.py:4:7: undefined-name: name 'wether' is not defined",
    ]
    assert e.value.errors == e.value.diagnostics and e.value.warnings == []
    full = e.value.display("full")
    assert 'x = get_weather("Lima", 1, 2)' in full and "  --> main.py:3:17" in full
    assert e.value.display("concise") == str(e.value)


def test_a_correct_program_passes() -> None:
    m = Monty('w = get_weather("Lima", days=2)\nprint(w["temp"])\n', script_name="ok.py")
    assert m.type_check(stubs=STUBS) == []
    assert m.type_check() == []  # no stubs: nothing declared, nothing reported


def test_the_constructor_checks_with_stubs() -> None:
    with pytest.raises(MontyTypingError) as e:
        Monty(BAD, script_name="agent.py", type_check=True, type_check_stubs=STUBS)
    assert [d.code for d in e.value.errors] == ["call-arity", "arg-type", "undefined-name"]
    assert str(e.value).startswith("agent.py:2:28: call-arity: ")


def test_undefined_name_needs_a_declaration() -> None:
    # without stubs, inputs or declared functions an unbound name may be a
    # host function declared at run time: not reported
    assert Monty("print(wether)").type_check() == []
    with pytest.raises(MontyTypingError) as e:
        Monty("print(wether)", inputs=["weather"]).type_check()
    assert [(d.code, d.line, d.col) for d in e.value.diagnostics] == [("undefined-name", 1, 7)]
    assert "Did you mean: 'weather'?" in e.value.diagnostics[0].message
    # inputs and declared functions are defined names, as in the run
    assert Monty("print(weather)\nlog(weather)", inputs=["weather"], external_functions=["log"]).type_check() == []


def test_declared_functions_are_checked_as_the_run_declares_them() -> None:
    async def fetch(url: str) -> str:
        return url

    m = Monty("async def main():\n    x = fetch('u')\n    return x.upper()\n",
              external_functions={"fetch": fetch})
    with pytest.raises(MontyTypingError) as e:
        m.type_check()
    assert [d.code for d in e.value.diagnostics] == ["async-not-awaited"]


def test_warnings_do_not_fail() -> None:
    code = "async def main():\n    fetch_page('https://example.com')\n    return 1\n"
    warnings = Monty(code).type_check(stubs=STUBS)
    assert [(d.code, d.severity, d.type, d.line) for d in warnings] == [
        ("async-not-awaited", "warning", "RuntimeWarning", 2)]
    assert str(warnings[0]) == "main.py:2:5: async-not-awaited: coroutine 'fetch_page' was never awaited"
    # next to an error, the warning is in `diagnostics`, not in the message
    with pytest.raises(MontyTypingError) as e:
        Monty(code + "get_weather(1)\n").type_check(stubs=STUBS)
    assert [d.code for d in e.value.warnings] == ["async-not-awaited"]
    assert [d.code for d in e.value.errors] == ["arg-type"]
    assert "async-not-awaited" not in str(e.value)


def test_stubs_that_do_not_parse_are_an_error() -> None:
    with pytest.raises(MontyTypingError) as e:
        Monty("x = 1").type_check(stubs="def broken(:\n")
    assert [(d.code, d.type) for d in e.value.diagnostics] == [("stubs", "StubsError")]


def test_compile_errors_stay_syntax_errors() -> None:
    with pytest.raises(monty_wasm.MontySyntaxError):
        Monty("def f(:\n", type_check=True, type_check_stubs=STUBS)


# --- cwd ---------------------------------------------------------------------


def test_cwd_is_the_sandbox_working_directory() -> None:
    seen: list[tuple[str, tuple[Any, ...]]] = []
    files = {"/data/reports/in.txt": b"hello"}

    def os_handler(function: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        seen.append((function, args))
        if function == "Path.read_bytes":
            if args[0] not in files:
                raise FileNotFoundError(2, "No such file or directory")
            return files[args[0]]
        raise PermissionError(function)

    code = "import os\nfrom pathlib import Path\n(os.getcwd(), Path('in.txt').read_text())"
    got = Monty(code).run(cwd="/data/reports", os=os_handler)
    assert got == ("/data/reports", "hello")
    assert seen == [("Path.read_bytes", ("/data/reports/in.txt",))]
    assert Monty("import os\nos.getcwd()").run() == "/"
    p = Monty("import os\nf(os.getcwd())").start(cwd="/tmp", external_functions={"f": lambda x: x})
    assert isinstance(p, monty_wasm.FunctionSnapshot) and p.args == ("/tmp",)
    with pytest.raises(ValueError):
        Monty("1").run(cwd="relative/dir")


def test_cwd_in_the_async_runner() -> None:
    import asyncio

    got = asyncio.run(monty_wasm.run_monty_async(Monty("import os\nos.getcwd()"), cwd="/work"))
    assert got == "/work"


def test_readme_static_check_example_prints_what_it_says(capsys: pytest.CaptureFixture[str]) -> None:
    import re
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    block = next(b for b in re.findall(r"```python\n(.*?)```", readme, re.S) if "type_check" in b)
    exec(compile(block, "README.md", "exec"), {"__name__": "__readme__", "monty_wasm": monty_wasm})
    expected = [line.strip()[2:] for line in block.splitlines() if line.strip().startswith("# main.py")]
    assert capsys.readouterr().out.splitlines() == expected
