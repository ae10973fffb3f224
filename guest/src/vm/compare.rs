//! Truthiness, equality, ordering, containment and hashing of any value,
//! including instances of user classes through their special methods
//! (`__bool__`/`__len__`, `__eq__`/`__lt__`/..., `__contains__`,
//! `__hash__`), with CPython's reflection rules and error messages.

use std::cmp::Ordering;

use num_bigint::BigInt;

use crate::builtins::Builtin;
use crate::compile::bytecode::CmpOp;
use crate::object::{ExcType, HashKey, Obj, Value, ViewKind};

use super::ops::{num_cmp, FromF64Checked};
use super::{PyErr, PyResult, Vm};

const MAX_COMPARE_DEPTH: u32 = 500;

fn is_not_implemented(v: Value) -> bool {
    matches!(v, Value::Builtin(Builtin::NotImplemented))
}

/// The special method for a rich comparison, and its reflection.
fn dunder(op: CmpOp) -> (&'static str, &'static str) {
    match op {
        CmpOp::Eq => ("__eq__", "__eq__"),
        CmpOp::Ne => ("__ne__", "__ne__"),
        CmpOp::Lt => ("__lt__", "__gt__"),
        CmpOp::Le => ("__le__", "__ge__"),
        CmpOp::Gt => ("__gt__", "__lt__"),
        CmpOp::Ge => ("__ge__", "__le__"),
        _ => ("", ""),
    }
}

/// How deeply a key nests tuples, measured without recursion (keys are
/// kept shallow enough that hashing and dropping them cannot exhaust the
/// native stack).
fn key_nesting(k: &HashKey) -> usize {
    let mut max = 0;
    let mut work = vec![(k, 1usize)];
    while let Some((k, d)) = work.pop() {
        max = max.max(d);
        if let HashKey::Tuple(items) = k {
            work.extend(items.iter().map(|i| (i, d + 1)));
        }
    }
    max
}

