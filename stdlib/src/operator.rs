//! `operator`: the operators as functions (`add`, `lt`, `getitem`, ...,
//! the in-place `iadd` family) and the callables `itemgetter`,
//! `attrgetter` and `methodcaller`, which are bound natives: the values
//! they were made with come first in the arguments of a hidden function.

use super::{ModuleDef, NativeFn, NativeId};
use crate::builtins::{arg_count_error, Args, Builtin};
use crate::object::{Obj, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};
use monty_compile::bytecode::{BinOp, CmpOp, UnaryOp};

/// Two positional arguments, no keywords (`add expected 2 arguments`).
fn two(a: &Args) -> PyResult<(Value, Value)> {
    super::util::no_kw(a, &format!("_operator.{}", a.name))?;
    if a.pos.len() != 2 {
        return Err(arg_count_error(a.name, 2, 2, a.pos.len()));
    }
    Ok((a.pos[0], a.pos[1]))
}

fn one(a: &Args) -> PyResult<Value> {
    super::util::one_arg(a, &format!("_operator.{}", a.name))
}

macro_rules! binary {
    ($($fname:ident => $op:ident, $inplace:expr;)*) => {
        $(fn $fname(vm: &mut Vm, a: Args) -> PyResult<Value> {
            let (x, y) = two(&a)?;
            vm.binary_op(BinOp::$op, x, y, $inplace)
        })*
    };
}

binary! {
    add => Add, false; sub => Sub, false; mul => Mul, false; truediv => Div, false;
    floordiv => FloorDiv, false; mod_ => Mod, false; pow => Pow, false;
    lshift => LShift, false; rshift => RShift, false; and_ => BitAnd, false;
    or_ => BitOr, false; xor => BitXor, false; matmul => MatMul, false;
    iadd => Add, true; isub => Sub, true; imul => Mul, true; itruediv => Div, true;
    ifloordiv => FloorDiv, true; imod => Mod, true; ipow => Pow, true;
    ilshift => LShift, true; irshift => RShift, true; iand => BitAnd, true;
    ior => BitOr, true; ixor => BitXor, true; imatmul => MatMul, true;
}

macro_rules! compare {
    ($($fname:ident => $op:ident;)*) => {
        $(fn $fname(vm: &mut Vm, a: Args) -> PyResult<Value> {
            let (x, y) = two(&a)?;
            vm.compare_op(CmpOp::$op, x, y)
        })*
    };
}

compare! { lt => Lt; le => Le; eq => Eq; ne => Ne; gt => Gt; ge => Ge; }

macro_rules! unary {
    ($($fname:ident => $op:ident;)*) => {
        $(fn $fname(vm: &mut Vm, a: Args) -> PyResult<Value> {
            let x = one(&a)?;
            vm.unary_op(UnaryOp::$op, x)
        })*
    };
}

unary! { neg => Neg; pos => Pos; invert => Invert; }

fn not_(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let x = one(&a)?;
    Ok(Value::Bool(!vm.truthy(x)?))
}

fn truth(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let x = one(&a)?;
    Ok(Value::Bool(vm.truthy(x)?))
}

fn abs(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let x = one(&a)?;
    vm.call_value(Value::Builtin(Builtin::Abs), vec![x], Vec::new())
}

fn index(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let x = one(&a)?;
    match x {
        Value::Int(_) => Ok(x),
        Value::Bool(b) => Ok(Value::Int(b as i64)),
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::BigInt(_)) => Ok(x),
        _ => match vm.call_dunder(x, "__index__", vec![])? {
            Some(r) => Ok(r),
            None => Err(PyErr::type_error(format!(
                "'{}' object cannot be interpreted as an integer",
                vm.class_name(x)
            ))),
        },
    }
}

fn is_(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (x, y) = two(&a)?;
    Ok(Value::Bool(vm.is(x, y)))
}

fn is_not(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (x, y) = two(&a)?;
    Ok(Value::Bool(!vm.is(x, y)))
}

fn is_none(_vm: &mut Vm, a: Args) -> PyResult<Value> {
    Ok(Value::Bool(one(&a)?.is_none()))
}

fn is_not_none(_vm: &mut Vm, a: Args) -> PyResult<Value> {
    Ok(Value::Bool(!one(&a)?.is_none()))
}

fn contains(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (x, y) = two(&a)?;
    Ok(Value::Bool(vm.contains(x, y)?))
}

/// Whether `x` supports `x[i]` (what `concat` requires of its operand).
fn is_sequence(vm: &mut Vm, x: Value) -> bool {
    match x {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Str(_) | Obj::List(_) | Obj::Tuple(_) | Obj::Range(_) => true,
            Obj::Instance(_) => vm.get_attr(x, "__getitem__").is_ok(),
            _ => false,
        },
        _ => false,
    }
}

fn concat_impl(vm: &mut Vm, a: Args, inplace: bool) -> PyResult<Value> {
    let (x, y) = two(&a)?;
    if !is_sequence(vm, x) {
        return Err(PyErr::type_error(format!(
            "'{}' object can't be concatenated",
            vm.class_name(x)
        )));
    }
    vm.binary_op(BinOp::Add, x, y, inplace)
}

