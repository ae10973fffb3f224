//! The Python face of contexts: `Context(...)` with CPython's argument
//! checks, its attributes (its methods are in `ctxmethods.rs`), `getcontext`,
//! `setcontext`, `localcontext` (a manager object restoring the previous
//! context on exit), `IEEEContext`, the `flags`/`traps` signal dicts
//! (live views of their context) and the `DecimalTuple` class.

use super::context::*;
use super::ops::{rounding_arg, rounding_error};
use super::{ctx_mut, ctx_of, new_ctx, signal_bit, SIGNAL_NAMES};
use crate::builtins::Args;
use crate::native::{receiver, Method};
use crate::object::{ExcType, Instance, Obj, ObjId, Value};
use crate::objects::NativeObj;
use crate::objects::{native_of, native_of_mut};
use crate::vm::{PyErr, PyResult, Vm};

/// `collections.namedtuple('DecimalTuple', 'sign digits exponent', module='decimal')`.
pub fn make_decimal_tuple(vm: &mut Vm) -> Value {
    let name = vm.new_str("DecimalTuple");
    let fields = vm.new_str("sign digits exponent");
    let module = vm.new_str("decimal");
    let a = Args::new(
        "namedtuple",
        vec![name, fields],
        vec![("module".into(), module)],
    );
    crate::collections::namedtuple(vm, a).unwrap_or(Value::None)
}

/// An instance of the `DecimalTuple` class `cls`.
pub fn new_decimal_tuple(vm: &mut Vm, cls: Value, values: Vec<Value>) -> PyResult<Value> {
    let Value::Ref(cid) = cls else {
        return Ok(vm.new_tuple(values));
    };
    let inst = vm.heap.new_value(Obj::Instance(Instance {
        class: cid,
        attrs: Default::default(),
    }));
    vm.namedtuple_init(cid, inst, values, Vec::new())?;
    Ok(inst)
}

fn ctx_data(vm: &Vm, id: ObjId) -> Ctx {
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::DecContext(c)) => (**c).clone(),
        _ => unreachable!("a Context"),
    }
}

native! {
    /// `Context(prec=None, rounding=None, Emin=None, Emax=None,
    /// capitals=None, clamp=None, flags=None, traps=None)`.
    #[allow(non_snake_case)] // CPython's keyword names
    pub keywords fn context_new as "" (
        vm, prec?, rounding?, Emin?, Emax?, capitals?, clamp?, flags?, traps?
    ) {
        let c = super::default_template(vm);
        let v = new_ctx(vm, c);
        let fields = [prec, rounding, Emin, Emax, capitals, clamp, flags, traps];
        set_fields(vm, v, fields)?;
        Ok(v)
    }

    /// `decimal.localcontext(ctx=None, prec=None, rounding=None, Emin=None,
    /// Emax=None, capitals=None, clamp=None, flags=None, traps=None)`: a
    /// manager that installs a copy of `ctx` (or of the current context)
    /// with those settings.
    #[allow(non_snake_case)] // CPython's keyword names
    pub keywords fn localcontext as "" (
        vm, ctx?, prec?, rounding?, Emin?, Emax?, capitals?, clamp?, flags?, traps?
    ) {
        let base = match ctx {
            None | Some(Value::None) => super::current(vm),
            Some(v) if ctx_of(vm, v).is_some() => v,
            Some(_) => return Err(PyErr::type_error("optional argument must be a context")),
        };
        let c = ctx_of(vm, base).expect("context").clone();
        let new = new_ctx(vm, c);
        let fields = [prec, rounding, Emin, Emax, capitals, clamp, flags, traps];
        set_fields(vm, new, fields)?;
        Ok(vm.heap.new_value(Obj::from(NativeObj::DecLocal {
            ctx: new,
            saved: Value::None,
        })))
    }
}

/// The settings `Context(...)` and `localcontext(...)` take, in order.
const FIELDS: [&str; 8] = [
    "prec", "rounding", "Emin", "Emax", "capitals", "clamp", "flags", "traps",
];

