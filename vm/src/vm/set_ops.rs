//! Set algebra and set ordering: `|`, `&`, `-`, `^` between sets, the
//! subset comparisons of sets and of dict keys/items views, and the choice
//! of `d |= iterable` (a dict updated in place from pairs).

use crate::object::{Dict, DictKind, Obj, Value, ViewKind};
use monty_compile::bytecode::{BinOp, CmpOp};

use super::{PyResult, Vm};

impl Vm {
    /// Whether `v` is a keys or items view (the set-like ones).
    pub fn is_set_view(&self, v: Value) -> bool {
        matches!(v, Value::Ref(id)
            if matches!(self.heap.get(id), Obj::DictView(_, ViewKind::Keys | ViewKind::Items)))
    }

    /// `|`, `&`, `-`, `^` where an operand is a keys or items view: a new
    /// set. `&` walks the other iterable (or the smaller view) and keeps
    /// the members the view contains, so an items view's values are never
    /// hashed; the others build a set of the left operand first, then
    /// combine it with the right one.
    #[inline(never)]
    pub(super) fn view_binary(&mut self, op: BinOp, a: Value, b: Value) -> PyResult<Option<Value>> {
        if !(self.is_set_view(a) || self.is_set_view(b)) {
            return Ok(None);
        }
        if op != BinOp::BitAnd {
            // a keys view on the left is copied from its dict, hashes and all
            let a = match a {
                Value::Ref(id) => match self.heap.get(id) {
                    Obj::DictView(d, ViewKind::Keys) => Value::Ref(*d),
                    _ => a,
                },
                _ => a,
            };
            let left = self.to_set(a)?;
            let right = self.to_set(b)?;
            return self.set_op(op, left, right, false).map(Some);
        }
        let (mut view, mut other) = if self.is_set_view(a) { (a, b) } else { (b, a) };
        let is_set = |vm: &Self, v: Value| matches!(v, Value::Ref(id) if matches!(vm.heap.get(id), Obj::Set(_)));
        if is_set(self, other) && self.len_of(view)? <= self.len_of(other)? {
            // CPython hands this to `set.intersection(view)`
            let right = self.to_set(view)?;
            return self.set_op(op, other, right, false).map(Some);
        }
        if self.is_set_view(other) && self.len_of(other)? > self.len_of(view)? {
            std::mem::swap(&mut view, &mut other);
        }
        let out = self.new_set_of(Vec::new(), false)?;
        let Value::Ref(out_id) = out else {
            unreachable!("a set")
        };
        let it = self.get_iter(other)?;
        while let Some(x) = self.iter_next(it)? {
            if self.contains(view, x)? {
                self.insert_keyed(out_id, x, Value::None, true)?;
            }
        }
        Ok(Some(out))
    }

