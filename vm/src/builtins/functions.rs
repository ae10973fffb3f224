//! The builtin functions themselves.

use crate::vm::stdlib::Stdlib;
use num_bigint::BigInt;
use num_traits::Signed;

use crate::object::{int, ExcType, Obj, Type, Value};
use crate::vm::call::Kwargs;
use crate::vm::ops::Num;
use crate::vm::{as_str, PyErr, PyResult, Vm};
use monty_compile::bytecode::{BinOp, CmpOp};

use super::{Args, Builtin};

pub fn call<S: Stdlib>(vm: &mut Vm<S>, b: Builtin, pos: Vec<Value>, kw: Kwargs) -> PyResult<Value> {
    let mut a = Args::new(b.name(), pos, kw);
    match b {
        Builtin::Print => print(vm, a),
        Builtin::Len => {
            a.check(1, 1, &[])?;
            if let Value::Ref(id) = a.pos[0] {
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
            let n = vm.len_of(a.pos[0])?;
            Ok(Value::Int(n as i64))
        }
        Builtin::Repr => {
            a.check(1, 1, &[])?;
            let s = vm.repr(a.pos[0])?;
            Ok(vm.new_str(s))
        }
        Builtin::Ascii => {
            a.check(1, 1, &[])?;
            let s = vm.repr(a.pos[0])?;
            Ok(vm.new_str(crate::vm::repr::ascii_escape(&s)))
        }
        Builtin::IsInstance => {
            a.check(2, 2, &[])?;
            let r = isinstance(vm, a.pos[0], a.pos[1])?;
            Ok(Value::Bool(r))
        }
        Builtin::IsSubclass => {
            a.check(2, 2, &[])?;
            let r = issubclass(vm, a.pos[0], a.pos[1])?;
            Ok(Value::Bool(r))
        }
        Builtin::Sorted => {
            if a.pos.len() != 1 {
                return Err(PyErr::type_error(format!(
                    "sorted expected 1 argument, got {}",
                    a.pos.len()
                )));
            }
            // CPython builds the list first and passes the keywords on to
            // `list.sort`, which is the one that rejects unknown ones
            let items = vm.collect_iterable(a.pos[0])?;
            a.name = "sort";
            a.check(1, 1, &["key", "reverse"])?;
            let key = a.kwarg("key").unwrap_or(Value::None);
            let reverse = match a.kwarg("reverse") {
                Some(r) => vm.truthy(r)?,
                None => false,
            };
            let sorted = vm.sort_values(items, key, reverse)?;
            Ok(vm.new_list(sorted))
        }
        Builtin::Sum => sum(vm, a),
        Builtin::Min => min_max(vm, a, true),
        Builtin::Max => min_max(vm, a, false),
        Builtin::Abs => {
            a.check(1, 1, &[])?;
            if vm.is_native_obj(a.pos[0]) {
                if let Some(r) = S::native_obj_unary(vm, a.pos[0], 'a')? {
                    return Ok(r);
                }
            }
            if vm.user_class_of(a.pos[0]).is_some() {
                if let Some(r) = vm.call_dunder(a.pos[0], "__abs__", vec![])? {
                    return Ok(r);
                }
            }
            match vm.as_num(a.pos[0]) {
                Some(Num::Int(i)) => Ok(match i.checked_abs() {
                    Some(v) => Value::Int(v),
                    None => int::from_bigint(&mut vm.heap, BigInt::from(i).abs()),
                }),
                Some(Num::Big(b)) => Ok(int::from_bigint(&mut vm.heap, b.abs())),
                Some(Num::Float(f)) => Ok(Value::Float(f.abs())),
                None if vm.as_complex(a.pos[0]).is_some() => {
                    let z = vm.as_complex(a.pos[0]).expect("checked");
                    vm.complex_abs(z)
                }
                None => Err(PyErr::type_error(format!(
                    "bad operand type for abs(): '{}'",
                    vm.class_name(a.pos[0])
                ))),
            }
        }
        Builtin::Round => super::round::round(vm, a),
        Builtin::Any | Builtin::All => {
            a.check(1, 1, &[])?;
            let want = b == Builtin::Any;
            let it = vm.get_iter(a.pos[0])?;
            while let Some(v) = vm.iter_next(it)? {
                if vm.truthy(v)? == want {
                    return Ok(Value::Bool(want));
                }
            }
            Ok(Value::Bool(!want))
        }
        Builtin::Iter => {
            a.check(1, 2, &[])?;
            if a.pos.len() == 2 {
                let c = call(vm, Builtin::Callable, vec![a.pos[0]], Vec::new())?;
                if c != Value::Bool(true) {
                    return Err(PyErr::type_error("iter(v, w): v must be callable"));
                }
                let it = crate::object::Iter::Callable {
                    func: a.pos[0],
                    sentinel: a.pos[1],
                };
                return Ok(vm.heap.new_value(Obj::Iter(it)));
            }
            vm.get_iter(a.pos[0])
        }
        Builtin::Next => {
            a.check(1, 2, &[])?;
            let it = a.pos[0];
            if !vm.is_iterator(it) {
                return Err(PyErr::type_error(format!(
                    "'{}' object is not an iterator",
                    vm.class_name(it)
                )));
            }
            match vm.iter_next(it)? {
                Some(v) => Ok(v),
                None => match a.pos.get(1) {
                    Some(d) => Ok(*d),
                    None => Err(PyErr::New(ExcType::StopIteration, vec![])),
                },
            }
        }
        Builtin::Callable => {
            a.check(1, 1, &[])?;
            let v = a.pos[0];
            let c = match v {
                Value::Builtin(Builtin::Ellipsis) => false,
                Value::Builtin(_) | Value::Native(_) | Value::Type(_) | Value::ExcType(_) => true,
                Value::Ref(id) => match vm.heap.get(id) {
                    Obj::Function(_)
                    | Obj::BuiltinMethod(..)
                    | Obj::External(_)
                    | Obj::BoundNative { .. } => true,
                    Obj::Class(_) | Obj::BoundMethod { .. } => true,
                    Obj::Instance(i) => vm.class_lookup(i.class, "__call__").is_some(),
                    _ => false,
                },
                _ => false,
            };
            Ok(Value::Bool(c))
        }
        Builtin::Chr => {
            a.check(1, 1, &[])?;
            // any int out of range is a ValueError, however large (3.14)
            let i = vm.bigint_arg_mut(a.pos[0])?;
            match u32::try_from(&i).ok().and_then(char::from_u32) {
                Some(c) => Ok(vm.new_str(c.to_string())),
                None => Err(PyErr::value_error("chr() arg not in range(0x110000)")),
            }
        }
        Builtin::Ord => {
            a.check(1, 1, &[])?;
            match as_str(&vm.heap, a.pos[0]) {
                Some(s) => {
                    let n = s.chars().count();
                    if n != 1 {
                        return Err(PyErr::type_error(format!(
                            "ord() expected a character, but string of length {n} found"
                        )));
                    }
                    Ok(Value::Int(s.chars().next().expect("one char") as i64))
                }
                None => match crate::object::bytes::as_bytes(&vm.heap, a.pos[0]) {
                    Some([c]) => Ok(Value::Int(*c as i64)),
                    Some(b) => Err(PyErr::type_error(format!(
                        "ord() expected a character, but string of length {} found",
                        b.len()
                    ))),
                    None => Err(PyErr::type_error(format!(
                        "ord() expected string of length 1, but {} found",
                        vm.class_name(a.pos[0])
                    ))),
                },
            }
        }
        Builtin::Hex | Builtin::Bin | Builtin::Oct => {
            a.check(1, 1, &[])?;
            let n = vm.bigint_arg_mut(a.pos[0])?;
            let (prefix, radix) = match b {
                Builtin::Hex => ("0x", 16),
                Builtin::Bin => ("0b", 2),
                _ => ("0o", 8),
            };
            let digits = n.abs().to_str_radix(radix);
            let sign = if n.is_negative() { "-" } else { "" };
            Ok(vm.new_str(format!("{sign}{prefix}{digits}")))
        }
        Builtin::DivMod => {
            a.check(2, 2, &[])?;
            let (x, y) = (a.pos[0], a.pos[1]);
            if let Some(r) = S::decimal_divmod(vm, x, y)? {
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
            if let (Some(Num::Float(_)), _) | (_, Some(Num::Float(_))) =
                (vm.as_num(x), vm.as_num(y))
            {
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
        Builtin::Pow => super::pow::pow(vm, a),
        Builtin::Hash => {
            a.check(1, 1, &[])?;
            let k = vm.hash_key(a.pos[0])?;
            Ok(Value::Int(crate::object::python_hash(&k)))
        }
        Builtin::Id => {
            a.check(1, 1, &[])?;
            Ok(Value::Int(match a.pos[0] {
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
        Builtin::GetAttr => {
            a.check(2, 3, &[])?;
            let name = attr_name_arg(vm, a.pos[1])?;
            match vm.get_attr(a.pos[0], &name) {
                Ok(v) => Ok(v),
                Err(e) => match a.pos.get(2) {
                    Some(d) if is_attribute_error(vm, &e) => Ok(*d),
                    _ => Err(e),
                },
            }
        }
        Builtin::HasAttr => {
            a.check(2, 2, &[])?;
            let name = attr_name_arg(vm, a.pos[1])?;
            match vm.get_attr(a.pos[0], &name) {
                Ok(_) => Ok(Value::Bool(true)),
                Err(e) if is_attribute_error(vm, &e) => Ok(Value::Bool(false)),
                Err(e) => Err(e),
            }
        }
        Builtin::SetAttr => {
            a.check(3, 3, &[])?;
            let name = attr_name_arg(vm, a.pos[1])?;
            vm.set_attr(a.pos[0], &name, a.pos[2])?;
            Ok(Value::None)
        }
        Builtin::Format => {
            a.check(1, 2, &[])?;
            let spec = match a.pos.get(1) {
                Some(&s) => {
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
            let s = super::format::format_value(vm, a.pos[0], &spec)?;
            Ok(vm.new_str(s))
        }
        Builtin::Ellipsis => Err(PyErr::type_error("'ellipsis' object is not callable")),
        Builtin::NotImplemented => Err(PyErr::type_error(
            "'NotImplementedType' object is not callable",
        )),
        Builtin::Super => match a.pos.len() {
            0 => vm.zero_arg_super(),
            2 => match a.pos[0] {
                Value::Ref(c) if matches!(vm.heap.get(c), Obj::Class(_)) => {
                    Ok(vm.heap.new_value(Obj::Super {
                        class: c,
                        obj: a.pos[1],
                    }))
                }
                _ => Err(PyErr::type_error("super() argument 1 must be a type")),
            },
            n => Err(PyErr::type_error(format!(
                "super() expected 0 or 2 arguments, got {n}"
            ))),
        },
        Builtin::StaticMethod => {
            a.check(1, 1, &[])?;
            Ok(vm.heap.new_value(Obj::StaticMethod(a.pos[0])))
        }
        Builtin::ClassMethod => {
            a.check(1, 1, &[])?;
            Ok(vm.heap.new_value(Obj::ClassMethod(a.pos[0])))
        }
        Builtin::Property => {
            a.check(0, 4, &["fget", "fset", "fdel", "doc"])?;
            let get = |i: usize, k: &str| a.get(i, k).unwrap_or(Value::None);
            let p = crate::object::Property {
                fget: get(0, "fget"),
                fset: get(1, "fset"),
                fdel: get(2, "fdel"),
            };
            Ok(vm.heap.new_value(Obj::Property(p)))
        }
        Builtin::DelAttr => {
            a.check(2, 2, &[])?;
            let name = attr_name_arg(vm, a.pos[1])?;
            vm.del_attr(a.pos[0], &name)?;
            Ok(Value::None)
        }
        Builtin::Vars => {
            a.check(1, 1, &[])?;
            vm.get_attr(a.pos[0], "__dict__")
                .map_err(|_| PyErr::type_error("vars() argument must have __dict__ attribute"))
        }
        Builtin::Dir => {
            a.check(1, 1, &[])?;
            let names = vm.dir_of(a.pos[0]);
            let items: Vec<Value> = names.into_iter().map(|n| vm.new_str(n)).collect();
            Ok(vm.new_list(items))
        }
        Builtin::ObjectInit => {
            if a.pos.len() > 1 || !a.kw.is_empty() {
                return Err(PyErr::type_error(
                    "object.__init__() takes exactly one argument (the instance to initialize)",
                ));
            }
            Ok(Value::None)
        }
        Builtin::ExceptionInit => {
            let Some(&exc) = a.pos.first() else {
                return Err(PyErr::type_error(
                    "descriptor '__init__' of 'BaseException' object needs an argument",
                ));
            };
            let args = a.pos[1..].to_vec();
            if let Value::Ref(id) = exc {
                if let Obj::Exception(e) = vm.heap.get_mut(id) {
                    e.args = args;
                }
            }
            Ok(Value::None)
        }
        Builtin::ObjectSetattr => {
            let Some(&target) = a.pos.first() else {
                return Err(PyErr::type_error(
                    "descriptor '__setattr__' of 'object' object needs an argument",
                ));
            };
            if !a.kw.is_empty() {
                return Err(PyErr::type_error(
                    "wrapper __setattr__() takes no keyword arguments",
                ));
            }
            if a.pos.len() != 3 {
                return Err(PyErr::type_error(format!(
                    "__setattr__ expected 2 arguments, got {}",
                    a.pos.len() - 1
                )));
            }
            let Some(name) = as_str(&vm.heap, a.pos[1]).map(str::to_string) else {
                return Err(PyErr::type_error(format!(
                    "attribute name must be string, not '{}'",
                    vm.class_name(a.pos[1])
                )));
            };
            let has_dict = matches!(target, Value::Ref(id)
                if matches!(vm.heap.get(id), Obj::Instance(_) | Obj::Exception(_)));
            if !has_dict {
                return vm.set_attr(target, &name, a.pos[2]).map(|_| Value::None);
            }
            vm.raw_set_attr(target, &name, a.pos[2]);
            Ok(Value::None)
        }
        Builtin::ObjectEq => {
            a.check(2, 2, &[])?;
            Ok(if vm.is(a.pos[0], a.pos[1]) {
                Value::Bool(true)
            } else {
                Value::Builtin(Builtin::NotImplemented)
            })
        }
        Builtin::Str_ => {
            a.check(1, 1, &[])?;
            let s = vm.default_repr(a.pos[0])?;
            Ok(vm.new_str(s))
        }
    }
}

fn is_attribute_error<S: Stdlib>(vm: &Vm<S>, e: &PyErr) -> bool {
    match e {
        PyErr::Msg(k, _) | PyErr::New(k, _) => k.is_subclass_of(ExcType::AttributeError),
        PyErr::Raise(v) | PyErr::Reraise(v) => match v {
            Value::Ref(id) => {
                matches!(vm.heap.get(*id), Obj::Exception(x) if x.kind.is_subclass_of(ExcType::AttributeError))
            }
            _ => false,
        },
    }
}

fn print<S: Stdlib>(vm: &mut Vm<S>, a: Args) -> PyResult<Value> {
    a.check(0, usize::MAX, &["sep", "end", "file", "flush"])?;
    let sep = match a.kwarg("sep") {
        None | Some(Value::None) => " ".to_string(),
        Some(v) => match as_str(&vm.heap, v) {
            Some(s) => s.to_string(),
            None => {
                return Err(PyErr::type_error(format!(
                    "sep must be None or a string, not {}",
                    vm.class_name(v)
                )))
            }
        },
    };
    let end = match a.kwarg("end") {
        None | Some(Value::None) => "\n".to_string(),
        Some(v) => match as_str(&vm.heap, v) {
            Some(s) => s.to_string(),
            None => {
                return Err(PyErr::type_error(format!(
                    "end must be None or a string, not {}",
                    vm.class_name(v)
                )))
            }
        },
    };
    let stream = match a.kwarg("file") {
        None | Some(Value::None) => 1,
        Some(Value::Int(2)) => 2,
        Some(f) => match S::stream_of(vm, f) {
            Some(n) => u32::from(n),
            None => return print_to_object(vm, &a, f, &sep, &end),
        },
    };
    let mut out = String::new();
    for (i, v) in a.pos.iter().enumerate() {
        if i > 0 {
            out.push_str(&sep);
        }
        out.push_str(&vm.str_of(*v)?);
    }
    out.push_str(&end);
    crate::output::write(stream, &out);
    Ok(Value::None)
}

/// `print(..., file=f)` for an object with a `write` method (an
/// `io.StringIO`, a user class): one `write` call per piece, as CPython.
fn print_to_object<S: Stdlib>(
    vm: &mut Vm<S>,
    a: &Args,
    file: Value,
    sep: &str,
    end: &str,
) -> PyResult<Value> {
    let write = vm.get_attr(file, "write")?;
    for (i, v) in a.pos.iter().enumerate() {
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
    if let Some(flush) = a.kwarg("flush") {
        if vm.truthy(flush)? {
            let f = vm.get_attr(file, "flush")?;
            vm.call_value(f, Vec::new(), Vec::new())?;
        }
    }
    Ok(Value::None)
}

pub fn isinstance<S: Stdlib>(vm: &mut Vm<S>, v: Value, ty: Value) -> PyResult<bool> {
    if let Some(r) = S::generic_isinstance(vm, v, ty) {
        return r;
    }
    match ty {
        Value::Native(t) => S::native_type_isinstance(vm, v, t).ok_or_else(|| {
            PyErr::type_error("isinstance() arg 2 must be a type, a tuple of types, or a union")
        }),
        Value::Type(t) => {
            let vt = vm.type_of(v);
            let is_class = matches!(v, Value::Type(_) | Value::ExcType(_))
                || matches!(v, Value::Ref(id) if matches!(vm.heap.get(id), Obj::Class(_)));
            // a namedtuple is a tuple subclass
            let tuple_subclass = t == Type::Tuple
                && vm.user_class_of(v).is_some_and(|c| {
                    vm.class(c)
                        .mro
                        .iter()
                        .any(|m| vm.class(*m).namedtuple.is_some())
                });
            Ok(vt.is_subtype_of(t)
                || (t == Type::Type && is_class)
                || (t == Type::Object)
                || tuple_subclass)
        }
        Value::ExcType(t) => Ok(match v {
            Value::Ref(id) => match vm.heap.get(id) {
                Obj::Exception(e) => {
                    e.kind.is_subclass_of(t)
                        || e.class.is_some_and(|c| vm.class_is_exc_subclass(c, t))
                }
                _ => false,
            },
            _ => false,
        }),
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Tuple(items) => {
                for t in items.clone() {
                    if isinstance(vm, v, t)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            Obj::Class(_) => Ok(vm
                .user_class_of(v)
                .is_some_and(|c| vm.class_is_subclass(c, id))),
            _ => Err(PyErr::type_error(
                "isinstance() arg 2 must be a type, a tuple of types, or a union",
            )),
        },
        _ => Err(PyErr::type_error(
            "isinstance() arg 2 must be a type, a tuple of types, or a union",
        )),
    }
}

fn issubclass<S: Stdlib>(vm: &Vm<S>, c: Value, ty: Value) -> PyResult<bool> {
    if let Value::Ref(id) = ty {
        if let Obj::Tuple(items) = vm.heap.get(id) {
            for &t in items {
                if issubclass(vm, c, t)? {
                    return Ok(true);
                }
            }
            return Ok(false);
        }
    }
    let user = |v: Value| match v {
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::Class(_)) => Some(id),
        _ => None,
    };
    match (user(c), user(ty)) {
        (Some(a), Some(b)) => return Ok(vm.class_is_subclass(a, b)),
        (Some(a), None) => {
            return Ok(match ty {
                Value::Type(Type::Object) => true,
                Value::ExcType(e) => vm.class_is_exc_subclass(a, e),
                Value::Type(_) => false,
                _ => {
                    return Err(PyErr::type_error(
                        "issubclass() arg 2 must be a class, a tuple of classes, or a union",
                    ))
                }
            })
        }
        (None, Some(_)) if matches!(c, Value::Type(_) | Value::ExcType(_)) => return Ok(false),
        _ => {}
    }
    match (c, ty) {
        (Value::Type(a), Value::Type(b)) => Ok(a.is_subtype_of(b)),
        (Value::ExcType(a), Value::ExcType(b)) => Ok(a.is_subclass_of(b)),
        (Value::ExcType(_), Value::Type(Type::Object)) => Ok(true),
        (Value::Type(_), Value::ExcType(_)) | (Value::ExcType(_), Value::Type(_)) => Ok(false),
        (Value::Type(_) | Value::ExcType(_), _) => Err(PyErr::type_error(
            "issubclass() arg 2 must be a class, a tuple of classes, or a union",
        )),
        _ => Err(PyErr::type_error("issubclass() arg 1 must be a class")),
    }
}

fn sum<S: Stdlib>(vm: &mut Vm<S>, a: Args) -> PyResult<Value> {
    a.check(1, 2, &["start"])?;
    let mut acc = a.get(1, "start").unwrap_or(Value::Int(0));
    if let Some(s) = as_str(&vm.heap, acc) {
        let _ = s;
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
    let it = vm.get_iter(a.pos[0])?;
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
                let t = *s + x;
                if s.abs() >= x.abs() {
                    *c += (*s - t) + x;
                } else {
                    *c += (x - t) + *s;
                }
                *s = t;
                continue;
            }
            let (s, c) = fsum.take().expect("in float mode");
            acc = Value::Float(if c != 0.0 && c.is_finite() { s + c } else { s });
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
                    let t = *s + x;
                    if s.abs() >= x.abs() {
                        *c += (*s - t) + x;
                    } else {
                        *c += (x - t) + *s;
                    }
                    *s = t;
                }
            }
            _ => acc = vm.binary_op(BinOp::Add, acc, v, false)?,
        }
    }
    if let Some((s, c)) = fsum {
        return Ok(Value::Float(if c != 0.0 && c.is_finite() {
            s + c
        } else {
            s
        }));
    }
    Ok(acc)
}

fn min_max<S: Stdlib>(vm: &mut Vm<S>, a: Args, is_min: bool) -> PyResult<Value> {
    let name = if is_min { "min" } else { "max" };
    for (k, _) in &a.kw {
        if k != "key" && k != "default" {
            return Err(PyErr::type_error(format!(
                "{name}() got an unexpected keyword argument '{k}'"
            )));
        }
    }
    if a.pos.is_empty() {
        return Err(PyErr::type_error(format!(
            "{name} expected at least 1 argument, got 0"
        )));
    }
    let default = a.kwarg("default");
    if a.pos.len() > 1 && default.is_some() {
        return Err(PyErr::type_error(format!(
            "Cannot specify a default for {name}() with multiple positional arguments"
        )));
    }
    // One iterable is walked item by item (constant memory, as CPython);
    // several arguments are the items themselves.
    let iterable = if a.pos.len() == 1 {
        a.pos[0]
    } else {
        vm.new_tuple(a.pos.clone())
    };
    let it = vm.get_iter(iterable)?;
    let key = a.kwarg("key").filter(|k| !k.is_none());
    let mut best: Option<(Value, Value)> = None;
    while let Some(item) = vm.iter_next(it)? {
        let k = match key {
            Some(kf) => vm.call_value(kf, vec![item], Vec::new())?,
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

/// The attribute name argument of `getattr` and friends, with CPython's
/// message for a non-string.
fn attr_name_arg<S: Stdlib>(vm: &Vm<S>, v: Value) -> PyResult<String> {
    vm.str_arg(
        v,
        &format!("attribute name must be string, not '{}'", vm.class_name(v)),
    )
}
