//! `decimal`: CPython's decimal arithmetic. `Decimal` values are
//! [`number::Dec`] inside `NativeObj::Decimal`; contexts are
//! [`context::Ctx`] inside `NativeObj::DecContext`. The current context,
//! like the signal exception classes, lives in a hidden state object of
//! the module (plain heap data, so it snapshots with the run).
//!
//! Split: `number.rs` the value and its exact conversions, `context.rs`
//! rounding and signals, `arith.rs` and `math.rs` the operations,
//! `format.rs` `__format__`, `ops.rs` the Python face of `Decimal`
//! (constructor, operators, conversions), `methods.rs` its named methods
//! and `named.rs` the operations they share with `Context`, `ctxobj.rs`
//! the Python face of `Context` and `localcontext`, `ctxmethods.rs`
//! `Context`'s methods, `signals.rs` the `flags`/`traps` dicts.

pub mod arith;
pub mod context;
pub mod ctxmethods;
pub mod ctxobj;
pub mod format;
pub mod math;
pub mod methods;
pub mod named;
pub mod number;
pub mod ops;
pub mod signals;
pub mod state;

use num_bigint::BigInt;

use super::objects::NativeObj;
use super::{ModuleDef, NativeId};
use crate::object::{Class, Dict, ExcType, Exception, HashKey, Obj, ObjId, Value};
use crate::vm::{PyErr, PyResult, Vm};
use context::*;
use number::Dec;

use crate::objects::{native_of, native_of_mut};
pub use state::DecState;

/// The exception classes, in the order of [`DecState::classes`].
pub const CLASS_NAMES: [&str; 14] = [
    "DecimalException",
    "Clamped",
    "InvalidOperation",
    "DivisionByZero",
    "Inexact",
    "Rounded",
    "Subnormal",
    "Overflow",
    "Underflow",
    "FloatOperation",
    "ConversionSyntax",
    "DivisionImpossible",
    "DivisionUndefined",
    "InvalidContext",
];

/// The class index of each [`Status`] bit (bit order).
const BIT_CLASS: [usize; 13] = [2, 9, 3, 7, 8, 6, 4, 5, 1, 10, 11, 12, 13];
/// Signal names in bit order (the `SignalDict` order).
pub const SIGNAL_NAMES: [&str; 9] = [
    "InvalidOperation",
    "FloatOperation",
    "DivisionByZero",
    "Overflow",
    "Underflow",
    "Subnormal",
    "Inexact",
    "Rounded",
    "Clamped",
];
/// The order contexts list their flags and traps in.
pub const REPR_ORDER: [Status; 9] = [
    CLAMPED, INVALID, DIV_ZERO, INEXACT, FLOAT_OP, OVERFLOW, ROUNDED, SUBNORMAL, UNDERFLOW,
];
/// The order an exception message lists conditions in.
const MESSAGE_ORDER: [Status; 13] = [
    INVALID,
    CONVERSION_SYNTAX,
    DIV_IMPOSSIBLE,
    DIV_UNDEFINED,
    INVALID_CONTEXT,
    FLOAT_OP,
    DIV_ZERO,
    OVERFLOW,
    UNDERFLOW,
    SUBNORMAL,
    INEXACT,
    ROUNDED,
    CLAMPED,
];

pub fn module_index() -> u16 {
    super::module_index("decimal")
}

pub const DECIMAL: u16 = 0;
pub const CONTEXT: u16 = 1;
pub const FROM_FLOAT: u16 = 6;
pub const FROM_NUMBER: u16 = 7;

fn state_id(vm: &Vm) -> ObjId {
    let module = vm
        .modules
        .iter()
        .find(|(n, _)| n == "decimal")
        .map(|m| m.1)
        .expect("decimal imported");
    let Value::Ref(mid) = module else {
        unreachable!("a module")
    };
    let Obj::Module(m) = vm.heap.get(mid) else {
        unreachable!("a module")
    };
    match m.attrs.get_str("__decimal_state__") {
        Some(Value::Ref(id)) => id,
        _ => unreachable!("decimal state"),
    }
}

pub fn state(vm: &Vm) -> &DecState {
    match native_of(vm.heap.get(state_id(vm))) {
        Some(NativeObj::DecState(s)) => s,
        _ => unreachable!("decimal state"),
    }
}

