#!/usr/bin/env python3
"""The peer suite's `mount-fs = true` tests, run through `monty run --mount` (a measurement).

Usage:

    python3 tests/peer/mount_fs.py              # monty (`$MONTY_BIN`, default target/release/monty)
    python3 tests/peer/mount_fs.py --cpython    # the same files under CPython 3.13, to check the fixture
    python3 tests/peer/mount_fs.py --only os__  # only the tests whose file name starts with os__

conformance.py (../shared/tools) excludes the tests whose header says `mount-fs = true`
(csv__files, json__file_io, mount_fs__*, open__fs, open__fs_windows, os__cwd, os_path__fs,
tomllib__load, with__all): they use a global `root` that the peer's (Monty 1.4.0) test runner
injects, a directory over a fixture tree on the host. This file mirrors that runner:

* the fixture, FIXTURE below, inferred from what the tests read: hello.txt, empty.txt, data.bin,
  readonly.txt (16 bytes), subdir/nested.txt, subdir/deep/file.txt and, where the host allows
  symlinks, a dangling symlink subdir/deep/dangling (mount_fs__walk_glob.py and os_path__fs.py
  mention it); a fresh copy is made for every test, as the tests write into it;
* under monty, `root = Path('/mnt')`, the copy mounted read-write at /mnt
  (`--mount COPY:/mnt:rw`, plus `--memfs` for the other paths, such as `/` that os__cwd.py
  changes back to), and /mnt the sandbox's working directory (`--cwd /mnt`), as the peer does;
* under CPython (`--cpython`: `$PYTHON`, else pyenv's 3.13.0, else `python3`; a version other
  than 3.13 is warned about), `root = Path(COPY)`, with the working directory elsewhere.

Under CPython 3.13.0 8 of the 11 pass; the other 3 stop only at messages CPython reworded in a
later 3.13 release, which the tests follow (mount_fs__errors: `PathBase.write_bytes()`,
mount_fs__walk_glob: `glob('')` and `glob(1)`, os__cwd: `Path.cwd()` arity); with those asserts
skipped all 11 pass, so the fixture is right. None is Windows-only.

`root` is injected in place of the test's first line, `# /// monty` (the header's opening
comment, which nothing reads once the test is selected), so every line keeps its number and the
tracebacks point at the test's own lines.

The expectation forms (`# Return=`, `# Raise=`, TRACEBACK) are checked as conformance.py does (its
functions are imported from ../shared/tools/conformance.py, the contract; without it a loud
warning is printed and a small built-in copy of the same rules is used). Per test it prints PASS
or FAIL with the failing line and the error, then the last line `mount-fs: N passed, M failed`.
It exits non-zero only on a harness error (no binary, no test cases, fixture trouble), not on
test failures.

What this file owns: the mount fixture, the `root` injection and the run of these 11 tests.
"""

from __future__ import annotations

import argparse
import ast
import builtins
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from host import monty_binary, write_tree  # noqa: E402  (this directory)

REPO = Path(__file__).resolve().parents[2]
CONFORMANCE = REPO.parent / 'shared' / 'tools' / 'conformance.py'
PEER_VERSION = '1.4.0'
SANDBOX_ROOT = '/mnt'
HEADER_KEY = 'mount-fs'
CPYTHON_VERSION = '3.13.0'

# The fixture under `root`: relative path -> content. From the tests: hello.txt is 12 bytes
# (getsize), subdir/nested.txt 14 and subdir/deep/file.txt 9 ('deep file'); readonly.txt is only
# ever stat()ed (16 bytes); os__cwd.py lists the top level exactly.
FIXTURE: dict[str, bytes] = {
    'hello.txt': b'hello world\n',
    'empty.txt': b'',
    'data.bin': bytes([0, 1, 2, 3]),
    'readonly.txt': b'readonly content',
    'subdir/nested.txt': b'nested content',
    'subdir/deep/file.txt': b'deep file',
}
READONLY = 'readonly.txt'  # made read-only (0o444), as its name says
DANGLING = ('subdir/deep/dangling', 'no-such-target')  # link path, link target (missing)


class HarnessError(Exception):
    """Something this runner needs is missing or broken (not a test failure)."""


# ------------------------------------------------------------------------------------------
# the contract: conformance.py's functions, else a loud built-in copy of the same rules
# ------------------------------------------------------------------------------------------


