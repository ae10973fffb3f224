//! Iteration: `iter()` of every builtin iterable, one step of any iterator
//! (including the lazy adapters, which may call back into Python), and
//! helpers that drain an iterable into a `Vec`.

use crate::object::{ExcType, Iter, Obj, Range, Value, ViewKind};

use super::{PyErr, PyResult, Vm};

impl Vm {
    /// `iter(v)`.
    pub fn get_iter(&mut self, v: Value) -> PyResult<Value> {
        let it = match v {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::List(_) => Iter::Seq { seq: id, idx: 0 },
                Obj::Tuple(_) => Iter::Seq { seq: id, idx: 0 },
                Obj::Bytes(_) | Obj::ByteArray(_) => Iter::Seq { seq: id, idx: 0 },
                Obj::Str(_) => Iter::Str { s: id, pos: 0 },
                Obj::Range(r) => Iter::Range {
                    cur: r.start,
                    stop: r.stop,
                    step: r.step,
                },
                Obj::Dict(d) => Iter::Dict {
                    dict: id,
                    idx: 0,
                    len: d.len(),
                    left: d.len(),
                    kind: ViewKind::Keys,
                    set: false,
                },
                Obj::Set(d) | Obj::FrozenSet(d) => Iter::Dict {
                    dict: id,
                    idx: 0,
                    len: d.len(),
                    left: d.len(),
                    kind: ViewKind::Keys,
                    set: true,
                },
                Obj::DictView(d, kind) => {
                    let len = match self.heap.get(*d) {
                        Obj::Dict(x) => x.len(),
                        _ => 0,
                    };
                    Iter::Dict {
                        dict: *d,
                        idx: 0,
                        len,
                        left: len,
                        kind: *kind,
                        set: false,
                    }
                }
                Obj::Iter(_) | Obj::Generator(_) => return Ok(v),
                Obj::Class(c) if c.meta.is_some() => {
                    return match self.call_meta(v, "__iter__", vec![])? {
                        Some(it) => Ok(it),
                        None => Err(self.not_iterable(v)),
                    }
                }
                Obj::Native(_) => {
                    return match crate::lib().native_obj_iter(self, id)? {
                        Some(it) => Ok(it),
                        None => Err(self.not_iterable(v)),
                    }
                }
                Obj::Instance(i) => {
                    // `__iter__ = None` opts out of iteration altogether
                    if matches!(self.class_lookup(i.class, "__iter__"), Some(Value::None)) {
                        return Err(self.not_iterable(v));
                    }
                    if let Some(it) = self.call_dunder(v, "__iter__", vec![])? {
                        let is_iter = match it {
                            Value::Ref(i) => match self.heap.get(i) {
                                Obj::Iter(_) => true,
                                Obj::Instance(inst) => {
                                    self.class_lookup(inst.class, "__next__").is_some()
                                }
                                _ => false,
                            },
                            _ => false,
                        };
                        if !is_iter {
                            return Err(PyErr::type_error(format!(
                                "iter() returned non-iterator of type '{}'",
                                self.class_name(it)
                            )));
                        }
                        return Ok(it);
                    }
                    if let Some(cls) = self.user_class_of(v) {
                        if self.class_lookup(cls, "__getitem__").is_some() {
                            return Ok(self
                                .heap
                                .new_value(Obj::Iter(Iter::GetItem { obj: v, idx: 0 })));
                        }
                    }
                    return Err(self.not_iterable(v));
                }
                _ => return Err(self.not_iterable(v)),
            },
            _ => return Err(self.not_iterable(v)),
        };
        Ok(self.heap.new_value(Obj::Iter(it)))
    }

    /// Whether `v`'s class fills CPython's iteration slot or is a sequence
    /// (defines `__iter__`, even as None, or `__getitem__`): its failure
    /// to iterate then keeps the plain "not iterable" wording instead of
    /// an unpacking site's own.
    pub fn has_iter_slot(&self, v: Value) -> bool {
        match v {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Instance(i) => {
                    self.class_lookup(i.class, "__iter__").is_some()
                        || self.class_lookup(i.class, "__getitem__").is_some()
                }
                _ => false,
            },
            _ => false,
        }
    }

    fn not_iterable(&self, v: Value) -> PyErr {
        PyErr::type_error(format!("'{}' object is not iterable", self.class_name(v)))
    }

    /// The next item of iterator `it`, or `None` when it is exhausted.
    /// The next item of a `range` or list/tuple iterator, the loops that
    /// matter most, in one step; `None` for any other iterator (use
    /// [`Vm::iter_next`]). Same effects as `iter_next` on these.
    #[inline]
    pub fn iter_next_simple(&mut self, it: Value) -> Option<Option<Value>> {
        let Value::Ref(id) = it else { return None };
        let seq = match self.heap.get_mut(id) {
            Obj::Iter(Iter::Range { cur, stop, step }) => {
                let c = *cur;
                return Some(if (*step > 0 && c < *stop) || (*step < 0 && c > *stop) {
                    *cur = c.saturating_add(*step);
                    Some(Value::Int(c))
                } else {
                    None
                });
            }
            Obj::Iter(Iter::Seq { seq, idx }) => (*seq, *idx),
            _ => return None,
        };
        let item = match self.heap.get(seq.0) {
            Obj::List(l) => l.get(seq.1),
            Obj::Tuple(l) => l.get(seq.1).copied(),
            _ => return None,
        };
        match self.heap.get_mut(id) {
            Obj::Iter(Iter::Seq { idx, .. }) if item.is_some() => *idx += 1,
            it => *it = Obj::Iter(Iter::Done),
        }
        Some(item)
    }

    /// Whether advancing `it` runs no Python code, so cannot pause: the
    /// VM's iterators over sequences, strs, ranges and dicts, and
    /// `enumerate`/`zip` over those (a few levels deep).
    pub fn advance_runs_no_python(&self, it: Value) -> bool {
        self.advance_is_native(it, 3)
    }

    fn advance_is_native(&self, it: Value, depth: u32) -> bool {
        let Value::Ref(id) = it else { return false };
        match self.heap.get(id) {
            Obj::Iter(
                Iter::Seq { .. }
                | Iter::Str { .. }
                | Iter::Range { .. }
                | Iter::Dict { .. }
                | Iter::Reversed { .. }
                | Iter::Done,
            ) => true,
            Obj::Iter(Iter::Enumerate { inner, .. }) => {
                depth > 0 && self.advance_is_native(*inner, depth - 1)
            }
            Obj::Iter(Iter::Zip { iters, .. }) => {
                depth > 0
                    && iters.len() <= 4
                    && iters.iter().all(|i| self.advance_is_native(*i, depth - 1))
            }
            _ => false,
        }
    }

    /// The next item of the dict (or set) view iterator `id`, after the
    /// advance is counted and noted: its key, value or (key, value), or
    /// the errors of a dict resized or re-keyed while iterated. Called by
    /// [`Vm::iter_next`] and, for `for` loops over a dict or a view, by
    /// `ForIter` directly (`dispatch_slow.rs`).
    pub(super) fn dict_advance(&mut self, id: crate::object::ObjId) -> PyResult<Option<Value>> {
        let Obj::Iter(Iter::Dict {
            dict,
            idx,
            len,
            left,
            kind,
            set,
        }) = self.heap.get(id)
        else {
            unreachable!("a dict iterator")
        };
        let (dict, i, len0, left, kind, is_set) = (*dict, *idx, *len, *left, *kind, *set);
        let (Obj::Dict(d) | Obj::Set(d) | Obj::FrozenSet(d)) = self.heap.get(dict) else {
            return Ok(None);
        };
        if i == usize::MAX {
            // exhausted (or ended by the keys-changed error) for good
            return Ok(None);
        }
        if d.len() != len0 {
            let what = if is_set { "Set" } else { "dictionary" };
            if let Obj::Iter(Iter::Dict { len, .. }) = self.heap.get_mut(id) {
                *len = usize::MAX;
            }
            return Err(PyErr::new(
                ExcType::RuntimeError,
                format!("{what} changed size during iteration"),
            ));
        }
        let Some((slot, (k, v))) = d.next_entry(i) else {
            if let Obj::Iter(Iter::Dict { idx, .. }) = self.heap.get_mut(id) {
                *idx = usize::MAX;
            }
            return Ok(None);
        };
        if left == 0 {
            if let Obj::Iter(Iter::Dict { idx, .. }) = self.heap.get_mut(id) {
                *idx = usize::MAX;
            }
            let what = if is_set { "Set" } else { "dictionary" };
            return Err(PyErr::new(
                ExcType::RuntimeError,
                format!("{what} keys changed during iteration"),
            ));
        }
        if let Obj::Iter(Iter::Dict { idx, left, .. }) = self.heap.get_mut(id) {
            *idx = slot + 1;
            *left -= 1;
        }
        Ok(Some(match kind {
            ViewKind::Keys => k,
            ViewKind::Values => v,
            ViewKind::Items => self.new_tuple(vec![k, v]),
        }))
    }

    pub fn iter_next(&mut self, it: Value) -> PyResult<Option<Value>> {
        // (native loops run no instructions: each item counts as one)
        self.tick()?;
        let Value::Ref(id) = it else {
            return Err(PyErr::type_error(format!(
                "'{}' object is not an iterator",
                self.class_name(it)
            )));
        };
        if let Obj::Generator(_) = self.heap.get(id) {
            let r = self.generator_next(id, Value::None);
            if let Ok(None) = r {
                // the end, seen by a loop: its return value goes nowhere
                self.take_generator_return(id);
            }
            return r;
        }
        if let Obj::Native(_) = self.heap.get(id) {
            self.note_advance(id);
            return crate::lib().native_obj_next(self, id);
        }
        if let Obj::Instance(_) = self.heap.get(id) {
            return match self.call_dunder(it, "__next__", vec![]) {
                Ok(Some(v)) => Ok(Some(v)),
                Ok(None) => Err(PyErr::type_error(format!(
                    "'{}' object is not an iterator",
                    self.class_name(it)
                ))),
                Err(e) if self.is_stop_iteration(&e) => Ok(None),
                Err(e) => Err(e),
            };
        }
        if !matches!(self.heap.get(id), Obj::Iter(_)) {
            return Err(PyErr::type_error(format!(
                "'{}' object is not an iterator",
                self.class_name(it)
            )));
        }
        self.note_advance(id);
        let Obj::Iter(state) = self.heap.get_mut(id) else {
            unreachable!("checked above")
        };
        match state {
            Iter::Range { cur, stop, step } => {
                let c = *cur;
                if (*step > 0 && c < *stop) || (*step < 0 && c > *stop) {
                    *cur = c.saturating_add(*step);
                    Ok(Some(Value::Int(c)))
                } else {
                    Ok(None)
                }
            }
            Iter::Seq { seq, idx } => {
                let (seq, i) = (*seq, *idx);
                let item = match self.heap.get(seq) {
                    Obj::List(l) => l.get(i),
                    Obj::Tuple(l) => l.get(i).copied(),
                    Obj::Bytes(b) | Obj::ByteArray(b) => b.get(i).map(|c| Value::Int(*c as i64)),
                    _ => None,
                };
                if item.is_some() {
                    if let Obj::Iter(Iter::Seq { idx, .. }) = self.heap.get_mut(id) {
                        *idx += 1;
                    }
                } else {
                    *self.heap.get_mut(id) = Obj::Iter(Iter::Done);
                }
                Ok(item)
            }
            Iter::Str { s, pos } => {
                let (s, p) = (*s, *pos);
                let Obj::Str(st) = self.heap.get(s) else {
                    return Ok(None);
                };
                match st.s[p..].chars().next() {
                    Some(c) => {
                        if let Obj::Iter(Iter::Str { pos, .. }) = self.heap.get_mut(id) {
                            *pos += c.len_utf8();
                        }
                        let mut buf = [0u8; 4];
                        Ok(Some(self.new_str(&*c.encode_utf8(&mut buf))))
                    }
                    None => Ok(None),
                }
            }
            Iter::Dict { .. } => self.dict_advance(id),
            Iter::Reversed { seq, idx } => {
                let (seq, i) = (*seq, *idx);
                if i == 0 {
                    return Ok(None);
                }
                let item = match self.heap.get(seq) {
                    Obj::List(l) => l.get(i - 1),
                    Obj::Tuple(l) => l.get(i - 1).copied(),
                    Obj::Bytes(b) | Obj::ByteArray(b) => {
                        b.get(i - 1).map(|c| Value::Int(*c as i64))
                    }
                    Obj::Str(s) => {
                        let c = s.char_at(i - 1);
                        let v = self.new_str(c);
                        Some(v)
                    }
                    _ => None,
                };
                if let Obj::Iter(Iter::Reversed { idx, .. }) = self.heap.get_mut(id) {
                    *idx = if item.is_some() { i - 1 } else { 0 };
                }
                Ok(item)
            }
            Iter::Enumerate { inner, count } => {
                let (inner, c) = (*inner, *count);
                match self.iter_next(inner)? {
                    Some(v) => {
                        if let Obj::Iter(Iter::Enumerate { count, .. }) = self.heap.get_mut(id) {
                            *count += 1;
                        }
                        Ok(Some(self.new_tuple(vec![Value::Int(c), v])))
                    }
                    None => Ok(None),
                }
            }
            Iter::Zip { iters, strict } => {
                let (iters, strict) = (iters.clone(), *strict);
                if iters.is_empty() {
                    return Ok(None);
                }
                let mut items = Vec::with_capacity(iters.len());
                for (n, i) in iters.iter().enumerate() {
                    match self.iter_next(*i)? {
                        Some(v) => items.push(v),
                        None => {
                            if strict {
                                if n > 0 {
                                    let s = if n == 1 { " " } else { "s 1-" };
                                    return Err(PyErr::value_error(format!(
                                        "zip() argument {} is shorter than argument{s}{}",
                                        n + 1,
                                        n
                                    )));
                                }
                                for (m, j) in iters.iter().enumerate().skip(1) {
                                    if self.iter_next(*j)?.is_some() {
                                        let s = if m == 1 { " " } else { "s 1-" };
                                        return Err(PyErr::value_error(format!(
                                            "zip() argument {} is longer than argument{s}{}",
                                            m + 1,
                                            m
                                        )));
                                    }
                                }
                            }
                            *self.heap.get_mut(id) = Obj::Iter(Iter::Done);
                            return Ok(None);
                        }
                    }
                }
                Ok(Some(self.new_tuple(items)))
            }
            Iter::Map { func, iters } if iters.len() == 1 => {
                // (one iterable, the common case: no copy of the list)
                let (func, inner) = (*func, iters[0]);
                match self.iter_next(inner)? {
                    Some(v) => self.call_args(func, &[v]).map(Some),
                    None => Ok(None),
                }
            }
            Iter::Map { func, iters } => {
                let (func, iters) = (*func, iters.clone());
                let mut args = Vec::with_capacity(iters.len());
                for i in iters {
                    match self.iter_next(i)? {
                        Some(v) => args.push(v),
                        None => return Ok(None),
                    }
                }
                self.call_value(func, args, Vec::new()).map(Some)
            }
            Iter::Filter { func, inner } => {
                let (func, inner) = (*func, *inner);
                loop {
                    let Some(v) = self.iter_next(inner)? else {
                        return Ok(None);
                    };
                    let keep = if func.is_none() {
                        self.truthy(v)?
                    } else {
                        let r = self.call_args(func, &[v])?;
                        self.truthy(r)?
                    };
                    if keep {
                        return Ok(Some(v));
                    }
                }
            }
            Iter::Native(_) => crate::lib().native_iter_next(self, id),
            Iter::GetItem { obj, idx } => {
                let (obj, i) = (*obj, *idx);
                match self.get_item(obj, Value::Int(i as i64)) {
                    Ok(v) => {
                        if let Obj::Iter(Iter::GetItem { idx, .. }) = self.heap.get_mut(id) {
                            *idx += 1;
                        }
                        Ok(Some(v))
                    }
                    Err(e)
                        if self.is_exc_kind(&e, ExcType::IndexError)
                            || self.is_stop_iteration(&e) =>
                    {
                        *self.heap.get_mut(id) = Obj::Iter(Iter::Done);
                        Ok(None)
                    }
                    Err(e) => Err(e),
                }
            }
            Iter::Callable { func, sentinel } => {
                let (func, sentinel) = (*func, *sentinel);
                let v = match self.call_value(func, Vec::new(), Vec::new()) {
                    Ok(v) => v,
                    Err(e) if self.is_stop_iteration(&e) => {
                        *self.heap.get_mut(id) = Obj::Iter(Iter::Done);
                        return Ok(None);
                    }
                    Err(e) => return Err(e),
                };
                if self.same_object(v, sentinel) || self.py_eq(v, sentinel)? {
                    *self.heap.get_mut(id) = Obj::Iter(Iter::Done);
                    return Ok(None);
                }
                Ok(Some(v))
            }
            Iter::Done => Ok(None),
        }
    }

    fn is_stop_iteration(&self, e: &PyErr) -> bool {
        self.is_exc_kind(e, ExcType::StopIteration)
    }

    /// Is the pending error an instance of builtin exception class `kind`?
    pub fn is_exc_kind(&self, e: &PyErr, kind: ExcType) -> bool {
        match e {
            PyErr::New(k, _) | PyErr::Msg(k, _) => k.is_subclass_of(kind),
            PyErr::Raise(v) | PyErr::Reraise(v) => match v {
                Value::Ref(id) => {
                    matches!(self.heap.get(*id), Obj::Exception(x) if x.kind.is_subclass_of(kind))
                }
                _ => false,
            },
            PyErr::Suspend | PyErr::Limit => false,
        }
    }

    /// All items of an iterable, in order.
    pub fn collect_iterable(&mut self, v: Value) -> PyResult<Vec<Value>> {
        if let Value::Ref(id) = v {
            match self.heap.get(id) {
                Obj::List(l) => return Ok(l.to_vec()),
                Obj::Tuple(l) => return Ok(l.clone()),
                Obj::Dict(d) | Obj::Set(d) | Obj::FrozenSet(d) => return Ok(d.keys().collect()),
                Obj::Range(r) => {
                    let r: Range = *r;
                    let n = r.len();
                    self.check_alloc(n as u128 * 16)?;
                    return Ok((0..n).map(|i| Value::Int(r.get(i))).collect());
                }
                _ => {}
            }
        }
        let it = self.get_iter(v)?;
        let mut out = Vec::new();
        while let Some(x) = self.iter_next(it)? {
            out.push(x);
            if out.len() % 1_000_000 == 0 {
                self.check_alloc(out.len() as u128 * 16)?;
            }
        }
        Ok(out)
    }

    /// Unpacks exactly `n` items (`a, b = v`).
    pub fn unpack_exact(&mut self, v: Value, n: usize) -> PyResult<Vec<Value>> {
        if let Value::Ref(id) = v {
            // Only list, tuple and dict report their total when too long
            // (CPython 3.14); other iterables stop at the first surplus item.
            let known_len = match self.heap.get(id) {
                Obj::List(l) if l.len() == n => return Ok(l.to_vec()),
                Obj::Tuple(l) if l.len() == n => return Ok(l.clone()),
                Obj::List(l) => Some(l.len()),
                Obj::Tuple(l) => Some(l.len()),
                Obj::Dict(d) if d.kind == crate::object::DictKind::Plain => Some(d.len()),
                _ => None,
            };
            if let Some(len) = known_len.filter(|&len| len > n) {
                return Err(PyErr::value_error(format!(
                    "too many values to unpack (expected {n}, got {len})"
                )));
            }
        }
        let it = match self.get_iter(v) {
            Ok(it) => it,
            Err(e @ PyErr::Suspend) => return Err(e),
            Err(e) if self.has_iter_slot(v) => return Err(e),
            Err(_) => {
                return Err(PyErr::type_error(format!(
                    "cannot unpack non-iterable {} object",
                    self.class_name(v)
                )))
            }
        };
        let mut out = Vec::with_capacity(n);
        while let Some(x) = self.iter_next(it)? {
            if out.len() == n {
                return Err(PyErr::value_error(format!(
                    "too many values to unpack (expected {n})"
                )));
            }
            out.push(x);
        }
        if out.len() < n {
            return Err(PyErr::value_error(format!(
                "not enough values to unpack (expected {n}, got {})",
                out.len()
            )));
        }
        Ok(out)
    }
}
