//! Host objects at the boundary (`$object`, `monty-wire`'s
//! `host_object.rs`): reading a declaration or reference into the sandbox
//! object (`monty-stdlib`'s `host_object.rs` keeps the table of them),
//! writing one back as a reference, and announcing a call of one of its
//! methods as a method call on its id.

use monty_wire::{Call, HostObject, Value as Wire};

use crate::modules::entry;
use crate::modules::host_object::{HostObjectSpec, MethodSpec};
use crate::object::Value;
use crate::vm::{PendingCall, PyErr, PyResult, Vm};

/// The sandbox object for `o`, its attributes decoded with `decode`.
///
/// # Errors
/// `ValueError` naming what is wrong with the declaration.
pub fn decode(
    vm: &mut Vm,
    o: &HostObject,
    mut decode: impl FnMut(&mut Vm, &Wire) -> PyResult<Value>,
) -> PyResult<Value> {
    // (the wire checks what it reads; a host building values in Rust
    // skips that, so it is checked again here)
    o.validate().map_err(PyErr::value_error)?;
    let mut attrs = Vec::with_capacity(o.attrs.len());
    for (name, w) in &o.attrs {
        attrs.push((name.clone(), decode(vm, w)?));
    }
    let spec = HostObjectSpec {
        id: o.id,
        class: o.class.clone(),
        attrs,
        methods: o
            .methods
            .iter()
            .map(|m| MethodSpec {
                name: m.name.clone(),
                is_async: m.is_async,
            })
            .collect(),
    };
    entry::host_object(vm, spec).map_err(PyErr::value_error)
}

/// The reference form of `v`, if it is a host object of this run.
pub fn encode(vm: &Vm, v: Value) -> Option<Wire> {
    let (id, class) = entry::host_object_of(vm, v)?;
    Some(Wire::Object(HostObject::new(id, class)))
}

/// `call` as the boundary announces it, when it is a call of a host
/// object's method (the library names it `Class.method`, with the object
/// as its first argument): the method's name, the object's id and class,
/// the other arguments.
pub fn method_call(vm: &Vm, call: &PendingCall) -> Option<(String, u64, String)> {
    let (class, method) = call.name.split_once('.')?;
    let (id, actual) = entry::host_object_of(vm, *call.args.first()?)?;
    (actual == class).then(|| (method.to_owned(), id, actual))
}

/// Fills in the method-call fields of `wire` (made from `call` with every
/// argument) when `call` is a method call.
pub fn mark_method_call(vm: &Vm, call: &PendingCall, wire: &mut Call) {
    if let Some((method, id, class)) = method_call(vm, call) {
        wire.name = method;
        wire.object = Some(id);
        wire.class = Some(class);
        wire.method_call = true;
        wire.args.remove(0);
    }
}