fn state_mut(vm: &mut Vm) -> &mut DecState {
    let id = state_id(vm);
    match native_of_mut(vm.heap.get_mut(id)) {
        Some(NativeObj::DecState(s)) => s,
        _ => unreachable!("decimal state"),
    }
}

/// The `Decimal` data of `v`, if it is one.
pub fn dec_of(vm: &Vm, v: Value) -> Option<&Dec> {
    match v {
        Value::Ref(id) => match native_of(vm.heap.get(id)) {
            Some(NativeObj::Decimal(d)) => Some(d),
            _ => None,
        },
        _ => None,
    }
}

/// The context data of `v`, if it is a `Context`.
pub fn ctx_of(vm: &Vm, v: Value) -> Option<&Ctx> {
    match v {
        Value::Ref(id) => match native_of(vm.heap.get(id)) {
            Some(NativeObj::DecContext(c)) => Some(c),
            _ => None,
        },
        _ => None,
    }
}

pub fn ctx_mut(vm: &mut Vm, v: Value) -> Option<&mut Ctx> {
    match v {
        Value::Ref(id) => match native_of_mut(vm.heap.get_mut(id)) {
            Some(NativeObj::DecContext(c)) => Some(c),
            _ => None,
        },
        _ => None,
    }
}

pub fn new_dec(vm: &mut Vm, d: Dec) -> Value {
    vm.heap
        .new_value(Obj::from(NativeObj::Decimal(Box::new(d))))
}

pub fn new_ctx(vm: &mut Vm, c: Ctx) -> Value {
    vm.heap
        .new_value(Obj::from(NativeObj::DecContext(Box::new(c))))
}

/// The current context object (created from `DefaultContext` on first use).
pub fn current(vm: &mut Vm) -> Value {
    let cur = state(vm).current;
    if !cur.is_none() {
        return cur;
    }
    let template = default_template(vm);
    let v = new_ctx(vm, template);
    state_mut(vm).current = v;
    v
}

/// `DefaultContext`'s settings (with flags cleared), as new contexts start.
pub fn default_template(vm: &Vm) -> Ctx {
    let module = vm.modules.iter().find(|(n, _)| n == "decimal").map(|m| m.1);
    if let Some(Value::Ref(mid)) = module {
        if let Obj::Module(m) = vm.heap.get(mid) {
            if let Some(c) = m
                .attrs
                .get_str("DefaultContext")
                .and_then(|v| ctx_of(vm, v))
            {
                return Ctx {
                    flags: 0,
                    ..c.clone()
                };
            }
        }
    }
    Ctx::default()
}

/// Is `v` one of the template contexts (`DefaultContext`, `BasicContext`,
/// `ExtendedContext`), which `setcontext` installs as copies?
pub fn is_template(vm: &Vm, v: Value) -> bool {
    state(vm).templates.contains(&v)
}

/// The class index of signal bit `b`.
pub fn bit_class(b: usize) -> usize {
    BIT_CLASS[b]
}

pub fn set_current(vm: &mut Vm, ctx: Value) {
    state_mut(vm).current = ctx;
}

/// The context an operation uses: `context=` if given (must be a
/// `Context`), else the current one.
pub fn pick_ctx(vm: &mut Vm, given: Option<Value>) -> PyResult<Value> {
    match given {
        None | Some(Value::None) => Ok(current(vm)),
        Some(v) if ctx_of(vm, v).is_some() => Ok(v),
        Some(_) => Err(PyErr::type_error("optional argument must be a context")),
    }
}

/// Records the signals of an operation on context `ctx` and raises the
/// first trapped one (with the trapped conditions in its message).
pub fn signal(vm: &mut Vm, ctx: Value, st: Status) -> PyResult<()> {
    if st == 0 {
        return Ok(());
    }
    let sig = signals_of(st);
    let traps = {
        let c = ctx_mut(vm, ctx).expect("a context");
        c.flags |= sig;
        c.traps
    };
    let trapped = sig & traps;
    if trapped == 0 {
        return Ok(());
    }
    Err(trap_error(vm, st, trapped))
}

/// The exception for trapped signals `trapped` of status `st`.
pub fn trap_error(vm: &mut Vm, st: Status, trapped: u16) -> PyErr {
    let first = (0..9).find(|b| trapped & (1 << b) != 0).unwrap_or(0);
    let classes = state(vm).classes.clone();
    let mut listed = Vec::new();
    for bit in MESSAGE_ORDER {
        if st & bit != 0 && signals_of(bit) & trapped != 0 {
            listed.push(classes[BIT_CLASS[bit.trailing_zeros() as usize]]);
        }
    }
    let list = vm.new_list(listed);
    let cls = classes[BIT_CLASS[first]];
    exception_of(vm, cls, vec![list])
}

