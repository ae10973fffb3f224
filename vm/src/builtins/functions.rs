//! The builtin functions about values: printing, text conversions, numbers
//! and iteration. `objects` has those about objects and classes; the
//! table in `mod.rs` names each one.

use num_bigint::BigInt;
use num_traits::Signed;

use crate::object::{int, ExcType, Obj, Value};
use crate::vm::ops::Num;
use crate::vm::{as_str, PyErr, PyResult, Vm};
use monty_compile::bytecode::{BinOp, CmpOp};

use super::Args;

/// `isinstance()` and `issubclass()` as functions for the rest of the VM.
pub use super::objects::is_instance as isinstance;

native! {
    /// `print(*values, sep=' ', end='\n', file=None, flush=False)`.
    pub(super) builtin fn print(vm, *values, sep?, end?, file?, flush?) {
        let sep = print_text(vm, sep, "sep", " ")?;
        let end = print_text(vm, end, "end", "\n")?;
        let stream = match file {
            None | Some(Value::None) => 1,
            Some(Value::Int(2)) => 2,
            Some(f) => match crate::lib().stream_of(vm, f) {
                Some(n) => u32::from(n),
                None => return print_to_object(vm, &values, f, &sep, &end, flush),
            },
        };
        let mut out = String::new();
        for (i, v) in values.iter().enumerate() {
            if i > 0 {
                out.push_str(&sep);
            }
            out.push_str(&vm.str_of(*v)?);
        }
        out.push_str(&end);
        crate::output::write(stream, &out);
        Ok(Value::None)
    }

    /// `len(obj, /)`.
    pub(super) builtin fn len(vm, obj, /) {
        if let Value::Ref(id) = obj {
            if let Obj::Range(r) = vm.heap.get(id) {
                let r = *r;
                return match i64::try_from(r.len_i128()) {
                    Ok(n) => Ok(Value::Int(n)),
                    Err(_) => Err(PyErr::new(
                        ExcType::OverflowError,
                        "Python int too large to convert to C ssize_t",
                    )),
                };
            }
        }
        let n = vm.len_of(obj)?;
        Ok(Value::Int(n as i64))
    }

    /// `repr(obj, /)`.
    pub(super) builtin fn repr(vm, obj, /) {
        let s = vm.repr(obj)?;
        Ok(vm.new_str(s))
    }

    /// `ascii(obj, /)`.
    pub(super) builtin fn ascii(vm, obj, /) {
        let s = vm.repr(obj)?;
        Ok(vm.new_str(crate::vm::repr::ascii_escape(&s)))
    }

    /// `sorted(iterable, /, *, key=None, reverse=False)`. Explicit checks:
    /// as CPython, the count first (`sorted expected 1 argument, got 2`),
    /// then the list is built and the keywords go on to `list.sort`, which
    /// is the one that rejects an unknown one (`sort() got an unexpected
    /// keyword argument`).
    pub(super) builtin fn sorted(vm, *args, **kwargs) {
        if args.len() != 1 {
            return Err(PyErr::type_error(format!(
                "sorted expected 1 argument, got {}",
                args.len()
            )));
        }
        let items = vm.collect_iterable(args[0])?;
        let sort = Args::new("sort", Vec::new(), kwargs);
        sort.check_keywords(&["key", "reverse"])?;
        let key = sort.kwarg("key").unwrap_or(Value::None);
        let reverse = match sort.kwarg("reverse") {
            Some(r) => vm.truthy(r)?,
            None => false,
        };
        let sorted = vm.sort_values(items, key, reverse)?;
        Ok(vm.new_list(sorted))
    }

    /// `sum(iterable, /, start=0)`.
    pub(super) clinic fn sum(vm, iterable, /, start?) {
        sum_of(vm, iterable, start.unwrap_or(Value::Int(0)))
    }

    /// `min(iterable, /, *, key=None, default=...)`, `min(a, b, *args,
    /// key=None)`: the count and the `default` rule are checked in the body.
    pub(super) builtin fn min(vm, *args, key?, default?) {
        min_max(vm, args, key, default, true)
    }

    /// `max(iterable, /, *, key=None, default=...)`, `max(a, b, *args,
    /// key=None)`: the count and the `default` rule are checked in the body.
    pub(super) builtin fn max(vm, *args, key?, default?) {
        min_max(vm, args, key, default, false)
    }

    /// `abs(x, /)`.
    pub(super) builtin fn abs(vm, x, /) {
        if vm.is_native_obj(x) {
            if let Some(r) = crate::lib().native_obj_unary(vm, x, 'a')? {
                return Ok(r);
            }
        }
        if vm.user_class_of(x).is_some() {
            if let Some(r) = vm.call_dunder(x, "__abs__", vec![])? {
                return Ok(r);
            }
        }
        match vm.as_num(x) {
            Some(Num::Int(i)) => Ok(match i.checked_abs() {
                Some(v) => Value::Int(v),
                None => int::from_bigint(&mut vm.heap, BigInt::from(i).abs()),
            }),
            Some(Num::Big(b)) => Ok(int::from_bigint(&mut vm.heap, b.abs())),
            Some(Num::Float(f)) => Ok(Value::Float(f.abs())),
            None if vm.as_complex(x).is_some() => {
                let z = vm.as_complex(x).expect("checked");
                vm.complex_abs(z)
            }
            None => Err(PyErr::type_error(format!(
                "bad operand type for abs(): '{}'",
                vm.class_name(x)
            ))),
        }
    }

    /// `any(iterable, /)`.
    pub(super) builtin fn any(vm, iterable, /) {
        any_all(vm, iterable, true)
    }

    /// `all(iterable, /)`.
    pub(super) builtin fn all(vm, iterable, /) {
        any_all(vm, iterable, false)
    }

    /// `iter(object, /)`, `iter(callable, sentinel, /)`.
    pub(super) builtin fn iter(vm, object, sentinel?, /) {
        let Some(sentinel) = sentinel else {
            return vm.get_iter(object);
        };
        if !super::objects::is_callable(vm, object) {
            return Err(PyErr::type_error("iter(v, w): v must be callable"));
        }
        let it = crate::object::Iter::Callable {
            func: object,
            sentinel,
        };
        Ok(vm.heap.new_value(Obj::Iter(it)))
    }

    /// `next(iterator, default=..., /)`.
    pub(super) builtin fn next(vm, iterator, default?, /) {
        if !vm.is_iterator(iterator) {
            return Err(PyErr::type_error(format!(
                "'{}' object is not an iterator",
                vm.class_name(iterator)
            )));
        }
        let next = match vm.as_generator(iterator) {
            // (directly: `iter_next` drops the return value)
            Some(g) => vm.generator_next(g, Value::None)?,
            None => vm.iter_next(iterator)?,
        };
        match next {
            Some(v) => Ok(v),
            None => match default {
                Some(d) => {
                    vm.stop_iteration_of(iterator);
                    Ok(d)
                }
                None => Err(vm.stop_iteration_of(iterator)),
            },
        }
    }

    /// `aiter(async_iterable, /)`.
    pub(super) builtin fn aiter(vm, async_iterable, /) {
        if vm.as_async_generator(async_iterable).is_none()
            && !vm.has_special_method(async_iterable, "__aiter__")
        {
            return Err(PyErr::type_error(format!(
                "'{}' object is not an async iterable",
                vm.class_name(async_iterable)
            )));
        }
        vm.get_aiter(async_iterable)
    }

    /// `anext(async_iterator, default=..., /)`: the awaitable of the next
    /// item (with a default, an async generator's `StopAsyncIteration`
    /// becomes the default).
    pub(super) builtin fn anext(vm, async_iterator, default?, /) {
        if let Some(g) = vm.as_async_generator(async_iterator) {
            let step = crate::vm::tasks_data::AgenStep::Send(Value::None);
            return Ok(vm.agen_step(g, step, default));
        }
        if !vm.has_special_method(async_iterator, "__anext__") {
            return Err(PyErr::type_error(format!(
                "'{}' object is not an async iterator",
                vm.class_name(async_iterator)
            )));
        }
        if default.is_some() {
            return Err(PyErr::new(
                ExcType::NotImplementedError,
                "anext() with a default is supported for async generators only in this sandbox",
            ));
        }
        vm.get_anext(async_iterator)
    }

    /// `chr(i, /)`.
    pub(super) builtin fn chr(vm, i, /) {
        // any int out of range is a ValueError, however large (3.14)
        let i = vm.bigint_arg_mut(i)?;
        match u32::try_from(&i).ok().and_then(char::from_u32) {
            Some(c) => Ok(vm.new_str(c)),
            None => Err(PyErr::value_error("chr() arg not in range(0x110000)")),
        }
    }

    /// `ord(c, /)`.
    pub(super) builtin fn ord(vm, c, /) {
        match as_str(&vm.heap, c) {
            Some(s) => {
                let n = s.chars().count();
                if n != 1 {
                    return Err(PyErr::type_error(format!(
                        "ord() expected a character, but string of length {n} found"
                    )));
                }
                Ok(Value::Int(s.chars().next().expect("one char") as i64))
            }
            None => match crate::object::bytes::as_bytes(&vm.heap, c) {
                Some([c]) => Ok(Value::Int(*c as i64)),
                Some(b) => Err(PyErr::type_error(format!(
                    "ord() expected a character, but string of length {} found",
                    b.len()
                ))),
                None => Err(PyErr::type_error(format!(
                    "ord() expected string of length 1, but {} found",
                    vm.class_name(c)
                ))),
            },
        }
    }

    /// `hex(number, /)`.
    pub(super) builtin fn hex(vm, number, /) {
        int_in_radix(vm, number, "0x", 16)
    }

    /// `bin(number, /)`.
    pub(super) builtin fn bin(vm, number, /) {
        int_in_radix(vm, number, "0b", 2)
    }

    /// `oct(number, /)`.
    pub(super) builtin fn oct(vm, number, /) {
        int_in_radix(vm, number, "0o", 8)
    }

    /// `divmod(x, y, /)`.
    pub(super) builtin fn divmod(vm, x, y, /) {
        if let Some(r) = vm.int_divmod(x, y) {
            return r;
        }
        if let Some(r) = crate::lib().decimal_divmod(vm, x, y)? {
            return Ok(r);
        }
        if vm.user_class_of(x).is_some() || vm.user_class_of(y).is_some() {
            if let Some(r) = vm.user_binary_dunder(x, y, "divmod")? {
                return Ok(r);
            }
            return Err(PyErr::type_error(format!(
                "unsupported operand type(s) for divmod(): '{}' and '{}'",
                vm.class_name(x),
                vm.class_name(y)
            )));
        }
        if let (Some(Num::Float(_)), _) | (_, Some(Num::Float(_))) = (vm.as_num(x), vm.as_num(y)) {
            let fx = vm.float_arg(x)?;
            let fy = vm.float_arg(y)?;
            if fy == 0.0 {
                return Err(PyErr::new(ExcType::ZeroDivisionError, "division by zero"));
            }
            let (q, r) = crate::vm::ops::float_divmod(fx, fy);
            return Ok(vm.new_tuple(vec![Value::Float(q), Value::Float(r)]));
        }
        let q = vm
            .binary_op(BinOp::FloorDiv, x, y, false)
            .map_err(|e| match e {
                PyErr::Msg(ExcType::TypeError, m) => PyErr::type_error(m.replacen(
                    "unsupported operand type(s) for //:",
                    "unsupported operand type(s) for divmod():",
                    1,
                )),
                e => e,
            })?;
        let r = vm.binary_op(BinOp::Mod, x, y, false)?;
        Ok(vm.new_tuple(vec![q, r]))
    }

    /// `hash(obj, /)`.
    pub(super) builtin fn hash(vm, obj, /) {
        let k = vm.hash_key(obj)?;
        Ok(Value::Int(crate::object::python_hash(&k)))
    }

    /// `id(obj, /)`.
    pub(super) builtin fn id(vm, obj, /) {
        Ok(Value::Int(match obj {
            Value::Ref(id) => 0x7f00_0000_0000 + id.0 as i64 * 0x40,
            Value::Int(i) => 0x1000 + i.wrapping_mul(32),
            Value::None => 0x10,
            Value::Bool(b) => 0x20 + b as i64,
            // other unboxed values: by content, so equal ones (the same
            // object under `is`) share an id and different ones do not
            other => {
                use std::hash::{Hash, Hasher};
                let mut h = rustc_hash::FxHasher::default();
                format!("{other:?}").hash(&mut h);
                0x2000_0000_0000 + (h.finish() >> 24) as i64 * 0x10
            }
        }))
    }

    /// `format(value, format_spec='', /)`.
    pub(super) builtin fn format(vm, value, format_spec?, /) {
        let spec = match format_spec {
            Some(s) => {
                let type_name = if s.is_none() {
                    "None".to_string()
                } else {
                    vm.class_name(s)
                };
                vm.str_arg(
                    s,
                    &format!("format() argument 2 must be str, not {type_name}"),
                )?
            }
            None => String::new(),
        };
        let s = super::format::format_value(vm, value, &spec)?;
        Ok(vm.new_str(s))
    }
}

