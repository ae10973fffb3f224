//! The static checker of the monty sandbox: finds the mistakes LLM-written
//! programs make before they run.
//!
//! [`check`] parses the program (with `monty-compile`'s parser, so syntax
//! errors read as CPython's) and runs the rules over it, given
//! - the **stubs** of the host's tools ([`stubs`]: Python stub text such as
//!   `def get_weather(city: str) -> dict[str, Any]: ...`, plus the
//!   declarations hosts already send, [`ExternalDecl`]);
//! - the **environment** of the runtime ([`Environment`]: builtin names,
//!   importable modules, the attributes of builtin types), which the guest
//!   fills from the VM and the library, so this crate depends on neither.
//!
//! The rules, one file each: [`scope`] (undefined names, names used before
//! assignment), [`calls`] (arity and keywords of calls to declared
//! functions), [`infer`] over the [`types`] lattice (argument types,
//! attributes of builtin types, operators, TypedDict keys) and
//! [`async_rules`] (coroutines never awaited, `await` on a plain tool,
//! `await` outside an async function). Each finding is a [`Diagnostic`]
//! with a stable code and CPython's wording of the error it would raise.
//!
//! Precision comes first: a rule reports only what is certain to fail when
//! reached. Where a type is not known the checker stays silent (gradual
//! typing), and a scope whose names can be bound dynamically (`from m
//! import *`, `exec`, `globals()`) is not checked for undefined names.

pub mod async_rules;
pub mod calls;
mod diag;
mod env;
pub mod infer;
pub mod narrow;
mod ops;
mod pass;
pub mod scope;
pub mod stubs;
mod suggest;
pub mod types;

pub use diag::{Diagnostic, Severity};
pub use env::Environment;
/// The AST [`check_module`] takes (`monty_compile::parse`'s).
pub use rustpython_parser::ast::Stmt;
pub use stubs::{ExternalDecl, Stubs};
pub use suggest::suggest;

/// How the program will be run.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// Whether `await` is allowed at module level (it is in this sandbox:
    /// the module body runs as a coroutine).
    pub top_level_await: bool,
    /// Whether names the program reads and never binds are reported: only
    /// when the host's names are declared (stubs, externals, inputs), as a
    /// host may otherwise declare them after the check.
    pub undefined_names: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            top_level_await: true,
            undefined_names: true,
        }
    }
}

/// The modules `body` imports (`import a.b` gives `a.b`, `from m import
/// x` gives `m`), in order, each once: those whose attributes the
/// environment should list.
pub fn imported_modules(body: &[Stmt]) -> Vec<String> {
    fn walk(body: &[Stmt], out: &mut Vec<String>) {
        for stmt in body {
            let mut add = |name: &str| {
                if !out.iter().any(|n| n == name) {
                    out.push(name.to_string());
                }
            };
            match stmt {
                Stmt::Import(i) => i.names.iter().for_each(|a| add(&a.name)),
                Stmt::ImportFrom(i) if i.level.map_or(0, |l| l.to_u32()) == 0 => {
                    if let Some(m) = &i.module {
                        add(m);
                    }
                }
                Stmt::FunctionDef(f) => walk(&f.body, out),
                Stmt::AsyncFunctionDef(f) => walk(&f.body, out),
                Stmt::ClassDef(c) => walk(&c.body, out),
                s => scope::for_each_body(s, |b| walk(b, out)),
            }
        }
    }
    let mut out = Vec::new();
    walk(body, &mut out);
    out
}

/// Expressions nested deeper than this are not looked into (the compiler
/// rejects them; the walks recurse on the native stack).
pub(crate) const MAX_DEPTH: u32 = 200;

/// Checks `source` against the declarations in `stubs` and the runtime
/// described by `env`; the diagnostics are in source order.
///
/// # Errors
/// The `SyntaxError` of a program that does not parse (the compiler's).
pub fn check(
    source: &str,
    stubs: &Stubs,
    env: &Environment,
    options: Options,
) -> Result<Vec<Diagnostic>, monty_compile::CompileError> {
    let body = monty_compile::parse::parse_module(source, "main.py")?;
    Ok(check_module(source, &body, stubs, env, options))
}

/// Checks a module already parsed (by `monty_compile::parse`, from
/// `source`): what a caller that also compiles it uses, to parse once.
pub fn check_module(
    source: &str,
    body: &[Stmt],
    stubs: &Stubs,
    env: &Environment,
    options: Options,
) -> Vec<Diagnostic> {
    pass::run(source, body, stubs, env, options)
}