impl Vm {
    pub fn truthy(&mut self, v: Value) -> PyResult<bool> {
        Ok(match v {
            Value::None | Value::Undef => false,
            Value::Bool(b) => b,
            Value::Int(i) => i != 0,
            Value::Float(f) => f != 0.0,
            Value::Builtin(Builtin::NotImplemented) => {
                return Err(PyErr::type_error(
                    "NotImplemented should not be used in a boolean context",
                ))
            }
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Str(s) => !s.s.is_empty(),
                Obj::Bytes(b) | Obj::ByteArray(b) => !b.is_empty(),
                Obj::List(l) | Obj::Tuple(l) => !l.is_empty(),
                Obj::Dict(d) | Obj::Set(d) | Obj::FrozenSet(d) => !d.is_empty(),
                Obj::BigInt(_) => true,
                Obj::Complex(z) => z.re != 0.0 || z.im != 0.0,
                Obj::Range(r) => !r.is_empty(),
                Obj::Native(_) => return Ok(self.native_obj_truthy(id)),
                Obj::DictView(d, _) => match self.heap.get(*d) {
                    Obj::Dict(d) => !d.is_empty(),
                    _ => true,
                },
                Obj::Instance(_) => {
                    if let Some(r) = self.call_dunder(v, "__bool__", vec![])? {
                        return match r {
                            Value::Bool(b) => Ok(b),
                            other => Err(PyErr::type_error(format!(
                                "__bool__ should return bool, returned {}",
                                self.class_name(other)
                            ))),
                        };
                    }
                    if let Some(n) = self.call_dunder(v, "__len__", vec![])? {
                        return Ok(self.len_result(n)? != 0);
                    }
                    true
                }
                _ => true,
            },
            _ => true,
        })
    }

    pub fn is_native_obj(&self, v: Value) -> bool {
        matches!(v, Value::Ref(id) if matches!(self.heap.get(id), Obj::Native(_)))
    }

    /// Validates what `__len__` returned.
    pub fn len_result(&self, n: Value) -> PyResult<i64> {
        match n {
            Value::Int(i) if i >= 0 => Ok(i),
            Value::Int(_) => Err(PyErr::value_error("__len__() should return >= 0")),
            Value::Bool(b) => Ok(b as i64),
            other => Err(PyErr::type_error(format!(
                "'{}' object cannot be interpreted as an integer",
                self.class_name(other)
            ))),
        }
    }

    pub fn compare_op(&mut self, op: CmpOp, a: Value, b: Value) -> PyResult<Value> {
        let r = match op {
            CmpOp::Is => self.is(a, b),
            CmpOp::IsNot => !self.is(a, b),
            CmpOp::In => self.contains(b, a)?,
            CmpOp::NotIn => !self.contains(b, a)?,
            _ => {
                if let Some(o) = self.quick_cmp(a, b) {
                    return Ok(Value::Bool(match op {
                        CmpOp::Eq => o == Ordering::Equal,
                        CmpOp::Ne => o != Ordering::Equal,
                        CmpOp::Lt => o == Ordering::Less,
                        CmpOp::Le => o != Ordering::Greater,
                        CmpOp::Gt => o == Ordering::Greater,
                        _ => o != Ordering::Less,
                    }));
                }
                if self.user_class_of(a).is_some() || self.user_class_of(b).is_some() {
                    return self.rich_compare_user(op, a, b);
                }
                if self.is_native_obj(a) || self.is_native_obj(b) {
                    if let Some(r) = self.native_obj_compare(op, a, b)? {
                        return Ok(Value::Bool(r));
                    }
                    return match op {
                        CmpOp::Eq => Ok(Value::Bool(self.is(a, b))),
                        CmpOp::Ne => Ok(Value::Bool(!self.is(a, b))),
                        _ => Err(PyErr::type_error(format!(
                            "'{}' not supported between instances of '{}' and '{}'",
                            op.symbol(),
                            self.class_name(a),
                            self.class_name(b)
                        ))),
                    };
                }
                if let Some(r) = self.counter_compare(op, a, b)? {
                    return Ok(Value::Bool(r));
                }
                match op {
                    // complex `==` has no identity shortcut (NaN parts)
                    CmpOp::Eq | CmpOp::Ne if self.complex_eq(a, b).is_some() => {
                        self.complex_eq(a, b) == Some(op == CmpOp::Eq)
                    }
                    CmpOp::Eq => self.py_eq(a, b)?,
                    CmpOp::Ne => !self.py_eq(a, b)?,
                    _ => {
                        if let Some(r) = self.set_compare(op, a, b)? {
                            return Ok(Value::Bool(r));
                        }
                        let ord = self.py_cmp(a, b, op)?;
                        match op {
                            CmpOp::Lt => ord == Ordering::Less,
                            CmpOp::Le => ord != Ordering::Greater,
                            CmpOp::Gt => ord == Ordering::Greater,
                            _ => ord != Ordering::Less,
                        }
                    }
                }
            }
        };
        Ok(Value::Bool(r))
    }

    /// A rich comparison where an operand is a user instance: `a.__op__(b)`,
    /// then the reflection `b.__rop__(a)`, then the defaults.
    fn rich_compare_user(&mut self, op: CmpOp, a: Value, b: Value) -> PyResult<Value> {
        let (name, reflected) = dunder(op);
        // A subclass's reflected method takes priority, as in CPython.
        let b_first = match (self.user_class_of(a), self.user_class_of(b)) {
            (Some(ca), Some(cb)) => ca != cb && self.class_is_subclass(cb, ca),
            (None, Some(_)) => false,
            _ => false,
        };
        if b_first {
            if let Some(r) = self.call_dunder(b, reflected, vec![a])? {
                if !is_not_implemented(r) {
                    return Ok(r);
                }
            }
        }
        if let Some(r) = self.call_dunder(a, name, vec![b])? {
            if !is_not_implemented(r) {
                return Ok(r);
            }
        }
        if !b_first {
            if let Some(r) = self.call_dunder(b, reflected, vec![a])? {
                if !is_not_implemented(r) {
                    return Ok(r);
                }
            }
        }
        match op {
            CmpOp::Eq => Ok(Value::Bool(self.is(a, b) || self.dataclass_eq(a, b)?)),
            CmpOp::Ne => {
                if self.user_class_of(a).is_some() {
                    if let Some(r) = self.call_dunder(a, "__eq__", vec![b])? {
                        if !is_not_implemented(r) {
                            let t = self.truthy(r)?;
                            return Ok(Value::Bool(!t));
                        }
                    }
                }
                Ok(Value::Bool(!(self.is(a, b) || self.dataclass_eq(a, b)?)))
            }
            _ => {
                if let Some(r) = self.dataclass_order(op, a, b)? {
                    return Ok(Value::Bool(r));
                }
                Err(PyErr::type_error(format!(
                    "'{}' not supported between instances of '{}' and '{}'",
                    op.symbol(),
                    self.class_name(a),
                    self.class_name(b)
                )))
            }
        }
    }

    /// Identity as used by containment and equality shortcuts. Floats are
    /// unboxed, so two floats with the same bits count as the same object:
    /// `nan in [nan]` is True as in CPython, but so is
    /// `float('nan') in [float('nan')]`, which CPython says is False.
    pub fn same_object(&self, a: Value, b: Value) -> bool {
        self.is(a, b)
    }

    pub fn is(&self, a: Value, b: Value) -> bool {
        match (a, b) {
            (Value::Float(x), Value::Float(y)) => x.to_bits() == y.to_bits(),
            _ => a == b,
        }
    }

    /// `a == b`.
    pub fn py_eq(&mut self, a: Value, b: Value) -> PyResult<bool> {
        self.eq_depth(a, b, 0)
    }

    fn eq_depth(&mut self, a: Value, b: Value, depth: u32) -> PyResult<bool> {
        if depth > MAX_COMPARE_DEPTH {
            return Err(PyErr::new(
                ExcType::RecursionError,
                "maximum recursion depth exceeded in comparison",
            ));
        }
        match (a, b) {
            (Value::Int(x), Value::Int(y)) => return Ok(x == y),
            // identity implies equality (containers compare their items,
            // which may hold NaN)
            (Value::Ref(x), Value::Ref(y))
                if x == y
                    && !matches!(
                        self.heap.get(x),
                        Obj::Tuple(_) | Obj::List(_) | Obj::Instance(_)
                    ) =>
            {
                return Ok(true);
            }
            _ => {}
        }
        if let Some(o) = self.quick_cmp(a, b) {
            return Ok(o == Ordering::Equal);
        }
        if let (Some(x), Some(y)) = (self.as_num(a), self.as_num(b)) {
            return Ok(num_cmp(&x, &y) == Some(Ordering::Equal));
        }
        if let Some(r) = self.complex_eq(a, b) {
            return Ok(r);
        }
        if self.user_class_of(a).is_some() || self.user_class_of(b).is_some() {
            let r = self.rich_compare_user(CmpOp::Eq, a, b)?;
            return self.truthy(r);
        }
        if self.is_native_obj(a) || self.is_native_obj(b) {
            return Ok(self
                .native_obj_compare(CmpOp::Eq, a, b)?
                .unwrap_or_else(|| self.is(a, b)));
        }
        let (Value::Ref(x), Value::Ref(y)) = (a, b) else {
            return Ok(self.is(a, b));
        };
        enum Pair {
            /// Two lists or two tuples of equal length, compared item by
            /// item as they are at each step.
            Seq,
            Dict(Vec<(HashKey, Value, Value)>, u32),
            /// Equal-sized sets holding user-hashed keys: equal when the
            /// first's keys are all in the second.
            Subset(u32, u32),
            /// A keys (or items, if the flag is set) view of dict `.0`, of
            /// `.3` entries, against a set or view `.2` of that size.
            View(u32, bool, u32, usize),
            Done(bool),
        }
        let pair = match (self.heap.get(x), self.heap.get(y)) {
            (Obj::Str(s), Obj::Str(t)) => Pair::Done(s.s == t.s),
            (Obj::Bytes(s) | Obj::ByteArray(s), Obj::Bytes(t) | Obj::ByteArray(t)) => {
                Pair::Done(s == t)
            }
            (Obj::List(l), Obj::List(m)) | (Obj::Tuple(l), Obj::Tuple(m)) => {
                if l.len() != m.len() {
                    Pair::Done(false)
                } else {
                    Pair::Seq
                }
            }
            (Obj::Dict(d), Obj::Dict(e)) => {
                if d.len() != e.len() {
                    Pair::Done(false)
                } else {
                    Pair::Dict(
                        d.keyed_entries()
                            .map(|(k, (key, v))| (k.clone(), *key, *v))
                            .collect(),
                        y.0,
                    )
                }
            }
            (Obj::Set(d) | Obj::FrozenSet(d), Obj::Set(e) | Obj::FrozenSet(e)) => {
                if d.len() != e.len() {
                    Pair::Done(false)
                } else if self.has_user_keys(x) || self.has_user_keys(y) {
                    Pair::Subset(x.0, y.0)
                } else {
                    Pair::Done(d.keyed_entries().all(|(k, _)| e.contains(k)))
                }
            }
            (Obj::Range(r), Obj::Range(s)) => {
                let (n, m) = (r.len(), s.len());
                Pair::Done(
                    n == m && (n == 0 || (r.start == s.start && (n == 1 || r.step == s.step))),
                )
            }
            // keys and items views are set-like: equal to a set (or view)
            // of the same size whose every member they contain
            (Obj::DictView(d, kind), other) | (other, Obj::DictView(d, kind))
                if *kind != ViewKind::Values
                    && matches!(
                        other,
                        Obj::Set(_)
                            | Obj::FrozenSet(_)
                            | Obj::DictView(_, ViewKind::Keys | ViewKind::Items)
                    ) =>
            {
                // the view that is iterated: the left one when both are
                let (view_dict, items) = (*d, *kind == ViewKind::Items);
                let (dict, other_id) = match self.heap.get(x) {
                    Obj::DictView(dx, kx) if *kx != ViewKind::Values => (*dx, y),
                    _ => (view_dict, x),
                };
                let items = match self.heap.get(x) {
                    Obj::DictView(_, kx) if *kx != ViewKind::Values => *kx == ViewKind::Items,
                    _ => items,
                };
                let len_of = |o: &Obj, heap: &crate::object::Heap| match o {
                    Obj::Set(e) | Obj::FrozenSet(e) => e.len(),
                    Obj::DictView(e, _) => match heap.get(*e) {
                        Obj::Dict(e) => e.len(),
                        _ => 0,
                    },
                    _ => 0,
                };
                let n = len_of(&Obj::DictView(dict, ViewKind::Keys), &self.heap);
                if n != len_of(self.heap.get(other_id), &self.heap) {
                    Pair::Done(false)
                } else {
                    Pair::View(dict.0, items, other_id.0, n)
                }
            }
            _ => Pair::Done(x == y),
        };
        match pair {
            Pair::Done(r) => Ok(r),
            Pair::Seq => {
                // As CPython: items read live (an item's `__eq__` may resize
                // either list), and once either side ends, the lengths decide.
                let mut i = 0;
                while let Some((p, q)) = self.seq_items_at(x, y, i) {
                    if !self.same_object(p, q) && !self.eq_depth(p, q, depth + 1)? {
                        return Ok(false);
                    }
                    i += 1;
                }
                Ok(self.seq_len(x) == self.seq_len(y))
            }
            Pair::View(dict, items, other, n) => {
                // As CPython: each member is looked up in the other side
                // (hashing it again, which may run `__hash__`), and the
                // view's dict is iterated live: resized meanwhile, it
                // raises as a dict iterator does.
                let (dict, other) = (crate::object::ObjId(dict), crate::object::ObjId(other));
                let mut pos = 0;
                loop {
                    let next = match self.heap.get(dict) {
                        Obj::Dict(d) => d.next_entry(pos),
                        _ => None,
                    };
                    let Some((slot, (k, v))) = next else {
                        return Ok(true);
                    };
                    let member = if items { self.new_tuple(vec![k, v]) } else { k };
                    if !self.contains(Value::Ref(other), member)? {
                        return Ok(false);
                    }
                    if !matches!(self.heap.get(dict), Obj::Dict(d) if d.len() == n) {
                        return Err(PyErr::new(
                            ExcType::RuntimeError,
                            "dictionary changed size during iteration",
                        ));
                    }
                    pos = slot + 1;
                }
            }
            Pair::Subset(p, q) => {
                self.keys_subset(crate::object::ObjId(p), crate::object::ObjId(q))
            }
            Pair::Dict(entries, other) => {
                for (k, key, v) in entries {
                    let k = self.resolve_key(crate::object::ObjId(other), key, k)?;
                    let w = match self.heap.get(crate::object::ObjId(other)) {
                        Obj::Dict(e) => e.get(&k),
                        _ => None,
                    };
                    match w {
                        Some(w) => {
                            if !self.same_object(v, w) && !self.eq_depth(v, w, depth + 1)? {
                                return Ok(false);
                            }
                        }
                        None => return Ok(false),
                    }
                }
                Ok(true)
            }
        }
    }

    /// Item `i` of the lists (or tuples) `x` and `y`, while both have one.
    fn seq_items_at(
        &self,
        x: crate::object::ObjId,
        y: crate::object::ObjId,
        i: usize,
    ) -> Option<(Value, Value)> {
        match (self.heap.get(x), self.heap.get(y)) {
            (Obj::List(l) | Obj::Tuple(l), Obj::List(m) | Obj::Tuple(m)) => {
                Some((*l.get(i)?, *m.get(i)?))
            }
            _ => None,
        }
    }

    fn seq_len(&self, x: crate::object::ObjId) -> usize {
        match self.heap.get(x) {
            Obj::List(l) | Obj::Tuple(l) => l.len(),
            _ => 0,
        }
    }

    /// Ordering for `<`-style comparisons; `op` is for the error message.
    pub fn py_cmp(&mut self, a: Value, b: Value, op: CmpOp) -> PyResult<Ordering> {
        if let Some(o) = self.quick_cmp(a, b) {
            return Ok(o);
        }
        if let (Some(x), Some(y)) = (self.as_num(a), self.as_num(b)) {
            // NaN compares false with everything: report an ordering that
            // makes the operator false.
            return Ok(num_cmp(&x, &y).unwrap_or(match op {
                CmpOp::Lt | CmpOp::Le => Ordering::Greater,
                _ => Ordering::Less,
            }));
        }
        if self.user_class_of(a).is_some() || self.user_class_of(b).is_some() {
            let lt = self.rich_compare_user(CmpOp::Lt, a, b)?;
            if self.truthy(lt)? {
                return Ok(Ordering::Less);
            }
            let eq = self.rich_compare_user(CmpOp::Eq, a, b)?;
            return Ok(if self.truthy(eq)? {
                Ordering::Equal
            } else {
                Ordering::Greater
            });
        }
        if let (Value::Ref(x), Value::Ref(y)) = (a, b) {
            let seqs = match (self.heap.get(x), self.heap.get(y)) {
                (Obj::Str(s), Obj::Str(t)) => return Ok(s.s.cmp(&t.s)),
                (Obj::Bytes(s) | Obj::ByteArray(s), Obj::Bytes(t) | Obj::ByteArray(t)) => {
                    return Ok(s.cmp(t))
                }
                (Obj::List(_), Obj::List(_)) | (Obj::Tuple(_), Obj::Tuple(_)) => true,
                _ => false,
            };
            if seqs {
                // the first unequal pair decides, else the lengths (both
                // read live, as CPython)
                let mut i = 0;
                while let Some((p, q)) = self.seq_items_at(x, y, i) {
                    if !self.same_object(p, q) && !self.py_eq(p, q)? {
                        return self.py_cmp(p, q, op);
                    }
                    i += 1;
                }
                return Ok(self.seq_len(x).cmp(&self.seq_len(y)));
            }
        }
        Err(PyErr::type_error(format!(
            "'{}' not supported between instances of '{}' and '{}'",
            op.symbol(),
            self.class_name(a),
            self.class_name(b)
        )))
    }

    /// `item in container`.
    pub fn contains(&mut self, container: Value, item: Value) -> PyResult<bool> {
        if let Value::Ref(id) = container {
            if let Obj::Native(crate::modules::objects::NativeObj::Deque { .. }) = self.heap.get(id)
            {
                return self.deque_contains(id, item);
            }
            enum Plan {
                Scan(Vec<Value>),
                Done(bool),
                Key,
                Values(Vec<Value>),
                Items(crate::object::ObjId),
                Iterate,
            }
            let plan = match self.heap.get(id) {
                Obj::Str(s) => match super::as_str(&self.heap, item) {
                    Some(sub) => Plan::Done(s.s.contains(sub)),
                    None => {
                        return Err(PyErr::type_error(format!(
                            "'in <string>' requires string as left operand, not {}",
                            self.class_name(item)
                        )))
                    }
                },
                Obj::List(l) | Obj::Tuple(l) => Plan::Scan(l.clone()),
                Obj::Bytes(_) | Obj::ByteArray(_) => return self.bytes_contains(id, item),
                Obj::Dict(_) | Obj::Set(_) | Obj::FrozenSet(_) => Plan::Key,
                Obj::DictView(d, kind) => match (self.heap.get(*d), kind) {
                    (Obj::Dict(_), ViewKind::Keys) => {
                        let dict_id = *d;
                        let k = self.dict_key_in(dict_id, item)?;
                        let Obj::DictView(d, _) = self.heap.get(id) else {
                            unreachable!()
                        };
                        let Obj::Dict(dict) = self.heap.get(*d) else {
                            unreachable!()
                        };
                        Plan::Done(dict.contains(&k))
                    }
                    (Obj::Dict(dict), ViewKind::Values) => {
                        Plan::Values(dict.entries().map(|e| e.1).collect())
                    }
                    (Obj::Dict(_), ViewKind::Items) => Plan::Items(*d),
                    _ => Plan::Done(false),
                },
                Obj::Range(r) => {
                    let i = match item {
                        Value::Int(i) => Some(i),
                        Value::Bool(b) => Some(b as i64),
                        Value::Float(f) if f.fract() == 0.0 && f.abs() < 9.0e18 => Some(f as i64),
                        _ => None,
                    };
                    Plan::Done(match i {
                        None => false,
                        Some(i) => {
                            let n = r.len_i128();
                            let off = i as i128 - r.start as i128;
                            let step = r.step as i128;
                            n > 0 && off % step == 0 && off / step >= 0 && off / step < n
                        }
                    })
                }
                Obj::Instance(inst) => {
                    let class = inst.class;
                    if matches!(self.class_lookup(class, "__contains__"), Some(Value::None)) {
                        return Err(PyErr::type_error(format!(
                            "'{}' object is not a container",
                            self.class_name(container)
                        )));
                    }
                    if let Some(r) = self.call_dunder(container, "__contains__", vec![item])? {
                        return self.truthy(r);
                    }
                    let iterable = matches!(self.class_lookup(class, "__iter__"), Some(f) if !f.is_none())
                        || self.class_lookup(class, "__getitem__").is_some();
                    if !iterable {
                        return Err(PyErr::type_error(format!(
                            "argument of type '{}' is not a container or iterable",
                            self.class_name(container)
                        )));
                    }
                    Plan::Iterate
                }
                Obj::Iter(_) | Obj::Native(_) => Plan::Iterate,
                _ => {
                    return Err(PyErr::type_error(format!(
                        "argument of type '{}' is not a container or iterable",
                        self.class_name(container)
                    )))
                }
            };
            return match plan {
                Plan::Done(r) => Ok(r),
                Plan::Scan(items) | Plan::Values(items) => {
                    for x in items {
                        if self.same_object(x, item) || self.py_eq(x, item)? {
                            return Ok(true);
                        }
                    }
                    Ok(false)
                }
                Plan::Key => {
                    let k = match self.heap.get(id) {
                        Obj::Dict(_) => self.dict_key_in(id, item)?,
                        _ => self.set_key_in(id, item)?,
                    };
                    match self.heap.get(id) {
                        Obj::Dict(d) | Obj::Set(d) | Obj::FrozenSet(d) => Ok(d.contains(&k)),
                        _ => Ok(false),
                    }
                }
                Plan::Items(d) => {
                    let pair = match item {
                        Value::Ref(t) => match self.heap.get(t) {
                            Obj::Tuple(kv) if kv.len() == 2 => Some((kv[0], kv[1])),
                            _ => None,
                        },
                        _ => None,
                    };
                    let Some((k, v)) = pair else { return Ok(false) };
                    let hk = self.hash_key_in(d, k)?;
                    let found = match self.heap.get(d) {
                        Obj::Dict(dict) => dict.get(&hk),
                        _ => None,
                    };
                    match found {
                        Some(w) => self.py_eq(w, v),
                        None => Ok(false),
                    }
                }
                Plan::Iterate => {
                    let it = self.get_iter(container)?;
                    while let Some(x) = self.iter_next(it)? {
                        if self.same_object(x, item) || self.py_eq(x, item)? {
                            return Ok(true);
                        }
                    }
                    Ok(false)
                }
            };
        }
        Err(PyErr::type_error(format!(
            "argument of type '{}' is not a container or iterable",
            self.class_name(container)
        )))
    }

    /// The dict/set key for `v`, or `TypeError` if it is unhashable.
    pub fn hash_key(&mut self, v: Value) -> PyResult<HashKey> {
        self.hash_key_depth(v, 0)
    }

    /// The key of `v` used as a dict key: an unhashable value gets
    /// CPython 3.14's "cannot use 'list' as a dict key (unhashable type:
    /// 'list')"; `hash(v)` itself keeps the short message.
    pub fn dict_key(&mut self, v: Value) -> PyResult<HashKey> {
        self.hash_key(v)
            .map_err(|e| self.name_unhashable_use(e, v, "a dict key"))
    }

    /// The key of `v` used as a set element (see [`Vm::dict_key`]).
    pub fn set_key(&mut self, v: Value) -> PyResult<HashKey> {
        self.hash_key(v)
            .map_err(|e| self.name_unhashable_use(e, v, "a set element"))
    }

    fn name_unhashable_use(&self, err: PyErr, v: Value, role: &str) -> PyErr {
        match err {
            PyErr::Msg(ExcType::TypeError, msg) if msg.starts_with("unhashable type: ") => {
                PyErr::type_error(format!(
                    "cannot use '{}' as {role} ({msg})",
                    self.class_name(v)
                ))
            }
            other => other,
        }
    }

    fn hash_key_depth(&mut self, v: Value, depth: u32) -> PyResult<HashKey> {
        if depth > MAX_COMPARE_DEPTH {
            return Err(PyErr::new(
                ExcType::RecursionError,
                "maximum recursion depth exceeded while hashing",
            ));
        }
        Ok(match v {
            Value::None | Value::Undef => HashKey::None,
            Value::Bool(b) => HashKey::Int(b as i64),
            Value::Int(i) => HashKey::Int(i),
            Value::Float(f) => {
                if f.fract() == 0.0 && f.is_finite() {
                    if f.abs() < 9.2e18 {
                        HashKey::Int(f as i64)
                    } else {
                        match BigInt::from_f64_checked(f) {
                            Some(b) => HashKey::Big(b),
                            None => HashKey::Float(f.to_bits()),
                        }
                    }
                } else {
                    HashKey::Float(f.to_bits())
                }
            }
            Value::Builtin(b) => HashKey::Builtin(b),
            Value::Native(n) => HashKey::Native(n.module, n.func),
            Value::Type(t) => HashKey::Type(t),
            Value::ExcType(e) => HashKey::ExcType(e),
            Value::Ref(id) => {
                let items = match self.heap.get(id) {
                    Obj::Str(s) => return Ok(HashKey::Str(s.s.as_str().into())),
                    Obj::Bytes(b) => return Ok(HashKey::Bytes(b.as_slice().into())),
                    Obj::BigInt(b) => return Ok(HashKey::Big(b.clone())),
                    Obj::Complex(z) => {
                        let z = *z;
                        return self.complex_hash_key(z);
                    }
                    Obj::Tuple(items) => items.clone(),
                    Obj::List(_)
                    | Obj::ByteArray(_)
                    | Obj::Dict(_)
                    | Obj::Set(_)
                    | Obj::DictView(..)
                    | Obj::Slice(..) => {
                        return Err(PyErr::type_error(format!(
                            "unhashable type: '{}'",
                            self.class_name(v)
                        )))
                    }
                    Obj::FrozenSet(d) => {
                        if d.keyed_entries()
                            .any(|(k, _)| key_nesting(k) as u32 + depth > MAX_COMPARE_DEPTH)
                        {
                            return Err(PyErr::new(
                                ExcType::RecursionError,
                                "maximum recursion depth exceeded while hashing",
                            ));
                        }
                        let mut keys: Vec<(i64, HashKey)> = d
                            .keyed_entries()
                            .map(|(k, _)| (crate::object::python_hash(k), k.clone()))
                            .collect();
                        keys.sort_by_key(|k| k.0);
                        return Ok(HashKey::Tuple(keys.into_iter().map(|k| k.1).collect()));
                    }
                    Obj::Range(r) => {
                        let len = r.len_i128();
                        return Ok(match len {
                            0 => HashKey::Range(0, 0, 0),
                            1 => HashKey::Range(1, r.start, 0),
                            _ => HashKey::Range(len, r.start, r.step),
                        });
                    }
                    Obj::Instance(_) => return self.instance_hash_key(v, id),
                    Obj::Native(_) => {
                        return Ok(self.native_obj_hash(id)?.unwrap_or(HashKey::Id(id.0)))
                    }
                    _ => return Ok(HashKey::Id(id.0)),
                };
                let mut keys = Vec::with_capacity(items.len());
                for i in items {
                    keys.push(self.hash_key_depth(i, depth + 1)?);
                }
                HashKey::Tuple(keys.into_boxed_slice())
            }
        })
    }

    /// The key of a user instance: `__hash__` if defined (a `User` key,
    /// matched against equal keys by `Vm::resolve_key`), a frozen
    /// dataclass by its fields, unhashable if `__eq__` is overridden
    /// without `__hash__`, else identity.
    fn instance_hash_key(&mut self, v: Value, id: crate::object::ObjId) -> PyResult<HashKey> {
        let cls = self.user_class_of(v).expect("instance");
        match self.class_lookup(cls, "__hash__") {
            Some(Value::None) => {
                return Err(PyErr::type_error(format!(
                    "unhashable type: '{}'",
                    self.class_name(v)
                )));
            }
            Some(_) => {
                let h = self
                    .call_dunder(v, "__hash__", vec![])?
                    .unwrap_or(Value::Int(0));
                // As CPython's slot: a result that fits a machine word is
                // the hash itself (-1 becomes -2); a bigger int is hashed.
                let h = match h {
                    Value::Int(-1) => -2,
                    Value::Int(i) => i,
                    Value::Bool(b) => b as i64,
                    other => {
                        if let Some(crate::vm::ops::Num::Big(b)) = self.as_num(other) {
                            crate::object::int::hash(&b)
                        } else {
                            return Err(PyErr::type_error(
                                "__hash__ method should return an integer",
                            ));
                        }
                    }
                };
                return Ok(HashKey::User(h, id.0));
            }
            None => {}
        }
        if let Some((_, values)) = self.namedtuple_parts(v) {
            let t = self.new_tuple(values);
            return self.hash_key(t);
        }
        if let Some(key) = self.dataclass_hash_key(v, cls)? {
            return Ok(key);
        }
        if self.class_lookup(cls, "__eq__").is_some() {
            return Err(PyErr::type_error(format!(
                "unhashable type: '{}'",
                self.class_name(v)
            )));
        }
        Ok(HashKey::Id(id.0))
    }
}
