//! `collections.deque`: a native object holding a `VecDeque` and an
//! optional `maxlen`; this file owns its constructor, methods, `repr`,
//! membership test and comparisons. Arithmetic (`+`, `*`) is in
//! `deque_ops.rs`.

use std::collections::VecDeque;

use crate::builtins::Args;
use crate::native::{receiver, Method};
use crate::object::{ExcType, Obj, ObjId, Value};
use crate::objects::NativeObj;
use crate::objects::{native_of, native_of_mut};
use crate::vm::{PyErr, PyResult, Vm};
use monty_compile::bytecode::CmpOp;

/// How deeply deque comparisons may nest (each level holds several native
/// frames on the Rust stack).
const MAX_DEQUE_COMPARE_NESTING: u32 = 200;

native! {
    /// `deque(iterable=(), maxlen=None)`.
    pub(super) clinic fn deque(vm, iterable?, maxlen?) {
        let maxlen = match maxlen {
            None | Some(Value::None) => None,
            Some(m) => {
                // maxlen is converted with PyLong_AsSsize_t: ints only
                let is_int = matches!(m, Value::Int(_) | Value::Bool(_))
                    || matches!(m, Value::Ref(id) if matches!(vm.heap.get(id), Obj::BigInt(_)));
                if !is_int {
                    return Err(PyErr::type_error("an integer is required"));
                }
                let n = vm.index_arg(m)?;
                if n < 0 {
                    return Err(PyErr::value_error("maxlen must be non-negative"));
                }
                Some(n as usize)
            }
        };
        let mut items = VecDeque::new();
        if let Some(src) = iterable {
            for v in vm.collect_iterable(src)? {
                push_bounded(&mut items, maxlen, v, true);
            }
        }
        Ok(vm
            .heap
            .new_value(Obj::from(NativeObj::Deque {
                items,
                maxlen,
                state: 0,
            })))
    }
}

/// Pushes the items of `iterable` onto deque `id` one by one (at the
/// back, or the front for `extendleft`), as CPython: an iterator failing
/// part way leaves the items it gave. A deque extending itself (or by any
/// deque) takes its items as they were.
pub(crate) fn extend_from(vm: &mut Vm, id: ObjId, iterable: Value, back: bool) -> PyResult<()> {
    if let Value::Ref(src) = iterable {
        if let Some(NativeObj::Deque { items, .. }) = native_of(vm.heap.get(src)) {
            let new: Vec<Value> = items.iter().copied().collect();
            let (items, maxlen) = vm.deque_mutate(id);
            for v in new {
                push_bounded(items, maxlen, v, back);
            }
            return Ok(());
        }
    }
    let it = vm.get_iter(iterable)?;
    let mark = vm.stack.len();
    vm.stack.push(it);
    let r = (|| {
        while let Some(v) = vm.iter_next(it)? {
            let (items, maxlen) = vm.deque_mutate(id);
            push_bounded(items, maxlen, v, back);
        }
        Ok(())
    })();
    vm.release_to(mark);
    r
}

fn push_bounded(items: &mut VecDeque<Value>, maxlen: Option<usize>, v: Value, back: bool) {
    if maxlen == Some(0) {
        return;
    }
    if back {
        if maxlen.is_some_and(|m| items.len() >= m) {
            items.pop_front();
        }
        items.push_back(v);
    } else {
        if maxlen.is_some_and(|m| items.len() >= m) {
            items.pop_back();
        }
        items.push_front(v);
    }
}

/// Methods of `deque`.
/// The methods of a deque.
static DEQUE_METHODS: &[Method] = methods_table![
    append, appendleft, extend, extendleft, pop, popleft, rotate, clear, reverse, copy, insert,
    count, index, remove,
];

/// `collections.deque` on the VM: construction, indexing, methods, repr
/// and comparison.
///
/// An extension trait: the VM type lives in `monty-vm`, so the library
/// adds its methods through traits (brought into scope where used).
pub trait DequeVm {
    fn deque_items(&mut self, id: ObjId) -> (&mut VecDeque<Value>, Option<usize>);

    /// [`DequeVm::deque_items`] for a structural change: bumps the state
    /// live iterators check.
    fn deque_mutate(&mut self, id: ObjId) -> (&mut VecDeque<Value>, Option<usize>);

    /// The position `idx` names in deque `id`: an int (or `__index__`),
    /// negative from the end.
    ///
    /// # Errors
    /// `TypeError` for other index types, `IndexError` out of range.
    fn deque_slot(&mut self, id: ObjId, idx: Value) -> PyResult<usize>;

