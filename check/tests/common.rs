#![allow(dead_code)] // each test uses part of it
//! Shared by the corpus tests: the runtime's environment, stub loading and
//! diagnostics as `line:col code message` lines.

use std::path::{Path, PathBuf};

use monty_check::{check, Diagnostic, Environment, ExternalDecl, Options, Stubs};

/// The repository's `tests/` folder.
pub fn tests_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests")
}

/// The environment of this build of the sandbox (with the attributes of
/// the modules the corpus and the cases import).
pub fn environment() -> Environment {
    let modules: Vec<String> = monty_stdlib_modules();
    monty_guest::boundary::check_env::environment(&modules)
}

/// Every module of the sandbox, so one environment serves every program.
fn monty_stdlib_modules() -> Vec<String> {
    let env = monty_guest::boundary::check_env::environment(&[]);
    let mut names: Vec<String> = env.modules.into_iter().collect();
    names.sort();
    names
}

/// Stubs from a `.pyi` file, with the `tools` module declared for them.
pub fn stubs_from(path: &Path) -> Stubs {
    let text = std::fs::read_to_string(path).expect("stub file");
    let mut stubs = Stubs::parse(&text).expect("stubs parse");
    let externals: Vec<ExternalDecl> = stubs
        .functions
        .keys()
        .map(|n| ExternalDecl {
            name: n.clone(),
            params: None,
            is_async: stubs.is_async(n),
            module: Some("tools".into()),
        })
        .collect();
    stubs.add_externals(&externals);
    stubs
}

/// The diagnostics of `source`, one `line:col code message` each, or the
/// syntax error.
pub fn diagnose(source: &str, stubs: &Stubs, env: &Environment) -> Result<Vec<String>, String> {
    check(source, stubs, env, Options::default())
        .map(|ds| ds.iter().map(format).collect())
        .map_err(|e| format!("{}: {} (line {})", e.kind, e.message, e.line))
}

/// `line:col code message`.
pub fn format(d: &Diagnostic) -> String {
    format!("{}:{} {} {}", d.line, d.col, d.code, d.message)
}
