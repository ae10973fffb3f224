//! `heapq`: binary min-heaps (and 3.14's max-heap variants) on lists, with
//! CPython's sift order so heaps end up element for element the same;
//! `nsmallest`/`nlargest` and `merge` (which returns a list iterator here,
//! after reading its inputs in full).

use super::util::{keep, rooted};
use super::ModuleDef;
use crate::object::{ExcType, Obj, ObjId, Value};
use crate::vm::{PyErr, PyResult, Vm};
use monty_compile::bytecode::CmpOp;

/// The list argument `name()` needs (`heappush() argument 1 must be list`).
/// `which` is `argument` for one-argument functions, else `argument 1`.
fn heap_arg(vm: &Vm, v: Value, name: &str, which: &str) -> PyResult<ObjId> {
    if let Value::Ref(id) = v {
        if matches!(vm.heap.get(id), Obj::List(_)) {
            return Ok(id);
        }
    }
    Err(PyErr::type_error(format!(
        "{name}() {which} must be list, not {}",
        vm.class_name(v)
    )))
}

fn get(vm: &Vm, id: ObjId, i: usize) -> PyResult<Value> {
    match vm.heap.get(id) {
        Obj::List(l) if i < l.len() => Ok(l.at(i)),
        _ => Err(PyErr::new(
            ExcType::RuntimeError,
            "list changed size during iteration",
        )),
    }
}

fn set(vm: &mut Vm, id: ObjId, i: usize, v: Value) -> PyResult<()> {
    match vm.heap.get_mut(id) {
        Obj::List(l) if i < l.len() => {
            l.set(i, v);
            Ok(())
        }
        _ => Err(PyErr::new(
            ExcType::RuntimeError,
            "list changed size during iteration",
        )),
    }
}

fn len(vm: &Vm, id: ObjId) -> usize {
    match vm.heap.get(id) {
        Obj::List(l) => l.len(),
        _ => 0,
    }
}

/// `a < b` for a min-heap, `b < a` for a max-heap.
fn before(vm: &mut Vm, a: Value, b: Value, max: bool) -> PyResult<bool> {
    let (p, q) = if max { (b, a) } else { (a, b) };
    let r = vm.compare_op(CmpOp::Lt, p, q)?;
    vm.truthy(r)
}

/// Moves the item at `pos` up towards `start` while it comes first.
fn sift_down(vm: &mut Vm, id: ObjId, start: usize, mut pos: usize, max: bool) -> PyResult<()> {
    let item = get(vm, id, pos)?;
    while pos > start {
        let parent_pos = (pos - 1) >> 1;
        let parent = get(vm, id, parent_pos)?;
        if before(vm, item, parent, max)? {
            set(vm, id, pos, parent)?;
            pos = parent_pos;
            continue;
        }
        break;
    }
    set(vm, id, pos, item)
}

/// Moves the smaller child up until a leaf, then sifts the item back down.
fn sift_up(vm: &mut Vm, id: ObjId, mut pos: usize, max: bool) -> PyResult<()> {
    let end = len(vm, id);
    let start = pos;
    let item = get(vm, id, pos)?;
    let mut child = 2 * pos + 1;
    while child < end {
        let right = child + 1;
        if right < end {
            let (c, r) = (get(vm, id, child)?, get(vm, id, right)?);
            if !before(vm, c, r, max)? {
                child = right;
            }
        }
        let c = get(vm, id, child)?;
        set(vm, id, pos, c)?;
        pos = child;
        child = 2 * pos + 1;
    }
    set(vm, id, pos, item)?;
    sift_down(vm, id, start, pos, max)
}

fn push(vm: &mut Vm, heap: Value, item: Value, name: &str, max: bool) -> PyResult<Value> {
    let id = heap_arg(vm, heap, name, "argument 1")?;
    rooted(vm, &[heap, item], |vm| {
        if let Obj::List(l) = vm.heap.get_mut(id) {
            l.push(item);
        }
        let n = len(vm, id);
        sift_down(vm, id, 0, n - 1, max)?;
        Ok(Value::None)
    })
}

fn pop(vm: &mut Vm, v: Value, name: &str, max: bool) -> PyResult<Value> {
    let id = heap_arg(vm, v, name, "argument")?;
    let last = match vm.heap.get_mut(id) {
        Obj::List(l) => l.pop(),
        _ => None,
    };
    let Some(last) = last else {
        return Err(PyErr::new(ExcType::IndexError, "index out of range"));
    };
    if len(vm, id) == 0 {
        return Ok(last);
    }
    rooted(vm, &[v, last], |vm| {
        let top = get(vm, id, 0)?;
        keep(vm, top);
        set(vm, id, 0, last)?;
        sift_up(vm, id, 0, max)?;
        Ok(top)
    })
}

fn replace(vm: &mut Vm, heap: Value, item: Value, name: &str, max: bool) -> PyResult<Value> {
    let id = heap_arg(vm, heap, name, "argument 1")?;
    if len(vm, id) == 0 {
        return Err(PyErr::new(ExcType::IndexError, "index out of range"));
    }
    rooted(vm, &[heap, item], |vm| {
        let top = get(vm, id, 0)?;
        keep(vm, top);
        set(vm, id, 0, item)?;
        sift_up(vm, id, 0, max)?;
        Ok(top)
    })
}

