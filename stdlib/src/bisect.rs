//! `bisect`: binary search and insertion on sorted sequences
//! (`bisect_left`/`bisect_right`/`insort_left`/`insort_right`, with `lo`,
//! `hi` and `key=`), with CPython 3.14's argument checks and messages.
//! `bisect` and `insort` are the same objects as the `_right` functions.

use num_traits::Signed;

use super::util::{keep, rooted, seq_item, seq_len};
use super::{module_index, ModuleDef, NativeId};
use crate::object::{DictKind, ExcType, Obj, Value};
use crate::vm::ops::Num;
use crate::vm::{PyErr, PyResult, Vm};
use monty_compile::bytecode::CmpOp;

struct Call {
    a: Value,
    x: Value,
    lo: i64,
    /// `None` for the sequence's length.
    hi: Option<i64>,
    key: Value,
}

/// The arguments of the four functions, `lo` and `hi` converted.
fn parse(
    vm: &mut Vm,
    a: Value,
    x: Value,
    lo: Option<Value>,
    hi: Option<Value>,
    key: Option<Value>,
) -> PyResult<Call> {
    let lo = match lo {
        None => 0,
        Some(v) => match index_num(vm, v)? {
            Some(Num::Int(i)) => i,
            Some(Num::Big(_)) => {
                return Err(PyErr::new(
                    ExcType::OverflowError,
                    "Python int too large to convert to C ssize_t",
                ))
            }
            _ => {
                return Err(PyErr::type_error(format!(
                    "'{}' object cannot be interpreted as an integer",
                    vm.class_name(v)
                )))
            }
        },
    };
    let hi = match hi {
        None | Some(Value::None) => None,
        Some(v) => match index_num(vm, v)? {
            Some(Num::Int(-1)) => None,
            Some(Num::Int(i)) => Some(i),
            Some(Num::Big(b)) if b.is_negative() => Some(i64::MIN),
            Some(Num::Big(_)) => {
                return Err(PyErr::new(
                    ExcType::OverflowError,
                    format!(
                        "cannot fit '{}' into an index-sized integer",
                        vm.class_name(v)
                    ),
                ))
            }
            _ => {
                return Err(PyErr::type_error(format!(
                    "argument should be integer or None, not '{}'",
                    vm.class_name(v)
                )))
            }
        },
    };
    Ok(Call {
        a,
        x,
        lo,
        hi,
        key: key.unwrap_or(Value::None),
    })
}

/// `v.__index__()` for instances that define it, else `v` itself.
fn index_of(vm: &mut Vm, v: Value) -> PyResult<Value> {
    match vm.call_dunder(v, "__index__", vec![])? {
        None => Ok(v),
        Some(r) if matches!(vm.as_num(r), Some(Num::Int(_) | Num::Big(_))) => Ok(r),
        Some(r) => Err(PyErr::type_error(format!(
            "__index__ returned non-int (type {})",
            vm.class_name(r)
        ))),
    }
}

fn index_num(vm: &mut Vm, v: Value) -> PyResult<Option<Num>> {
    let iv = index_of(vm, v)?;
    Ok(vm.as_num(iv))
}

/// The upper bound: `hi`, or the length of a sequence.
fn upper(vm: &mut Vm, c: &Call) -> PyResult<i64> {
    let a = c.a;
    let hi = match c.hi {
        Some(h) => h,
        None => match a {
            Value::Ref(id) => match vm.heap.get(id) {
                // Counter is a Python class in CPython, with sequence slots
                Obj::Dict(d) if d.kind == DictKind::Counter => d.len() as i64,
                Obj::Dict(d) => {
                    let name = match d.kind {
                        DictKind::DefaultDict(_) => "collections.defaultdict",
                        DictKind::OrderedDict => "collections.OrderedDict",
                        _ => "dict",
                    };
                    return Err(PyErr::type_error(format!("{name} is not a sequence")));
                }
                _ => seq_len(vm, a)? as i64,
            },
            _ => seq_len(vm, a)? as i64,
        },
    };
    let indexable = matches!(a, Value::Ref(id) if matches!(
        vm.heap.get(id),
        Obj::Dict(d) if d.kind == DictKind::Counter
    ) || matches!(
        vm.heap.get(id),
        Obj::List(_)
            | Obj::Tuple(_)
            | Obj::Str(_)
            | Obj::Range(_)
            | Obj::Bytes(_)
            | Obj::ByteArray(_)
            | Obj::Instance(_)
            | Obj::Native(_)
    ));
    if !indexable {
        return Err(PyErr::type_error(format!(
            "'{}' object does not support indexing",
            vm.class_name(a)
        )));
    }
    Ok(hi)
}

