//! `sys` objects that are not plain values: the struct sequences
//! `sys.version_info`, `sys.float_info` and `sys.flags` (tuples with named
//! fields, CPython's *structseq*)
//! and the `sys.stdout`/`sys.stderr` stream objects (`_io.TextIOWrapper`).
//! Their `NativeType` implementations are at the end of this file.

use super::native::{call_method, has_method, Method};
pub use super::structseq_data::SeqKind;
use crate::object::{HashKey, Obj, ObjId, Value};
use crate::vm::{PyErr, PyResult, Vm};
use monty_compile::bytecode::{BinOp, CmpOp};

use super::objects::NativeObj;
use super::NativeId;
use crate::objects::native_of;

/// Methods of a struct sequence (the tuple ones plus `__getnewargs__`).
static SEQ_METHODS: &[Method] = methods_table![index, count, __getnewargs__ = getnewargs];

/// Methods of a stream object.
static STREAM_METHODS: &[Method] = methods_table![write, flush];

native! {
    /// `index(value, start=0, stop=sys.maxsize, /)`: the tuple method.
    builtin method index(vm, this, *args, **kwargs) {
        let t = as_tuple(vm, this);
        crate::builtins::methods::call_method(vm, t, "index", args, kwargs)
    }

    /// `count(value, /)`: the tuple method.
    builtin method count(vm, this, *args, **kwargs) {
        let t = as_tuple(vm, this);
        crate::builtins::methods::call_method(vm, t, "count", args, kwargs)
    }

    /// `__getnewargs__()`.
    builtin method getnewargs(vm, this) {
        let t = as_tuple(vm, this);
        Ok(vm.new_tuple(vec![t]))
    }

    /// `TextIOWrapper.write(s, /)` of `sys.stdout` / `sys.stderr`.
    builtin method write in "TextIOWrapper" (vm, this, s, /) {
        let Some(text) = crate::vm::as_str(&vm.heap, s).map(str::to_string) else {
            return Err(PyErr::type_error(format!(
                "write() argument must be str, not {}",
                vm.class_name(s)
            )));
        };
        let stream = stream_of(vm, this).unwrap_or(1);
        monty_vm::output::write(u32::from(stream), &text);
        Ok(Value::Int(text.chars().count() as i64))
    }

    /// `TextIOWrapper.flush()`.
    builtin method flush(vm, this, *args, **kwargs) {
        Ok(Value::None)
    }
}

/// The values of a struct sequence, or `None` if `v` is not one.
fn seq_values(vm: &Vm, v: Value) -> Option<Vec<Value>> {
    match v {
        Value::Ref(id) => match native_of(vm.heap.get(id)) {
            Some(NativeObj::StructSeq { values, .. }) => Some(values.clone()),
            _ => None,
        },
        _ => None,
    }
}

/// `v` as a plain tuple if it is a struct sequence, else unchanged.
fn as_tuple(vm: &mut Vm, v: Value) -> Value {
    match seq_values(vm, v) {
        Some(values) => vm.new_tuple(values),
        None => v,
    }
}

fn is_tuple(vm: &Vm, v: Value) -> bool {
    matches!(v, Value::Ref(id) if matches!(vm.heap.get(id), Obj::Tuple(_)))
}

/// A new struct sequence of `kind`.
pub fn new(vm: &mut Vm, kind: SeqKind, values: Vec<Value>) -> Value {
    vm.heap
        .new_value(Obj::from(NativeObj::StructSeq { kind, values }))
}

pub fn getattr(vm: &Vm, id: ObjId, name: &str) -> Option<Value> {
    let Some(NativeObj::StructSeq { kind, values }) = native_of(vm.heap.get(id)) else {
        return None;
    };
    let i = kind.fields().iter().position(|f| *f == name)?;
    values.get(i).copied()
}

pub fn repr(vm: &mut Vm, id: ObjId) -> PyResult<String> {
    let Some(NativeObj::StructSeq { kind, values }) = native_of(vm.heap.get(id)) else {
        unreachable!("a struct sequence")
    };
    let (kind, values) = (*kind, values.clone());
    let mut parts = Vec::with_capacity(values.len());
    for (f, v) in kind.fields().iter().zip(values) {
        parts.push(format!("{f}={}", vm.repr(v)?));
    }
    Ok(format!("{}({})", kind.type_name(), parts.join(", ")))
}

/// Comparisons of a struct sequence with a tuple or another one: as tuples.
pub fn compare(vm: &mut Vm, op: CmpOp, a: Value, b: Value) -> PyResult<Option<bool>> {
    let (sa, sb) = (seq_values(vm, a).is_some(), seq_values(vm, b).is_some());
    let a_ok = sa || is_tuple(vm, a);
    let b_ok = sb || is_tuple(vm, b);
    if !(sa || sb) || !a_ok || !b_ok {
        return Ok(None);
    }
    let (ta, tb) = (as_tuple(vm, a), as_tuple(vm, b));
    let r = vm.compare_op(op, ta, tb)?;
    vm.truthy(r).map(Some)
}

pub fn hash(vm: &mut Vm, id: ObjId) -> PyResult<HashKey> {
    let t = as_tuple(vm, Value::Ref(id));
    vm.hash_key(t)
}

