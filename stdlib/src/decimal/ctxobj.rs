//! The Python face of contexts: `Context(...)` with CPython's argument
//! checks, its attributes and arithmetic methods, `getcontext`,
//! `setcontext`, `localcontext` (a manager object restoring the previous
//! context on exit), `IEEEContext`, the `flags`/`traps` signal dicts
//! (live views of their context) and the `DecimalTuple` class.

use super::context::*;
use super::named;
use super::number::{self, Dec};
use super::ops::{self, parse_args, rounding_arg, rounding_error, run};
use super::{convert, ctx_mut, ctx_of, dec_of, new_ctx, new_dec, signal_bit, SIGNAL_NAMES};
use crate::builtins::Args;
use crate::object::{Dict, ExcType, Instance, Obj, ObjId, Value};
use crate::objects::NativeObj;
use crate::vm::call::Kwargs;
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
        attrs: Dict::new(),
    }));
    vm.namedtuple_init(cid, inst, values, Vec::new())?;
    Ok(inst)
}

fn ctx_data(vm: &Vm, id: ObjId) -> Ctx {
    match vm.heap.get(id) {
        Obj::Native(NativeObj::DecContext(c)) => (**c).clone(),
        _ => unreachable!("a Context"),
    }
}

/// `Context(prec=None, rounding=None, Emin=None, Emax=None, capitals=None,
/// clamp=None, flags=None, traps=None)`.
pub fn context_new(vm: &mut Vm, a: Args) -> PyResult<Value> {
    const NAMES: [&str; 8] = [
        "prec", "rounding", "Emin", "Emax", "capitals", "clamp", "flags", "traps",
    ];
    let slots = parse_args(&a, &NAMES, 0)?;
    let mut c = super::default_template(vm);
    let v = new_ctx(vm, c.clone());
    for (name, slot) in NAMES.iter().zip(slots) {
        match slot {
            None | Some(Value::None) => {}
            Some(x) => {
                if matches!(*name, "flags" | "traps") {
                    let bits = signals_arg(vm, x, true)?;
                    if *name == "flags" {
                        c.flags = bits;
                    } else {
                        c.traps = bits;
                    }
                    let cm = ctx_mut(vm, v).expect("context");
                    cm.flags = c.flags;
                    cm.traps = c.traps;
                } else {
                    set_field(vm, v, name, x)?;
                }
            }
        }
    }
    Ok(v)
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
    match vm.heap.get(id) {
        Obj::Native(NativeObj::DecSignals { ctx, traps }) => {
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
        "flags" | "traps" => vm.heap.new_value(Obj::Native(NativeObj::DecSignals {
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

const NO_ARG: &[&str] = &[
    "Etiny",
    "Etop",
    "radix",
    "copy",
    "clear_flags",
    "clear_traps",
    "__copy__",
    "__reduce__",
];

const ONE_ARG: &[&str] = &[
    "abs",
    "canonical",
    "copy_abs",
    "copy_decimal",
    "copy_negate",
    "exp",
    "is_canonical",
    "is_finite",
    "is_infinite",
    "is_nan",
    "is_normal",
    "is_qnan",
    "is_signed",
    "is_snan",
    "is_subnormal",
    "is_zero",
    "ln",
    "log10",
    "logb",
    "logical_invert",
    "minus",
    "next_minus",
    "next_plus",
    "normalize",
    "number_class",
    "plus",
    "sqrt",
    "to_eng_string",
    "to_integral",
    "to_integral_exact",
    "to_integral_value",
    "to_sci_string",
    "_apply",
    "create_decimal_from_float",
    "__deepcopy__",
];

const TWO_ARG: &[&str] = &[
    "add",
    "compare",
    "compare_signal",
    "compare_total",
    "compare_total_mag",
    "copy_sign",
    "divide",
    "divide_int",
    "divmod",
    "logical_and",
    "logical_or",
    "logical_xor",
    "max",
    "max_mag",
    "min",
    "min_mag",
    "multiply",
    "next_toward",
    "quantize",
    "remainder",
    "remainder_near",
    "rotate",
    "same_quantum",
    "scaleb",
    "shift",
    "subtract",
];

pub fn has_method(name: &str) -> bool {
    NO_ARG.contains(&name)
        || ONE_ARG.contains(&name)
        || TWO_ARG.contains(&name)
        || matches!(name, "fma" | "power" | "create_decimal")
}

/// A `Context` method call.
pub fn call_method(
    vm: &mut Vm,
    id: ObjId,
    name: &str,
    args: Vec<Value>,
    kw: Kwargs,
) -> PyResult<Option<Value>> {
    if !has_method(name) {
        return Ok(None);
    }
    let me = Value::Ref(id);
    let c = ctx_data(vm, id);
    let n = args.len();
    if NO_ARG.contains(&name) {
        if n != 0 || !kw.is_empty() {
            return Err(PyErr::type_error(format!(
                "Context.{name}() takes no arguments ({} given)",
                n + kw.len()
            )));
        }
        return Ok(Some(match name {
            "Etiny" => Value::Int(c.etiny()),
            "Etop" => Value::Int(c.etop()),
            "radix" => new_dec(vm, Dec::from_i64(10)),
            "copy" | "__copy__" => new_ctx(vm, c),
            "clear_flags" => {
                ctx_mut(vm, me).expect("context").flags = 0;
                Value::None
            }
            "clear_traps" => {
                ctx_mut(vm, me).expect("context").traps = 0;
                Value::None
            }
            _ => {
                let cls = Value::Native(crate::NativeId {
                    module: super::module_index(),
                    func: super::CONTEXT,
                });
                let t = vm.new_tuple(vec![]);
                vm.new_tuple(vec![cls, t])
            }
        }));
    }
    if ONE_ARG.contains(&name) {
        if !kw.is_empty() {
            return Err(PyErr::type_error(format!(
                "Context.{name}() takes no keyword arguments"
            )));
        }
        if n != 1 {
            return Err(PyErr::type_error(format!(
                "Context.{name}() takes exactly one argument ({n} given)"
            )));
        }
        return one_arg(vm, me, &c, name, args[0]).map(Some);
    }
    if name == "create_decimal" {
        if !kw.is_empty() {
            return Err(PyErr::type_error(
                "create_decimal() takes no keyword arguments",
            ));
        }
        if n > 1 {
            return Err(PyErr::type_error(format!(
                "function takes at most 1 argument ({n} given)"
            )));
        }
        let d = match args.first() {
            None => Dec::zero(),
            Some(&v) => ops::value_to_dec(vm, v, me, true)?,
        };
        let r = run(vm, me, |c, st| apply(&d, c, st))?;
        return Ok(Some(new_dec(vm, r)));
    }
    if TWO_ARG.contains(&name) {
        if !kw.is_empty() {
            return Err(PyErr::type_error(format!(
                "{name}() takes no keyword arguments"
            )));
        }
        if n != 2 {
            return Err(PyErr::type_error(format!(
                "function takes exactly 2 arguments ({n} given)"
            )));
        }
        let a = convert(vm, args[0])?;
        let b = convert(vm, args[1])?;
        return Ok(Some(match name {
            "same_quantum" => Value::Bool(named::same_quantum(&a, &b)),
            "divmod" => {
                let mut st = 0;
                let (q, r) = super::arith::divmod(&a, &b, &c, &mut st);
                super::signal(vm, me, st)?;
                let q = new_dec(vm, q);
                let r = new_dec(vm, r);
                vm.new_tuple(vec![q, r])
            }
            _ => {
                let f = named::binary_op(name).expect("a binary op");
                let r = run(vm, me, |c, st| f(&a, &b, c, st))?;
                new_dec(vm, r)
            }
        }));
    }
    let a = Args::new(name_static(name), args, kw);
    let v = if name == "fma" {
        if !a.kw.is_empty() {
            return Err(PyErr::type_error("fma() takes no keyword arguments"));
        }
        let s = parse_args(&a, &["a", "b", "c"], 3)?;
        let x = convert(vm, s[0].expect("required"))?;
        let y = convert(vm, s[1].expect("required"))?;
        let z = convert(vm, s[2].expect("required"))?;
        let r = run(vm, me, |c, st| super::arith::fma(&x, &y, &z, c, st))?;
        new_dec(vm, r)
    } else {
        let s = parse_args(&a, &["a", "b", "modulo"], 2)?;
        let x = convert(vm, s[0].expect("required"))?;
        let y = convert(vm, s[1].expect("required"))?;
        let r = match s[2] {
            None | Some(Value::None) => run(vm, me, |c, st| super::math::power(&x, &y, c, st))?,
            Some(m) => {
                let z = convert(vm, m)?;
                run(vm, me, |c, st| super::math::power_mod(&x, &y, &z, c, st))?
            }
        };
        new_dec(vm, r)
    };
    Ok(Some(v))
}

fn name_static(name: &str) -> &'static str {
    if name == "fma" {
        "fma"
    } else {
        "power"
    }
}

/// Rounds a new value to the context (`create_decimal`, `_apply`).
fn apply(d: &Dec, c: &Ctx, st: &mut Status) -> Dec {
    if d.is_nan() {
        let mut r = quiet(d, c);
        r.kind = d.kind;
        if d.kind == super::number::Kind::SNaN {
            return r;
        }
        return r;
    }
    c.finish(d.clone(), false, st)
}

fn one_arg(vm: &mut Vm, me: Value, c: &Ctx, name: &str, x: Value) -> PyResult<Value> {
    match name {
        "create_decimal_from_float" => {
            let d = match x {
                Value::Float(f) => Dec::from_f64(f),
                _ => match vm.as_num(x) {
                    Some(crate::vm::ops::Num::Int(i)) => Dec::from_i64(i),
                    Some(crate::vm::ops::Num::Big(b)) => Dec::from_bigint(&b),
                    _ => return Err(PyErr::type_error("argument must be int or float")),
                },
            };
            let r = run(vm, me, |c, st| apply(&d, c, st))?;
            return Ok(new_dec(vm, r));
        }
        "__deepcopy__" => return Ok(new_ctx(vm, c.clone())),
        "canonical" => {
            let Some(d) = dec_of(vm, x).cloned() else {
                return Err(PyErr::type_error("argument must be a Decimal"));
            };
            return Ok(new_dec(vm, d));
        }
        _ => {}
    }
    let a = convert(vm, x)?;
    if let Some(b) = named::predicate(name, &a) {
        return Ok(Value::Bool(b));
    }
    Ok(match name {
        "is_normal" => Value::Bool(named::is_normal(&a, c)),
        "is_subnormal" => Value::Bool(named::is_subnormal(&a, c)),
        "number_class" => vm.new_str(named::number_class(&a, c)),
        "to_sci_string" => vm.new_str(number::to_sci(&a, c.capitals)),
        "to_eng_string" => vm.new_str(number::to_eng(&a, c.capitals)),
        "to_integral" | "to_integral_exact" | "to_integral_value" => {
            let exact = name == "to_integral_exact";
            let r = run(vm, me, |c, st| {
                super::arith::to_integral(&a, c.rounding, c, st, exact)
            })?;
            new_dec(vm, r)
        }
        _ => {
            let f = named::unary_op(name).expect("a unary op");
            let r = run(vm, me, |c, st| f(&a, c, st))?;
            new_dec(vm, r)
        }
    })
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

    /// `decimal.localcontext(ctx=None, **kwargs)`: `_decimal` parses its
    /// arguments by hand ("'x' is an invalid keyword argument for this
    /// function").
    pub builtin fn localcontext(vm, *args, **kwargs) {
        localcontext_of(vm, &args, &kwargs)
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

/// `localcontext(ctx=None, **kwargs)`: a manager that installs a copy.
fn localcontext_of(vm: &mut Vm, pos: &[Value], kw: &Kwargs) -> PyResult<Value> {
    if pos.len() > 1 {
        return Err(PyErr::type_error(format!(
            "localcontext() takes at most 1 positional argument ({} given)",
            pos.len()
        )));
    }
    let given = pos
        .first()
        .copied()
        .or_else(|| kw.iter().find(|(k, _)| k == "ctx").map(|(_, v)| *v));
    let base = match given {
        None | Some(Value::None) => super::current(vm),
        Some(v) if ctx_of(vm, v).is_some() => v,
        Some(_) => return Err(PyErr::type_error("optional argument must be a context")),
    };
    let c = ctx_of(vm, base).expect("context").clone();
    let new = new_ctx(vm, c);
    for (k, v) in kw {
        if k == "ctx" {
            continue;
        }
        if !matches!(
            k.as_str(),
            "prec" | "rounding" | "Emin" | "Emax" | "capitals" | "clamp" | "flags" | "traps"
        ) {
            return Err(PyErr::type_error(format!(
                "'{k}' is an invalid keyword argument for this function"
            )));
        }
        if matches!(k.as_str(), "flags" | "traps") {
            let bits = signals_arg(vm, *v, true)?;
            let cm = ctx_mut(vm, new).expect("context");
            if k == "flags" {
                cm.flags = bits;
            } else {
                cm.traps = bits;
            }
        } else {
            set_field(vm, new, k, *v)?;
        }
    }
    Ok(vm.heap.new_value(Obj::Native(NativeObj::DecLocal {
        ctx: new,
        saved: Value::None,
    })))
}

/// `__enter__`/`__exit__` of a `localcontext()` manager.
pub fn local_method(vm: &mut Vm, id: ObjId, name: &str) -> PyResult<Option<Value>> {
    let Obj::Native(NativeObj::DecLocal { ctx, .. }) = vm.heap.get(id) else {
        return Ok(None);
    };
    let ctx = *ctx;
    match name {
        "__enter__" => {
            let prev = super::current(vm);
            if let Obj::Native(NativeObj::DecLocal { saved, .. }) = vm.heap.get_mut(id) {
                *saved = prev;
            }
            super::set_current(vm, ctx);
            Ok(Some(ctx))
        }
        "__exit__" => {
            let saved = match vm.heap.get(id) {
                Obj::Native(NativeObj::DecLocal { saved, .. }) => *saved,
                _ => Value::None,
            };
            if !saved.is_none() {
                super::set_current(vm, saved);
            }
            Ok(Some(Value::None))
        }
        _ => Ok(None),
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
        matches!(name, "__enter__" | "__exit__")
    }

    fn call_method(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        _args: Vec<np::Value>,
        _kw: np::Kwargs,
    ) -> np::PyResult<Option<np::Value>> {
        local_method(vm, id, name)
    }

    fn repr(_: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        Ok(format!(
            "<decimal.ContextManager object at {:#x}>",
            0x7f00_0000_0000u64 + id.0 as u64 * 16
        ))
    }
}
