#!/bin/sh
# CI for bindings/js (monty-wasm): copies ../../monty.wasm into place, installs
# what the tests need (typescript from npm; Debian's chromium for the browser
# test, when running as root and it is missing), type-checks the declarations
# and examples (tsc --noEmit, strict), runs the whole node --test suite.
# Exits non-zero on failure; prints a loud SKIPPED line for a missing
# prerequisite.
set -eu
cd "$(dirname "$0")"

if ! command -v node >/dev/null 2>&1; then
  echo "!!! SKIPPED: bindings/js: node is not installed" >&2
  exit 0
fi
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 20 ]; then
  echo "!!! SKIPPED: bindings/js: node >= 20 is needed (found $(node --version))" >&2
  exit 0
fi
if ! command -v python3 >/dev/null 2>&1; then
  echo "!!! SKIPPED: bindings/js: python3 is needed for the tools__ cases (tests/tools.py)" >&2
  exit 0
fi

# The package's copy of monty.wasm (git-ignored).
node scripts/copy-wasm.mjs

# typescript (devDependency, pinned by package-lock.json).
if [ ! -x node_modules/.bin/tsc ]; then
  npm ci --no-audit --no-fund --ignore-scripts
fi

# Chromium for the browser test (Debian package), when we may install it.
if ! command -v chromium >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
    || echo "!!! could not install chromium: the browser test will be SKIPPED" >&2
fi

echo "== tsc --noEmit (strict): index.d.ts + examples"
node_modules/.bin/tsc -p tsconfig.json

echo "== node --test"
out=$(mktemp)
status=0
node --test test/*.test.mjs >"$out" 2>&1 || status=$?
grep -E '^# (tests|pass|fail|skipped)' "$out" || true
if grep -q 'SKIPPED' "$out"; then
  echo "!!! SKIPPED tests in bindings/js:" >&2
  grep -o 'SKIPPED: [^#]*' "$out" | sort | uniq -c >&2
fi
if [ "$status" -ne 0 ]; then
  cat "$out"
  rm -f "$out"
  echo "bindings/js: tests FAILED" >&2
  exit 1
fi
rm -f "$out"
echo "bindings/js: ok"