    /// `d[i] = v` / `del d[i]` on a deque (`v` is `None` to delete).
    fn deque_store(&mut self, id: ObjId, idx: Value, v: Option<Value>) -> PyResult<()>;

    fn deque_repr(&mut self, id: ObjId) -> PyResult<String>;

    /// `x in deque`: items compared live; after a compare that did not
    /// match, a resized deque raises `RuntimeError` (as CPython).
    fn deque_contains(&mut self, id: ObjId, x: Value) -> PyResult<bool>;

    /// `deque == deque` and the orderings, as CPython: sizes first for
    /// `==`/`!=`, then the first pair of unequal items decides; stepping
    /// past an item of a deque that was resized meanwhile (by an item's
    /// `__eq__`) raises `RuntimeError`.
    fn deque_compare(&mut self, op: CmpOp, a: Value, b: Value) -> PyResult<Option<bool>>;

    fn deque_compare_items(
        &mut self,
        op: CmpOp,
        left: (ObjId, usize),
        right: (ObjId, usize),
    ) -> PyResult<bool>;
}

impl DequeVm for Vm {
    fn deque_items(&mut self, id: ObjId) -> (&mut VecDeque<Value>, Option<usize>) {
        match native_of_mut(self.heap.get_mut(id)) {
            Some(NativeObj::Deque { items, maxlen, .. }) => (items, *maxlen),
            _ => unreachable!("a deque"),
        }
    }

    fn deque_mutate(&mut self, id: ObjId) -> (&mut VecDeque<Value>, Option<usize>) {
        match native_of_mut(self.heap.get_mut(id)) {
            Some(NativeObj::Deque {
                items,
                maxlen,
                state,
            }) => {
                *state += 1;
                (items, *maxlen)
            }
            _ => unreachable!("a deque"),
        }
    }

    fn deque_slot(&mut self, id: ObjId, idx: Value) -> PyResult<usize> {
        let i = match idx {
            Value::Int(_) | Value::Bool(_) => self.index_arg(idx)?,
            Value::Ref(r) if matches!(self.heap.get(r), Obj::BigInt(_)) => {
                return Err(PyErr::new(
                    ExcType::IndexError,
                    "cannot fit 'int' into an index-sized integer",
                ))
            }
            _ => match self.user_index(idx)? {
                Some(r) => self.index_arg(r)?,
                None => {
                    return Err(PyErr::type_error(format!(
                        "sequence index must be integer, not '{}'",
                        self.class_name(idx)
                    )))
                }
            },
        };
        let Some(NativeObj::Deque { items, .. }) = native_of(self.heap.get(id)) else {
            unreachable!("a deque")
        };
        let n = items.len() as i64;
        let j = if i < 0 { i + n } else { i };
        if j < 0 || j >= n {
            return Err(PyErr::new(ExcType::IndexError, "deque index out of range"));
        }
        Ok(j as usize)
    }

    fn deque_store(&mut self, id: ObjId, idx: Value, v: Option<Value>) -> PyResult<()> {
        let j = self.deque_slot(id, idx)?;
        if let Some(NativeObj::Deque { items, .. }) = native_of_mut(self.heap.get_mut(id)) {
            match v {
                Some(v) => items[j] = v,
                None => {
                    items.remove(j);
                }
            }
        }
        Ok(())
    }

    fn deque_repr(&mut self, id: ObjId) -> PyResult<String> {
        let (items, maxlen) = self.deque_items(id);
        let items: Vec<Value> = items.iter().copied().collect();
        if self.nested_repr_active.contains(&id.0) {
            return Ok("[...]".to_string());
        }
        if self.nested_repr_active.len() >= crate::dataclasses::MAX_NESTED_REPR_DEPTH {
            return Err(PyErr::new(
                ExcType::RecursionError,
                "maximum recursion depth exceeded while getting the repr of an object",
            ));
        }
        self.nested_repr_active.push(id.0);
        let l = self.new_list(items);
        let inner = self.repr(l);
        self.nested_repr_active.pop();
        let inner = inner?;
        Ok(match maxlen {
            Some(m) => format!("deque({inner}, maxlen={m})"),
            None => format!("deque({inner})"),
        })
    }

    fn deque_contains(&mut self, id: ObjId, x: Value) -> PyResult<bool> {
        let n = self.deque_items(id).0.len();
        for i in 0..n {
            let Some(v) = self.deque_items(id).0.get(i).copied() else {
                break;
            };
            if self.same_object(v, x) || self.py_eq(v, x)? {
                return Ok(true);
            }
            if self.deque_items(id).0.len() != n {
                return Err(PyErr::new(ExcType::RuntimeError, DEQUE_MUTATED));
            }
        }
        Ok(false)
    }