/// `+` and `*` as on tuples (the result is a plain tuple).
pub fn binary(vm: &mut Vm, op: BinOp, a: Value, b: Value) -> PyResult<Option<Value>> {
    if !matches!(op, BinOp::Add | BinOp::Mul) {
        return Ok(None);
    }
    if seq_values(vm, a).is_none() && seq_values(vm, b).is_none() {
        return Ok(None);
    }
    let (ta, tb) = (as_tuple(vm, a), as_tuple(vm, b));
    vm.binary_op(op, ta, tb, false).map(Some)
}

pub fn len(vm: &Vm, id: ObjId) -> Option<usize> {
    seq_values(vm, Value::Ref(id)).map(|v| v.len())
}

pub fn iter(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    if seq_values(vm, Value::Ref(id)).is_none() {
        return Ok(None);
    }
    let t = as_tuple(vm, Value::Ref(id));
    vm.get_iter(t).map(Some)
}

pub fn getitem(vm: &mut Vm, id: ObjId, idx: Value) -> PyResult<Option<Value>> {
    if seq_values(vm, Value::Ref(id)).is_none() {
        return Ok(None);
    }
    let t = as_tuple(vm, Value::Ref(id));
    vm.get_item(t, idx).map(Some)
}

/// `sys.stdout.write(s)` / `flush()`.
/// The stream number a `print(file=...)` argument selects, if it is a stream.
pub fn stream_of(vm: &Vm, v: Value) -> Option<u8> {
    match v {
        Value::Ref(id) => match native_of(vm.heap.get(id)) {
            Some(NativeObj::Stream(n)) => Some(*n),
            _ => None,
        },
        _ => None,
    }
}

/// The class of stream objects (`type(sys.stdout)`): a hidden function of `sys`.
pub fn stream_class() -> NativeId {
    NativeId {
        module: super::module_index("sys"),
        func: 3,
    }
}

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// A struct sequence such as `sys.version_info`: a tuple with names.
pub struct StructSeqType;

impl np::NativeType for StructSeqType {
    fn type_name(o: &np::NativeObj) -> &'static str {
        match o {
            np::NativeObj::StructSeq { kind, .. } => kind.type_name(),
            _ => "object",
        }
    }

    fn for_each_child(o: &np::NativeObj, f: &mut dyn FnMut(np::Value)) {
        if let np::NativeObj::StructSeq { values, .. } = o {
            values.iter().for_each(|v| f(*v));
        }
    }

    fn getattr(vm: &mut np::Vm, id: np::ObjId, name: &str) -> np::PyResult<Option<np::Value>> {
        Ok(getattr(vm, id, name))
    }

    fn has_method(_: &np::Vm, _: np::ObjId, name: &str) -> bool {
        has_method(SEQ_METHODS, name)
    }

    fn call_method(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        args: Vec<np::Value>,
        kw: np::Kwargs,
    ) -> np::PyResult<Option<np::Value>> {
        // CPython qualifies the messages with the type's short name
        let owner = match np::obj(vm, id) {
            np::NativeObj::StructSeq { kind, .. } => {
                let full = kind.type_name();
                full.rsplit('.').next().unwrap_or(full)
            }
            _ => "",
        };
        call_method(SEQ_METHODS, owner, vm, np::Value::Ref(id), name, args, kw)
    }

    fn repr(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        repr(vm, id)
    }

    fn compare(
        vm: &mut np::Vm,
        op: np::CmpOp,
        a: np::Value,
        b: np::Value,
    ) -> np::PyResult<Option<bool>> {
        compare(vm, op, a, b)
    }

    fn hash(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<Option<np::HashKey>> {
        hash(vm, id).map(Some)
    }

    fn binary(
        vm: &mut np::Vm,
        op: np::BinOp,
        a: np::Value,
        b: np::Value,
        _inplace: bool,
    ) -> np::PyResult<Option<np::Value>> {
        binary(vm, op, a, b)
    }

    fn len(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<Option<usize>> {
        Ok(len(vm, id))
    }

    fn iter(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<Option<np::Value>> {
        iter(vm, id)
    }

    fn getitem(vm: &mut np::Vm, id: np::ObjId, idx: np::Value) -> np::PyResult<Option<np::Value>> {
        getitem(vm, id, idx)
    }
}

/// `sys.stdout` / `sys.stderr`.
pub struct StreamType;

impl np::NativeType for StreamType {
    fn type_name(_: &np::NativeObj) -> &'static str {
        "_io.TextIOWrapper"
    }

    fn has_method(_: &np::Vm, _: np::ObjId, name: &str) -> bool {
        has_method(STREAM_METHODS, name)
    }

    fn call_method(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        args: Vec<np::Value>,
        kw: np::Kwargs,
    ) -> np::PyResult<Option<np::Value>> {
        call_method(STREAM_METHODS, "", vm, np::Value::Ref(id), name, args, kw)
    }

    fn repr(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        let stderr = matches!(np::obj(vm, id), np::NativeObj::Stream(2));
        Ok(if stderr {
            "<_io.TextIOWrapper name='<stderr>' mode='w' encoding='utf-8'>".into()
        } else {
            "<_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'>".into()
        })
    }
}