@dataclass
class Case:
    name: str
    source: str
    header: dict[str, Any]
    kind: str  # 'ok' | 'return' | 'raise' | 'traceback' | 'refcounts'
    expected: str


@dataclass
class Contract:
    find_test_cases: Callable[[], str]
    load_case: Callable[[str], Case]
    rewrite_final_expression: Callable[[str], str]
    last_nonempty_line: Callable[[str], str]
    timeout_s: float
    origin: str


def _load_conformance() -> ModuleType | None:
    if not CONFORMANCE.is_file():
        return None
    import importlib.util

    spec = importlib.util.spec_from_file_location('conformance', CONFORMANCE)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    sys.modules['conformance'] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _fallback_find_test_cases() -> str:
    env = os.environ.get('MONTY_TEST_CASES')
    if env:
        return env
    cargo_home = os.environ.get('CARGO_HOME', os.path.expanduser('~/.cargo'))
    pattern = os.path.join(cargo_home, 'registry', 'src', '*', f'monty-{PEER_VERSION}', 'test_cases')
    found = sorted(p for p in glob.glob(pattern) if os.path.isdir(p))
    if not found:
        raise HarnessError(f'monty {PEER_VERSION} test cases not found (set MONTY_TEST_CASES, or fetch the crate)')
    return found[0]


def _fallback_expected_exception_line(spec: str) -> str:
    node = ast.parse(spec.strip(), mode='eval').body
    if isinstance(node, ast.Name):
        name, args = node.id, []
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        name, args = node.func.id, [ast.literal_eval(a) for a in node.args]
    else:
        raise HarnessError(f'cannot parse exception spec {spec!r}')
    cls = getattr(builtins, name, None)
    exc = cls(*args) if isinstance(cls, type) and issubclass(cls, BaseException) else BaseException(*args)
    return f'{name}: {exc}' if str(exc) else name


def _fallback_load_case(path: str) -> Case:
    source = Path(path).read_text(encoding='utf-8')
    lines = source.splitlines()
    header: dict[str, Any] = {}
    if lines and lines[0].strip() == '# /// monty':
        body = []
        for line in lines[1:]:
            if line.strip() == '# ///':
                break
            body.append(line[2:] if line.startswith('# ') else line.lstrip('#'))
        try:
            header = tomllib.loads('\n'.join(body))
        except tomllib.TOMLDecodeError:
            header = {}
    last = source.rstrip('\n').splitlines()[-1] if source.strip() else ''
    kind, expected = 'ok', ''
    marker = '"""\nTRACEBACK:\n'
    if marker in source:
        tb = source.split(marker, 1)[1].split('\n"""', 1)[0]
        kind, expected = 'traceback', [ln for ln in tb.splitlines() if ln.strip()][-1].strip()
    elif last.startswith('# ref-counts='):
        kind = 'refcounts'
    elif last.startswith('# Return='):
        kind, expected = 'return', last[len('# Return=') :]
    elif last.startswith('# Raise='):
        kind, expected = 'raise', _fallback_expected_exception_line(last[len('# Raise=') :])
    return Case(os.path.basename(path), source, header, kind, expected)


def _fallback_rewrite_final_expression(source: str) -> str:
    stmt = ast.parse(source).body[-1]
    if not isinstance(stmt, ast.Expr):
        raise ValueError('last statement is not an expression')
    blines = [ln.encode() for ln in source.splitlines(keepends=True)]
    e = stmt.value
    assert e.end_lineno is not None and e.end_col_offset is not None
    start = sum(len(b) for b in blines[: e.lineno - 1]) + e.col_offset
    end = sum(len(b) for b in blines[: e.end_lineno - 1]) + e.end_col_offset
    data = b''.join(blines)
    return (data[:start] + b'print(repr((' + data[start:end] + b')))' + data[end:]).decode()


def _fallback_last_nonempty_line(text: str) -> str:
    for line in reversed(text.splitlines()):
        if line.strip():
            return line.rstrip()
    return ''


