//! `Flag` and `IntFlag`: members are bits; `|`, `&`, `^` and `~` make
//! pseudo-members for combined values (named `R|W`, cached in the class's
//! `_value2member_map_` so a combination is always the same object),
//! `in` tests bits, iterating a value gives its single-bit members in
//! definition order. A `Flag` refuses values with bits no member has
//! (`<flag 'F'> invalid value 8`); an `IntFlag` keeps them (`R|8`) and
//! combines with plain ints.

use crate::enums::{flag_kind, member_class, members, value_of};
use crate::object::{HashKey, Instance, Obj, ObjId, Value};
use crate::vm::{PyErr, PyResult, Vm};

fn not_implemented() -> Value {
    Value::Builtin(crate::builtins::Builtin::NotImplemented)
}

fn int_of(v: Value) -> Option<i64> {
    match v {
        Value::Int(i) => Some(i),
        Value::Bool(b) => Some(b as i64),
        _ => None,
    }
}

/// The single-bit members of `cls` (value, member), in definition order.
fn singles(vm: &Vm, cls: ObjId) -> Vec<(i64, Value)> {
    members(vm, cls)
        .into_iter()
        .filter_map(|m| {
            let v = int_of(value_of(vm, m))?;
            (v > 0 && v & (v - 1) == 0).then_some((v, m))
        })
        .collect()
}

fn bit_length(v: i64) -> u32 {
    64 - v.leading_zeros()
}

/// `0b0 0111`, as CPython's `enum._bin` shows a non-negative value.
fn bin(v: i64, max_bits: u32) -> String {
    let digits = if v == 0 {
        String::new()
    } else {
        format!("{v:b}")
    };
    let width = max_bits.max(digits.len() as u32) as usize;
    format!("0b0 {digits:0>width$}")
}

/// The member or pseudo-member of flag class `cls` for value `v`.
fn pseudo(vm: &mut Vm, cls: ObjId, v: i64, keep: bool) -> PyResult<Value> {
    let singles = singles(vm, cls);
    let mask = singles.iter().fold(0, |a, (b, _)| a | b);
    let all_bits = if mask == 0 {
        0
    } else {
        (1i64 << bit_length(mask)) - 1
    };
    let mut v = v;
    if v < 0 && keep {
        v += (all_bits + 1).max(1i64 << bit_length(!v).min(62));
    }
    let cache = match vm.class_lookup(cls, "_value2member_map_") {
        Some(Value::Ref(d)) if matches!(vm.heap.get(d), Obj::Dict(_)) => Some(d),
        _ => None,
    };
    if let Some(d) = cache {
        if let Obj::Dict(map) = vm.heap.get(d) {
            if let Some(m) = map.get(&HashKey::Int(v)) {
                return Ok(m);
            }
        }
    }
    if !keep && (v < 0 || v & !mask != 0) {
        let r = vm.repr(Value::Ref(cls))?;
        let max_bits = bit_length(v.max(0)).max(bit_length(mask));
        return Err(PyErr::value_error(format!(
            "{r} invalid value {v}\n    given {}\n  allowed {}",
            bin(v, max_bits),
            bin(mask, max_bits)
        )));
    }
    let mut names = Vec::new();
    let mut covered = 0;
    for (bit, m) in &singles {
        if v & bit == *bit {
            let n = crate::enums::name_of(vm, *m);
            names.push(vm.str_of(n)?);
            covered |= bit;
        }
    }
    let rest = v & !covered;
    if rest != 0 {
        names.push(rest.to_string());
    }
    let name = if v == 0 {
        Value::None
    } else {
        vm.new_str(names.join("|"))
    };
    let m = vm.heap.new_value(Obj::Instance(Instance {
        class: cls,
        attrs: Default::default(),
    }));
    vm.raw_set_attr(m, "_value_", Value::Int(v));
    vm.raw_set_attr(m, "_name_", name);
    if let Some(d) = cache {
        if let Obj::Dict(map) = vm.heap.get_mut(d) {
            map.insert(HashKey::Int(v), Value::Int(v), m);
        }
    }
    Ok(m)
}

