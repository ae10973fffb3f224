//! Dataclass and namedtuple instances as the boundary carries them
//! (`{"$dataclass": ...}`, `{"$namedtuple": ...}`): what an instance's
//! record is (its class's name, its fields in order, frozen), and the
//! class and instance a record from the host becomes.
//!
//! A record from the host is an instance of the program's own class when
//! a global of the program names a dataclass (namedtuple) class of that
//! name with exactly those fields; else of a class made here, with
//! `dataclasses.dataclass` (`collections.namedtuple`), once per name,
//! fields and frozenness in a run: the classes made are kept in the hidden
//! global [`CACHE_SLOT`], so a snapshot carries them. The instance gets
//! its fields set directly, as `copy.copy` or unpickling would: neither
//! `__init__` nor `__post_init__` runs (so a frozen class works, and a
//! program's validation in `__post_init__` does not).
//!
//! Inputs are built before the program runs, so before it defines its
//! classes: a class made for a record is replaced by the program's own
//! once the program defines a dataclass (namedtuple) class of that name
//! and fields ([`adopt`], called by `@dataclass` and `namedtuple`). The
//! instances made so far become instances of the program's class, so
//! `isinstance(order, Order)` holds for an input too.

use crate::collections::namedtuple;
use crate::native_class::module_attr;
use crate::object::{Dict, HashKey, Obj, ObjId, Value};
use crate::vm::{PyErr, Vm};

use std::cell::Cell;

/// The hidden global (`Vm::hidden_global`) holding the classes made for
/// records: a dict from a key naming the kind, name, fields and
/// frozenness to the class.
const CACHE_SLOT: &str = "<wire records>";

thread_local! {
    /// Set while [`record_class`] makes a class, which [`adopt`] then
    /// leaves alone.
    static MAKING: Cell<bool> = const { Cell::new(false) };
}

/// The cache's key for a record class: its kind, name, fields (as a set:
/// a record's fields may come in any order) and frozenness.
fn cache_key(kind: RecordKind, name: &str, fields: &[String]) -> String {
    let mut sorted: Vec<&str> = fields.iter().map(String::as_str).collect();
    sorted.sort_unstable();
    let fields = sorted.join(",");
    match kind {
        RecordKind::Dataclass { frozen } => format!("dataclass {name}({fields}) frozen={frozen}"),
        RecordKind::NamedTuple => format!("namedtuple {name}({fields})"),
    }
}

/// What a record is an instance of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordKind {
    /// A dataclass, frozen or not.
    Dataclass { frozen: bool },
    /// A namedtuple.
    NamedTuple,
}

impl RecordKind {
    fn noun(self) -> &'static str {
        match self {
            RecordKind::Dataclass { .. } => "dataclass",
            RecordKind::NamedTuple => "namedtuple",
        }
    }
}

/// An instance's record: its class's name, its fields and values in order.
pub struct RecordParts {
    pub kind: RecordKind,
    pub name: String,
    pub fields: Vec<(String, Value)>,
}

/// The record of `v` when it is an instance of a dataclass (fields as
/// `dataclasses.fields()` lists them) or of a namedtuple class (its
/// `_fields`). `None` for anything else, and for a dataclass instance
/// missing one of its fields (deleted, or never set), which has no
/// faithful record.
pub fn record_parts(vm: &Vm, v: Value) -> Option<RecordParts> {
    let Value::Ref(id) = v else { return None };
    let Obj::Instance(inst) = vm.heap.get(id) else {
        return None;
    };
    let Obj::Class(cls) = vm.heap.get(inst.class) else {
        return None;
    };
    if let Some(info) = &cls.dataclass {
        let mut fields = Vec::with_capacity(info.fields.len());
        for f in &info.fields {
            // (an `init=False` field may be read from its class's default)
            let value = inst.attrs.get_str(&f.name).or_else(|| {
                cls.mro.iter().find_map(|c| match vm.heap.get(*c) {
                    Obj::Class(c) => c.attrs.get_str(&f.name),
                    _ => None,
                })
            })?;
            fields.push((f.name.clone(), value));
        }
        return Some(RecordParts {
            kind: RecordKind::Dataclass {
                frozen: info.frozen,
            },
            name: cls.name.clone(),
            fields,
        });
    }
    let names = cls.mro.iter().find_map(|c| match vm.heap.get(*c) {
        Obj::Class(c) => c.namedtuple.as_ref().map(|(f, _)| f),
        _ => None,
    })?;
    let fields = names
        .iter()
        .map(|f| (f.clone(), inst.attrs.get_str(f).unwrap_or(Value::None)))
        .collect();
    Some(RecordParts {
        kind: RecordKind::NamedTuple,
        name: cls.name.clone(),
        fields,
    })
}