/// The insertion point of `x` (already passed through `key`).
fn search(vm: &mut Vm, c: &Call, x: Value, right: bool) -> PyResult<i64> {
    if c.lo < 0 {
        return Err(PyErr::value_error("lo must be non-negative"));
    }
    let (mut lo, mut hi) = (c.lo, upper(vm, c)?);
    while lo < hi {
        let mid = ((lo as u64 + hi as u64) / 2) as i64;
        let mut item = seq_item(vm, c.a, mid as u64)?;
        keep(vm, item);
        if !c.key.is_none() {
            item = vm.call_value(c.key, vec![item], Vec::new())?;
            keep(vm, item);
        }
        let (p, q) = if right { (x, item) } else { (item, x) };
        let lt = vm.compare_op(CmpOp::Lt, p, q)?;
        let lt = vm.truthy(lt)?;
        if lt == right {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    Ok(lo)
}

/// The arguments, to keep alive while `__index__`, `key` and the
/// comparisons run Python code.
fn roots(a: Value, x: Value, rest: [Option<Value>; 3]) -> Vec<Value> {
    [a, x]
        .into_iter()
        .chain(rest.into_iter().flatten())
        .collect()
}

fn bisect_any(
    vm: &mut Vm,
    a: Value,
    x: Value,
    rest: [Option<Value>; 3],
    right: bool,
) -> PyResult<Value> {
    rooted(vm, &roots(a, x, rest), |vm| {
        let c = parse(vm, a, x, rest[0], rest[1], rest[2])?;
        Ok(Value::Int(search(vm, &c, c.x, right)?))
    })
}

fn insort_any(
    vm: &mut Vm,
    a: Value,
    x: Value,
    rest: [Option<Value>; 3],
    right: bool,
) -> PyResult<Value> {
    rooted(vm, &roots(a, x, rest), |vm| {
        let c = parse(vm, a, x, rest[0], rest[1], rest[2])?;
        let kx = if c.key.is_none() {
            c.x
        } else {
            vm.call_value(c.key, vec![c.x], Vec::new())?
        };
        keep(vm, kx);
        let i = search(vm, &c, kx, right)?;
        if let Value::Ref(id) = c.a {
            if let Obj::List(items) = vm.heap.get_mut(id) {
                let i = (i.max(0) as usize).min(items.len());
                items.insert(i, c.x);
                return Ok(Value::None);
            }
        }
        let insert = vm.get_attr(c.a, "insert")?;
        keep(vm, insert);
        vm.call_value(insert, vec![Value::Int(i), c.x], Vec::new())?;
        Ok(Value::None)
    })
}

native! {
    /// `bisect.bisect_left(a, x, lo=0, hi=None, *, key=None)`.
    clinic fn bisect_left(vm, a, x, lo?, hi?, *, key?) {
        bisect_any(vm, a, x, [lo, hi, key], false)
    }

    /// `bisect.bisect_right(a, x, lo=0, hi=None, *, key=None)`.
    clinic fn bisect_right(vm, a, x, lo?, hi?, *, key?) {
        bisect_any(vm, a, x, [lo, hi, key], true)
    }

    /// `bisect.insort_left(a, x, lo=0, hi=None, *, key=None)`.
    clinic fn insort_left(vm, a, x, lo?, hi?, *, key?) {
        insort_any(vm, a, x, [lo, hi, key], false)
    }

    /// `bisect.insort_right(a, x, lo=0, hi=None, *, key=None)`.
    clinic fn insort_right(vm, a, x, lo?, hi?, *, key?) {
        insort_any(vm, a, x, [lo, hi, key], true)
    }
}

fn init(_vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    let module = module_index("bisect");
    // the aliases are the very same function objects
    attrs.push(("bisect".into(), Value::Native(NativeId { module, func: 1 })));
    attrs.push(("insort".into(), Value::Native(NativeId { module, func: 3 })));
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "bisect",
    funcs: natives_table![bisect_left, bisect_right, insort_left, insort_right,],
    init,
};