/// Sets the [`FIELDS`] given (not `None`) on context `ctx`, in order;
/// `flags` and `traps` may be lists of signals.
fn set_fields(vm: &mut Vm, ctx: Value, values: [Option<Value>; 8]) -> PyResult<()> {
    for (name, value) in FIELDS.into_iter().zip(values) {
        match value {
            None | Some(Value::None) => {}
            Some(x) if matches!(name, "flags" | "traps") => {
                let bits = signals_arg(vm, x, true)?;
                let c = ctx_mut(vm, ctx).expect("context");
                if name == "flags" {
                    c.flags = bits;
                } else {
                    c.traps = bits;
                }
            }
            Some(x) => set_field(vm, ctx, name, x)?,
        }
    }
    Ok(())
}

/// Signal bits from a list of signal classes (`allow_list`) or a dict
/// with all nine signals.
pub fn signals_arg(vm: &mut Vm, v: Value, allow_list: bool) -> PyResult<u16> {
    if let Some(bits) = signal_dict_bits(vm, v) {
        return Ok(bits);
    }
    let Value::Ref(id) = v else {
        return Err(PyErr::type_error("argument must be a signal dict"));
    };
    match vm.heap.get(id).clone() {
        Obj::List(items) if allow_list => {
            let mut bits = 0;
            for it in items {
                match signal_bit(vm, it) {
                    Some(b) => bits |= b,
                    None => return Err(super::signals::signal_key_error(vm)),
                }
            }
            Ok(bits)
        }
        Obj::Dict(d) => {
            let entries: Vec<(Value, Value)> = d.entries().collect();
            if entries.len() != 9 {
                return Err(invalid_signal_dict_key());
            }
            let mut bits = 0;
            for (k, val) in entries {
                let Some(b) = signal_bit(vm, k) else {
                    return Err(invalid_signal_dict_key());
                };
                if vm.truthy(val)? {
                    bits |= b;
                }
            }
            Ok(bits)
        }
        _ => Err(PyErr::type_error("argument must be a signal dict")),
    }
}

fn invalid_signal_dict_key() -> PyErr {
    PyErr::new(ExcType::KeyError, "invalid signal dict")
}

/// The bits of a `SignalDict` value.
pub fn signal_dict_bits(vm: &Vm, v: Value) -> Option<u16> {
    let Value::Ref(id) = v else { return None };
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::DecSignals { ctx, traps }) => {
            let c = ctx_of(vm, *ctx)?;
            Some(if *traps { c.traps } else { c.flags })
        }
        _ => None,
    }
}

/// An int argument of a context field.
fn int_field(vm: &Vm, v: Value) -> PyResult<i64> {
    match vm.as_num(v) {
        Some(crate::vm::ops::Num::Int(i)) => Ok(i),
        Some(crate::vm::ops::Num::Big(_)) => Err(PyErr::new(
            ExcType::OverflowError,
            "Python int too large to convert to C ssize_t",
        )),
        _ => Err(PyErr::type_error("an integer is required")),
    }
}

