//! One step of each `itertools` adaptor. A step may call back into Python
//! (the source's `__next__`, a predicate, a key function), and that code
//! may step the same iterator again, so every step re-reads its state from
//! the heap after each call instead of holding a copy across it, and
//! writes back only the fields it owns. The order of reads and writes
//! follows CPython's, which is what makes re-entrant use agree with it.
//! Values taken out of a state are rooted (`keep`) while Python runs.

use super::comb;
use crate::iters::NativeIterVm;
use crate::iters::{get, upd, NativeIter};
use crate::object::{ExcType, Iter, Obj, ObjId, Value};
use crate::util::keep;
use crate::vm::{PyErr, PyResult, Vm};
use monty_compile::bytecode::BinOp;

type Step = fn(&mut Vm, ObjId) -> PyResult<Option<Value>>;

/// Advances native iterator `id`: its next item, `None` when exhausted.
pub fn step(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    use NativeIter::*;
    let Some(state) = vm.native_state(id) else {
        return Ok(None);
    };
    let f: Step = match state {
        Count { .. } => count,
        Repeat { .. } => repeat,
        Cycle { .. } => cycle,
        Accumulate { .. } => accumulate,
        Chain { .. } => chain,
        Compress { .. } => compress,
        DropWhile { .. } => dropwhile,
        TakeWhile { .. } => takewhile,
        FilterFalse { .. } => filterfalse,
        StarMap { .. } => starmap,
        ISlice { .. } => islice,
        Pairwise { .. } => pairwise,
        Batched { .. } => batched,
        ZipLongest { .. } => zip_longest,
        GroupBy { .. } => groupby,
        Grouper { .. } => grouper,
        TeeData { .. } => |_, _| Ok(None),
        Tee { .. } => tee,
        Product { .. } => comb::product,
        Combinations { .. } => comb::combinations,
        CombinationsWithReplacement { .. } => comb::combinations_with_replacement,
        Permutations { .. } => comb::permutations,
        DequeIter { .. } => crate::collections::deque::iter_step,
    };
    f(vm, id)
}

fn count(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    let Some((cur, step)) = get!(vm, id, NativeIter::Count { next, step } => (*next, *step)) else {
        return Ok(None);
    };
    let new = match (cur, step) {
        (Value::Int(a), Value::Int(b)) if a.checked_add(b).is_some() => Value::Int(a + b),
        _ => vm.binary_op(BinOp::Add, cur, step, false)?,
    };
    upd!(vm, id, NativeIter::Count { next, .. } => *next = new);
    Ok(Some(cur))
}

fn repeat(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    Ok(get!(vm, id, NativeIter::Repeat { obj, left } => {
        if *left == 0 {
            None
        } else {
            if *left > 0 {
                *left -= 1;
            }
            Some(*obj)
        }
    })
    .flatten())
}

fn cycle(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    let Some(src) = get!(vm, id, NativeIter::Cycle { src, .. } => *src) else {
        return Ok(None);
    };
    if !src.is_none() {
        match vm.iter_next(src)? {
            Some(item) => {
                let mut n = 0;
                upd!(vm, id, NativeIter::Cycle { saved, .. } => {
                    saved.push(item);
                    n = saved.len();
                });
                if n % 1_000_000 == 0 {
                    vm.check_alloc(n as u128 * 16)?;
                }
                return Ok(Some(item));
            }
            None => upd!(vm, id, NativeIter::Cycle { src, .. } => *src = Value::None),
        }
    }
    Ok(get!(vm, id, NativeIter::Cycle { saved, idx, .. } => {
        if saved.is_empty() {
            None
        } else {
            let i = *idx % saved.len();
            *idx = (i + 1) % saved.len();
            Some(saved[i])
        }
    })
    .flatten())
}

