//! `random.Random` instances: each owns a generator
//! (`NativeObj::Random`), and its methods are the module's functions run on
//! that generator (CPython's module functions are the bound methods of a
//! hidden instance, so the two share every argument check and message).

use super::random::{seeded, Generator, State, MODULE};
use super::{module_index, NativeId};
use crate::builtins::Args;
use crate::object::{Obj, ObjId, Value};
use crate::vm::call::Kwargs;
use crate::vm::{PyResult, Vm};

use super::objects::NativeObj;
use crate::objects::{native_of, native_of_mut};
use crate::vm::library_data::LibData;

native! {
    /// `random.Random(x=None)`.
    pub def_method fn new_random as "Random.__init__"(vm, x?) {
        let st = seeded(vm, x.unwrap_or(Value::None), Value::Int(2))?;
        Ok(vm
            .heap
            .new_value(Obj::from(NativeObj::Random(Box::new(st)))))
    }
}

/// The `NativeId` of the `Random` constructor (for `isinstance`).
pub fn random_type_id() -> NativeId {
    let func = MODULE
        .funcs
        .iter()
        .position(|f| f.name == "Random")
        .expect("Random is registered") as u16;
    NativeId {
        module: module_index("random"),
        func,
    }
}

pub fn has_method(name: &str) -> bool {
    name != "Random" && MODULE.funcs.iter().any(|f| f.name == name)
}

/// Exchanges the module's generator with instance `id`'s, so the module's
/// functions act on the instance (call again to swap back).
fn swap(vm: &mut Vm, id: ObjId) {
    let mut module = vm
        .random_state
        .take()
        .unwrap_or_else(|| LibData::new(Generator(State::default_seeded())));
    if let (Some(module), Some(NativeObj::Random(st))) = (
        module.downcast_mut::<Generator>(),
        native_of_mut(vm.heap.get_mut(id)),
    ) {
        std::mem::swap(&mut **st, &mut module.0);
    }
    vm.random_state = Some(module);
}

pub fn call_method(
    vm: &mut Vm,
    id: ObjId,
    name: &str,
    args: Vec<Value>,
    kw: Kwargs,
) -> PyResult<Option<Value>> {
    let Some(f) = MODULE
        .funcs
        .iter()
        .find(|f| f.name == name && has_method(name))
    else {
        return Ok(None);
    };
    swap(vm, id);
    let r = (f.call)(vm, Args::new(f.name, args, kw));
    swap(vm, id);
    r.map(Some)
}

pub fn getattr(name: &str) -> Option<Value> {
    match name {
        "VERSION" => Some(Value::Int(3)),
        _ => None,
    }
}

pub fn repr(id: ObjId) -> String {
    format!(
        "<random.Random object at {:#x}>",
        0x7f00_0000_0000_u64 + u64::from(id.0) * 0x40
    )
}

/// `isinstance(v, random.Random)`.
pub fn isinstance(vm: &Vm, v: Value) -> bool {
    matches!(v, Value::Ref(id) if matches!(native_of(vm.heap.get(id)), Some(NativeObj::Random(_))))
}

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// `random.Random`.
pub struct RandomType;

impl np::NativeType for RandomType {
    fn type_name(_: &np::NativeObj) -> &'static str {
        "Random"
    }

    fn getattr(_: &mut np::Vm, _: np::ObjId, name: &str) -> np::PyResult<Option<np::Value>> {
        Ok(getattr(name))
    }

    fn has_method(_: &np::Vm, _: np::ObjId, name: &str) -> bool {
        has_method(name)
    }

    fn call_method(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        args: Vec<np::Value>,
        kw: np::Kwargs,
    ) -> np::PyResult<Option<np::Value>> {
        call_method(vm, id, name, args, kw)
    }

    fn repr(_: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        Ok(repr(id))
    }
}