/// Sets a validated context attribute.
fn set_field(vm: &mut Vm, ctx: Value, name: &str, v: Value) -> PyResult<()> {
    match name {
        "prec" | "Emin" | "Emax" | "capitals" | "clamp" => {
            let i = int_field(vm, v)?;
            let c = ctx_mut(vm, ctx).expect("context");
            match name {
                "prec" if (1..=MAX_PREC).contains(&i) => c.prec = i,
                "prec" => return Err(PyErr::value_error("valid range for prec is [1, MAX_PREC]")),
                "Emin" if (MIN_EMIN..=0).contains(&i) => c.emin = i,
                "Emin" => return Err(PyErr::value_error("valid range for Emin is [MIN_EMIN, 0]")),
                "Emax" if (0..=MAX_EMAX).contains(&i) => c.emax = i,
                "Emax" => return Err(PyErr::value_error("valid range for Emax is [0, MAX_EMAX]")),
                "capitals" if i == 0 || i == 1 => c.capitals = i == 1,
                "capitals" => {
                    return Err(PyErr::value_error("valid values for capitals are 0 or 1"))
                }
                "clamp" if i == 0 || i == 1 => c.clamp = i == 1,
                _ => return Err(PyErr::value_error("valid values for clamp are 0 or 1")),
            }
        }
        "rounding" => {
            let r = rounding_arg(vm, Some(v))?.ok_or_else(rounding_error)?;
            ctx_mut(vm, ctx).expect("context").rounding = r;
        }
        "flags" | "traps" => {
            if !matches!(v, Value::Ref(id) if matches!(vm.heap.get(id), Obj::Dict(_)))
                && signal_dict_bits(vm, v).is_none()
            {
                return Err(PyErr::type_error("argument must be a signal dict"));
            }
            let bits = signals_arg(vm, v, false)?;
            let c = ctx_mut(vm, ctx).expect("context");
            if name == "flags" {
                c.flags = bits;
            } else {
                c.traps = bits;
            }
        }
        _ => {
            return Err(PyErr::new(
                ExcType::AttributeError,
                format!("'decimal.Context' object has no attribute '{name}'"),
            ))
        }
    }
    Ok(())
}

/// `ctx.name = v`.
pub fn setattr(vm: &mut Vm, id: ObjId, name: &str, v: Value) -> PyResult<()> {
    set_field(vm, Value::Ref(id), name, v)
}

/// Context attributes.
pub fn getattr(vm: &mut Vm, id: ObjId, name: &str) -> Option<Value> {
    let c = ctx_data(vm, id);
    Some(match name {
        "prec" => Value::Int(c.prec),
        "Emin" => Value::Int(c.emin),
        "Emax" => Value::Int(c.emax),
        "capitals" => Value::Int(c.capitals as i64),
        "clamp" => Value::Int(c.clamp as i64),
        "rounding" => vm.new_str(c.rounding.name()),
        "flags" | "traps" => vm.heap.new_value(Obj::from(NativeObj::DecSignals {
            ctx: Value::Ref(id),
            traps: name == "traps",
        })),
        _ => return None,
    })
}

fn signal_list(bits: u16) -> String {
    let names: Vec<&str> = super::REPR_ORDER
        .iter()
        .filter(|b| bits & (**b as u16) != 0)
        .map(|b| SIGNAL_NAMES[b.trailing_zeros() as usize])
        .collect();
    format!("[{}]", names.join(", "))
}

pub fn repr(vm: &Vm, id: ObjId) -> String {
    let c = ctx_data(vm, id);
    format!(
        "Context(prec={}, rounding={}, Emin={}, Emax={}, capitals={}, clamp={}, flags={}, traps={})",
        c.prec,
        c.rounding.name(),
        c.emin,
        c.emax,
        c.capitals as i64,
        c.clamp as i64,
        signal_list(c.flags),
        signal_list(c.traps)
    )
}

native! {
    /// `decimal.getcontext()`.
    pub builtin fn getcontext in "_decimal" (vm) {
        Ok(super::current(vm))
    }

    /// `decimal.setcontext(context, /)`: the templates are installed as
    /// copies.
    pub builtin fn setcontext in "_decimal" (vm, context, /) {
        setcontext_of(vm, context)
    }

    /// `decimal.IEEEContext(bits, /)`.
    pub builtin fn ieee_context(vm, bits, /) {
        ieee_context_of(vm, bits)
    }
}

fn setcontext_of(vm: &mut Vm, v: Value) -> PyResult<Value> {
    let Some(c) = ctx_of(vm, v).cloned() else {
        return Err(PyErr::type_error("argument must be a context"));
    };
    let installed = if super::is_template(vm, v) {
        new_ctx(vm, Ctx { flags: 0, ..c })
    } else {
        v
    };
    super::set_current(vm, installed);
    Ok(Value::None)
}

/// The methods of a `localcontext()` manager.
static LOCAL_METHODS: &[Method] = methods_table![__enter__ = local_enter, __exit__ = local_exit];