fn accumulate(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    let Some((src, func, initial)) = get!(vm, id,
        NativeIter::Accumulate { src, func, initial, .. } => (*src, *func, *initial))
    else {
        return Ok(None);
    };
    if initial != Value::Undef {
        upd!(vm, id, NativeIter::Accumulate { total, initial, .. } => {
            *total = *initial;
            *initial = Value::Undef;
        });
        return Ok(Some(initial));
    }
    let Some(val) = vm.iter_next(src)? else {
        return Ok(None);
    };
    keep(vm, val);
    let total =
        get!(vm, id, NativeIter::Accumulate { total, .. } => *total).unwrap_or(Value::Undef);
    if total == Value::Undef {
        upd!(vm, id, NativeIter::Accumulate { total, .. } => *total = val);
        return Ok(Some(val));
    }
    keep(vm, total);
    let new = if func.is_none() {
        vm.binary_op(BinOp::Add, total, val, false)?
    } else {
        vm.call_value(func, vec![total, val], Vec::new())?
    };
    upd!(vm, id, NativeIter::Accumulate { total, .. } => *total = new);
    Ok(Some(new))
}

fn chain(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    let clear_source =
        |vm: &mut Vm| upd!(vm, id, NativeIter::Chain { source, .. } => *source = Value::None);
    // values kept for one round are released before the next
    let mark = vm.stack.len();
    loop {
        vm.release_to(mark);
        let Some((source, active)) =
            get!(vm, id, NativeIter::Chain { source, active, .. } => (*source, *active))
        else {
            return Ok(None);
        };
        if source.is_none() {
            return Ok(None);
        }
        let active = if active.is_none() {
            let iterable = match vm.iter_next(source) {
                Ok(Some(v)) => keep(vm, v),
                Ok(None) => {
                    clear_source(vm);
                    return Ok(None);
                }
                Err(e) => {
                    clear_source(vm);
                    return Err(e);
                }
            };
            let (it, made) = match recycled_iter(vm, id, iterable) {
                Some(it) => (it, true),
                None => match vm.get_iter(iterable) {
                    Ok(it) => (it, builtin_iter(vm, iterable).is_some()),
                    Err(e) => {
                        clear_source(vm);
                        return Err(e);
                    }
                },
            };
            upd!(vm, id, NativeIter::Chain { active, owned, .. } => {
                *active = it;
                *owned = made;
            });
            keep(vm, it)
        } else {
            active
        };
        if let Some(item) = vm.iter_next(active)? {
            return Ok(Some(item));
        }
        upd!(vm, id, NativeIter::Chain { active: a, spare, owned, .. } => {
            if *a == active && *owned {
                *spare = active;
            }
            *a = Value::None;
            *owned = false;
        });
    }
}

/// The iterator `iter(v)` makes for a list, tuple or str (fresh, and
/// seen by no Python code).
fn builtin_iter(vm: &Vm, v: Value) -> Option<Iter> {
    let id = v.as_ref()?;
    match vm.heap.get(id) {
        Obj::List(_) => Some(Iter::Seq { seq: id, idx: 0 }),
        Obj::Tuple(_) => Some(Iter::Seq { seq: id, idx: 0 }),
        Obj::Str(_) => Some(Iter::Str { s: id, pos: 0 }),
        _ => None,
    }
}

/// `iter(iterable)` for a list, tuple or str, made in the chain's spare
/// iterator object if it has one.
fn recycled_iter(vm: &mut Vm, id: ObjId, iterable: Value) -> Option<Value> {
    let state = builtin_iter(vm, iterable)?;
    let spare =
        get!(vm, id, NativeIter::Chain { spare, .. } => std::mem::replace(spare, Value::None))?;
    *vm.heap.get_mut(spare.as_ref()?) = Obj::Iter(state);
    Some(spare)
}

fn compress(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    let Some((data, sel)) = get!(vm, id, NativeIter::Compress { data, sel } => (*data, *sel))
    else {
        return Ok(None);
    };
    // values kept for one round are released before the next
    let mark = vm.stack.len();
    loop {
        vm.release_to(mark);
        let Some(datum) = vm.iter_next(data)? else {
            return Ok(None);
        };
        keep(vm, datum);
        let Some(s) = vm.iter_next(sel)? else {
            return Ok(None);
        };
        if vm.truthy(s)? {
            return Ok(Some(datum));
        }
    }
}

