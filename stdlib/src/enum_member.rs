//! What enum members do: `repr` (`<Color.RED: 1>`), `str` (`Color.RED`;
//! the value's for `IntEnum`, `StrEnum`, `IntFlag`), `format`, the `name`
//! and `value` properties, copying (a member is its own copy), the default
//! `_generate_next_value_` of `auto()` (`Enum`: last + 1, `StrEnum`: the
//! lowercased name, `Flag`: the next power of two), and the operators
//! through which a member of a class mixing in a builtin type acts as its
//! value (`class Status(str, Enum)`: `Status.A == 'a'`, `.upper()`).

use monty_compile::bytecode::{BinOp, CmpOp, UnaryOp};

use crate::enums::{instance_attr, member_class, name_of, value_of};
use crate::object::{ExcType, Value};
use crate::vm::{PyErr, PyResult, Vm};

fn class_name_of(vm: &Vm, this: Value) -> String {
    vm.user_class_of(this)
        .map(|c| vm.class(c).name.clone())
        .unwrap_or_default()
}

/// `Color.RED` (`Color(0)`-style for an unnamed flag value).
fn enum_str(vm: &mut Vm, this: Value) -> PyResult<String> {
    let cname = class_name_of(vm, this);
    let name = name_of(vm, this);
    if name.is_none() {
        let v = value_of(vm, this);
        return Ok(format!("{cname}({})", vm.repr(v)?));
    }
    Ok(format!("{cname}.{}", vm.str_of(name)?))
}

