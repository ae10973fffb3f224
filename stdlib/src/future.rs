//! `__future__`: every feature CPython knows is accepted (as a no-op; the
//! compiler rejects unknown names as CPython does).

use super::ModuleDef;
use crate::object::Value;
use crate::vm::Vm;

/// The feature names `from __future__ import ...` accepts (the compiler's list).
pub use monty_compile::FUTURE_FEATURES as FEATURES;

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    for f in FEATURES {
        attrs.push((f.to_string(), Value::Bool(true)));
    }
    let _ = vm;
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "__future__",
    funcs: &[],
    init,
};
