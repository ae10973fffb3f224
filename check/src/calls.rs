//! Calls to declared functions: the argument-binding errors CPython raises
//! (`missing 1 required positional argument`, `takes 1 positional argument
//! but 3 were given`, `got an unexpected keyword argument`, `got multiple
//! values for argument`), and arguments whose inferred type is certainly
//! incompatible with the parameter's annotation.
//!
//! A call that unpacks `*args` or `**kwargs` cannot be counted: only what
//! stays certain is checked (keywords that no parameter takes).

use rustpython_parser::ast::{self, Expr, Ranged};

use crate::infer::Infer;
use crate::scope::ScopeId;
use crate::stubs::{Param, Signature};
use crate::suggest::suggest;
use crate::types::{incompatible, Ty};

/// A finding about one call: the code, the message and the node to point at.
pub struct CallError<'e> {
    pub code: &'static str,
    pub message: String,
    pub at: &'e dyn Ranged,
}

/// Checks a call of declared function `name` with signature `sig`.
pub fn check_call<'e>(
    name: &str,
    sig: &Signature,
    call: &'e ast::ExprCall,
    inf: &Infer,
    scope: ScopeId,
) -> Option<CallError<'e>> {
    let star = call.args.iter().any(|a| matches!(a, Expr::Starred(_)));
    let dstar = call.keywords.iter().any(|k| k.arg.is_none());
    let positional: Vec<&Param> = sig.posonly.iter().chain(&sig.params).collect();
    let npos = call.args.len();
    let whole: &'e dyn Ranged = call;

    // keywords first, as CPython binds them before counting positionals
    let bound_pos = npos.min(positional.len());
    let mut filled: Vec<bool> = (0..positional.len()).map(|i| i < bound_pos).collect();
    let mut kw_filled = vec![false; sig.kwonly.len()];
    for k in &call.keywords {
        let Some(kname) = &k.arg else { continue };
        let kname = kname.as_str();
        if let Some(i) = sig.params.iter().position(|p| p.name == kname) {
            let i = i + sig.posonly.len();
            if filled[i] && !star {
                return Some(CallError {
                    code: "call-keyword",
                    message: format!("{name}() got multiple values for argument '{kname}'"),
                    at: k,
                });
            }
            filled[i] = true;
        } else if let Some(i) = sig.kwonly.iter().position(|p| p.name == kname) {
            kw_filled[i] = true;
        } else if !sig.kwarg {
            let posonly: Vec<String> = call
                .keywords
                .iter()
                .filter_map(|k| k.arg.as_deref())
                .filter(|n| sig.posonly.iter().any(|p| p.name == *n))
                .map(|n| format!("'{n}'"))
                .collect();
            if !posonly.is_empty() {
                return Some(CallError {
                    code: "call-keyword",
                    message: format!(
                        "{name}() got some positional-only arguments passed as keyword arguments: {}",
                        posonly.join(", ")
                    ),
                    at: k,
                });
            }
            let names = sig
                .params
                .iter()
                .chain(&sig.kwonly)
                .map(|p| p.name.as_str());
            let hint =
                suggest(kname, names).map_or(String::new(), |s| format!(". Did you mean '{s}'?"));
            return Some(CallError {
                code: "call-keyword",
                message: format!("{name}() got an unexpected keyword argument '{kname}'{hint}"),
                at: k,
            });
        }
    }

    // too many positional arguments
    if !star && !sig.vararg && npos > positional.len() {
        let required = positional.iter().filter(|p| !p.default).count();
        let takes = if !sig.defaults_known || required == positional.len() {
            format!(
                "{} positional argument{}",
                positional.len(),
                if positional.len() == 1 { "" } else { "s" }
            )
        } else {
            format!(
                "from {} to {} positional arguments",
                required,
                positional.len()
            )
        };
        let kwonly_given = kw_filled.iter().filter(|f| **f).count();
        let given = if kwonly_given > 0 {
            format!(
                "{npos} positional argument{} (and {kwonly_given} keyword-only argument{}) were",
                if npos == 1 { "" } else { "s" },
                if kwonly_given == 1 { "" } else { "s" }
            )
        } else {
            format!("{npos} {}", if npos == 1 { "was" } else { "were" })
        };
        return Some(CallError {
            code: "call-arity",
            message: format!("{name}() takes {takes} but {given} given"),
            at: &call.args[positional.len()],
        });
    }

    // missing arguments
    if sig.defaults_known && !star && !dstar {
        let missing: Vec<&str> = positional
            .iter()
            .zip(&filled)
            .filter(|(p, f)| !p.default && !**f)
            .map(|(p, _)| p.name.as_str())
            .collect();
        if !missing.is_empty() {
            return Some(CallError {
                code: "call-arity",
                message: format!("{name}() {}", missing_message(&missing, "positional")),
                at: whole,
            });
        }
        let missing: Vec<&str> = sig
            .kwonly
            .iter()
            .zip(&kw_filled)
            .filter(|(p, f)| !p.default && !**f)
            .map(|(p, _)| p.name.as_str())
            .collect();
        if !missing.is_empty() {
            return Some(CallError {
                code: "call-arity",
                message: format!("{name}() {}", missing_message(&missing, "keyword-only")),
                at: whole,
            });
        }
    }

    // argument types
    if !star {
        for (a, p) in call.args.iter().zip(&positional) {
            if let Some(e) = arg_type_error(name, p, a, inf, scope) {
                return Some(e);
            }
        }
    }
    for k in &call.keywords {
        let Some(kname) = &k.arg else { continue };
        let p = sig
            .params
            .iter()
            .chain(&sig.kwonly)
            .find(|p| p.name == kname.as_str());
        if let Some(p) = p {
            if let Some(e) = arg_type_error(name, p, &k.value, inf, scope) {
                return Some(e);
            }
        }
    }
    None
}

fn arg_type_error<'e>(
    name: &str,
    p: &Param,
    a: &'e Expr,
    inf: &Infer,
    scope: ScopeId,
) -> Option<CallError<'e>> {
    if !p.ty.known() {
        return None;
    }
    let actual = inf.ty(a, scope);
    if matches!(actual, Ty::Coroutine(_)) || !incompatible(&actual, &p.ty) {
        return None;
    }
    Some(CallError {
        code: "arg-type",
        message: format!(
            "{name}() argument '{}' must be {}, not {}",
            p.name,
            p.ty.display(),
            actual.display()
        ),
        at: a,
    })
}

/// CPython's `missing 2 required positional arguments: 'a' and 'b'`.
fn missing_message(names: &[&str], kind: &str) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    let list = match quoted.len() {
        1 => quoted[0].clone(),
        2 => format!("{} and {}", quoted[0], quoted[1]),
        n => format!("{}, and {}", quoted[..n - 1].join(", "), quoted[n - 1]),
    };
    format!(
        "missing {} required {kind} argument{}: {list}",
        names.len(),
        if names.len() == 1 { "" } else { "s" }
    )
}