    /// `view.isdisjoint(other)` for a keys or items view.
    pub fn view_isdisjoint(&mut self, view: Value, other: Value) -> PyResult<bool> {
        if self.same_object(view, other) {
            return Ok(self.len_of(view)? == 0);
        }
        let (mut view, mut other) = (view, other);
        let set_like = match other {
            Value::Ref(id) => matches!(self.heap.get(id), Obj::Set(_) | Obj::FrozenSet(_)),
            _ => false,
        } || self.is_set_view(other);
        // walk the smaller side when the other one is a set as well
        if set_like && self.len_of(other)? > self.len_of(view)? {
            std::mem::swap(&mut view, &mut other);
        }
        let it = self.get_iter(other)?;
        while let Some(x) = self.iter_next(it)? {
            if self.contains(view, x)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether `a |= b` is a non-Counter dict updated from something that
    /// is not a dict (an iterable of pairs, a dict view, or an error).
    pub(super) fn dict_ior_any(&self, a: Value, b: Value) -> bool {
        let Value::Ref(ia) = a else { return false };
        let Obj::Dict(d) = self.heap.get(ia) else {
            return false;
        };
        if d.kind == DictKind::Counter {
            return false;
        }
        match b {
            Value::Ref(ib) => !matches!(self.heap.get(ib), Obj::Dict(_)),
            _ => true,
        }
    }

    pub(super) fn set_compare(&mut self, op: CmpOp, a: Value, b: Value) -> PyResult<Option<bool>> {
        let (Value::Ref(x), Value::Ref(y)) = (a, b) else {
            return Ok(None);
        };
        if matches!(self.heap.get(x), Obj::DictView(..))
            || matches!(self.heap.get(y), Obj::DictView(..))
        {
            return self.view_compare(op, a, b);
        }
        if matches!(self.heap.get(x), Obj::Set(_) | Obj::FrozenSet(_))
            && matches!(self.heap.get(y), Obj::Set(_) | Obj::FrozenSet(_))
            && (self.has_user_keys(x) || self.has_user_keys(y))
        {
            let (n, m) = (self.key_len(x), self.key_len(y));
            return Ok(Some(match op {
                CmpOp::Le => self.keys_subset(x, y)?,
                CmpOp::Lt => n < m && self.keys_subset(x, y)?,
                CmpOp::Ge => self.keys_subset(y, x)?,
                CmpOp::Gt => m < n && self.keys_subset(y, x)?,
                _ => return Ok(None),
            }));
        }
        let (Obj::Set(s) | Obj::FrozenSet(s), Obj::Set(t) | Obj::FrozenSet(t)) =
            (self.heap.get(x), self.heap.get(y))
        else {
            return Ok(None);
        };
        let sub = |p: &Dict, q: &Dict| p.keyed_entries().all(|(k, _)| q.contains(k));
        Ok(Some(match op {
            CmpOp::Le => sub(s, t),
            CmpOp::Lt => s.len() < t.len() && sub(s, t),
            CmpOp::Ge => sub(t, s),
            CmpOp::Gt => t.len() < s.len() && sub(t, s),
            _ => return Ok(None),
        }))
    }

    /// `<`, `<=`, `>`, `>=` where a keys or items view meets a set or
    /// another such view: subset tests through membership (an items view
    /// never hashes its values).
    #[inline(never)]
    fn view_compare(&mut self, op: CmpOp, a: Value, b: Value) -> PyResult<Option<bool>> {
        let set_like = |vm: &Self, v: Value| match v {
            Value::Ref(id) => matches!(
                vm.heap.get(id),
                Obj::Set(_)
                    | Obj::FrozenSet(_)
                    | Obj::DictView(_, ViewKind::Keys | ViewKind::Items)
            ),
            _ => false,
        };
        if !set_like(self, a) || !set_like(self, b) {
            return Ok(None);
        }
        let (n, m) = (self.len_of(a)?, self.len_of(b)?);
        // whether every member of `p` is in `q`
        let within = |vm: &mut Self, p: Value, q: Value| -> PyResult<bool> {
            for x in vm.collect_iterable(p)? {
                if !vm.contains(q, x)? {
                    return Ok(false);
                }
            }
            Ok(true)
        };
        Ok(Some(match op {
            CmpOp::Le => n <= m && within(self, a, b)?,
            CmpOp::Lt => n < m && within(self, a, b)?,
            CmpOp::Ge => n >= m && within(self, b, a)?,
            CmpOp::Gt => n > m && within(self, b, a)?,
            _ => return Ok(None),
        }))
    }

    /// A new set with the members of any iterable.
    pub fn to_set(&mut self, v: Value) -> PyResult<Value> {
        self.set_from(v, false)
    }

    /// A new set (frozenset if `frozen`) of the members of `v`. The keys of
    /// a set, frozenset or dict are copied with their hashes
    /// (as CPython does: no `__hash__` runs); other iterables are hashed.
    pub fn set_from(&mut self, v: Value, frozen: bool) -> PyResult<Value> {
        let copied = match v {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Set(d) | Obj::FrozenSet(d) => Some(d.clone()),
                Obj::Dict(d) => {
                    let mut out = Dict::with_capacity(d.len());
                    for (k, (kv, _)) in d.keyed_entries() {
                        out.insert(k.clone(), *kv, Value::None);
                    }
                    Some(Box::new(out))
                }
                _ => None,
            },
            _ => None,
        };
        match copied {
            Some(d) => Ok(self.heap.new_value(if frozen {
                Obj::FrozenSet(d)
            } else {
                Obj::Set(d)
            })),
            None => {
                let items = self.collect_iterable(v)?;
                self.new_set_of(items, frozen)
            }
        }
    }

    /// `|`, `&`, `-`, `^` on two sets (the result has the left one's type).
    pub fn set_op(&mut self, op: BinOp, a: Value, b: Value, inplace: bool) -> PyResult<Value> {
        let (Value::Ref(x), Value::Ref(y)) = (a, b) else {
            unreachable!("sets")
        };
        let frozen = matches!(self.heap.get(x), Obj::FrozenSet(_));
        if self.has_user_keys(x) || self.has_user_keys(y) {
            let out = self.set_op_slow(op, x, y, frozen)?;
            if inplace && !frozen {
                let Value::Ref(r) = out else { unreachable!() };
                let result = match self.heap.get(r) {
                    Obj::Set(d) => d.clone(),
                    _ => Box::new(Dict::new()),
                };
                if let Obj::Set(s) = self.heap.get_mut(x) {
                    *s = result;
                }
                return Ok(a);
            }
            return Ok(out);
        }
        let (Obj::Set(s) | Obj::FrozenSet(s)) = self.heap.get(x) else {
            unreachable!("set")
        };
        let (Obj::Set(t) | Obj::FrozenSet(t)) = self.heap.get(y) else {
            unreachable!("set")
        };
        let mut r = Dict::new();
        match op {
            BinOp::BitOr => {
                r = *s.clone();
                for (k, (kv, _)) in t.keyed_entries() {
                    r.insert(k.clone(), *kv, Value::None);
                }
            }
            BinOp::BitAnd => {
                // CPython walks the smaller side (the right one on a tie) and
                // keeps its elements: `{1} & {1.0}` is `{1.0}`
                let (s, t) = if s.len() < t.len() { (s, t) } else { (t, s) };
                for (k, (kv, _)) in s.keyed_entries() {
                    if t.contains(k) {
                        r.insert(k.clone(), *kv, Value::None);
                    }
                }
            }
            BinOp::Sub => {
                for (k, (kv, _)) in s.keyed_entries() {
                    if !t.contains(k) {
                        r.insert(k.clone(), *kv, Value::None);
                    }
                }
            }
            _ => {
                for (k, (kv, _)) in s.keyed_entries() {
                    if !t.contains(k) {
                        r.insert(k.clone(), *kv, Value::None);
                    }
                }
                for (k, (kv, _)) in t.keyed_entries() {
                    if !s.contains(k) {
                        r.insert(k.clone(), *kv, Value::None);
                    }
                }
            }
        }
        if inplace && !frozen {
            if let Obj::Set(s) = self.heap.get_mut(x) {
                **s = r;
            }
            return Ok(a);
        }
        Ok(self.heap.new_value(if frozen {
            Obj::FrozenSet(Box::new(r))
        } else {
            Obj::Set(Box::new(r))
        }))
    }
}
