//! `gc`: the collector's switches. `collect()` runs the VM's collector
//! (a mark and sweep over the heap) when called from bytecode, returning
//! how many objects it freed (CPython counts the unreachable objects it
//! found, so the counts differ and programs should not depend on them);
//! called from inside a native callback, where Rust locals may hold
//! values no root reaches, it collects nothing and returns 0.
//! `enable()`/`disable()`/`isenabled()` keep a switch on the module (the
//! VM's automatic collection is not a cycle collector the program could
//! turn off, so the switch is only reported back).

use super::ModuleDef;
use crate::native_class::{module_attr, set_module_attr};
use crate::object::Value;
use crate::vm::{PyErr, Vm};

/// The module attribute holding the switch.
const SWITCH: &str = "_enabled";

native! {
    /// `collect(generation=2)`.
    def fn collect(vm, generation?) {
        if let Some(g) = generation {
            match g {
                Value::Int(0..=2) | Value::Bool(_) => {}
                Value::Int(_) => return Err(PyErr::value_error("invalid generation")),
                other => {
                    return Err(PyErr::type_error(format!(
                        "'{}' object cannot be interpreted as an integer",
                        vm.class_name(other)
                    )))
                }
            }
        }
        if vm.native_depth != 0 {
            return Ok(Value::Int(0));
        }
        let before = vm.heap.live();
        vm.gc();
        Ok(Value::Int(before.saturating_sub(vm.heap.live()) as i64))
    }

    /// `enable()`.
    def fn enable(vm) {
        set_module_attr(vm, "gc", SWITCH, Value::Bool(true))?;
        Ok(Value::None)
    }

    /// `disable()`.
    def fn disable(vm) {
        set_module_attr(vm, "gc", SWITCH, Value::Bool(false))?;
        Ok(Value::None)
    }

    /// `isenabled()`.
    def fn isenabled(vm) {
        let on = module_attr(vm, "gc", SWITCH)?;
        Ok(Value::Bool(!matches!(on, Value::Bool(false))))
    }
}

fn init(_vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    attrs.push((SWITCH.into(), Value::Bool(true)));
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "gc",
    funcs: natives_table![collect, enable, disable, isenabled],
    init,
};