fn pushpop(vm: &mut Vm, heap: Value, item: Value, name: &str, max: bool) -> PyResult<Value> {
    let id = heap_arg(vm, heap, name, "argument 1")?;
    if len(vm, id) == 0 {
        return Ok(item);
    }
    rooted(vm, &[heap, item], |vm| {
        let top = get(vm, id, 0)?;
        if !before(vm, top, item, max)? {
            return Ok(item);
        }
        if len(vm, id) == 0 {
            return Err(PyErr::new(ExcType::IndexError, "index out of range"));
        }
        let top = get(vm, id, 0)?;
        keep(vm, top);
        set(vm, id, 0, item)?;
        sift_up(vm, id, 0, max)?;
        Ok(top)
    })
}

fn heapify_any(vm: &mut Vm, v: Value, name: &str, max: bool) -> PyResult<Value> {
    let id = heap_arg(vm, v, name, "argument")?;
    rooted(vm, &[v], |vm| {
        let n = len(vm, id);
        for i in (0..n / 2).rev() {
            sift_up(vm, id, i, max)?;
        }
        Ok(Value::None)
    })
}

/// The heap functions of one argument: `_heapq.NAME(heap, /)`.
macro_rules! heap_fns1 {
    ($($f:ident => $imp:ident($max:literal);)*) => {$(
        native! {
            #[doc = concat!("`heapq.", stringify!($f), "(heap, /)`.")]
            builtin fn $f in "_heapq" (vm, heap, /) {
                $imp(vm, heap, stringify!($f), $max)
            }
        }
    )*};
}

/// The heap functions of two arguments: `_heapq.NAME(heap, item, /)`.
macro_rules! heap_fns2 {
    ($($f:ident => $imp:ident($max:literal);)*) => {$(
        native! {
            #[doc = concat!("`heapq.", stringify!($f), "(heap, item, /)`.")]
            builtin fn $f in "_heapq" (vm, heap, item, /) {
                $imp(vm, heap, item, stringify!($f), $max)
            }
        }
    )*};
}

heap_fns1! {
    heappop => pop(false);
    heapify => heapify_any(false);
    heappop_max => pop(true);
    heapify_max => heapify_any(true);
}

heap_fns2! {
    heappush => push(false);
    heapreplace => replace(false);
    heappushpop => pushpop(false);
    heappush_max => push(true);
    heapreplace_max => replace(true);
    heappushpop_max => pushpop(true);
}

/// `nsmallest`/`nlargest`: the first `n` of the stably sorted items, which
/// is what CPython's heap-based selection returns.
fn select(
    vm: &mut Vm,
    n: Value,
    iterable: Value,
    key: Option<Value>,
    largest: bool,
) -> PyResult<Value> {
    let n = vm.index_arg(n)?;
    let key = key.unwrap_or(Value::None);
    rooted(vm, &[iterable, key], |vm| {
        let items = vm.collect_iterable(iterable)?;
        let list = vm.new_list(items.clone());
        keep(vm, list);
        if n <= 0 {
            return Ok(vm.new_list(Vec::new()));
        }
        let mut sorted = vm.sort_values(items, key, largest)?;
        sorted.truncate(n as usize);
        Ok(vm.new_list(sorted))
    })
}

native! {
    /// `heapq.nsmallest(n, iterable, key=None)`.
    def fn nsmallest(vm, n, iterable, key?) {
        select(vm, n, iterable, key, false)
    }

    /// `heapq.nlargest(n, iterable, key=None)`.
    def fn nlargest(vm, n, iterable, key?) {
        select(vm, n, iterable, key, true)
    }

    /// `heapq.merge(*iterables, key=None, reverse=False)`: a `def` with
    /// `*iterables`, whose keyword messages `builtin`'s equal.
    builtin fn merge(vm, *iterables, key?, reverse?) {
        let reverse = match reverse {
            Some(v) => vm.truthy(v)?,
            None => false,
        };
        merge_of(vm, iterables, key.unwrap_or(Value::None), reverse)
    }
}

/// `merge`: at each step the head that comes first (the earliest input on
/// ties), as CPython's heap merge picks.
fn merge_of(vm: &mut Vm, iterables: Vec<Value>, key: Value, reverse: bool) -> PyResult<Value> {
    let mut roots = iterables.clone();
    roots.push(key);
    rooted(vm, &roots, |vm| {
        let mut inputs: Vec<(Vec<Value>, Vec<Value>)> = Vec::new();
        for v in &iterables {
            let items = vm.collect_iterable(*v)?;
            let l = vm.new_list(items.clone());
            keep(vm, l);
            let keys = if key.is_none() {
                items.clone()
            } else {
                let mut ks = Vec::with_capacity(items.len());
                for it in &items {
                    let k = vm.call_value(key, vec![*it], Vec::new())?;
                    keep(vm, k);
                    ks.push(k);
                }
                ks
            };
            inputs.push((items, keys));
        }
        let mut pos = vec![0usize; inputs.len()];
        let mut out = Vec::new();
        loop {
            let mut best: Option<usize> = None;
            for i in 0..inputs.len() {
                if pos[i] >= inputs[i].0.len() {
                    continue;
                }
                best = match best {
                    None => Some(i),
                    Some(b) => {
                        let (kb, ki) = (inputs[b].1[pos[b]], inputs[i].1[pos[i]]);
                        if before(vm, ki, kb, reverse)? {
                            Some(i)
                        } else {
                            Some(b)
                        }
                    }
                };
            }
            let Some(b) = best else { break };
            out.push(inputs[b].0[pos[b]]);
            pos[b] += 1;
        }
        let list = vm.new_list(out);
        keep(vm, list);
        vm.get_iter(list)
    })
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "heapq",
    funcs: natives_table![
        heappush,
        heappop,
        heapreplace,
        heappushpop,
        heapify,
        heappush_max,
        heappop_max,
        heapreplace_max,
        heappushpop_max,
        heapify_max,
        nsmallest,
        nlargest,
        merge,
    ],
    init: super::no_init,
};
