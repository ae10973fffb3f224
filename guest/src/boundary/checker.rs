//! The static checker behind `check`: after the program compiles, runs
//! `monty-check` with the request's stubs, externals and inputs against the
//! runtime's names ([`super::check_env`]) and turns its findings into wire
//! diagnostics.
//!
//! Undefined names are reported only when the request declares what the
//! host provides (stubs, externals or inputs): without that, a name the
//! program reads and never binds may be a host function declared later
//! (the `undefined_names` idiom), not a mistake.

use monty_check::{ExternalDecl, Options, Stubs};
use monty_wire::{CheckRequest, Diagnostic};

/// The checker's findings on a program that compiled (`body`, parsed from
/// `req.code`).
pub fn diagnostics(req: &CheckRequest, body: &[monty_check::Stmt]) -> Vec<Diagnostic> {
    let mut stubs = match Stubs::parse(&req.stubs) {
        Ok(s) => s,
        Err(e) => {
            // not the program's SyntaxError: its line is the stubs' own
            return vec![Diagnostic::at_line(
                e.line,
                "StubsError".into(),
                format!("the stubs do not parse: {}: {}", e.kind, e.message),
                "stubs",
            )];
        }
    };
    let externals: Vec<ExternalDecl> = req
        .externals
        .iter()
        .map(|e| ExternalDecl {
            name: e.name.clone(),
            params: e.params.clone(),
            is_async: e.is_async,
            module: e.module.clone(),
        })
        .collect();
    stubs.add_externals(&externals);
    for name in &req.inputs {
        stubs
            .constants
            .entry(name.clone())
            .or_insert(monty_check::types::Ty::Unknown);
    }
    let declared =
        !req.stubs.trim().is_empty() || !req.externals.is_empty() || !req.inputs.is_empty();
    let options = Options {
        undefined_names: declared,
        ..Options::default()
    };
    let env = super::check_env::environment(&monty_check::imported_modules(body));
    monty_check::check_module(&req.code, body, &stubs, &env, options)
        .into_iter()
        .map(|d| Diagnostic {
            line: d.line,
            type_name: d.type_name.to_string(),
            message: d.message,
            col: d.col,
            end_line: d.end_line,
            end_col: d.end_col,
            code: d.code.to_string(),
            severity: d.severity.as_str().to_string(),
        })
        .collect()
}
