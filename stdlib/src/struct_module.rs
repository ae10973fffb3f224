//! `struct`: `pack`, `unpack`, `calcsize`, `iter_unpack`, `unpack_from`,
//! `pack_into`, the `Struct` class (a native object holding its format)
//! and `struct.error` (a class made at import), with CPython's argument
//! handling and messages. Formats and the byte conversions are in
//! [`super::struct_codec`].

use super::native::{call_method, has_method, receiver, Method};
use super::objects::NativeObj;
use super::struct_codec::{self as codec, Layout};
use super::{ModuleDef, NativeId};
use crate::object::bytes::as_bytes;
use crate::object::{ExcType, Exception, Obj, Value};
use crate::objects::native_of;
use crate::vm::{as_str, PyErr, PyResult, Vm};
use crate::ImportVm;

/// Raises `struct.error(msg)`.
fn error(vm: &mut Vm, msg: String) -> PyErr {
    let cls = vm
        .import_module("struct")
        .and_then(|m| vm.get_attr(m, "error"));
    let Ok(Value::Ref(cls)) = cls else {
        return PyErr::new(ExcType::Exception, msg);
    };
    let arg = vm.new_str(msg);
    let mut e = Exception::new(ExcType::Exception, vec![arg]);
    e.class = Some(cls);
    PyErr::Raise(vm.heap.new_value(Obj::Exception(Box::new(e))))
}

/// The text of a format argument (str, or bytes as ASCII).
fn format_text(vm: &Vm, fmt: Value) -> PyResult<String> {
    if let Some(s) = as_str(&vm.heap, fmt) {
        return Ok(s.to_string());
    }
    match fmt {
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::Bytes(_)) => {
            let b = as_bytes(&vm.heap, fmt).unwrap_or_default();
            Ok(b.iter().map(|&c| c as char).collect())
        }
        _ => {
            // CPython names the type by its short name here
            let name = vm.class_name(fmt);
            let short = name.rsplit('.').next().unwrap_or(&name);
            Err(PyErr::type_error(format!(
                "Struct() argument 1 must be a str or bytes object, not {short}"
            )))
        }
    }
}

/// The layout of a format argument.
fn layout_of(vm: &mut Vm, fmt: Value) -> PyResult<Layout> {
    // CPython looks the format up in its cache first
    vm.hash_key(fmt)?;
    let text = format_text(vm, fmt)?;
    Layout::parse(&text).map_err(|m| error(vm, m))
}

/// The contents of a bytes-like argument.
fn buffer_of(vm: &Vm, v: Value) -> PyResult<Vec<u8>> {
    as_bytes(&vm.heap, v).map(<[u8]>::to_vec).ok_or_else(|| {
        PyErr::type_error(format!(
            "a bytes-like object is required, not '{}'",
            vm.class_name(v)
        ))
    })
}

fn do_pack(vm: &mut Vm, layout: &Layout, what: &str, args: &[Value]) -> PyResult<Vec<u8>> {
    if args.len() != layout.nargs {
        return Err(error(
            vm,
            format!(
                "{what} expected {} items for packing (got {})",
                layout.nargs,
                args.len()
            ),
        ));
    }
    codec::pack(vm, layout, args).map_err(|e| match e {
        Ok(msg) => error(vm, msg),
        Err(e) => e,
    })
}

fn do_unpack(vm: &mut Vm, layout: &Layout, buffer: Value) -> PyResult<Value> {
    let data = buffer_of(vm, buffer)?;
    if data.len() != layout.size {
        return Err(error(
            vm,
            format!("unpack requires a buffer of {} bytes", layout.size),
        ));
    }
    let items = codec::unpack(vm, layout, &data);
    Ok(vm.new_tuple(items))
}

fn do_unpack_from(
    vm: &mut Vm,
    layout: &Layout,
    buffer: Value,
    offset: Option<Value>,
) -> PyResult<Value> {
    let data = buffer_of(vm, buffer)?;
    let mut offset = match offset {
        Some(o) => vm.index_arg_mut(o)?,
        None => 0,
    };
    let len = data.len() as i64;
    if offset < 0 {
        if offset + len < 0 {
            return Err(error(
                vm,
                format!("offset {offset} out of range for {len}-byte buffer"),
            ));
        }
        offset += len;
    }
    let size = layout.size as i64;
    if len - offset < size {
        return Err(error(
            vm,
            format!(
                "unpack_from requires a buffer of at least {} bytes for unpacking {size} bytes at offset {offset} (actual buffer size is {len})",
                size + offset
            ),
        ));
    }
    let start = offset as usize;
    let items = codec::unpack(vm, layout, &data[start..start + layout.size]);
    Ok(vm.new_tuple(items))
}

