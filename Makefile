# Build, test and measure the monty sandbox. See README.md.

WASM_TARGET := wasm32-wasip1
WASM_BUILD  := target/$(WASM_TARGET)/wasm/monty_guest.wasm
CARGO_HOME  ?= $(HOME)/.cargo
SYSROOT     := $(shell rustc --print sysroot)
# Path prefixes are remapped so the bytes of monty.wasm do not depend on
# where the repository, the cargo registry or the toolchain live. The
# module is linked with a maximum memory (1 GiB) so that even a host without
# a limiter has a cap, and an 8 MiB shadow stack for the parser.
WASM_RUSTFLAGS := --remap-path-prefix=$(CURDIR)=/monty \
	--remap-path-prefix=$(CARGO_HOME)=/cargo \
	--remap-path-prefix=$(SYSROOT)=/rust \
	-C link-arg=--max-memory=1073741824 \
	-C link-arg=-zstack-size=8388608

# The linked module is then rewritten by binaryen's wasm-opt with
# --memory-packing (the data section's runs of zeros become gaps),
# and its code re-encoded with minimal LEB128 numbers (wasm-ld leaves
# relocated indices padded to 5 bytes): 7 695 752 -> 7 142 132 bytes, the
# same code for the engine. -O3 was measured too (6 801 029 bytes) and
# dropped: int_loops +40%, fib +13% in-process. The features are those
# rustc's wasm32-wasip1 target enables (its target_features section).
# The version is pinned (Debian's `binaryen`, `apt-get install
# binaryen`): another wasm-opt may write other bytes, and monty.wasm must
# stay reproducible from source.
WASM_OPT         ?= wasm-opt
WASM_OPT_VERSION := 108
# Two more passes only take bytes away (session 15; `monty run --wasm`,
# best of 5 or 7, interleaved, against the module without them):
# --duplicate-function-elimination, -36 926 bytes (functions with
# identical bodies become one; classes 739 -> 739 ms, exceptions 642 ->
# 629), and --code-folding, -48 199 (identical tails of a function's
# blocks merged; fib 407 -> 400, int_loops 229 -> 228, classes 735 ->
# 745 then 1109 -> 1104 on a loaded machine, exceptions 622 -> 631 then
# 924 -> 930, dicts 657 -> 640, strings 491 -> 485: noise).
# --merge-similar-functions was left out then (classes 4% slower, 735 ->
# 765 ms, best of 7); session 26 measured it again with --rse and
# --vacuum (redundant local writes, dead code): -160 KB, and the same
# wasm instructions executed in every bench program within 0.3% (fuel:
# classes 0.9991x, fib 1.0000x, strings 0.997x), in-process times alike
# in alternating runs (classes 0.93-0.96x, fib 0.99x, closures 1.00x).
WASM_OPT_FLAGS   := --memory-packing --duplicate-function-elimination --code-folding \
	--merge-similar-functions --rse --vacuum \
	--enable-bulk-memory --enable-sign-ext \
	--enable-mutable-globals --enable-nontrapping-float-to-int \
	--enable-multivalue --enable-reference-types --enable-extended-const

.PHONY: wasm wasm-prof wasm-opt-version check-wasm test conformance peer regen-cases bench fmt clippy fuzz-corpus fuzz-short fuzz stress

## Fail unless the pinned wasm-opt is the one on PATH.
wasm-opt-version:
	@$(WASM_OPT) --version 2>/dev/null | grep -qx "wasm-opt version $(WASM_OPT_VERSION)" || { \
		echo "wasm: monty.wasm is optimized with binaryen $(WASM_OPT_VERSION)'s wasm-opt (apt-get install binaryen); found: $$($(WASM_OPT) --version 2>&1)" >&2; \
		exit 1; }

## Build the guest for wasm32-wasip1, pack it with wasm-opt into
## monty.wasm. Built as a cdylib alone (`cargo rustc --crate-type`): with
## the crate's other type (rlib, for the native tests) in the same build,
## cargo does not pass `-C lto`, and the profile's `lto = true` was
## silently not applied.
wasm: wasm-opt-version
	rustup target add $(WASM_TARGET) >/dev/null 2>&1 || true
	CARGO_TARGET_WASM32_WASIP1_RUSTFLAGS="$(WASM_RUSTFLAGS)" \
		cargo rustc -p monty-guest --lib --crate-type cdylib --target $(WASM_TARGET) --profile wasm
	$(WASM_OPT) $(WASM_OPT_FLAGS) $(WASM_BUILD) -o monty.wasm
	cp monty.wasm bindings/go/monty.wasm
	cp monty.wasm bindings/js/monty.wasm
	cp monty.wasm bindings/python/src/monty_wasm/monty.wasm

## The same module with its function names kept (not stripped; wasm-opt
## -g keeps them), for profiling with `perf` and for `tools/wasm_sizes.py`
## (README.md, "Profiling", "Module size"); in its own target dir.
wasm-prof: wasm-opt-version
	CARGO_TARGET_WASM32_WASIP1_RUSTFLAGS="$(WASM_RUSTFLAGS)" CARGO_PROFILE_WASM_STRIP=false \
		CARGO_TARGET_DIR=target/prof cargo rustc -p monty-guest --lib --crate-type cdylib --target $(WASM_TARGET) --profile wasm
	$(WASM_OPT) $(WASM_OPT_FLAGS) -g --strip-dwarf target/prof/$(WASM_TARGET)/wasm/monty_guest.wasm -o target/prof/monty.wasm
	@echo "profiling module: target/prof/monty.wasm (before wasm-opt: target/prof/$(WASM_TARGET)/wasm/monty_guest.wasm)"