def load_contract() -> Contract:
    conf = _load_conformance()
    if conf is not None:

        def load_case(path: str) -> Case:
            tc = conf.load_case(path)
            return Case(tc.name, tc.source, tc.header, tc.kind, tc.expected)

        return Contract(
            conf.find_test_cases,
            load_case,
            conf.rewrite_final_expression,
            conf.last_nonempty_line,
            float(conf.TIMEOUT_S),
            str(CONFORMANCE),
        )
    print(
        f'mount_fs.py: WARNING: {CONFORMANCE} not found; using the built-in copy of its rules '
        '(results may drift from the contract)',
        file=sys.stderr,
    )
    return Contract(
        _fallback_find_test_cases,
        _fallback_load_case,
        _fallback_rewrite_final_expression,
        _fallback_last_nonempty_line,
        10.0,
        'built-in fallback',
    )


# ------------------------------------------------------------------------------------------
# fixture, injection, running
# ------------------------------------------------------------------------------------------


def make_fixture(base: Path) -> None:
    """A fresh fixture tree at `base` (which must not exist)."""
    write_tree(base, FIXTURE)
    os.chmod(base / READONLY, 0o444)
    link, target = DANGLING
    try:
        os.symlink(target, base / link)
    except OSError:
        pass  # a host without symlinks: the tests check for the link before using it


def inject_root(source: str, root: str) -> str:
    """Replace line 1 (`# /// monty`) with the assignment of `root`, keeping every line number."""
    lines = source.split('\n')
    if not lines or lines[0].strip() != '# /// monty':
        raise HarnessError('test does not start with the `# /// monty` header line')
    lines[0] = (
        f'import pathlib as _mount_fs_pathlib; root = _mount_fs_pathlib.Path({root!r}); del _mount_fs_pathlib'
        '  # injected by tests/peer/mount_fs.py in place of `# /// monty`'
    )
    return '\n'.join(lines)


def cpython_command() -> str:
    """$PYTHON, else CPython CPYTHON_VERSION as pyenv finds it, else `python3`.

    pyenv is asked directly: under a pyenv shim (as this script may be), PATH starts with the
    shim's own version and PYENV_VERSION is exported, so `python3` alone would be that version.
    """
    explicit = os.environ.get('PYTHON')
    if explicit:
        return explicit
    if shutil.which('pyenv'):
        proc = subprocess.run(
            ['pyenv', 'which', 'python3'],
            env={**os.environ, 'PYENV_VERSION': CPYTHON_VERSION},
            capture_output=True,
            text=True,
        )
        if proc.returncode == 0 and proc.stdout.strip():
            return proc.stdout.strip()
    return 'python3'


def cpython_version(python: str) -> str:
    proc = subprocess.run([python, '-c', 'import sys; print(sys.version.split()[0])'], capture_output=True, text=True)
    if proc.returncode != 0:
        raise HarnessError(f'cannot run {python}: {proc.stderr.strip()[-300:]}')
    return proc.stdout.strip()


@dataclass
class Outcome:
    name: str
    status: str  # 'pass' | 'fail' | 'xfail'
    detail: str = ''


FRAME_RE = re.compile(r'File "(?P<file>[^"]+)", line (?P<line>\d+)')


def failing_line(stderr: str, test_file: str, source: str) -> str:
    """`line N: <source>` for the innermost traceback frame in the test file itself, if any."""
    lines = source.split('\n')
    where = ''
    for m in FRAME_RE.finditer(stderr):
        if os.path.basename(m.group('file')) == os.path.basename(test_file):
            n = int(m.group('line'))
            text = lines[n - 1].strip() if 0 < n <= len(lines) else '?'
            where = f'line {n}: {text}'
    return where


def judge(case: Case, contract: Contract, returncode: int, out: str, err: str) -> tuple[str, str]:
    """('pass' | 'fail', detail): conformance.py's run_case rules for one finished run."""
    errline = contract.last_nonempty_line(err)
    if case.kind in ('ok', 'return'):
        if returncode != 0:
            return 'fail', f'exit {returncode}: {errline or contract.last_nonempty_line(out)}'
        if case.kind == 'return':
            got = out.rstrip('\n').splitlines()[-1] if out.strip('\n') else ''
            if got != case.expected:
                return 'fail', f'expected stdout last line {case.expected!r}, got {got!r}'
        return 'pass', ''
    if case.kind in ('raise', 'traceback'):
        if returncode == 0:
            return 'fail', f'expected {case.expected!r}, but exit 0'
        if errline != case.expected:
            return 'fail', f'expected stderr last line {case.expected!r}, got {errline!r}'
        return 'pass', ''
    raise HarnessError(f'{case.name}: expectation kind {case.kind!r} is not supported here')