    fn deque_compare(&mut self, op: CmpOp, a: Value, b: Value) -> PyResult<Option<bool>> {
        let deque_id = |vm: &Vm, v: Value| match v {
            Value::Ref(id)
                if matches!(native_of(vm.heap.get(id)), Some(NativeObj::Deque { .. })) =>
            {
                Some(id)
            }
            _ => None,
        };
        let (Some(x), Some(y)) = (deque_id(self, a), deque_id(self, b)) else {
            return Ok(None);
        };
        let (nx, ny) = (self.deque_items(x).0.len(), self.deque_items(y).0.len());
        if nx != ny && matches!(op, CmpOp::Eq | CmpOp::Ne) {
            return Ok(Some(op == CmpOp::Ne));
        }
        // deques of deques recurse through this hook: bound it
        if self.compare_nesting >= MAX_DEQUE_COMPARE_NESTING {
            return Err(PyErr::new(
                ExcType::RecursionError,
                "maximum recursion depth exceeded in comparison",
            ));
        }
        self.compare_nesting += 1;
        let r = self.deque_compare_items(op, (x, nx), (y, ny));
        self.compare_nesting -= 1;
        r.map(Some)
    }

    fn deque_compare_items(
        &mut self,
        op: CmpOp,
        (x, nx): (ObjId, usize),
        (y, ny): (ObjId, usize),
    ) -> PyResult<bool> {
        let mut i = 0;
        loop {
            let next = |vm: &mut Vm, id: ObjId, n: usize| -> PyResult<Option<Value>> {
                let items = vm.deque_items(id).0;
                if items.len() != n {
                    return Err(PyErr::new(ExcType::RuntimeError, DEQUE_MUTATED));
                }
                Ok(items.get(i).copied())
            };
            let u = next(self, x, nx)?;
            let v = next(self, y, ny)?;
            let (Some(u), Some(v)) = (u, v) else { break };
            let mark = self.stack.len();
            self.stack.extend([u, v]);
            let eq = if self.same_object(u, v) {
                Ok(true)
            } else {
                self.py_eq(u, v)
            };
            let r = match eq {
                Ok(true) => None,
                Ok(false) => Some(self.compare_op(op, u, v).and_then(|r| self.truthy(r))),
                Err(e) => Some(Err(e)),
            };
            self.release_to(mark);
            if let Some(r) = r {
                return r;
            }
            i += 1;
        }
        Ok(crate::vm::ops::cmp_ints(op, nx as i64, ny as i64))
    }
}

/// The next item of a deque iterator (`iter(deque)`), or CPython's
/// `RuntimeError` once the deque was changed since the iterator was made.
pub(crate) fn iter_step(vm: &mut Vm, it: ObjId) -> PyResult<Option<Value>> {
    use crate::iters::NativeIterVm;
    let Some(crate::iters::NativeIter::DequeIter {
        deque: Value::Ref(d),
        index,
        state,
    }) = vm.native_state(it).cloned()
    else {
        return Ok(None);
    };
    let Some(NativeObj::Deque {
        items, state: now, ..
    }) = native_of(vm.heap.get(d))
    else {
        return Ok(None);
    };
    if *now != state {
        return Err(PyErr::new(ExcType::RuntimeError, DEQUE_MUTATED));
    }
    let item = items.get(index).copied();
    if item.is_some() {
        if let Some(crate::iters::NativeIter::DequeIter { index, .. }) = vm.native_state(it) {
            *index += 1;
        }
    }
    Ok(item)
}

/// CPython's message when a deque changes size under a search or compare.
const DEQUE_MUTATED: &str = "deque mutated during iteration";

fn empty(what: &str) -> PyErr {
    PyErr::new(ExcType::IndexError, format!("{what} from an empty deque"))
}

