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

.PHONY: wasm check-wasm test conformance regen-cases bench fmt clippy

## Build the guest for wasm32-wasip1 and copy it to monty.wasm.
wasm:
	rustup target add $(WASM_TARGET) >/dev/null 2>&1 || true
	CARGO_TARGET_WASM32_WASIP1_RUSTFLAGS="$(WASM_RUSTFLAGS)" \
		cargo build -p monty-guest --target $(WASM_TARGET) --profile wasm
	cp $(WASM_BUILD) monty.wasm

## Rebuild monty.wasm and fail if it differs from the committed file.
check-wasm:
	mkdir -p target && cp monty.wasm target/monty.wasm.committed
	$(MAKE) wasm
	@if cmp -s monty.wasm target/monty.wasm.committed; then \
		echo "check-wasm: monty.wasm matches its source"; \
	else \
		cp target/monty.wasm.committed monty.wasm; \
		echo "check-wasm: monty.wasm differs from a fresh build: run 'make wasm' and commit it" >&2; \
		exit 1; \
	fi

## The test suite (what .ci/run runs).
test:
	cargo test --workspace --release
	node --test tests/js/

## Peer-suite pass rate (a measurement, not part of CI).
conformance:
	cargo build --release -p monty-host
	@if [ -f ../shared/tools/conformance.py ]; then \
		python3 ../shared/tools/conformance.py --cmd '$(CURDIR)/target/release/monty run {file} --tools-cmd {tools}' -j 2; \
	else \
		echo "conformance: ../shared/tools/conformance.py not found"; \
	fi

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