fn concat(vm: &mut Vm, a: Args) -> PyResult<Value> {
    concat_impl(vm, a, false)
}

fn iconcat(vm: &mut Vm, a: Args) -> PyResult<Value> {
    concat_impl(vm, a, true)
}

fn getitem(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (x, y) = two(&a)?;
    vm.get_item(x, y)
}

fn setitem(vm: &mut Vm, a: Args) -> PyResult<Value> {
    super::util::no_kw(&a, "_operator.setitem")?;
    if a.pos.len() != 3 {
        return Err(arg_count_error("setitem", 3, 3, a.pos.len()));
    }
    vm.set_item(a.pos[0], a.pos[1], a.pos[2])?;
    Ok(Value::None)
}

fn delitem(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (x, y) = two(&a)?;
    vm.del_item(x, y)?;
    Ok(Value::None)
}

/// Walks `seq`, calling `f(index, item)` until it returns `Some`.
fn scan(
    vm: &mut Vm,
    seq: Value,
    mut f: impl FnMut(&mut Vm, usize, Value) -> PyResult<Option<Value>>,
) -> PyResult<Option<Value>> {
    let it = vm.get_iter(seq)?;
    let mark = vm.stack.len();
    vm.stack.push(it);
    let mut i = 0;
    let r = loop {
        match vm.iter_next(it) {
            Ok(Some(item)) => match f(vm, i, item) {
                Ok(Some(v)) => break Ok(Some(v)),
                Ok(None) => i += 1,
                Err(e) => break Err(e),
            },
            Ok(None) => break Ok(None),
            Err(e) => break Err(e),
        }
    };
    vm.stack.truncate(mark);
    r
}

fn same_or_equal(vm: &mut Vm, x: Value, y: Value) -> PyResult<bool> {
    Ok(vm.is(x, y) || vm.py_eq(x, y)?)
}

fn count_of(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (seq, x) = two(&a)?;
    let mut n = 0;
    scan(vm, seq, |vm, _, item| {
        if same_or_equal(vm, item, x)? {
            n += 1;
        }
        Ok(None)
    })?;
    Ok(Value::Int(n))
}

fn index_of(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (seq, x) = two(&a)?;
    let found = scan(vm, seq, |vm, i, item| {
        Ok(same_or_equal(vm, item, x)?.then_some(Value::Int(i as i64)))
    })?;
    found.ok_or_else(|| PyErr::value_error("sequence.index(x): x not in sequence"))
}

fn length_hint(vm: &mut Vm, a: Args) -> PyResult<Value> {
    super::util::no_kw(&a, "_operator.length_hint")?;
    if a.pos.is_empty() || a.pos.len() > 2 {
        return Err(arg_count_error("length_hint", 1, 2, a.pos.len()));
    }
    let default = a.pos.get(1).copied().unwrap_or(Value::Int(0));
    if !matches!(default, Value::Int(_) | Value::Bool(_)) {
        return Err(PyErr::type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            vm.class_name(default)
        )));
    }
    match vm.len_of(a.pos[0]) {
        Ok(n) => Ok(Value::Int(n as i64)),
        Err(_) => Ok(default),
    }
}

fn call(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let Some((&f, rest)) = a.pos.split_first() else {
        return Err(PyErr::type_error(
            "call() missing 1 required positional argument: 'obj'",
        ));
    };
    vm.call_value(f, rest.to_vec(), a.kw.clone())
}

/// A bound native of this module calling hidden function `func`.
fn bound(vm: &mut Vm, func: &str, items: Vec<Value>, name: &str) -> Value {
    let index = MODULE
        .funcs
        .iter()
        .position(|f| f.name == func)
        .expect("hidden function") as u16;
    vm.heap.new_value(Obj::BoundNative {
        func: NativeId {
            module: super::module_index("operator"),
            func: index,
        },
        bound: items,
        name: name.to_string(),
    })
}

fn itemgetter(vm: &mut Vm, a: Args) -> PyResult<Value> {
    super::util::no_kw(&a, "itemgetter")?;
    if a.pos.is_empty() {
        return Err(PyErr::type_error("itemgetter expected 1 argument, got 0"));
    }
    Ok(bound(vm, "_itemgetter", a.pos, "operator.itemgetter"))
}

fn attrgetter(vm: &mut Vm, a: Args) -> PyResult<Value> {
    super::util::no_kw(&a, "attrgetter")?;
    if a.pos.is_empty() {
        return Err(PyErr::type_error("attrgetter expected 1 argument, got 0"));
    }
    if a.pos.iter().any(|v| as_str(&vm.heap, *v).is_none()) {
        return Err(PyErr::type_error("attribute name must be a string"));
    }
    Ok(bound(vm, "_attrgetter", a.pos, "operator.attrgetter"))
}