fn dropwhile(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    let Some((pred, src)) = get!(vm, id, NativeIter::DropWhile { pred, src, .. } => (*pred, *src))
    else {
        return Ok(None);
    };
    // values kept for one round are released before the next
    let mark = vm.stack.len();
    loop {
        vm.release_to(mark);
        let Some(item) = vm.iter_next(src)? else {
            return Ok(None);
        };
        if get!(vm, id, NativeIter::DropWhile { done, .. } => *done) == Some(true) {
            return Ok(Some(item));
        }
        keep(vm, item);
        let good = vm.call_value(pred, vec![item], Vec::new())?;
        if !vm.truthy(good)? {
            upd!(vm, id, NativeIter::DropWhile { done, .. } => *done = true);
            return Ok(Some(item));
        }
    }
}

fn takewhile(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    let Some((pred, src, stopped)) = get!(vm, id,
        NativeIter::TakeWhile { pred, src, stopped } => (*pred, *src, *stopped))
    else {
        return Ok(None);
    };
    if stopped {
        return Ok(None);
    }
    let Some(item) = vm.iter_next(src)? else {
        return Ok(None);
    };
    keep(vm, item);
    let good = vm.call_value(pred, vec![item], Vec::new())?;
    if vm.truthy(good)? {
        return Ok(Some(item));
    }
    upd!(vm, id, NativeIter::TakeWhile { stopped, .. } => *stopped = true);
    Ok(None)
}

fn filterfalse(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    let Some((pred, src)) = get!(vm, id, NativeIter::FilterFalse { pred, src } => (*pred, *src))
    else {
        return Ok(None);
    };
    // values kept for one round are released before the next
    let mark = vm.stack.len();
    loop {
        vm.release_to(mark);
        let Some(item) = vm.iter_next(src)? else {
            return Ok(None);
        };
        keep(vm, item);
        let ok = if pred.is_none() {
            vm.truthy(item)?
        } else {
            let good = vm.call_value(pred, vec![item], Vec::new())?;
            vm.truthy(good)?
        };
        if !ok {
            return Ok(Some(item));
        }
    }
}

fn starmap(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    let Some((func, src)) = get!(vm, id, NativeIter::StarMap { func, src } => (*func, *src)) else {
        return Ok(None);
    };
    let Some(args) = vm.iter_next(src)? else {
        return Ok(None);
    };
    keep(vm, args);
    let args = vm.collect_iterable(args)?;
    vm.call_value(func, args, Vec::new()).map(Some)
}

fn islice(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    let Some(src) = get!(vm, id, NativeIter::ISlice { src, .. } => *src) else {
        return Ok(None);
    };
    if src.is_none() {
        return Ok(None);
    }
    let clear = |vm: &mut Vm| upd!(vm, id, NativeIter::ISlice { src, .. } => *src = Value::None);
    // skip to the next index to yield
    while get!(vm, id, NativeIter::ISlice { cnt, next, .. } => *cnt < *next) == Some(true) {
        match vm.iter_next(src) {
            Ok(Some(_)) => upd!(vm, id, NativeIter::ISlice { cnt, .. } => *cnt += 1),
            r => {
                clear(vm);
                return r;
            }
        }
    }
    if get!(vm, id, NativeIter::ISlice { stop, cnt, .. } => *stop != -1 && *cnt >= *stop)
        == Some(true)
    {
        clear(vm);
        return Ok(None);
    }
    let item = match vm.iter_next(src) {
        Ok(Some(v)) => v,
        r => {
            clear(vm);
            return r;
        }
    };
    upd!(vm, id, NativeIter::ISlice { cnt, next, step, stop, .. } => {
        *cnt += 1;
        let old = *next;
        *next = next.wrapping_add(*step);
        if *next < old || (*stop != -1 && *next > *stop) {
            *next = *stop;
        }
    });
    Ok(Some(item))
}