/// `count`, `index` and `remove`: items compared live, as CPython does; an
/// `__eq__` that resizes the deque ends the search with an error.
fn search(vm: &mut Vm, id: ObjId, name: &str, x: Value, bounds: &[Value]) -> PyResult<Value> {
    let mut pos = vec![x];
    pos.extend(crate::builtins::methods::list::sequence_bounds(vm, bounds)?);
    let bounds = Args::new(
        if name == "index" { "index" } else { "deque" },
        pos,
        Vec::new(),
    );
    let n = vm.deque_items(id).0.len();
    let (start, end) = crate::builtins::methods::clamp_range(vm, &bounds, 1, n)?;
    let (start, end) = if name == "index" {
        (start, end)
    } else {
        (0, n)
    };
    let mut found = None;
    let mut count = 0;
    for i in start..end.min(n) {
        let Some(v) = vm.deque_items(id).0.get(i).copied() else {
            break;
        };
        let eq = vm.same_object(v, x) || vm.py_eq(v, x)?;
        if eq && name == "index" {
            found = Some(i);
            break;
        }
        if vm.deque_items(id).0.len() != n {
            let kind = if name == "remove" {
                ExcType::IndexError
            } else {
                ExcType::RuntimeError
            };
            return Err(PyErr::new(kind, DEQUE_MUTATED));
        }
        if eq {
            count += 1;
            if name == "remove" {
                found = Some(i);
                break;
            }
        }
    }
    match name {
        "count" => Ok(Value::Int(count)),
        _ => match found {
            Some(i) if name == "index" => Ok(Value::Int(i as i64)),
            Some(i) => {
                vm.deque_mutate(id).0.remove(i);
                Ok(Value::None)
            }
            // the wording of CPython 3.14 (and of `list.index` here); 3.13
            // says "{x!r} is not in deque"
            None => Err(PyErr::value_error(format!(
                "deque.{name}(x): x not in deque"
            ))),
        },
    }
}

native! {
    /// `deque.append(x, /)`.
    builtin method append(vm, this, x, /) {
        let (items, maxlen) = vm.deque_mutate(receiver(this));
        push_bounded(items, maxlen, x, true);
        Ok(Value::None)
    }

    /// `deque.appendleft(x, /)`.
    builtin method appendleft(vm, this, x, /) {
        let (items, maxlen) = vm.deque_mutate(receiver(this));
        push_bounded(items, maxlen, x, false);
        Ok(Value::None)
    }

    /// `deque.extend(iterable, /)`.
    builtin method extend(vm, this, iterable, /) {
        extend_from(vm, receiver(this), iterable, true)?;
        Ok(Value::None)
    }

    /// `deque.extendleft(iterable, /)`.
    builtin method extendleft(vm, this, iterable, /) {
        extend_from(vm, receiver(this), iterable, false)?;
        Ok(Value::None)
    }

    /// `deque.pop()`.
    builtin method pop(vm, this) {
        vm.deque_mutate(receiver(this)).0.pop_back().ok_or_else(|| empty("pop"))
    }

    /// `deque.popleft()`.
    builtin method popleft(vm, this) {
        vm.deque_mutate(receiver(this)).0.pop_front().ok_or_else(|| empty("pop"))
    }

    /// `deque.rotate(n=1, /)`.
    builtin method rotate(vm, this, n?, /) {
        let n = match n {
            Some(v) => vm.index_arg(v)?,
            None => 1,
        };
        if vm.deque_items(receiver(this)).0.len() > 1 {
            vm.deque_mutate(receiver(this));
        }
        let items = vm.deque_items(receiver(this)).0;
        let len = items.len() as i64;
        if len > 0 {
            let k = n.rem_euclid(len) as usize;
            items.rotate_right(k);
        }
        Ok(Value::None)
    }

    /// `deque.clear()`.
    builtin method clear(vm, this) {
        vm.deque_mutate(receiver(this)).0.clear();
        Ok(Value::None)
    }

    /// `deque.reverse()`.
    builtin method reverse(vm, this) {
        let items = vm.deque_items(receiver(this)).0;
        let v: Vec<Value> = items.drain(..).rev().collect();
        items.extend(v);
        Ok(Value::None)
    }

    /// `deque.copy()`.
    builtin method copy(vm, this) {
        let (items, maxlen) = vm.deque_items(receiver(this));
        let items = items.clone();
        Ok(vm.heap.new_value(Obj::from(NativeObj::Deque {
                items,
                maxlen,
                state: 0,
            })))
    }

    /// `deque.insert(i, x, /)`.
    builtin method insert(vm, this, i, x, /) {
        let i = vm.index_arg(i)?;
        let (items, maxlen) = vm.deque_mutate(receiver(this));
        if maxlen.is_some_and(|m| items.len() >= m) {
            return Err(PyErr::new(
                ExcType::IndexError,
                "deque already at its maximum size",
            ));
        }
        let n = items.len() as i64;
        let at = if i < 0 { (i + n).max(0) } else { i.min(n) } as usize;
        items.insert(at, x);
        Ok(Value::None)
    }

    /// `deque.count(x, /)`.
    builtin method count(vm, this, x, /) {
        search(vm, receiver(this), "count", x, &[])
    }

    /// `deque.index(x, start=0, stop=sys.maxsize, /)`.
    builtin method index(vm, this, x, start?, stop?, /) {
        let bounds: Vec<Value> = start.into_iter().chain(stop).collect();
        search(vm, receiver(this), "index", x, &bounds)
    }

    /// `deque.remove(x, /)`.
    builtin method remove(vm, this, x, /) {
        search(vm, receiver(this), "remove", x, &[])
    }
}