native! {
    /// `repr(member)`: `<Color.RED: 1>`.
    pub(crate) builtin fn _enum_repr as "Enum.__repr__"(vm, this, /) {
        let cname = class_name_of(vm, this);
        let name = name_of(vm, this);
        let v = value_of(vm, this);
        let vr = vm.repr(v)?;
        let s = if name.is_none() {
            format!("<{cname}: {vr}>")
        } else {
            format!("<{cname}.{}: {vr}>", vm.str_of(name)?)
        };
        Ok(vm.new_str(s))
    }

    /// `str(member)`: `Color.RED`.
    pub(crate) builtin fn _enum_str as "Enum.__str__"(vm, this, /) {
        let s = enum_str(vm, this)?;
        Ok(vm.new_str(s))
    }

    /// `format(member, spec)`: its `str()` (the class's own `__str__` if
    /// it has one) formatted.
    pub(crate) builtin fn _enum_format as "Enum.__format__"(vm, this, spec, /) {
        let s = vm.str_of(this)?;
        let s = vm.new_str(s);
        let spec = vm.str_of(spec)?;
        let out = crate::builtins::format::format_value(vm, s, &spec)?;
        Ok(vm.new_str(out))
    }

    /// `str(member)` of `IntEnum`, `StrEnum`, `IntFlag`: the value's.
    pub(crate) builtin fn _value_str as "ReprEnum.__str__"(vm, this, /) {
        let v = value_of(vm, this);
        let s = vm.str_of(v)?;
        Ok(vm.new_str(s))
    }

    /// `format(member, spec)` of `IntEnum`, ...: the value's.
    pub(crate) builtin fn _value_format as "ReprEnum.__format__"(vm, this, spec, /) {
        let v = value_of(vm, this);
        let spec = vm.str_of(spec)?;
        let out = crate::builtins::format::format_value(vm, v, &spec)?;
        Ok(vm.new_str(out))
    }

    /// `copy.copy(member)`: the member itself.
    pub(crate) builtin fn _enum_copy as "Enum.__copy__"(vm, this, /) {
        let _ = vm;
        Ok(this)
    }

    /// `copy.deepcopy(member, memo)`: the member itself.
    pub(crate) builtin fn _enum_deepcopy as "Enum.__deepcopy__"(vm, this, _memo, /) {
        let _ = vm;
        Ok(this)
    }

    /// `member.name`.
    pub(crate) builtin fn _enum_name as "Enum.name"(vm, this, /) {
        Ok(name_of(vm, this))
    }

    /// `member.value`.
    pub(crate) builtin fn _enum_value as "Enum.value"(vm, this, /) {
        Ok(value_of(vm, this))
    }

    /// Setting `member.name` or `member.value`.
    pub(crate) builtin fn _enum_set_readonly as "Enum.__set__"(vm, attr, _this, _value, /) {
        let attr = vm.str_of(attr)?;
        Err(PyErr::new(
            ExcType::AttributeError,
            format!("<enum 'Enum'> cannot set attribute '{attr}'"),
        ))
    }

    /// `_generate_next_value_(name, start, count, last_values)`; bound
    /// to 1 for `StrEnum` (the lowercased name), 2 for `Flag` (the next
    /// power of two).
    pub(crate) builtin fn _next_value as "Enum._generate_next_value_"(vm, *args) {
        let (kind, rest) = match args.len() {
            5 => (args[0], &args[1..]),
            _ => (Value::Int(0), &args[..]),
        };
        if rest.len() != 4 {
            return Err(PyErr::type_error(
                "_generate_next_value_() takes exactly 4 arguments",
            ));
        }
        let (name, start, last) = (rest[0], rest[1], rest[3]);
        let last = vm.collect_iterable(last)?;
        match kind {
            Value::Int(1) => {
                let n = vm.str_of(name)?.to_lowercase();
                Ok(vm.new_str(n))
            }
            Value::Int(2) => {
                let mut high = 0u32;
                for v in &last {
                    match v {
                        Value::Int(i) if *i >= 0 => high = high.max(64 - i.leading_zeros()),
                        _ => {
                            let r = vm.repr(*v)?;
                            return Err(PyErr::type_error(format!("invalid flag value {r}")));
                        }
                    }
                }
                if last.is_empty() {
                    return Ok(start);
                }
                Ok(Value::Int(1i64 << high))
            }
            _ => {
                let Some(&first) = last.first() else { return Ok(start) };
                let mut max = first;
                for &v in &last[1..] {
                    let gt = vm.compare_op(CmpOp::Gt, v, max).map_err(|_| {
                        PyErr::type_error("unable to sort non-numeric values")
                    })?;
                    if vm.truthy(gt)? {
                        max = v;
                    }
                }
                match vm.binary_op(BinOp::Add, max, Value::Int(1), false) {
                    Ok(v) => Ok(v),
                    Err(_) => {
                        let r = vm.repr(max)?;
                        Err(PyErr::type_error(format!("unable to increment {r}")))
                    }
                }
            }
        }
    }

    /// A special method of a member whose class mixes in a builtin type,
    /// done on its value (`op` is the method's name, bound).
    pub(crate) builtin fn _mixin_op as "Enum._mixin_op"(vm, op, this, /, *args) {
        let op = vm.str_of(op)?;
        let v = value_of(vm, this);
        let args: Vec<Value> = args
            .into_iter()
            .map(|a| crate::enums::builtin_payload(vm, a).unwrap_or(a))
            .collect();
        let arg = |i: usize| {
            args.get(i)
                .copied()
                .ok_or_else(|| PyErr::type_error(format!("{op}() missing an argument")))
        };
        let bin = |name: &str| -> Option<(BinOp, bool)> {
            let (base, rev) = match name.strip_prefix("__r") {
                Some(rest) if name != "__rshift__" => (format!("__{rest}"), true),
                _ => (name.to_owned(), false),
            };
            let op = match base.as_str() {
                "__add__" => BinOp::Add,
                "__sub__" => BinOp::Sub,
                "__mul__" => BinOp::Mul,
                "__truediv__" => BinOp::Div,
                "__floordiv__" => BinOp::FloorDiv,
                "__mod__" => BinOp::Mod,
                "__pow__" => BinOp::Pow,
                "__lshift__" => BinOp::LShift,
                "__rshift__" => BinOp::RShift,
                "__and__" => BinOp::BitAnd,
                "__or__" => BinOp::BitOr,
                "__xor__" => BinOp::BitXor,
                _ => return None,
            };
            Some((op, rev))
        };
        if let Some((b, rev)) = bin(&op) {
            let o = arg(0)?;
            let (l, r) = if rev { (o, v) } else { (v, o) };
            return vm.binary_op(b, l, r, false);
        }
        let cmp = match op.as_str() {
            "__eq__" => Some(CmpOp::Eq),
            "__ne__" => Some(CmpOp::Ne),
            "__lt__" => Some(CmpOp::Lt),
            "__le__" => Some(CmpOp::Le),
            "__gt__" => Some(CmpOp::Gt),
            "__ge__" => Some(CmpOp::Ge),
            _ => None,
        };
        if let Some(c) = cmp {
            let o = arg(0)?;
            if member_class(vm, o).is_some() && matches!(c, CmpOp::Eq | CmpOp::Ne) {
                // a member of an enum without a builtin mixed in
                return Ok(Value::Bool((c == CmpOp::Ne) ^ vm.same_object(this, o)));
            }
            return vm.compare_op(c, v, o);
        }
        match op.as_str() {
            "__neg__" => vm.unary_op(UnaryOp::Neg, v),
            "__pos__" => vm.unary_op(UnaryOp::Pos, v),
            "__invert__" => vm.unary_op(UnaryOp::Invert, v),
            "__abs__" | "__int__" | "__float__" => {
                let f = match op.as_str() {
                    "__abs__" => "abs",
                    "__int__" => "int",
                    _ => "float",
                };
                let f = vm.builtin_by_name(f)?;
                vm.call_value(f, vec![v], Vec::new())
            }
            "__index__" => match v {
                Value::Int(_) | Value::Bool(_) => Ok(v),
                _ if vm.type_of(v) == crate::object::Type::Int => Ok(v),
                _ => Err(PyErr::type_error(format!(
                    "'{}' object cannot be interpreted as an integer",
                    class_name_of(vm, this)
                ))),
            },
            "__bool__" => Ok(Value::Bool(vm.truthy(v)?)),
            "__round__" => {
                let f = vm.builtin_by_name("round")?;
                let mut all = vec![v];
                all.extend(args.first().copied());
                vm.call_value(f, all, Vec::new())
            }
            "__len__" => Ok(Value::Int(vm.len_of(v)? as i64)),
            "__contains__" => Ok(Value::Bool(vm.contains(v, arg(0)?)?)),
            "__getitem__" => vm.get_item(v, arg(0)?),
            "__iter__" => vm.get_iter(v),
            "__getattr__" => {
                let name = vm.str_of(arg(0)?)?;
                let cname = class_name_of(vm, this);
                let missing = || {
                    PyErr::new(
                        ExcType::AttributeError,
                        format!("'{cname}' object has no attribute '{name}'"),
                    )
                };
                if name.starts_with("__") || instance_attr(vm, this, "_value_").is_none() {
                    return Err(missing());
                }
                match vm.get_attr(v, &name) {
                    Ok(a) => Ok(a),
                    Err(e) if vm.is_exc_kind(&e, ExcType::AttributeError) => Err(missing()),
                    Err(e) => Err(e),
                }
            }
            _ => Err(PyErr::type_error(format!("unsupported operation {op}"))),
        }
    }
}