/// `print`'s `sep` or `end`: a string, or None for the default.
fn print_text(vm: &Vm, v: Option<Value>, what: &str, default: &str) -> PyResult<String> {
    match v {
        None | Some(Value::None) => Ok(default.to_string()),
        Some(v) => match as_str(&vm.heap, v) {
            Some(s) => Ok(s.to_string()),
            None => Err(PyErr::type_error(format!(
                "{what} must be None or a string, not {}",
                vm.class_name(v)
            ))),
        },
    }
}

/// `print(..., file=f)` for an object with a `write` method (an
/// `io.StringIO`, a user class): one `write` call per piece, as CPython.
fn print_to_object(
    vm: &mut Vm,
    values: &[Value],
    file: Value,
    sep: &str,
    end: &str,
    flush: Option<Value>,
) -> PyResult<Value> {
    let write = vm.get_attr(file, "write")?;
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            let s = vm.new_str(sep);
            vm.call_value(write, vec![s], Vec::new())?;
        }
        let text = vm.str_of(*v)?;
        let s = vm.new_str(text);
        vm.call_value(write, vec![s], Vec::new())?;
    }
    let s = vm.new_str(end);
    vm.call_value(write, vec![s], Vec::new())?;
    if let Some(flush) = flush {
        if vm.truthy(flush)? {
            let f = vm.get_attr(file, "flush")?;
            vm.call_value(f, Vec::new(), Vec::new())?;
        }
    }
    Ok(Value::None)
}