// The native object type this file owns (`objects/native_type.rs`).
use crate::collections::deque_ops::DequeOpsVm;
use crate::objects::prelude as np;

/// `collections.deque`.
pub struct DequeType;

impl np::NativeType for DequeType {
    fn type_name(_: &np::NativeObj) -> &'static str {
        "collections.deque"
    }

    fn for_each_child(o: &np::NativeObj, f: &mut dyn FnMut(np::Value)) {
        if let np::NativeObj::Deque { items, .. } = o {
            items.iter().for_each(|v| f(*v));
        }
    }

    fn getattr(vm: &mut np::Vm, id: np::ObjId, name: &str) -> np::PyResult<Option<np::Value>> {
        let np::NativeObj::Deque { maxlen, .. } = np::obj(vm, id) else {
            return Ok(None);
        };
        Ok(match name {
            "maxlen" => Some(maxlen.map_or(np::Value::None, |m| np::Value::Int(m as i64))),
            _ => None,
        })
    }

    fn setattr(_: &mut np::Vm, _: np::ObjId, name: &str, _: np::Value) -> Option<np::PyResult<()>> {
        (name == "maxlen").then(|| {
            Err(np::PyErr::new(
                crate::object::ExcType::AttributeError,
                "attribute 'maxlen' of 'collections.deque' objects is not writable",
            ))
        })
    }

    fn has_method(_: &np::Vm, _: np::ObjId, name: &str) -> bool {
        crate::native::has_method(DEQUE_METHODS, name)
    }

    fn call_method(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        args: Vec<np::Value>,
        kw: np::Kwargs,
    ) -> np::PyResult<Option<np::Value>> {
        crate::native::call_method(
            DEQUE_METHODS,
            "deque",
            vm,
            np::Value::Ref(id),
            name,
            args,
            kw,
        )
    }

    fn repr(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        vm.deque_repr(id)
    }

    fn compare(
        vm: &mut np::Vm,
        op: np::CmpOp,
        a: np::Value,
        b: np::Value,
    ) -> np::PyResult<Option<bool>> {
        vm.deque_compare(op, a, b)
    }

    fn hash(_: &mut np::Vm, _: np::ObjId) -> np::PyResult<Option<np::HashKey>> {
        Err(np::PyErr::type_error(
            "unhashable type: 'collections.deque'",
        ))
    }

    fn binary(
        vm: &mut np::Vm,
        op: np::BinOp,
        a: np::Value,
        b: np::Value,
        inplace: bool,
    ) -> np::PyResult<Option<np::Value>> {
        vm.deque_binary(op, a, b, inplace)
    }

    fn len(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<Option<usize>> {
        let np::NativeObj::Deque { items, .. } = np::obj(vm, id) else {
            return Ok(None);
        };
        Ok(Some(items.len()))
    }

    fn contains(vm: &mut np::Vm, id: np::ObjId, item: np::Value) -> np::PyResult<Option<bool>> {
        vm.deque_contains(id, item).map(Some)
    }

    fn iter(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<Option<np::Value>> {
        let np::NativeObj::Deque { state, .. } = np::obj(vm, id) else {
            return Ok(None);
        };
        let state = *state;
        Ok(Some(crate::iters::NativeIterVm::new_native_iter(
            vm,
            crate::iters::NativeIter::DequeIter {
                deque: np::Value::Ref(id),
                index: 0,
                state,
            },
        )))
    }

    fn is_reversible(_: &np::Vm, _: np::ObjId) -> bool {
        true
    }

    fn getitem(vm: &mut np::Vm, id: np::ObjId, idx: np::Value) -> np::PyResult<Option<np::Value>> {
        let j = vm.deque_slot(id, idx)?;
        let np::NativeObj::Deque { items, .. } = np::obj(vm, id) else {
            return Ok(None);
        };
        Ok(Some(items[j]))
    }

    fn setitem(
        vm: &mut np::Vm,
        id: np::ObjId,
        idx: np::Value,
        v: Option<np::Value>,
    ) -> Option<np::PyResult<()>> {
        Some(vm.deque_store(id, idx, v))
    }

    fn truthy(vm: &mut np::Vm, id: np::ObjId) -> bool {
        !matches!(np::obj(vm, id), np::NativeObj::Deque { items, .. } if items.is_empty())
    }
}