/// A new instance of exception class `cls` with `args`.
fn exception_of(vm: &mut Vm, cls: Value, args: Vec<Value>) -> PyErr {
    let Value::Ref(cid) = cls else {
        unreachable!("a class")
    };
    let kind = vm.class(cid).exc_base.unwrap_or(ExcType::ArithmeticError);
    let mut e = Exception::new(kind, args);
    e.class = Some(cid);
    PyErr::Raise(vm.heap.new_value(Obj::Exception(Box::new(e))))
}

/// The signal bit of exception class `v` (one of the nine signals).
pub fn signal_bit(vm: &Vm, v: Value) -> Option<u16> {
    let classes = &state(vm).classes;
    (0..9).find(|&b| classes[BIT_CLASS[b]] == v).map(|b| 1 << b)
}

/// `Decimal` operand conversion for methods: Decimal or int, else the
/// CPython TypeError.
pub fn convert(vm: &Vm, v: Value) -> PyResult<Dec> {
    if let Some(d) = dec_of(vm, v) {
        return Ok(d.clone());
    }
    match vm.as_num(v) {
        Some(crate::vm::ops::Num::Int(i)) => Ok(Dec::from_i64(i)),
        Some(crate::vm::ops::Num::Big(b)) => Ok(Dec::from_bigint(&b)),
        _ => Err(PyErr::type_error(format!(
            "conversion from {} to Decimal is not supported",
            type_short_name(vm, v)
        ))),
    }
}

/// The bare type name CPython's conversion messages use (`float`).
pub fn type_short_name(vm: &Vm, v: Value) -> String {
    let n = vm.class_name(v);
    n.rsplit('.').next().unwrap_or(&n).to_string()
}

/// A `Decimal` or int operand of an operator; `None` for anything else
/// (the operator then reports unsupported operand types).
pub fn operand(vm: &Vm, v: Value) -> Option<Dec> {
    if let Some(d) = dec_of(vm, v) {
        return Some(d.clone());
    }
    match vm.as_num(v) {
        Some(crate::vm::ops::Num::Int(i)) => Some(Dec::from_i64(i)),
        Some(crate::vm::ops::Num::Big(b)) => Some(Dec::from_bigint(&b)),
        _ => None,
    }
}

pub fn is_decimal(vm: &Vm, v: Value) -> bool {
    dec_of(vm, v).is_some()
}

