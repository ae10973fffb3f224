#!/usr/bin/env bash
# CI for the Python package: a venv with packages from PyPI, the wheel built
# and checked to carry monty.wasm, mypy --strict, the pytest suite.
#
#   bindings/python/ci.sh            # tests
#   bindings/python/ci.sh --bench [ARGS]  # tests, then bench.py ARGS (with pydantic-monty==1.4.0 side by side)
#
# Environment: MONTY_PY=/path/to/python3 picks the interpreter (default: the
# pyenv CPython 3.13 if present, else python3); the venv is bindings/python/.venv.
set -euo pipefail
cd "$(dirname "$0")"
ROOT="$(cd ../.. && pwd)"

skip() { echo "SKIPPED: $*" >&2; echo "SKIPPED: $*"; exit 0; }

# The package ships a copy of the root monty.wasm.
[ -f "$ROOT/monty.wasm" ] || skip "no $ROOT/monty.wasm (build it first: make wasm)"
if ! cmp -s "$ROOT/monty.wasm" src/monty_wasm/monty.wasm; then
    cp "$ROOT/monty.wasm" src/monty_wasm/monty.wasm
    echo "ci.sh: copied $ROOT/monty.wasm into src/monty_wasm/"
fi

PY="${MONTY_PY:-}"
if [ -z "$PY" ]; then
    if [ -x /root/.pyenv/versions/3.13.0/bin/python3 ]; then
        PY=/root/.pyenv/versions/3.13.0/bin/python3
    else
        PY="$(command -v python3 || true)"
    fi
fi
[ -n "$PY" ] || skip "no python3 found"
"$PY" -c 'import sys; assert sys.version_info >= (3, 10)' 2>/dev/null || skip "$PY is older than Python 3.10"

if [ ! -x .venv/bin/python ]; then
    "$PY" -m venv .venv || skip "cannot create a venv with $PY (python3-venv missing?)"
fi
VPY=.venv/bin/python
"$VPY" -m pip install -q --upgrade pip >/dev/null 2>&1 || true
"$VPY" -m pip install -q 'wasmtime>=30' pytest mypy build \
    || skip "cannot install wasmtime/pytest/mypy/build from PyPI (no network?)"

# Build the wheel (hatchling, from PyPI) and check that it carries monty.wasm.
rm -rf dist
"$VPY" -m build --wheel --outdir dist . >/dev/null || { echo "ci.sh: wheel build failed" >&2; exit 1; }
WHEEL="$(ls dist/monty_wasm-*.whl)"
"$VPY" - "$WHEEL" <<'PYEOF'
import hashlib, sys, zipfile
whl = zipfile.ZipFile(sys.argv[1])
names = whl.namelist()
for need in ("monty_wasm/monty.wasm", "monty_wasm/py.typed", "monty_wasm/__init__.py"):
    assert need in names, f"the wheel lacks {need}: {names}"
inside = hashlib.sha256(whl.read("monty_wasm/monty.wasm")).hexdigest()
root = hashlib.sha256(open("../../monty.wasm", "rb").read()).hexdigest()
assert inside == root, f"the wheel's monty.wasm ({inside}) is not the root one ({root})"
print(f"ci.sh: {sys.argv[1]} carries monty.wasm {inside[:16]}")
PYEOF
# Test the installed wheel, not the source tree.
"$VPY" -m pip install -q --force-reinstall --no-deps "$WHEEL"

echo "ci.sh: mypy --strict"
"$VPY" -m mypy --strict src/monty_wasm

echo "ci.sh: pytest"
(cd tests && "../$VPY" -m pytest -q -p no:cacheprovider . -rs)

if [ "${1:-}" = "--bench" ]; then
    "$VPY" -m pip install -q 'pydantic-monty==1.4.0' \
        || echo "!!! LOUD: pydantic-monty==1.4.0 failed to install from PyPI: no side-by-side figures" >&2
    shift
    "$VPY" bench.py "$@"
fi
