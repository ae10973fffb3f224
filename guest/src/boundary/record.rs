//! Dataclass and namedtuple instances at the boundary: the `$dataclass` /
//! `$namedtuple` records of [`monty_wire::Value`] read off the heap and
//! built on it (the classes and instances themselves are the library's,
//! `monty_stdlib::entry::record_*`), and the one error the encoding can
//! have: a reference cycle through such an instance.
//!
//! A cycle through a list or a dict alone is sent as it always was (cut
//! at `value.rs`'s depth limit, `{"$repr": "..."}`); a cycle through a
//! record is refused ([`try_to_wire`]): a returned value with one fails
//! the run with `ValueError`, a call argument with one makes the call
//! raise `ValueError` in the program. A record counts as four levels of
//! `value.rs`'s depth limit (its JSON nesting), so a deep chain of records
//! is cut (`{"$repr": "..."}`) before the hosts' JSON readers refuse it.

use std::cell::RefCell;

use monty_wire::Value as Wire;

use crate::modules::entry::{self, RecordKind};
use crate::object::{ObjId, Value};
use crate::vm::{PyErr, PyResult, Vm};

use super::value::{decode, encode, to_wire};

/// How much deeper a record's field values sit in the JSON than the
/// record: `{"$dataclass": {"fields": [["name", value]]}}` is four levels
/// (the depth limit of `value.rs` is there for the hosts' JSON readers).
const RECORD_DEPTH: usize = 4;

thread_local! {
    /// The records being encoded, outermost first (the path to the value
    /// being encoded now).
    static ON_PATH: RefCell<Vec<ObjId>> = const { RefCell::new(Vec::new()) };
    /// The first cycle met since [`try_to_wire`] began, as its message.
    static CYCLE: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// `v` as the boundary carries it, or the message of the `ValueError`
/// for a value with a reference cycle through a dataclass or namedtuple
/// instance.
pub fn try_to_wire(vm: &mut Vm, v: Value) -> Result<Wire, String> {
    ON_PATH.with(|p| p.borrow_mut().clear());
    CYCLE.with(|c| c.borrow_mut().take());
    let w = to_wire(vm, v);
    match CYCLE.with(|c| c.borrow_mut().take()) {
        Some(message) => Err(message),
        None => Ok(w),
    }
}

/// The record of instance `v` (heap object `id`), if it is a dataclass or
/// namedtuple instance.
pub(super) fn encode_record(vm: &mut Vm, v: Value, id: ObjId, depth: usize) -> Option<Wire> {
    let parts = entry::record_parts(vm, v)?;
    if ON_PATH.with(|p| p.borrow().contains(&id)) {
        CYCLE.with(|c| {
            c.borrow_mut().get_or_insert_with(|| {
                format!(
                    "cannot send a value with a reference cycle to the host: \
                     a {} instance contains itself",
                    parts.name
                )
            });
        });
        return Some(Wire::Repr("...".into()));
    }
    ON_PATH.with(|p| p.borrow_mut().push(id));
    let fields = parts
        .fields
        .into_iter()
        .map(|(f, x)| (f, encode(vm, x, depth + RECORD_DEPTH)))
        .collect();
    ON_PATH.with(|p| p.borrow_mut().pop());
    Some(match parts.kind {
        RecordKind::Dataclass { frozen } => Wire::Dataclass {
            name: parts.name,
            fields,
            frozen,
        },
        RecordKind::NamedTuple => Wire::NamedTuple {
            name: parts.name,
            fields,
        },
    })
}

/// A `$dataclass` / `$namedtuple` record from the host as an instance.
///
/// # Errors
/// `ValueError` saying what is wrong with the record (its name, its
/// fields against the program's class of that name), or the error of a
/// field's value.
pub(super) fn decode_record(vm: &mut Vm, w: &Wire, depth: usize) -> PyResult<Value> {
    let (kind, name, fields) = match w {
        Wire::Dataclass {
            name,
            fields,
            frozen,
        } => (RecordKind::Dataclass { frozen: *frozen }, name, fields),
        Wire::NamedTuple { name, fields } => (RecordKind::NamedTuple, name, fields),
        _ => unreachable!("only records come here"),
    };
    let names: Vec<String> = fields.iter().map(|(f, _)| f.clone()).collect();
    let cid = entry::record_class(vm, kind, name, &names).map_err(PyErr::value_error)?;
    let mut values = Vec::with_capacity(fields.len());
    for (f, x) in fields {
        values.push((f.clone(), decode(vm, x, depth + RECORD_DEPTH)?));
    }
    Ok(entry::record_instance(vm, cid, values))
}
