//! Async misuse: an async tool (or the program's own `async def`) called
//! without `await` (the call never happens: CPython's `coroutine 'f' was
//! never awaited`), a coroutine used as if it were its result, `await` on a
//! plain tool's result, and `await` where no coroutine runs.
//!
//! A coroutine stored, returned, collected in a list or handed to
//! `asyncio.gather`/`create_task` is fine: only uses that certainly fail
//! (or certainly drop the call) are reported.

use rustpython_parser::ast::Expr;

use crate::infer::{Callee, Infer};
use crate::scope::ScopeId;
use crate::types::Ty;

/// The attributes of a coroutine object.
pub const COROUTINE_ATTRS: &[&str] = &[
    "send",
    "throw",
    "close",
    "cr_await",
    "cr_frame",
    "cr_running",
    "cr_code",
    "cr_origin",
    "cr_suspended",
];

/// Where an `await` is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AwaitContext {
    /// Module level (top-level await may apply).
    Module,
    /// Inside an `async def`.
    Async,
    /// Inside a plain `def` or a lambda.
    Sync,
}

/// The name of the coroutine function an expression statement calls
/// without awaiting, if it does.
pub fn discarded_coroutine<'e>(value: &'e Expr, inf: &Infer, scope: ScopeId) -> Option<&'e str> {
    let Expr::Call(c) = value else { return None };
    let name = match &*c.func {
        Expr::Name(n) => n.id.as_str(),
        Expr::Attribute(a) => a.attr.as_str(),
        _ => return None,
    };
    match inf.callee(&c.func, scope) {
        Callee::Declared(n, _) if inf.stubs.is_async(n) => Some(name),
        Callee::Own {
            coroutine: true, ..
        } => Some(name),
        _ => None,
    }
}

/// The message for `await value`, when `value` certainly cannot be awaited.
pub fn await_error(value: &Expr, inf: &Infer, scope: ScopeId) -> Option<String> {
    if let Expr::Call(c) = value {
        if let Callee::Declared(name, sig) = inf.callee(&c.func, scope) {
            if inf.stubs.is_async(name) {
                return None;
            }
            let ret = sig.map_or(Ty::Unknown, |s| s.returns.clone());
            return Some(match ret {
                Ty::Unknown | Ty::Union(_) => {
                    format!("{name}() is not async: its result can't be used in 'await' expression")
                }
                t => format!(
                    "object {} can't be used in 'await' expression",
                    t.runtime_name()
                ),
            });
        }
    }
    match inf.ty(value, scope) {
        t @ (Ty::Int
        | Ty::Float
        | Ty::Str
        | Ty::Bool
        | Ty::None
        | Ty::Bytes
        | Ty::List(_)
        | Ty::Dict(..)
        | Ty::TypedDict(_)
        | Ty::Tuple(_)
        | Ty::TupleOf(_)
        | Ty::Set(_)) => Some(format!(
            "object {} can't be used in 'await' expression",
            t.runtime_name()
        )),
        _ => None,
    }
}

/// The message for an `await` (or `async for`/`async with`, named by
/// `what`) in context `ctx`, if it is not allowed there.
pub fn outside_async(what: &str, ctx: AwaitContext, top_level_await: bool) -> Option<String> {
    match ctx {
        AwaitContext::Async => None,
        AwaitContext::Module if top_level_await => None,
        AwaitContext::Module => Some(format!("'{what}' outside function")),
        AwaitContext::Sync => Some(format!("'{what}' outside async function")),
    }
}