/// `FlagClass(value)` for a value no named member has: its
/// pseudo-member; `None` if `cls` is not a flag or `value` not an int.
pub(crate) fn flag_lookup(vm: &mut Vm, cls: ObjId, value: Value) -> PyResult<Option<Value>> {
    let Some(keep) = flag_kind(vm, cls) else {
        return Ok(None);
    };
    if member_class(vm, value).is_some() {
        return Ok(None);
    }
    let Some(v) = int_of(value) else {
        return Ok(None);
    };
    pseudo(vm, cls, v, keep).map(Some)
}

/// The flag class and int value of member `this`.
fn flag_of(vm: &Vm, this: Value) -> PyResult<(ObjId, i64, bool)> {
    let cls = member_class(vm, this).ok_or_else(|| PyErr::type_error("expected a flag member"))?;
    let keep = flag_kind(vm, cls).unwrap_or(false);
    let v = int_of(value_of(vm, this)).unwrap_or(0);
    Ok((cls, v, keep))
}

native! {
    /// `|`, `&`, `^` of flags (reflected too: `op` is bound).
    pub(crate) builtin fn _flag_op as "Flag.__or__"(vm, op, this, other, /) {
        let (cls, a, keep) = flag_of(vm, this)?;
        let b = match member_class(vm, other) {
            Some(c) if vm.class_is_subclass(c, cls) => int_of(value_of(vm, other)).unwrap_or(0),
            Some(_) => return Ok(not_implemented()),
            None => match int_of(other) {
                Some(i) if keep => i,
                _ => return Ok(not_implemented()),
            },
        };
        let op = vm.str_of(op)?;
        let r = match op.trim_start_matches("__r").trim_start_matches("__") {
            "or__" => a | b,
            "and__" => a & b,
            _ => a ^ b,
        };
        pseudo(vm, cls, r, keep)
    }

    /// `~flag`: the bits of the class not in the value.
    pub(crate) builtin fn _flag_invert as "Flag.__invert__"(vm, this, /) {
        let (cls, a, keep) = flag_of(vm, this)?;
        let mask = singles(vm, cls).iter().fold(0, |x, (b, _)| x | b);
        let r = if keep {
            let all_bits = if mask == 0 { 0 } else { (1i64 << bit_length(mask)) - 1 };
            !a & all_bits
        } else {
            mask & !a
        };
        pseudo(vm, cls, r, keep)
    }

    /// `member in flag`: all its bits are set.
    pub(crate) builtin fn _flag_contains as "Flag.__contains__"(vm, this, other, /) {
        let (cls, a, _) = flag_of(vm, this)?;
        match member_class(vm, other) {
            Some(c) if vm.class_is_subclass(c, cls) => {
                let b = int_of(value_of(vm, other)).unwrap_or(0);
                Ok(Value::Bool(a & b == b))
            }
            _ => Err(PyErr::type_error(format!(
                "unsupported operand type(s) for 'in': '{}' and '{}'",
                vm.class_name(other),
                vm.class(cls).name
            ))),
        }
    }

    /// `iter(flag)`: its single-bit members, in definition order.
    pub(crate) builtin fn _flag_iter as "Flag.__iter__"(vm, this, /) {
        let (cls, a, _) = flag_of(vm, this)?;
        let items: Vec<Value> = singles(vm, cls)
            .into_iter()
            .filter(|(b, _)| a & b == *b)
            .map(|(_, m)| m)
            .collect();
        let l = vm.new_list(items);
        vm.get_iter(l)
    }

    /// `len(flag)`: how many single-bit members it holds.
    pub(crate) builtin fn _flag_len as "Flag.__len__"(vm, this, /) {
        let (cls, a, _) = flag_of(vm, this)?;
        let n = singles(vm, cls).iter().filter(|(b, _)| a & b == *b).count();
        Ok(Value::Int(n as i64))
    }

    /// `bool(flag)`: any bit set.
    pub(crate) builtin fn _flag_bool as "Flag.__bool__"(vm, this, /) {
        let (_, a, _) = flag_of(vm, this)?;
        Ok(Value::Bool(a != 0))
    }
}
