//! Shared setup for the integration tests: one engine per test binary, with
//! the compiled module cached under the target directory so only the first
//! test binary (or CLI process) pays for compiling `monty.wasm`.

#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::OnceLock;

use monty_host::{Config, Engine, Error, LimitKind, Limits, Progress, StartRequest};

/// The cache directory shared by the library tests and the CLI tests.
pub fn cache_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("monty-cache")
}

/// `$MONTY_WASM` if set (to test another build), else the embedded module.
pub fn wasm_override() -> Option<PathBuf> {
    std::env::var_os("MONTY_WASM")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

pub fn engine() -> &'static Engine {
    static ENGINE: OnceLock<Engine> = OnceLock::new();
    ENGINE.get_or_init(|| {
        Engine::new(
            Config::new()
                .module_path(wasm_override())
                .cache_dir(cache_dir()),
        )
        .expect("engine builds")
    })
}

/// Runs `code` to completion under `limits`, with no external functions.
pub fn run_limited(code: &str, limits: Limits) -> Result<Progress, Error> {
    engine().start(
        StartRequest::new(code).limits(limits),
        monty_host::CaptureSink::new(),
    )
}

/// Asserts that `result` is the given limit.
#[track_caller]
pub fn assert_limit<T: std::fmt::Debug>(result: Result<T, Error>, kind: LimitKind) {
    match result {
        Err(Error::Limit(k)) => assert_eq!(k, kind),
        other => panic!("expected Limit({kind:?}), got {other:?}"),
    }
}