fn do_iter_unpack(vm: &mut Vm, layout: &Layout, buffer: Value) -> PyResult<Value> {
    let data = buffer_of(vm, buffer)?;
    if layout.size == 0 {
        return Err(error(
            vm,
            "cannot iteratively unpack with a struct of length 0".into(),
        ));
    }
    if data.len() % layout.size != 0 {
        return Err(error(
            vm,
            format!(
                "iterative unpacking requires a buffer of a multiple of {} bytes",
                layout.size
            ),
        ));
    }
    let mut tuples = Vec::with_capacity(data.len() / layout.size);
    for chunk in data.chunks(layout.size) {
        let items = codec::unpack(vm, layout, chunk);
        tuples.push(vm.new_tuple(items));
    }
    let list = vm.new_list(tuples);
    vm.get_iter(list)
}

/// `pack_into(buffer, offset, *v)` after the format.
fn do_pack_into(vm: &mut Vm, layout: &Layout, args: &[Value]) -> PyResult<Value> {
    if args.len() != layout.nargs + 2 {
        let msg = match args.len() {
            0 => "pack_into expected buffer argument".to_string(),
            1 => "pack_into expected offset argument".to_string(),
            n => format!(
                "pack_into expected {} items for packing (got {})",
                layout.nargs,
                n - 2
            ),
        };
        return Err(error(vm, msg));
    }
    let buffer = args[0];
    let Some(len) = (match buffer {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::ByteArray(b) => Some(b.len() as i64),
            _ => None,
        },
        _ => None,
    }) else {
        return Err(PyErr::type_error(format!(
            "argument must be read-write bytes-like object, not {}",
            vm.class_name(buffer)
        )));
    };
    let mut offset = vm.index_arg_mut(args[1])?;
    let size = layout.size as i64;
    if offset < 0 {
        if offset + size > 0 {
            return Err(error(
                vm,
                format!("no space to pack {size} bytes at offset {offset}"),
            ));
        }
        if offset + len < 0 {
            return Err(error(
                vm,
                format!("offset {offset} out of range for {len}-byte buffer"),
            ));
        }
        offset += len;
    }
    if len - offset < size {
        return Err(error(
            vm,
            format!(
                "pack_into requires a buffer of at least {} bytes for packing {size} bytes at offset {offset} (actual buffer size is {len})",
                size + offset
            ),
        ));
    }
    let values = &args[2..];
    if values.len() != layout.nargs {
        return Err(error(
            vm,
            format!(
                "pack_into expected {} items for packing (got {})",
                layout.nargs,
                values.len()
            ),
        ));
    }
    // CPython zeroes the region, then writes item by item: a failing
    // item leaves the ones before it written
    let mut bytes = vec![0u8; layout.size];
    let r = codec::pack_to(vm, layout, values, &mut bytes);
    if matches!(r, Err(Err(PyErr::Suspend))) {
        return Err(PyErr::Suspend);
    }
    if let Value::Ref(id) = buffer {
        if let Obj::ByteArray(b) = vm.heap.get_mut(id) {
            let start = offset as usize;
            b[start..start + bytes.len()].copy_from_slice(&bytes);
        }
    }
    r.map_err(|e| match e {
        Ok(msg) => error(vm, msg),
        Err(e) => e,
    })?;
    Ok(Value::None)
}

native! {
    /// `struct.pack(format, /, *v)`.
    builtin fn pack(vm, *args) {
        let Some((&fmt, rest)) = args.split_first() else {
            return Err(PyErr::type_error("missing format argument"));
        };
        let layout = layout_of(vm, fmt)?;
        let out = do_pack(vm, &layout, "pack", rest)?;
        Ok(vm.new_bytes(out))
    }

    /// `struct.pack_into(format, buffer, offset, /, *v)`.
    builtin fn pack_into(vm, *args) {
        let Some((&fmt, rest)) = args.split_first() else {
            return Err(PyErr::type_error("missing format argument"));
        };
        let layout = layout_of(vm, fmt)?;
        do_pack_into(vm, &layout, rest)
    }

    /// `struct.unpack(format, buffer, /)`.
    unpack fn unpack(vm, format, buffer, /) {
        let layout = layout_of(vm, format)?;
        do_unpack(vm, &layout, buffer)
    }

    /// `struct.unpack_from(format, /, buffer, offset=0)`.
    keywords fn unpack_from(vm, format, buffer, offset?) {
        let layout = layout_of(vm, format)?;
        do_unpack_from(vm, &layout, buffer, offset)
    }

    /// `struct.iter_unpack(format, buffer, /)`: an iterator of tuples.
    unpack fn iter_unpack(vm, format, buffer, /) {
        let layout = layout_of(vm, format)?;
        do_iter_unpack(vm, &layout, buffer)
    }

    /// `struct.calcsize(format, /)`.
    builtin fn calcsize in "_struct" (vm, format, /) {
        let layout = layout_of(vm, format)?;
        Ok(Value::Int(layout.size as i64))
    }

    /// `struct.Struct(format)`.
    keywords fn new_struct as "Struct" (vm, format) {
        let text = format_text(vm, format)?;
        Layout::parse(&text).map_err(|m| error(vm, m))?;
        Ok(vm.heap.new_value(Obj::from(NativeObj::Struct(Box::new(text)))))
    }
}