/// `any` (`want` true) or `all`.
fn any_all(vm: &mut Vm, iterable: Value, want: bool) -> PyResult<Value> {
    let it = vm.get_iter(iterable)?;
    while let Some(v) = vm.iter_next(it)? {
        if vm.truthy(v)? == want {
            return Ok(Value::Bool(want));
        }
    }
    Ok(Value::Bool(!want))
}

/// `hex`, `bin`, `oct`: the int in `radix` with its sign and `prefix`.
fn int_in_radix(vm: &mut Vm, number: Value, prefix: &str, radix: u32) -> PyResult<Value> {
    let n = vm.bigint_arg_mut(number)?;
    let digits = n.abs().to_str_radix(radix);
    let sign = if n.is_negative() { "-" } else { "" };
    Ok(vm.new_str(format!("{sign}{prefix}{digits}")))
}

/// `sum(iterable, start)`.
fn sum_of(vm: &mut Vm, iterable: Value, start: Value) -> PyResult<Value> {
    let mut acc = start;
    if as_str(&vm.heap, acc).is_some() {
        return Err(PyErr::type_error(
            "sum() can't sum strings [use ''.join(seq) instead]",
        ));
    }
    if crate::object::bytes::as_bytes(&vm.heap, acc).is_some() {
        return Err(PyErr::type_error(format!(
            "sum() can't sum {} [use b''.join(seq) instead]",
            vm.class_name(acc)
        )));
    }
    if let Some(r) = super::sum_scan::sum_plain(vm, iterable, acc) {
        return r;
    }
    let it = vm.get_iter(iterable)?;
    // Floats are summed with Neumaier compensation, as CPython 3.12+ does.
    let mut fsum: Option<(f64, f64)> = None;
    while let Some(v) = vm.iter_next(it)? {
        if let Some((s, c)) = fsum.as_mut() {
            let x = match v {
                Value::Float(f) => Some(f),
                Value::Int(i) if i.unsigned_abs() < (1u64 << 53) => Some(i as f64),
                Value::Bool(b) => Some(b as i64 as f64),
                _ => None,
            };
            if let Some(x) = x {
                super::sum_scan::neumaier_add(s, c, x);
                continue;
            }
            let (s, c) = fsum.take().expect("in float mode");
            acc = Value::Float(super::sum_scan::neumaier_total(s, c));
        }
        match (acc, v) {
            (Value::Int(x), Value::Int(y)) if x.checked_add(y).is_some() => acc = Value::Int(x + y),
            (Value::Int(_) | Value::Bool(_) | Value::Float(_), Value::Float(_))
                if vm.as_num(acc).is_some() =>
            {
                let base = match vm.as_num(acc) {
                    Some(Num::Int(i)) => i as f64,
                    Some(Num::Float(f)) => f,
                    _ => 0.0,
                };
                fsum = Some((base, 0.0));
                if let Value::Float(x) = v {
                    let (s, c) = fsum.as_mut().expect("just set");
                    super::sum_scan::neumaier_add(s, c, x);
                }
            }
            _ => acc = vm.binary_op(BinOp::Add, acc, v, false)?,
        }
    }
    if let Some((s, c)) = fsum {
        return Ok(Value::Float(super::sum_scan::neumaier_total(s, c)));
    }
    Ok(acc)
}

