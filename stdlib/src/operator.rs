//! `operator`: the operators as functions (`add`, `lt`, `getitem`, ...,
//! the in-place `iadd` family) and the callables `itemgetter`,
//! `attrgetter` and `methodcaller`, which are bound natives: the values
//! they were made with come first in the arguments of a hidden function.

use super::{ModuleDef, NativeId};
use crate::builtins::{Args, Builtin};
use crate::object::{Obj, Value};
use crate::vm::call::Kwargs;
use crate::vm::{as_str, PyErr, PyResult, Vm};
use monty_compile::bytecode::{BinOp, CmpOp, UnaryOp};

/// Operators of two operands: `_operator.NAME(a, b, /)`.
macro_rules! binary {
    ($($fname:ident => $op:ident, $inplace:expr;)*) => {$(
        native! {
            #[doc = concat!("`operator.", stringify!($fname), "(a, b, /)`.")]
            builtin fn $fname in "_operator" (vm, a, b, /) {
                vm.binary_op(BinOp::$op, a, b, $inplace)
            }
        }
    )*};
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

/// Comparisons: `_operator.NAME(a, b, /)`.
macro_rules! compare {
    ($($fname:ident => $op:ident;)*) => {$(
        native! {
            #[doc = concat!("`operator.", stringify!($fname), "(a, b, /)`.")]
            builtin fn $fname in "_operator" (vm, a, b, /) {
                vm.compare_op(CmpOp::$op, a, b)
            }
        }
    )*};
}

compare! { lt => Lt; le => Le; eq => Eq; ne => Ne; gt => Gt; ge => Ge; }

/// Unary operators: `_operator.NAME(a, /)`.
macro_rules! unary {
    ($($fname:ident => $op:ident;)*) => {$(
        native! {
            #[doc = concat!("`operator.", stringify!($fname), "(a, /)`.")]
            builtin fn $fname in "_operator" (vm, a, /) {
                vm.unary_op(UnaryOp::$op, a)
            }
        }
    )*};
}

unary! { neg => Neg; pos => Pos; invert => Invert; }

native! {
    /// `operator.not_(a, /)`.
    builtin fn not_ in "_operator" (vm, a, /) {
        Ok(Value::Bool(!vm.truthy(a)?))
    }

    /// `operator.truth(a, /)`.
    builtin fn truth in "_operator" (vm, a, /) {
        Ok(Value::Bool(vm.truthy(a)?))
    }

    /// `operator.abs(a, /)`.
    builtin fn abs in "_operator" (vm, a, /) {
        vm.call_value(Value::Builtin(Builtin::Abs), vec![a], Vec::new())
    }

    /// `operator.index(a, /)`.
    builtin fn index in "_operator" (vm, a, /) {
        match a {
            Value::Int(_) => Ok(a),
            Value::Bool(b) => Ok(Value::Int(b as i64)),
            Value::Ref(id) if matches!(vm.heap.get(id), Obj::BigInt(_)) => Ok(a),
            _ => match vm.call_dunder(a, "__index__", vec![])? {
                Some(r) => Ok(r),
                None => Err(PyErr::type_error(format!(
                    "'{}' object cannot be interpreted as an integer",
                    vm.class_name(a)
                ))),
            },
        }
    }

    /// `operator.is_(a, b, /)`.
    builtin fn is_ in "_operator" (vm, a, b, /) {
        Ok(Value::Bool(vm.is(a, b)))
    }

    /// `operator.is_not(a, b, /)`.
    builtin fn is_not in "_operator" (vm, a, b, /) {
        Ok(Value::Bool(!vm.is(a, b)))
    }

    /// `operator.is_none(a, /)`.
    builtin fn is_none in "_operator" (vm, a, /) {
        Ok(Value::Bool(a.is_none()))
    }

    /// `operator.is_not_none(a, /)`.
    builtin fn is_not_none in "_operator" (vm, a, /) {
        Ok(Value::Bool(!a.is_none()))
    }

    /// `operator.contains(a, b, /)`.
    builtin fn contains in "_operator" (vm, a, b, /) {
        Ok(Value::Bool(vm.contains(a, b)?))
    }

    /// `operator.concat(a, b, /)`.
    builtin fn concat in "_operator" (vm, a, b, /) {
        concat_of(vm, a, b, false)
    }

    /// `operator.iconcat(a, b, /)`.
    builtin fn iconcat in "_operator" (vm, a, b, /) {
        concat_of(vm, a, b, true)
    }

    /// `operator.getitem(a, b, /)`.
    builtin fn getitem in "_operator" (vm, a, b, /) {
        vm.get_item(a, b)
    }

    /// `operator.setitem(a, b, c, /)`.
    builtin fn setitem in "_operator" (vm, a, b, c, /) {
        vm.set_item(a, b, c)?;
        Ok(Value::None)
    }

    /// `operator.delitem(a, b, /)`.
    builtin fn delitem in "_operator" (vm, a, b, /) {
        vm.del_item(a, b)?;
        Ok(Value::None)
    }

    /// `operator.countOf(a, b, /)`.
    builtin fn count_of in "_operator" (vm, a, b, /) {
        let mut n = 0;
        scan(vm, a, |vm, _, item| {
            if same_or_equal(vm, item, b)? {
                n += 1;
            }
            Ok(None)
        })?;
        Ok(Value::Int(n))
    }

    /// `operator.indexOf(a, b, /)`.
    builtin fn index_of in "_operator" (vm, a, b, /) {
        let found = scan(vm, a, |vm, i, item| {
            Ok(same_or_equal(vm, item, b)?.then_some(Value::Int(i as i64)))
        })?;
        found.ok_or_else(|| PyErr::value_error("sequence.index(x): x not in sequence"))
    }

    /// `operator.length_hint(obj, default=0, /)`.
    builtin fn length_hint in "_operator" (vm, obj, default?, /) {
        let default = default.unwrap_or(Value::Int(0));
        if !matches!(default, Value::Int(_) | Value::Bool(_)) {
            return Err(PyErr::type_error(format!(
                "'{}' object cannot be interpreted as an integer",
                vm.class_name(default)
            )));
        }
        match vm.len_of(obj) {
            Ok(n) => Ok(Value::Int(n as i64)),
            Err(_) => Ok(default),
        }
    }

    /// `operator.call(obj, /, *args, **kwargs)`.
    builtin fn call(vm, obj, /, *args, **kwargs) {
        vm.call_value(obj, args, kwargs)
    }

    /// `operator.itemgetter(item, /, *items)` (CPython words no item as
    /// "expected 1 argument").
    builtin fn itemgetter(vm, *items) {
        if items.is_empty() {
            return Err(PyErr::type_error("itemgetter expected 1 argument, got 0"));
        }
        Ok(bound(vm, "_itemgetter", items, "operator.itemgetter"))
    }

    /// `operator.attrgetter(attr, /, *attrs)`.
    builtin fn attrgetter(vm, *attrs) {
        if attrs.is_empty() {
            return Err(PyErr::type_error("attrgetter expected 1 argument, got 0"));
        }
        if attrs.iter().any(|v| as_str(&vm.heap, *v).is_none()) {
            return Err(PyErr::type_error("attribute name must be a string"));
        }
        Ok(bound(vm, "_attrgetter", attrs, "operator.attrgetter"))
    }

    /// `operator.methodcaller(name, /, *args, **kwargs)` (CPython words no
    /// name its own way).
    builtin fn methodcaller(vm, *args, **kwargs) {
        let Some(&name) = args.first() else {
            return Err(PyErr::type_error(
                "methodcaller needs at least one argument, the method name",
            ));
        };
        if as_str(&vm.heap, name).is_none() {
            return Err(PyErr::type_error("method name must be a string"));
        }
        methodcaller_of(vm, args, kwargs)
    }
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

fn concat_of(vm: &mut Vm, x: Value, y: Value, inplace: bool) -> PyResult<Value> {
    if !is_sequence(vm, x) {
        return Err(PyErr::type_error(format!(
            "'{}' object can't be concatenated",
            vm.class_name(x)
        )));
    }
    vm.binary_op(BinOp::Add, x, y, inplace)
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
    vm.release_to(mark);
    r
}

fn same_or_equal(vm: &mut Vm, x: Value, y: Value) -> PyResult<bool> {
    Ok(vm.is(x, y) || vm.py_eq(x, y)?)
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

/// The callable `methodcaller(name, *args, **kwargs)` makes.
fn methodcaller_of(vm: &mut Vm, args: Vec<Value>, kwargs: Kwargs) -> PyResult<Value> {
    let mut items = args;
    if kwargs.is_empty() {
        return Ok(bound(vm, "_methodcaller", items, "operator.methodcaller"));
    }
    let mut d = crate::object::Dict::new();
    for (k, v) in kwargs {
        let key = vm.new_str(k.as_str());
        d.insert(crate::object::HashKey::Str(k.into()), key, v);
    }
    items.push(vm.heap.new_value(Obj::Dict(Box::new(d))));
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

pub static MODULE: ModuleDef = ModuleDef {
    name: "operator",
    funcs: natives_table![
        add, sub, mul, truediv,
        floordiv, "mod" => mod_, pow, lshift,
        rshift, and_, or_, xor,
        matmul, iadd, isub, imul,
        itruediv, ifloordiv, imod,
        ipow, ilshift, irshift, iand,
        ior, ixor, imatmul, lt, le,
        eq, ne, gt, ge, neg, pos,
        invert, inv = invert, not_, truth,
        abs, index, is_, is_not,
        is_none, is_not_none, contains,
        concat, iconcat, getitem,
        setitem, delitem, countOf = count_of,
        indexOf = index_of, length_hint, call,
        itemgetter, attrgetter,
        methodcaller, _itemgetter = itemgetter_call,
        _attrgetter = attrgetter_call, _methodcaller = methodcaller_call,
        _methodcaller_kw = methodcaller_kw_call,
    ],
    init: super::no_init,
};