native! {
    /// `ContextManager.__enter__()`: installs the manager's context.
    builtin method local_enter(vm, this) {
        let id = receiver(this);
        let Some(NativeObj::DecLocal { ctx, .. }) = native_of(vm.heap.get(id)) else {
            unreachable!("a localcontext manager")
        };
        let ctx = *ctx;
        let prev = super::current(vm);
        if let Some(NativeObj::DecLocal { saved, .. }) = native_of_mut(vm.heap.get_mut(id)) {
            *saved = prev;
        }
        super::set_current(vm, ctx);
        Ok(ctx)
    }

    /// `ContextManager.__exit__(*args)`: restores the context `__enter__`
    /// replaced.
    builtin method local_exit(vm, this, *args) {
        let saved = match native_of(vm.heap.get(receiver(this))) {
            Some(NativeObj::DecLocal { saved, .. }) => *saved,
            _ => Value::None,
        };
        if !saved.is_none() {
            super::set_current(vm, saved);
        }
        Ok(Value::None)
    }
}

/// `IEEEContext(bits)`.
fn ieee_context_of(vm: &mut Vm, bits: Value) -> PyResult<Value> {
    let bits = vm.index_arg(bits)?;
    if bits <= 0 || bits > 512 || bits % 32 != 0 {
        return Err(PyErr::value_error(
            "argument must be a multiple of 32, with a maximum of 512",
        ));
    }
    let emax = 3i64 << (bits / 16 + 3);
    Ok(new_ctx(
        vm,
        Ctx {
            prec: 9 * bits / 32 - 2,
            rounding: Rounding::HalfEven,
            emin: 1 - emax,
            emax,
            capitals: true,
            clamp: true,
            flags: 0,
            traps: 0,
        },
    ))
}

// The native object type this file owns (`objects/native_type.rs`).
use crate::collections::namedtuple::NamedtupleVm;
use crate::objects::prelude as np;

/// `decimal.Context`.
pub struct ContextType;

impl np::NativeType for ContextType {
    fn type_name(_: &np::NativeObj) -> &'static str {
        "decimal.Context"
    }

    fn getattr(vm: &mut np::Vm, id: np::ObjId, name: &str) -> np::PyResult<Option<np::Value>> {
        Ok(getattr(vm, id, name))
    }

    fn setattr(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        v: np::Value,
    ) -> Option<np::PyResult<()>> {
        Some(setattr(vm, id, name, v))
    }

    fn has_method(_: &np::Vm, _: np::ObjId, name: &str) -> bool {
        crate::native::has_method(super::ctxmethods::METHODS, name)
    }

    fn call_method(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        args: Vec<np::Value>,
        kw: np::Kwargs,
    ) -> np::PyResult<Option<np::Value>> {
        let table = super::ctxmethods::METHODS;
        crate::native::call_method(table, "Context", vm, np::Value::Ref(id), name, args, kw)
    }

    fn repr(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        Ok(repr(vm, id))
    }
}

/// A `localcontext()` manager.
pub struct LocalContextType;

impl np::NativeType for LocalContextType {
    fn type_name(_: &np::NativeObj) -> &'static str {
        "decimal.ContextManager"
    }

    fn for_each_child(o: &np::NativeObj, f: &mut dyn FnMut(np::Value)) {
        if let np::NativeObj::DecLocal { ctx, saved } = o {
            f(*ctx);
            f(*saved);
        }
    }

    fn has_method(_: &np::Vm, _: np::ObjId, name: &str) -> bool {
        crate::native::has_method(LOCAL_METHODS, name)
    }

    fn call_method(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        args: Vec<np::Value>,
        kw: np::Kwargs,
    ) -> np::PyResult<Option<np::Value>> {
        let owner = "ContextManager";
        crate::native::call_method(LOCAL_METHODS, owner, vm, np::Value::Ref(id), name, args, kw)
    }

    fn repr(_: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        Ok(format!(
            "<decimal.ContextManager object at {:#x}>",
            0x7f00_0000_0000u64 + id.0 as u64 * 16
        ))
    }
}
