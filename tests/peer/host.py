#!/usr/bin/env python3
"""The peer suite's host fixtures, served to `monty run` (a conformance.py command template).

Usage (the needs-host group of ../shared/tools/conformance.py):

    python3 ../shared/tools/conformance.py \
        --cmd "python3 $PWD/tests/peer/host.py {file} {tools}" -j 2 --list-failures

`host.py FILE TOOLS` runs `monty run FILE --tools-cmd TOOLS` (binary: `$MONTY_BIN`, default
`<repo>/target/release/monty`) with what the peer's (Monty 1.4.0) test runner gives its
`call-external = true` tests besides the tool functions, inferred from what those tests assert:

* the host constants CONST_INT=42, CONST_STR='hello', CONST_FLOAT=3.14, CONST_BOOL=True,
  CONST_LIST=[1, 2, 3], CONST_NONE=None (conformance.py's HOST_FUNCTIONS_SRC), as `--input`;
* exactly three environment variables (os__environ.py asserts `len(os.environ) == 3`):
  VIRTUAL_HOME=/virtual/home, VIRTUAL_USER=testuser, VIRTUAL_EMPTY='' (`--env`);
* a directory `/virtual`, mounted read-write from a fresh temp copy made for this run only
  (pathlib__os.py writes into it): VIRTUAL_TREE below, files mode 0o644, directories 0o755;
* the clock and OS randomness (`--clock --urandom`), and an in-memory filesystem (`--memfs`)
  for every other path, so `/nonexistent` is FileNotFoundError rather than PermissionError.

Nothing else is provided: a test passes only if the sandbox does the right thing with these.
stdin, stdout and stderr are the child's own (passed through unchanged) and host.py exits with
its exit code; the temp directory is removed afterwards. Harness errors exit 125.

What this file owns: the fixture values and the `monty run` command line built from them.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HARNESS_ERROR = 125

# Host constants (conformance.py's HOST_FUNCTIONS_SRC), as the values `--input NAME=JSON` takes.
CONSTANTS: dict[str, object] = {
    'CONST_INT': 42,
    'CONST_STR': 'hello',
    'CONST_FLOAT': 3.14,
    'CONST_BOOL': True,
    'CONST_LIST': [1, 2, 3],
    'CONST_NONE': None,
}

# The whole environment the program sees (os__environ.py counts it: 3 variables).
ENVIRONMENT: dict[str, str] = {
    'VIRTUAL_HOME': '/virtual/home',
    'VIRTUAL_USER': 'testuser',
    'VIRTUAL_EMPTY': '',
}

SANDBOX_DIR = '/virtual'

# The /virtual tree: relative path -> file content (directories are implied by the paths).
# From pathlib__os.py: file.txt (12 bytes), empty.txt, data.bin and subdir/ are named, and
# `/virtual` lists 5 entries, `/virtual/subdir` 2 (nested.txt, deep/). The fifth top-level
# entry is named by no test; readonly.txt is the name the peer's mount fixture uses for its
# fifth top-level file (mount_fs__*.py), so it is used here too.
VIRTUAL_TREE: dict[str, bytes] = {
    'file.txt': b'hello world\n',
    'empty.txt': b'',
    'data.bin': bytes([0, 1, 2, 3]),
    'readonly.txt': b'readonly content',
    'subdir/nested.txt': b'nested content',
    'subdir/deep/file.txt': b'deep',
}
FILE_MODE = 0o644
DIR_MODE = 0o755


def write_tree(base: Path, tree: dict[str, bytes]) -> None:
    """Create `tree` under `base` (which must not exist), with FILE_MODE / DIR_MODE."""
    base.mkdir()
    os.chmod(base, DIR_MODE)
    for rel, content in sorted(tree.items()):
        path = base / rel
        for parent in reversed(path.relative_to(base).parents):
            d = base / parent
            if not d.is_dir():
                d.mkdir()
                os.chmod(d, DIR_MODE)
        path.write_bytes(content)
        os.chmod(path, FILE_MODE)


def monty_binary() -> str:
    return os.environ.get('MONTY_BIN') or str(REPO / 'target' / 'release' / 'monty')


def monty_argv(binary: str, file: str, tools: str, virtual_dir: Path) -> list[str]:
    argv = [binary, 'run', file, '--tools-cmd', tools]
    for name, value in CONSTANTS.items():
        argv += ['--input', f'{name}={json.dumps(value)}']
    for name, text in ENVIRONMENT.items():
        argv += ['--env', f'{name}={text}']
    argv += ['--mount', f'{virtual_dir}:{SANDBOX_DIR}:rw', '--memfs', '--clock', '--urandom']
    return argv


def main(args: list[str]) -> int:
    if len(args) != 2:
        print('usage: host.py FILE TOOLS', file=sys.stderr)
        return HARNESS_ERROR
    file, tools = args
    binary = monty_binary()
    if not os.access(binary, os.X_OK):
        print(f'host.py: monty binary not found: {binary} (build it, or set MONTY_BIN)', file=sys.stderr)
        return HARNESS_ERROR
    tmp = tempfile.mkdtemp(prefix='peer-host-')
    try:
        virtual_dir = Path(tmp) / 'virtual'
        write_tree(virtual_dir, VIRTUAL_TREE)
        proc = subprocess.run(monty_argv(binary, file, tools, virtual_dir))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    rc = proc.returncode
    return 128 - rc if rc < 0 else rc  # killed by a signal: the shell's convention


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