fn methodcaller(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let Some(&name) = a.pos.first() else {
        return Err(PyErr::type_error(
            "methodcaller needs at least one argument, the method name",
        ));
    };
    if as_str(&vm.heap, name).is_none() {
        return Err(PyErr::type_error("method name must be a string"));
    }
    let mut items = a.pos;
    if a.kw.is_empty() {
        return Ok(bound(vm, "_methodcaller", items, "operator.methodcaller"));
    }
    let mut d = crate::object::Dict::new();
    for (k, v) in a.kw {
        let key = vm.new_str(k.as_str());
        d.insert(crate::object::HashKey::Str(k.into()), key, v);
    }
    items.push(vm.heap.new_value(Obj::Dict(d)));
    Ok(bound(
        vm,
        "_methodcaller_kw",
        items,
        "operator.methodcaller",
    ))
}

/// Splits a bound call's arguments into the bound values and the one
/// object the callable was called with.
fn bound_call<'a>(a: &'a Args, what: &str) -> PyResult<(&'a [Value], Value)> {
    if !a.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "{what}() takes no keyword arguments"
        )));
    }
    match a.pos.split_last() {
        Some((&obj, items)) if !items.is_empty() => Ok((items, obj)),
        _ => Err(PyErr::type_error(format!(
            "{what} expected 1 argument, got 0"
        ))),
    }
}

fn itemgetter_call(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (items, obj) = bound_call(&a, "itemgetter")?;
    if let [item] = items {
        return vm.get_item(obj, *item);
    }
    let mut out = Vec::with_capacity(items.len());
    for &item in items {
        out.push(vm.get_item(obj, item)?);
    }
    Ok(vm.new_tuple(out))
}

fn dotted(vm: &mut Vm, obj: Value, path: Value) -> PyResult<Value> {
    let path = as_str(&vm.heap, path).unwrap_or("").to_string();
    let mut v = obj;
    for part in path.split('.') {
        v = vm.get_attr(v, part)?;
    }
    Ok(v)
}

fn attrgetter_call(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (names, obj) = bound_call(&a, "attrgetter")?;
    if let [name] = names {
        return dotted(vm, obj, *name);
    }
    let mut out = Vec::with_capacity(names.len());
    for &name in names {
        out.push(dotted(vm, obj, name)?);
    }
    Ok(vm.new_tuple(out))
}

fn invoke(vm: &mut Vm, obj: Value, bound: &[Value], kw: Value) -> PyResult<Value> {
    let name = as_str(&vm.heap, bound[0]).unwrap_or("").to_string();
    let f = vm.get_attr(obj, &name)?;
    let kwargs = match kw {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Dict(d) => d
                .entries()
                .map(|(k, v)| (as_str(&vm.heap, k).unwrap_or("").to_string(), v))
                .collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    vm.call_value(f, bound[1..].to_vec(), kwargs)
}

fn methodcaller_call(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (bound, obj) = bound_call(&a, "methodcaller")?;
    invoke(vm, obj, bound, Value::None)
}

fn methodcaller_kw_call(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (bound, obj) = bound_call(&a, "methodcaller")?;
    let (&kw, bound) = bound.split_last().expect("name and kwargs");
    invoke(vm, obj, bound, kw)
}

macro_rules! funcs {
    ($($name:literal => $f:ident),* $(,)?) => {
        &[$(NativeFn { name: $name, call: $f }),*]
    };
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "operator",
    funcs: funcs![
        "add" => add, "sub" => sub, "mul" => mul, "truediv" => truediv,
        "floordiv" => floordiv, "mod" => mod_, "pow" => pow, "lshift" => lshift,
        "rshift" => rshift, "and_" => and_, "or_" => or_, "xor" => xor,
        "matmul" => matmul, "iadd" => iadd, "isub" => isub, "imul" => imul,
        "itruediv" => itruediv, "ifloordiv" => ifloordiv, "imod" => imod,
        "ipow" => ipow, "ilshift" => ilshift, "irshift" => irshift, "iand" => iand,
        "ior" => ior, "ixor" => ixor, "imatmul" => imatmul, "lt" => lt, "le" => le,
        "eq" => eq, "ne" => ne, "gt" => gt, "ge" => ge, "neg" => neg, "pos" => pos,
        "invert" => invert, "inv" => invert, "not_" => not_, "truth" => truth,
        "abs" => abs, "index" => index, "is_" => is_, "is_not" => is_not,
        "is_none" => is_none, "is_not_none" => is_not_none, "contains" => contains,
        "concat" => concat, "iconcat" => iconcat, "getitem" => getitem,
        "setitem" => setitem, "delitem" => delitem, "countOf" => count_of,
        "indexOf" => index_of, "length_hint" => length_hint, "call" => call,
        "itemgetter" => itemgetter, "attrgetter" => attrgetter,
        "methodcaller" => methodcaller, "_itemgetter" => itemgetter_call,
        "_attrgetter" => attrgetter_call, "_methodcaller" => methodcaller_call,
        "_methodcaller_kw" => methodcaller_kw_call,
    ],
    init: super::no_init,
};