## Rebuild monty.wasm and fail if it differs from the committed file. The
## packages' copies: Go's is committed (go:embed) and must match before the
## rebuild; all three (the JS and Python ones are git-ignored) are copied by
## `make wasm` and must match after it; each package's ci.sh checks its own.
check-wasm:
	@cmp -s monty.wasm bindings/go/monty.wasm || { \
		echo "check-wasm: bindings/go/monty.wasm (embedded by the Go package) differs from monty.wasm: run 'make wasm' and commit both" >&2; \
		exit 1; }
	mkdir -p target && cp monty.wasm target/monty.wasm.committed
	$(MAKE) wasm
	@for copy in bindings/go/monty.wasm bindings/js/monty.wasm bindings/python/src/monty_wasm/monty.wasm; do \
		cmp -s monty.wasm $$copy || { echo "check-wasm: $$copy is not monty.wasm" >&2; exit 1; }; \
	done
	@if cmp -s monty.wasm target/monty.wasm.committed; then \
		echo "check-wasm: monty.wasm matches its source (and the packages' copies match it)"; \
	else \
		cp target/monty.wasm.committed monty.wasm; \
		cp target/monty.wasm.committed bindings/go/monty.wasm; \
		echo "check-wasm: monty.wasm differs from a fresh build: run 'make wasm' and commit it" >&2; \
		exit 1; \
	fi

## The test suite (what .ci/run runs): the Rust workspace, the raw ABI from
## Node, then each host package through its public API.
test:
	cargo test --workspace --release
	node --test tests/js/
	bindings/go/ci.sh
	bindings/js/ci.sh
	bindings/python/ci.sh

## Peer-suite pass rate (a measurement, not part of CI).
conformance:
	cargo build --release -p monty-host
	@if [ -f ../shared/tools/conformance.py ]; then \
		python3 ../shared/tools/conformance.py --cmd '$(CURDIR)/target/release/monty run {file} --tools-cmd {tools}' -j 2; \
	else \
		echo "conformance: ../shared/tools/conformance.py not found"; \
	fi

## Peer suite with the peer runner's fixtures (tests/peer/, a measurement):
## conformance.py with host.py serving the needs-host group's constants,
## environment and /virtual tree, then the mount-fs tests it excludes.
peer:
	cargo build --release -p monty-host
	@if [ -f ../shared/tools/conformance.py ]; then \
		python3 ../shared/tools/conformance.py --cmd 'python3 $(CURDIR)/tests/peer/host.py {file} {tools}' -j 2 --list-failures || exit 1; \
	else \
		echo "peer: ../shared/tools/conformance.py not found: the needs-host run is skipped"; \
	fi
	python3 tests/peer/mount_fs.py

## Benchmarks (not timed tests): in-process and CLI figures, and the compute
## programs of bench/programs/ side by side with CPython 3.13. Prints a table
## and writes bench/results.json. See README.md, "Benchmarks".
bench:
	cargo build --release -p monty-host
	python3 bench/run.py

## Regenerate expected outputs of tests/cases with CPython 3.13.
regen-cases:
	PYENV_VERSION=3.13.0 python3 tests/regen_cases.py

fmt:
	cargo fmt --all

clippy:
	cargo clippy --workspace --all-targets -- -D warnings

## Fuzzing (needs nightly and `cargo install cargo-fuzz`; not part of CI,
## whose suite replays fuzz/regressions instead). See README.md, "Fuzzing
## and stress". `make fuzz-short` runs `source`, `restore` and `snapshot`
## FUZZ_TIME seconds each; `make fuzz FUZZ_TARGET=source FUZZ_TIME=1200`
## is one long run. Timeouts
## and out-of-memory inputs are expected (the native guest has no fuel) and
## are ignored; a panic stops the run and is saved under fuzz/artifacts/.
FUZZ_TIME   ?= 45
FUZZ_TARGET ?= source
FUZZ_RUN    := cargo +nightly fuzz run --sanitizer=none
FUZZ_ARGS    = -max_total_time=$(FUZZ_TIME) -timeout=5 -rss_limit_mb=2048 \
	-max_len=4096 -close_fd_mask=3 -fork=1 -ignore_timeouts=1 -ignore_ooms=1

## Seed fuzz/corpus/: the Python cases (minus fuzz/slow-seeds.txt, which
## only time out) and the golden snapshots, whole and as bare payloads.
fuzz-corpus:
	mkdir -p fuzz/corpus/source fuzz/corpus/restore fuzz/corpus/snapshot
	for f in tests/cases/*.py tests/adversarial/*.py; do \
		rel=$${f#tests/}; \
		grep -qxF "$$rel" fuzz/slow-seeds.txt || cp $$f fuzz/corpus/source/$$(echo $$rel | tr / -); \
	done
	for f in tests/snapshots/*.state; do \
		cp $$f fuzz/corpus/restore/; \
		tail -c +29 $$f > fuzz/corpus/restore/$$(basename $$f .state).payload; \
	done

fuzz-short: fuzz-corpus
	cd fuzz && for t in source restore snapshot; do $(FUZZ_RUN) $$t -- $(FUZZ_ARGS) || exit 1; done

fuzz: fuzz-corpus
	cd fuzz && $(FUZZ_RUN) $(FUZZ_TARGET) -- $(FUZZ_ARGS)

## The stress test alone, with its figures printed.
stress:
	cargo test --release -p monty-host --test stress -- --nocapture