fn pairwise(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    let Some((src, old)) = get!(vm, id, NativeIter::Pairwise { src, old } => (*src, *old)) else {
        return Ok(None);
    };
    if src.is_none() {
        return Ok(None);
    }
    let end = |vm: &mut Vm| {
        upd!(vm, id, NativeIter::Pairwise { src, old } => {
            *src = Value::None;
            *old = Value::Undef;
        })
    };
    let old = if old == Value::Undef {
        match vm.iter_next(src) {
            Ok(Some(v)) => {
                upd!(vm, id, NativeIter::Pairwise { old, .. } => *old = v);
                keep(vm, v)
            }
            r => {
                end(vm);
                return r;
            }
        }
    } else {
        keep(vm, old)
    };
    let new = match vm.iter_next(src) {
        Ok(Some(v)) => v,
        r => {
            end(vm);
            return r;
        }
    };
    upd!(vm, id, NativeIter::Pairwise { old, .. } => *old = new);
    Ok(Some(vm.new_tuple(vec![old, new])))
}

fn batched(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    let Some((src, n, strict)) =
        get!(vm, id, NativeIter::Batched { src, n, strict } => (*src, *n, *strict))
    else {
        return Ok(None);
    };
    if src.is_none() {
        return Ok(None);
    }
    let clear = |vm: &mut Vm| upd!(vm, id, NativeIter::Batched { src, .. } => *src = Value::None);
    let mut items = Vec::new();
    while items.len() < n {
        match vm.iter_next(src) {
            Ok(Some(v)) => items.push(keep(vm, v)),
            Ok(None) => break,
            Err(e) => {
                clear(vm);
                return Err(e);
            }
        }
    }
    if items.is_empty() {
        clear(vm);
        return Ok(None);
    }
    if items.len() < n && strict {
        clear(vm);
        return Err(PyErr::value_error("batched(): incomplete batch"));
    }
    Ok(Some(vm.new_tuple(items)))
}

fn zip_longest(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    let Some((n, active)) =
        get!(vm, id, NativeIter::ZipLongest { iters, active, .. } => (iters.len(), *active))
    else {
        return Ok(None);
    };
    if n == 0 || active == 0 {
        return Ok(None);
    }
    let mut items = Vec::with_capacity(n);
    for i in 0..n {
        let Some((it, fill)) =
            get!(vm, id, NativeIter::ZipLongest { iters, fill, .. } => (iters[i], *fill))
        else {
            return Ok(None);
        };
        if it.is_none() {
            items.push(fill);
            continue;
        }
        match vm.iter_next(it) {
            Ok(Some(v)) => items.push(keep(vm, v)),
            Ok(None) => {
                let mut left = 0;
                upd!(vm, id, NativeIter::ZipLongest { active, iters, .. } => {
                    *active -= 1;
                    left = *active;
                    if left != 0 {
                        iters[i] = Value::None;
                    }
                });
                if left == 0 {
                    return Ok(None);
                }
                items.push(fill);
            }
            Err(e) => {
                upd!(vm, id, NativeIter::ZipLongest { active, .. } => *active = 0);
                return Err(e);
            }
        }
    }
    Ok(Some(vm.new_tuple(items)))
}

/// `PyObject_RichCompareBool(a, b, Py_EQ)`: identity first, then `==`.
fn same_key(vm: &mut Vm, a: Value, b: Value) -> PyResult<bool> {
    Ok(vm.is(a, b) || vm.py_eq(a, b)?)
}

/// Reads the next item of a `groupby` and its key into the state;
/// `false` when the source is exhausted.
fn groupby_step(vm: &mut Vm, id: ObjId) -> PyResult<bool> {
    let Some((src, key)) = get!(vm, id, NativeIter::GroupBy { src, key, .. } => (*src, *key))
    else {
        return Ok(false);
    };
    let Some(value) = vm.iter_next(src)? else {
        return Ok(false);
    };
    keep(vm, value);
    let k = if key.is_none() {
        value
    } else {
        vm.call_value(key, vec![value], Vec::new())?
    };
    upd!(vm, id, NativeIter::GroupBy { currkey, currvalue, .. } => {
        *currvalue = value;
        *currkey = k;
    });
    Ok(true)
}

