//! Operators between values whose types are certain and incompatible:
//! `"a" + 1` (`can only concatenate str (not "int") to str`), `1 + "a"`
//! (`unsupported operand type(s) for +: 'int' and 'str'`), `"a" * "b"`,
//! `"a" < 1`, and subscripting what has no items.

use rustpython_parser::ast::{self, CmpOp};

use crate::types::Ty;

/// The operator's symbol, for messages.
pub fn op_symbol(op: ast::Operator) -> &'static str {
    use ast::Operator as O;
    match op {
        O::Add => "+",
        O::Sub => "-",
        O::Mult => "*",
        O::MatMult => "@",
        O::Div => "/",
        O::Mod => "%",
        O::Pow => "** or pow()",
        O::LShift => "<<",
        O::RShift => ">>",
        O::BitOr => "|",
        O::BitXor => "^",
        O::BitAnd => "&",
        O::FloorDiv => "//",
    }
}

/// Whether the checker models every operator of values of this type.
fn modelled(t: &Ty) -> bool {
    matches!(
        t,
        Ty::None
            | Ty::Bool
            | Ty::Int
            | Ty::Float
            | Ty::Str
            | Ty::Bytes
            | Ty::List(_)
            | Ty::Dict(..)
            | Ty::TypedDict(_)
            | Ty::Tuple(_)
            | Ty::TupleOf(_)
            | Ty::Set(_)
            | Ty::Coroutine(_)
    )
}

fn num(t: &Ty) -> bool {
    matches!(t, Ty::Bool | Ty::Int | Ty::Float)
}

fn int(t: &Ty) -> bool {
    matches!(t, Ty::Bool | Ty::Int)
}

fn seq(t: &Ty) -> bool {
    matches!(
        t,
        Ty::Str | Ty::Bytes | Ty::List(_) | Ty::Tuple(_) | Ty::TupleOf(_)
    )
}

fn same_kind(a: &Ty, b: &Ty) -> bool {
    match (a, b) {
        (Ty::Tuple(_) | Ty::TupleOf(_), Ty::Tuple(_) | Ty::TupleOf(_)) => true,
        (Ty::Dict(..) | Ty::TypedDict(_), Ty::Dict(..) | Ty::TypedDict(_)) => true,
        _ => std::mem::discriminant(a) == std::mem::discriminant(b),
    }
}

/// The `TypeError` message of `a op b`, if it certainly fails.
pub fn binop_error(a: &Ty, op: ast::Operator, b: &Ty) -> Option<String> {
    use ast::Operator as O;
    if !modelled(a) || !modelled(b) {
        return None;
    }
    let ok = match op {
        O::Add => (num(a) && num(b)) || (seq(a) && same_kind(a, b)),
        O::Sub => (num(a) && num(b)) || (matches!(a, Ty::Set(_)) && same_kind(a, b)),
        O::Mult => (num(a) && num(b)) || (seq(a) && int(b)) || (int(a) && seq(b)),
        O::Div | O::FloorDiv | O::Pow => num(a) && num(b),
        O::Mod => (num(a) && num(b)) || matches!(a, Ty::Str | Ty::Bytes),
        O::MatMult => false,
        O::LShift | O::RShift => int(a) && int(b),
        O::BitOr | O::BitAnd | O::BitXor => {
            (int(a) && int(b))
                || (matches!(a, Ty::Set(_)) && same_kind(a, b))
                || (matches!(op, O::BitOr)
                    && matches!(a, Ty::Dict(..) | Ty::TypedDict(_))
                    && same_kind(a, b))
        }
    };
    if ok {
        return None;
    }
    let (an, bn) = (a.runtime_name(), b.runtime_name());
    Some(match (op, a) {
        (O::Add, Ty::Str | Ty::List(_) | Ty::Tuple(_) | Ty::TupleOf(_)) => {
            format!("can only concatenate {an} (not \"{bn}\") to {an}")
        }
        (O::Add, Ty::Bytes) => format!("can't concat {bn} to bytes"),
        (O::Mult, _) if seq(a) || seq(b) => {
            let other = if seq(a) { bn } else { an };
            format!("can't multiply sequence by non-int of type '{other}'")
        }
        _ => format!(
            "unsupported operand type(s) for {}: '{an}' and '{bn}'",
            op_symbol(op)
        ),
    })
}

/// The `TypeError` message of an ordering comparison that certainly fails.
pub fn compare_error(a: &Ty, op: CmpOp, b: &Ty) -> Option<String> {
    let sym = match op {
        CmpOp::Lt => "<",
        CmpOp::LtE => "<=",
        CmpOp::Gt => ">",
        CmpOp::GtE => ">=",
        _ => return None,
    };
    if !modelled(a) || !modelled(b) || (num(a) && num(b)) {
        return None;
    }
    let comparable =
        same_kind(a, b) && !matches!(a, Ty::Dict(..) | Ty::TypedDict(_) | Ty::Coroutine(_));
    if comparable {
        return None;
    }
    Some(format!(
        "'{sym}' not supported between instances of '{}' and '{}'",
        a.runtime_name(),
        b.runtime_name()
    ))
}

/// Whether values of this type certainly have no items to subscript.
pub fn not_subscriptable(t: &Ty) -> bool {
    matches!(
        t,
        Ty::None | Ty::Bool | Ty::Int | Ty::Float | Ty::Coroutine(_) | Ty::Set(_)
    )
}