/// The field names of class `cid` as a record of `kind`, if it is one.
fn class_fields(vm: &Vm, cid: ObjId, kind: RecordKind) -> Option<Vec<String>> {
    let Obj::Class(cls) = vm.heap.get(cid) else {
        return None;
    };
    match kind {
        RecordKind::Dataclass { .. } => cls
            .dataclass
            .as_ref()
            .map(|i| i.fields.iter().map(|f| f.name.clone()).collect()),
        RecordKind::NamedTuple => cls.mro.iter().find_map(|c| match vm.heap.get(*c) {
            Obj::Class(c) => c.namedtuple.as_ref().map(|(f, _)| f.clone()),
            _ => None,
        }),
    }
}

fn quoted(names: &[&String]) -> String {
    names
        .iter()
        .map(|n| format!("'{n}'"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The program's global class `name`, if it has one, checked against the
/// record's fields: `Err` names what does not match.
fn program_class(
    vm: &Vm,
    kind: RecordKind,
    name: &str,
    fields: &[String],
) -> Result<Option<ObjId>, String> {
    let Some(i) = vm.program.globals.iter().position(|n| n == name) else {
        return Ok(None);
    };
    let Value::Ref(cid) = vm.globals[i] else {
        return Ok(None);
    };
    if !matches!(vm.heap.get(cid), Obj::Class(_)) {
        return Ok(None);
    }
    let noun = kind.noun();
    let Some(own) = class_fields(vm, cid, kind) else {
        return Err(format!(
            "the program's class {name} is not a {noun}, so a {noun} {name} cannot be made"
        ));
    };
    let unknown: Vec<&String> = fields.iter().filter(|f| !own.contains(f)).collect();
    let missing: Vec<&String> = own.iter().filter(|f| !fields.contains(f)).collect();
    if unknown.is_empty() && missing.is_empty() {
        return Ok(Some(cid));
    }
    let mut what = Vec::new();
    if !unknown.is_empty() {
        let s = if unknown.len() == 1 { "" } else { "s" };
        what.push(format!("unknown field{s} {}", quoted(&unknown)));
    }
    if !missing.is_empty() {
        let s = if missing.len() == 1 { "" } else { "s" };
        what.push(format!("missing field{s} {}", quoted(&missing)));
    }
    Err(format!(
        "the {noun} {name} does not match the program's class {name}: {}",
        what.join(", ")
    ))
}

/// Why `name` cannot name a class or field made here, if it cannot.
fn bad_name(name: &str, what: &str) -> Option<String> {
    if !monty_vm::unicode::is_identifier(name) {
        return Some(format!("{what} {name:?} is not a Python identifier"));
    }
    if namedtuple::is_keyword(name) {
        return Some(format!("{what} {name:?} is a Python keyword"));
    }
    None
}

/// The class a record from the host is an instance of: the program's
/// own, or one made (or made before) for it.
///
/// # Errors
/// A message saying what is wrong with the record.
pub fn record_class(
    vm: &mut Vm,
    kind: RecordKind,
    name: &str,
    fields: &[String],
) -> Result<ObjId, String> {
    let noun = kind.noun();
    if let Some(why) = bad_name(name, &format!("the {noun} name")) {
        return Err(why);
    }
    if monty_vm::builtins::lookup(name).is_some() {
        return Err(format!(
            "the {noun} name {name:?} is the name of a builtin, not of a class the program can have"
        ));
    }
    for f in fields {
        if let Some(why) = bad_name(f, &format!("the {noun} {name} has a field name that")) {
            return Err(why.replace(" that \"", " \""));
        }
        if kind == RecordKind::NamedTuple && f.starts_with('_') {
            return Err(format!(
                "the namedtuple {name} has a field name starting with an underscore: {f:?}"
            ));
        }
    }
    if let Some(cid) = program_class(vm, kind, name, fields)? {
        return Ok(cid);
    }
    let key = cache_key(kind, name, fields);
    let cache = match vm.hidden_global(CACHE_SLOT) {
        Some(d) => d,
        None => {
            let d = vm.heap.new_value(Obj::Dict(Box::new(Dict::new())));
            vm.set_hidden_global(CACHE_SLOT, d);
            d
        }
    };
    let Value::Ref(cache_id) = cache else {
        unreachable!("the cache is a dict")
    };
    if let Obj::Dict(d) = vm.heap.get(cache_id) {
        if let Some(Value::Ref(cid)) = d.get_str(&key) {
            return Ok(cid);
        }
    }
    MAKING.with(|m| m.set(true));
    let made = match kind {
        RecordKind::Dataclass { frozen } => make_dataclass(vm, name, fields, frozen),
        RecordKind::NamedTuple => {
            let typename = vm.new_str(name);
            let names: Vec<Value> = fields.iter().map(|f| vm.new_str(f.clone())).collect();
            let names = vm.new_list(names);
            namedtuple::make_class(vm, typename, names, None, None, None)
        }
    };
    MAKING.with(|m| m.set(false));
    let cls = made.map_err(|e| match e {
        PyErr::Msg(_, m) => format!("cannot make the {noun} {name}: {m}"),
        _ => format!("cannot make the {noun} {name}"),
    })?;
    let Value::Ref(cid) = cls else {
        return Err(format!("cannot make the {noun} {name}"));
    };
    let k = vm.new_str(key.clone());
    if let Obj::Dict(d) = vm.heap.get_mut(cache_id) {
        d.insert(HashKey::Str(key.as_str().into()), k, cls);
    }
    Ok(cid)
}

/// `@dataclass(frozen=frozen) class <name>: <field>: 'typing.Any' ...`,
/// as `dataclasses.make_dataclass` would make it.
fn make_dataclass(
    vm: &mut Vm,
    name: &str,
    fields: &[String],
    frozen: bool,
) -> crate::vm::PyResult<Value> {
    let mut annotations = Dict::with_capacity(fields.len());
    for f in fields {
        let k = vm.new_str(f.clone());
        let t = vm.new_str("typing.Any");
        annotations.insert(HashKey::Str(f.as_str().into()), k, t);
    }
    let annotations = vm.heap.new_value(Obj::Dict(Box::new(annotations)));
    let mut ns = Dict::new();
    for (k, v) in [
        ("__annotations__", annotations),
        ("__module__", vm.new_str("__main__")),
        ("__qualname__", vm.new_str(name)),
    ] {
        let key = vm.new_str(k);
        ns.insert(HashKey::Str(k.into()), key, v);
    }
    let ns = vm.heap.new_value(Obj::Dict(Box::new(ns)));
    let cls = vm.build_class(name.to_string(), name.to_string(), Vec::new(), ns)?;
    let decorate = module_attr(vm, "dataclasses", "dataclass")?;
    vm.call_value(
        decorate,
        vec![cls],
        vec![("frozen".to_string(), Value::Bool(frozen))],
    )
}

/// An instance of class `cid` with `fields` set directly (no `__init__`).
pub fn record_instance(vm: &mut Vm, cid: ObjId, fields: Vec<(String, Value)>) -> Value {
    // (in the class's field order, as `__init__` would have set them)
    let order = class_fields(vm, cid, RecordKind::NamedTuple)
        .or_else(|| class_fields(vm, cid, RecordKind::Dataclass { frozen: false }))
        .unwrap_or_default();
    let mut fields = fields;
    fields.sort_by_key(|(f, _)| order.iter().position(|o| o == f).unwrap_or(usize::MAX));
    vm.raw_instance(cid, fields.iter().map(|(f, v)| (f.as_str(), *v)))
}

/// Called when the program makes dataclass or namedtuple class `cid`:
/// if a class was made for records of its name and fields, the records
/// made so far become instances of `cid`, and later ones too.
pub(crate) fn adopt(vm: &mut Vm, cid: ObjId) {
    if MAKING.with(Cell::get) {
        return;
    }
    let Some(Value::Ref(cache_id)) = vm.hidden_global(CACHE_SLOT) else {
        return;
    };
    let (kinds, name) = match vm.heap.get(cid) {
        Obj::Class(c) if c.dataclass.is_some() => (
            vec![
                RecordKind::Dataclass { frozen: false },
                RecordKind::Dataclass { frozen: true },
            ],
            c.name.clone(),
        ),
        Obj::Class(c) => (vec![RecordKind::NamedTuple], c.name.clone()),
        _ => return,
    };
    let Some(fields) = class_fields(vm, cid, kinds[0]) else {
        return;
    };
    for kind in kinds {
        let key = cache_key(kind, &name, &fields);
        let old = match vm.heap.get(cache_id) {
            Obj::Dict(d) => d.get_str(&key),
            _ => None,
        };
        let Some(Value::Ref(old)) = old else { continue };
        if old == cid {
            continue;
        }
        let members: Vec<u32> = vm
            .heap
            .slots()
            .iter()
            .enumerate()
            .filter_map(|(i, slot)| match slot {
                Some(Obj::Instance(inst)) if inst.class == old => Some(i as u32),
                _ => None,
            })
            .collect();
        for i in members {
            if let Obj::Instance(inst) = vm.heap.get_mut(ObjId(i)) {
                inst.class = cid;
            }
        }
        let k = vm.new_str(key.clone());
        if let Obj::Dict(d) = vm.heap.get_mut(cache_id) {
            d.insert(HashKey::Str(key.as_str().into()), k, Value::Ref(cid));
        }
    }
}