/// Creates the exception classes with their CPython bases.
fn make_classes(vm: &mut Vm) -> Vec<Value> {
    use ExcType::*;
    // (name index, user bases by index, builtin base, exc_base)
    let spec: [(&[usize], Option<ExcType>, ExcType); 14] = [
        (&[], Some(ArithmeticError), ArithmeticError),
        (&[0], None, ArithmeticError),
        (&[0], None, ArithmeticError),
        (&[0], Some(ZeroDivisionError), ZeroDivisionError),
        (&[0], None, ArithmeticError),
        (&[0], None, ArithmeticError),
        (&[0], None, ArithmeticError),
        (&[4, 5], None, ArithmeticError),
        (&[4, 5, 6], None, ArithmeticError),
        (&[0], Some(TypeError), TypeError),
        (&[2], None, ArithmeticError),
        (&[2], None, ArithmeticError),
        (&[2], Some(ZeroDivisionError), ZeroDivisionError),
        (&[2], None, ArithmeticError),
    ];
    let mut ids: Vec<ObjId> = Vec::new();
    for (i, (bases, builtin, exc)) in spec.iter().enumerate() {
        let name = CLASS_NAMES[i];
        let mut base_vals: Vec<Value> = bases.iter().map(|&b| Value::Ref(ids[b])).collect();
        if let Some(b) = builtin {
            base_vals.push(Value::ExcType(*b));
        }
        let mut attrs = Dict::new();
        let k = vm.new_str("__module__");
        let m = vm.new_str("decimal");
        attrs.insert(HashKey::Str("__module__".into()), k, m);
        let mut class = Class::new(name.to_string(), name.to_string(), base_vals, attrs);
        class.exc_base = Some(*exc);
        let id = vm.heap.alloc(Obj::Class(Box::new(class)));
        let user: Vec<ObjId> = bases.iter().map(|&b| ids[b]).collect();
        let mros: Vec<Vec<ObjId>> = user.iter().map(|b| vm.class(*b).mro.clone()).collect();
        let mro = Class::c3(id, mros, &user).unwrap_or_else(|_| vec![id]);
        if let Obj::Class(c) = vm.heap.get_mut(id) {
            c.mro = mro;
        }
        ids.push(id);
    }
    ids.into_iter().map(Value::Ref).collect()
}

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    let classes = make_classes(vm);
    for (name, c) in CLASS_NAMES.iter().zip(&classes) {
        attrs.push((name.to_string(), *c));
    }
    let tuple_class = ctxobj::make_decimal_tuple(vm);
    attrs.push(("DecimalTuple".into(), tuple_class));
    let st = vm
        .heap
        .new_value(Obj::from(NativeObj::DecState(Box::new(DecState {
            current: Value::None,
            classes,
            tuple_class,
            templates: Vec::new(),
        }))));
    attrs.push(("__decimal_state__".into(), st));
    for r in Rounding::ALL {
        let s = vm.new_str(r.name());
        attrs.push((r.name().into(), s));
    }
    let default = new_ctx(vm, Ctx::default());
    attrs.push(("DefaultContext".into(), default));
    let basic = new_ctx(
        vm,
        Ctx {
            prec: 9,
            rounding: Rounding::HalfUp,
            traps: signals_of(CLAMPED | INVALID | DIV_ZERO | OVERFLOW | UNDERFLOW),
            ..Ctx::default()
        },
    );
    attrs.push(("BasicContext".into(), basic));
    let extended = new_ctx(
        vm,
        Ctx {
            prec: 9,
            traps: 0,
            ..Ctx::default()
        },
    );
    attrs.push(("ExtendedContext".into(), extended));
    if let Value::Ref(sid) = st {
        if let Some(NativeObj::DecState(s)) = native_of_mut(vm.heap.get_mut(sid)) {
            s.templates = vec![default, basic, extended];
        }
    }
    for (k, v) in [
        ("MAX_PREC", MAX_PREC),
        ("MAX_EMAX", MAX_EMAX),
        ("MIN_EMIN", MIN_EMIN),
        ("MIN_ETINY", MIN_EMIN - (MAX_PREC - 1)),
        ("IEEE_CONTEXT_MAX_BITS", 512),
    ] {
        attrs.push((k.into(), Value::Int(v)));
    }
    attrs.push(("HAVE_THREADS".into(), Value::Bool(true)));
    attrs.push(("HAVE_CONTAINER".into(), Value::Bool(true)));
    attrs.push(("HAVE_CONTEXTVAR".into(), Value::Bool(true)));
    let v = vm.new_str("1.70");
    attrs.push(("__version__".into(), v));
    let v = vm.new_str("2.5.1");
    attrs.push(("__libmpdec_version__".into(), v));
}

/// An int result as a Python int.
pub fn int_value(vm: &mut Vm, b: BigInt) -> Value {
    crate::object::int::from_bigint(&mut vm.heap, b)
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "decimal",
    funcs: natives_table![
        Decimal = ops::decimal_new,
        Context = ctxobj::context_new,
        getcontext = ctxobj::getcontext,
        setcontext = ctxobj::setcontext,
        localcontext = ctxobj::localcontext,
        IEEEContext = ctxobj::ieee_context,
        _from_float = ops::from_float,
        _from_number = ops::from_number,
    ],
    init,
};

/// Whether native id `t` is one of this module's classes.
pub fn is_class(t: NativeId) -> bool {
    t.module == module_index() && (t.func == DECIMAL || t.func == CONTEXT)
}

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// The `decimal` module's hidden state.
pub struct StateType;

impl np::NativeType for StateType {
    fn type_name(_: &np::NativeObj) -> &'static str {
        "object"
    }

    fn for_each_child(o: &np::NativeObj, f: &mut dyn FnMut(np::Value)) {
        if let np::NativeObj::DecState(st) = o {
            f(st.current);
            f(st.tuple_class);
            st.classes.iter().for_each(|v| f(*v));
            st.templates.iter().for_each(|v| f(*v));
        }
    }

    fn repr(_: &mut np::Vm, _: np::ObjId) -> np::PyResult<String> {
        Ok("<decimal state>".into())
    }
}