/// `min` (`is_min`) or `max` of `args`, after their keywords are checked.
fn min_max(
    vm: &mut Vm,
    args: Vec<Value>,
    key: Option<Value>,
    default: Option<Value>,
    is_min: bool,
) -> PyResult<Value> {
    let name = if is_min { "min" } else { "max" };
    if args.is_empty() {
        return Err(PyErr::type_error(format!(
            "{name} expected at least 1 argument, got 0"
        )));
    }
    if args.len() > 1 && default.is_some() {
        return Err(PyErr::type_error(format!(
            "Cannot specify a default for {name}() with multiple positional arguments"
        )));
    }
    // One iterable is walked item by item (constant memory, as CPython);
    // several arguments are the items themselves.
    let iterable = if args.len() == 1 {
        args[0]
    } else {
        vm.new_tuple(args)
    };
    let key = key.filter(|k| !k.is_none());
    if key.is_none() {
        if let Some(r) = super::sum_scan::min_max_plain(vm, iterable, is_min) {
            return r;
        }
    }
    let it = vm.get_iter(iterable)?;
    let mut best: Option<(Value, Value)> = None;
    while let Some(item) = vm.iter_next(it)? {
        let k = match key {
            Some(kf) => vm.call_args(kf, &[item])?,
            None => item,
        };
        let better = match best {
            None => true,
            Some((_, best_key)) => {
                let op = if is_min { CmpOp::Lt } else { CmpOp::Gt };
                let r = vm.compare_op(op, k, best_key)?;
                vm.truthy(r)?
            }
        };
        if better {
            best = Some((item, k));
        }
    }
    match (best, default) {
        (Some((item, _)), _) => Ok(item),
        (None, Some(d)) => Ok(d),
        (None, None) => Err(PyErr::value_error(format!(
            "{name}() iterable argument is empty"
        ))),
    }
}
