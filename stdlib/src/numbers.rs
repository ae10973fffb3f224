//! `numbers`: the numeric tower `Number` ⊃ `Complex` ⊃ `Real` ⊃
//! `Rational` ⊃ `Integral`, as classes made at import (a program's class
//! may derive from one), with the builtin numbers and the library's
//! registered as CPython registers them: `int` (and `bool`) `Integral`,
//! `float` `Real`, `complex` `Complex`, `Fraction` `Rational`, `Decimal`
//! only `Number`. `isinstance` and `issubclass` ask [`isinstance`] and
//! [`issubclass`] (hooks of the library) before their own rules.
//!
//! Not here: the abstract methods (the classes have none, so nothing
//! stops instantiating them) and `register`.

use super::native_class::make_class;
use super::objects::NativeObj;
use super::ModuleDef;
use crate::object::{Obj, Type, Value};
use crate::vm::{PyResult, Vm};

/// The tower, outermost first: a class's index is its depth.
const TOWER: &[&str] = &["Number", "Complex", "Real", "Rational", "Integral"];

/// The depth of `t` in the tower, if it is one of this module's classes.
fn depth(vm: &Vm, t: Value) -> Option<usize> {
    let Value::Ref(id) = t else { return None };
    let Obj::Class(c) = vm.heap.get(id) else {
        return None;
    };
    let d = TOWER.iter().position(|n| *n == c.name)?;
    let (module, _) = vm.class_module_and_qualname(id);
    (module == "numbers").then_some(d)
}

/// How deep in the tower a builtin or library class sits.
fn class_depth(cls: Value) -> Option<usize> {
    match cls {
        Value::Type(Type::Int | Type::Bool) => Some(4),
        Value::Type(Type::Float) => Some(2),
        Value::Type(Type::Complex) => Some(1),
        Value::Native(id) if id == crate::fractions::class_id() => Some(3),
        Value::Native(id) if id.module == crate::module_index("decimal") => {
            (id.func == crate::decimal::DECIMAL).then_some(0)
        }
        _ => None,
    }
}

/// `isinstance(v, t)` for `t` in the tower and `v` a builtin or library
/// number; `None` leaves it to the ordinary rules (a program's class
/// deriving from one of them).
pub fn isinstance(vm: &mut Vm, v: Value, t: Value) -> Option<PyResult<bool>> {
    let d = depth(vm, t)?;
    let own = match v {
        Value::Int(_) | Value::Bool(_) => Some(4),
        Value::Float(_) => Some(2),
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::BigInt(_) => Some(4),
            Obj::Complex(_) => Some(1),
            Obj::Native(n) => match n.downcast_ref() {
                Some(NativeObj::Fraction(_)) => Some(3),
                Some(NativeObj::Decimal(_)) => Some(0),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    };
    own.map(|o| Ok(o >= d))
}

/// `issubclass(c, t)` for `t` in the tower and `c` a builtin or library
/// class.
pub fn issubclass(vm: &Vm, c: Value, t: Value) -> Option<bool> {
    let d = depth(vm, t)?;
    class_depth(c).map(|o| o >= d)
}

fn build(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) -> PyResult<()> {
    let mut base: Vec<Value> = Vec::new();
    for name in TOWER {
        let extra = if *name == "Number" {
            vec![("__hash__", Value::None)]
        } else {
            Vec::new()
        };
        let cls = make_class(vm, &MODULE, name, base, &[], extra)?;
        attrs.push(((*name).into(), cls));
        base = vec![cls];
    }
    Ok(())
}

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    let _ = build(vm, attrs);
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "numbers",
    funcs: natives_table![],
    init,
};