def run_one(case: Case, contract: Contract, monty: str | None, python: str | None) -> Outcome:
    """Run one test with a fresh fixture; `monty` (binary) or `python` (CPython command) is set."""
    tmp = Path(tempfile.mkdtemp(prefix='peer-mount-fs-'))
    try:
        fixture = tmp / 'root'
        make_fixture(fixture)
        rundir = tmp / 'run'  # the test file and CPython's working directory, away from root
        rundir.mkdir()
        source = case.source
        if case.kind == 'return':
            source = contract.rewrite_final_expression(source)
        root = SANDBOX_ROOT if monty else str(fixture)
        source = inject_root(source, root)
        test_file = rundir / case.name
        test_file.write_text(source, encoding='utf-8')
        env = dict(os.environ)
        if case.header.get('timezone'):
            env['TZ'] = str(case.header['timezone'])
        if monty:
            argv = [monty, 'run', str(test_file), '--mount', f'{fixture}:{SANDBOX_ROOT}:rw', '--memfs',
                    '--cwd', SANDBOX_ROOT]
        else:
            assert python is not None
            argv = [python, str(test_file)]
        try:
            proc = subprocess.run(
                argv,
                cwd=rundir,
                env=env,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=contract.timeout_s,
            )
        except subprocess.TimeoutExpired:
            return Outcome(case.name, 'fail', f'timeout after {contract.timeout_s:.0f}s')
        out = proc.stdout.decode('utf-8', 'replace')
        err = proc.stderr.decode('utf-8', 'replace')
        status, detail = judge(case, contract, proc.returncode, out, err)
        if status == 'fail' and 'exit 0' not in detail:
            where = failing_line(err, str(test_file), source)
            detail = f'{where}: {detail}' if where else detail
        return Outcome(case.name, status, detail)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or '').split('\n')[0])
    ap.add_argument(
        '--cpython',
        action='store_true',
        help=f'run under CPython ($PYTHON, else pyenv\'s {CPYTHON_VERSION}, else python3) to check the fixture',
    )
    ap.add_argument('--only', help='only the tests whose file name starts with this prefix')
    ap.add_argument('--tests-dir', help='test_cases directory (default: located as conformance.py does)')
    args = ap.parse_args()
    try:
        contract = load_contract()
        monty: str | None = None
        python: str | None = None
        if args.cpython:
            python = cpython_command()
        else:
            monty = monty_binary()
            if not os.access(monty, os.X_OK):
                raise HarnessError(f'monty binary not found: {monty} (build it, or set MONTY_BIN)')
        tests_dir = args.tests_dir or contract.find_test_cases()
        paths = sorted(glob.glob(os.path.join(tests_dir, '*.py')))
        cases = [c for c in map(contract.load_case, paths) if c.header.get(HEADER_KEY)]
        if args.only:
            cases = [c for c in cases if c.name.startswith(args.only)]
        if not cases:
            raise HarnessError(f'no `{HEADER_KEY} = true` tests in {tests_dir}')
        if python:
            version = cpython_version(python)
            if not version.startswith('3.13.'):
                print(f'mount_fs.py: WARNING: {python} is CPython {version}, not 3.13', file=sys.stderr)
            engine = f'CPython {version} ({python})'
        else:
            engine = f'monty ({monty})'
        print(f'# mount-fs: {len(cases)} tests from {tests_dir} under {engine}; rules: {contract.origin}')
        passed = failed = 0
        for case in cases:
            outcome = run_one(case, contract, monty, python)
            xfail = [str(x) for x in case.header.get('xfail', []) or []]
            if python and outcome.status == 'fail' and 'cpython' in xfail:
                outcome.status = 'xfail'
            if outcome.status == 'pass':
                passed += 1
            elif outcome.status == 'fail':
                failed += 1
            tail = f': {outcome.detail[:300]}' if outcome.detail else ''
            print(f'{outcome.status.upper():<5} {case.name}{tail}', flush=True)
    except HarnessError as exc:
        print(f'mount_fs.py: harness error: {exc}', file=sys.stderr)
        return 2
    print(f'mount-fs: {passed} passed, {failed} failed')
    return 0


if __name__ == '__main__':
    sys.exit(main())