/// The layout of a `Struct` method's receiver.
fn own_layout(vm: &mut Vm, this: Value) -> PyResult<Layout> {
    let text = match native_of(vm.heap.get(receiver(this))) {
        Some(NativeObj::Struct(s)) => s.to_string(),
        _ => unreachable!("a Struct"),
    };
    Layout::parse(&text).map_err(|m| error(vm, m))
}

/// The methods of `Struct` objects.
static METHODS: &[Method] = methods_table![
    pack = s_pack,
    pack_into = s_pack_into,
    unpack = s_unpack,
    unpack_from = s_unpack_from,
    iter_unpack = s_iter_unpack,
];

native! {
    /// `Struct.pack(*v)`.
    builtin method s_pack(vm, this, *args) {
        let layout = own_layout(vm, this)?;
        let out = do_pack(vm, &layout, "pack", &args)?;
        Ok(vm.new_bytes(out))
    }

    /// `Struct.pack_into(buffer, offset, *v)`.
    builtin method s_pack_into(vm, this, *args) {
        let layout = own_layout(vm, this)?;
        do_pack_into(vm, &layout, &args)
    }

    /// `Struct.unpack(buffer, /)`.
    builtin method s_unpack(vm, this, buffer, /) {
        let layout = own_layout(vm, this)?;
        do_unpack(vm, &layout, buffer)
    }

    /// `Struct.unpack_from(buffer, offset=0)`.
    keywords method s_unpack_from as "unpack_from" (vm, this, buffer, offset?) {
        let layout = own_layout(vm, this)?;
        do_unpack_from(vm, &layout, buffer, offset)
    }

    /// `Struct.iter_unpack(buffer, /)`.
    builtin method s_iter_unpack(vm, this, buffer, /) {
        let layout = own_layout(vm, this)?;
        do_iter_unpack(vm, &layout, buffer)
    }
}

fn index() -> u16 {
    crate::module_index("struct")
}

/// The `Struct` class: its constructor's id.
pub fn class_id() -> NativeId {
    let func = MODULE
        .funcs
        .iter()
        .position(|f| f.name == "Struct")
        .expect("Struct") as u16;
    NativeId {
        module: index(),
        func,
    }
}

/// `type(x)` of a native object, if it is a `Struct`.
pub fn class_of(o: &NativeObj) -> Option<NativeId> {
    matches!(o, NativeObj::Struct(_)).then(class_id)
}

/// `repr(struct.Struct)`.
pub fn class_repr(t: NativeId) -> Option<String> {
    (t == class_id()).then(|| "<class '_struct.Struct'>".to_string())
}

/// `isinstance(v, struct.Struct)`.
pub fn isinstance(vm: &Vm, v: Value, t: NativeId) -> Option<bool> {
    (t == class_id()).then(|| {
        matches!(v, Value::Ref(id) if matches!(native_of(vm.heap.get(id)), Some(NativeObj::Struct(_))))
    })
}

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    let mut ns = crate::object::Dict::new();
    let key = vm.new_str("__module__");
    let module = vm.new_str("struct");
    ns.insert(
        crate::object::HashKey::Str("__module__".into()),
        key,
        module,
    );
    let ns = vm.heap.new_value(Obj::Dict(Box::new(ns)));
    if let Ok(cls) = vm.build_class(
        "error".into(),
        "error".into(),
        vec![Value::ExcType(ExcType::Exception)],
        ns,
    ) {
        attrs.push(("error".into(), cls));
    }
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "struct",
    funcs: natives_table![
        pack,
        pack_into,
        unpack,
        unpack_from,
        iter_unpack,
        calcsize,
        Struct = new_struct,
    ],
    init,
};

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// `struct.Struct`.
pub struct StructType;

impl np::NativeType for StructType {
    fn type_name(_: &np::NativeObj) -> &'static str {
        "_struct.Struct"
    }

    fn getattr(vm: &mut np::Vm, id: np::ObjId, name: &str) -> np::PyResult<Option<np::Value>> {
        let np::NativeObj::Struct(text) = np::obj(vm, id) else {
            return Ok(None);
        };
        let text = text.to_string();
        Ok(match name {
            "format" => Some(vm.new_str(text)),
            "size" => {
                let layout = Layout::parse(&text).map_err(|m| error(vm, m))?;
                Some(Value::Int(layout.size as i64))
            }
            _ => None,
        })
    }

    fn has_method(_: &np::Vm, _: np::ObjId, name: &str) -> bool {
        has_method(METHODS, name)
    }

    fn call_method(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        args: Vec<np::Value>,
        kw: np::Kwargs,
    ) -> np::PyResult<Option<np::Value>> {
        call_method(METHODS, "Struct", vm, np::Value::Ref(id), name, args, kw)
    }

    fn repr(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        let np::NativeObj::Struct(text) = np::obj(vm, id) else {
            unreachable!("a Struct")
        };
        Ok(format!("Struct({})", crate::vm::repr::str_repr(text)))
    }
}