fn groupby(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    upd!(vm, id, NativeIter::GroupBy { cur, .. } => *cur = 0);
    // skip the rest of the current group
    // values kept for one round are released before the next
    let mark = vm.stack.len();
    loop {
        vm.release_to(mark);
        let Some((currkey, tgtkey)) = get!(vm, id,
            NativeIter::GroupBy { currkey, tgtkey, .. } => (*currkey, *tgtkey))
        else {
            return Ok(None);
        };
        if currkey != Value::Undef {
            if tgtkey == Value::Undef {
                break;
            }
            keep(vm, currkey);
            keep(vm, tgtkey);
            if !same_key(vm, tgtkey, currkey)? {
                break;
            }
        }
        if !groupby_step(vm, id)? {
            return Ok(None);
        }
    }
    let Some((key, gen)) = get!(vm, id, NativeIter::GroupBy { currkey, tgtkey, cur, gens, .. } => {
        *tgtkey = *currkey;
        *gens += 1;
        *cur = *gens;
        (*currkey, *gens)
    }) else {
        return Ok(None);
    };
    let group = vm.new_native_iter(NativeIter::Grouper {
        parent: Value::Ref(id),
        tgtkey: key,
        gen,
    });
    Ok(Some(vm.new_tuple(vec![key, group])))
}

fn grouper(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    let Some((Value::Ref(pid), tgtkey, gen)) = get!(vm, id,
        NativeIter::Grouper { parent, tgtkey, gen } => (*parent, *tgtkey, *gen))
    else {
        return Ok(None);
    };
    // the group advances its groupby's state too (see `Vm::note_advance`)
    vm.note_advance(pid);
    let Some((cur, currvalue)) =
        get!(vm, pid, NativeIter::GroupBy { cur, currvalue, .. } => (*cur, *currvalue))
    else {
        return Ok(None);
    };
    if cur != gen {
        return Ok(None);
    }
    if currvalue == Value::Undef && !groupby_step(vm, pid)? {
        return Ok(None);
    }
    let currkey =
        get!(vm, pid, NativeIter::GroupBy { currkey, .. } => *currkey).unwrap_or(Value::Undef);
    keep(vm, currkey);
    if !same_key(vm, tgtkey, currkey)? {
        return Ok(None);
    }
    let value = get!(vm, pid, NativeIter::GroupBy { currvalue, .. } => {
        std::mem::replace(currvalue, Value::Undef)
    });
    Ok(value.filter(|v| *v != Value::Undef))
}

/// Items per `tee` block, as in CPython.
const TEE_BLOCK: usize = 57;

fn tee(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    let Some((Value::Ref(mut data), mut index)) =
        get!(vm, id, NativeIter::Tee { data, index } => (*data, *index))
    else {
        return Ok(None);
    };
    // the copies share the blocks they read (see `Vm::note_advance`)
    vm.note_advance(data);
    if index >= TEE_BLOCK {
        let Some((next, src)) =
            get!(vm, data, NativeIter::TeeData { next, src, .. } => (*next, *src))
        else {
            return Ok(None);
        };
        let next = if next.is_none() {
            let block = vm.new_native_iter(NativeIter::TeeData {
                src,
                values: Vec::new(),
                next: Value::None,
                running: false,
            });
            upd!(vm, data, NativeIter::TeeData { next, .. } => *next = block);
            block
        } else {
            next
        };
        upd!(vm, id, NativeIter::Tee { data, index } => {
            *data = next;
            *index = 0;
        });
        let Value::Ref(n) = next else { return Ok(None) };
        (data, index) = (n, 0);
    }
    let Some((read, running, src)) = get!(vm, data,
        NativeIter::TeeData { values, running, src, .. } => (values.get(index).copied(), *running, *src))
    else {
        return Ok(None);
    };
    let value = match read {
        Some(v) => v,
        None => {
            if running {
                return Err(PyErr::new(
                    ExcType::RuntimeError,
                    "cannot re-enter the tee iterator",
                ));
            }
            let mark = vm.stack.len();
            vm.stack.push(Value::Ref(data));
            upd!(vm, data, NativeIter::TeeData { running, .. } => *running = true);
            let r = vm.iter_next(src);
            upd!(vm, data, NativeIter::TeeData { running, .. } => *running = false);
            vm.release_to(mark);
            let Some(v) = r? else {
                return Ok(None);
            };
            upd!(vm, data, NativeIter::TeeData { values, .. } => values.push(v));
            v
        }
    };
    upd!(vm, id, NativeIter::Tee { index, .. } => *index += 1);
    Ok(Some(value))
}
