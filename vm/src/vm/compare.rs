//! Truthiness, equality and ordering of any value, including instances of
//! user classes through their special methods (`__bool__`/`__len__`,
//! `__eq__`/`__lt__`/...), with CPython's reflection rules and error
//! messages. Membership is in `contains.rs`, hashing in `hashing.rs`.

use std::cmp::Ordering;

use crate::builtins::Builtin;
use crate::object::{ExcType, HashKey, Obj, Value, ViewKind};
use monty_compile::bytecode::CmpOp;

use super::ops::num_cmp;
use super::{PyErr, PyResult, Vm};

/// How deeply comparisons (and hashing) of nested containers may recurse.
pub(super) const MAX_COMPARE_DEPTH: u32 = 500;

/// How deeply comparisons of sets whose keys are matched with `==` (sets
/// of user-hashed or deeply nested values) may nest.
const MAX_SET_COMPARE_NESTING: u32 = 200;

fn is_not_implemented(v: Value) -> bool {
    matches!(v, Value::Builtin(Builtin::NotImplemented))
}

/// The special method for a rich comparison, and its reflection (`""`
/// for the non-rich ones).
pub(super) fn dunder(op: CmpOp) -> (&'static str, &'static str) {
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
                Obj::List(l) => !l.is_empty(),
                Obj::Tuple(l) => !l.is_empty(),
                Obj::Dict(d) | Obj::Set(d) | Obj::FrozenSet(d) => !d.is_empty(),
                Obj::BigInt(_) => true,
                Obj::Complex(z) => z.re != 0.0 || z.im != 0.0,
                Obj::Range(r) => !r.is_empty(),
                Obj::Native(_) => return Ok(crate::lib().native_obj_truthy(self, id)),
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
                    if let Some(r) = crate::lib().native_obj_compare(self, op, a, b)? {
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
                if let Some(r) = self.kind_compare(op, a, b)? {
                    return Ok(r);
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
            CmpOp::Eq => Ok(Value::Bool(self.is(a, b))),
            CmpOp::Ne => {
                if self.user_class_of(a).is_some() {
                    if let Some(r) = self.call_dunder(a, "__eq__", vec![b])? {
                        if !is_not_implemented(r) {
                            let t = self.truthy(r)?;
                            return Ok(Value::Bool(!t));
                        }
                    }
                }
                Ok(Value::Bool(!self.is(a, b)))
            }
            _ => Err(PyErr::type_error(format!(
                "'{}' not supported between instances of '{}' and '{}'",
                op.symbol(),
                self.class_name(a),
                self.class_name(b)
            ))),
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
            return Ok(crate::lib()
                .native_obj_compare(self, CmpOp::Eq, a, b)?
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
            /// Two slices: equal when (start, stop, step) are.
            Slices([Value; 3], [Value; 3]),
            Done(bool),
        }
        let pair = match (self.heap.get(x), self.heap.get(y)) {
            (Obj::Str(s), Obj::Str(t)) => Pair::Done(s.s == t.s),
            (Obj::Bytes(s) | Obj::ByteArray(s), Obj::Bytes(t) | Obj::ByteArray(t)) => {
                Pair::Done(s == t)
            }
            (a @ Obj::List(_), b @ Obj::List(_)) | (a @ Obj::Tuple(_), b @ Obj::Tuple(_)) => {
                if a.seq().map(|s| s.len()) != b.seq().map(|s| s.len()) {
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
            (Obj::Slice(p), Obj::Slice(q)) => Pair::Slices(**p, **q),
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
            Pair::Slices(p, q) => {
                for (p, q) in p.into_iter().zip(q) {
                    if !self.same_object(p, q) && !self.eq_depth(p, q, depth + 1)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Pair::Subset(p, q) => {
                // matching a key runs `==` afresh (depth 0): sets of deeply
                // nested frozensets recurse through here, so bound it
                if self.compare_nesting >= MAX_SET_COMPARE_NESTING {
                    return Err(PyErr::new(
                        ExcType::RecursionError,
                        "maximum recursion depth exceeded in comparison",
                    ));
                }
                self.compare_nesting += 1;
                let r = self.keys_subset(crate::object::ObjId(p), crate::object::ObjId(q));
                self.compare_nesting -= 1;
                r
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
        let (a, b) = (self.heap.get(x).seq()?, self.heap.get(y).seq()?);
        Some((a.get(i)?, b.get(i)?))
    }

    fn seq_len(&self, x: crate::object::ObjId) -> usize {
        match self.heap.get(x) {
            Obj::List(l) => l.len(),
            Obj::Tuple(l) => l.len(),
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
                // slices order as their (start, stop, step) tuples
                (Obj::Slice(p), Obj::Slice(q)) => {
                    let (p, q) = (p.to_vec(), q.to_vec());
                    let (p, q) = (self.new_tuple(p), self.new_tuple(q));
                    return self.py_cmp(p, q, op);
                }
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
}
