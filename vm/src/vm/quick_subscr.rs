//! `obj[idx]` and `obj[idx] = v` answered without the general item
//! protocol when nothing but a builtin container is involved: a list or
//! tuple with an int index in range, a str with an int index in range, a
//! dict with a str or int key (present, for a read). The general path
//! (`subscr.rs`) looks for a user class, a native object, a class and an
//! `__index__` first, one heap look-up each, and a dict read built an owned
//! key (a copy of the str's text) for every look-up. Also `list[a:b]` and
//! `str[a:b]` of an ASCII str, `a` and `b` ints or omitted (no step): the
//! general path resolved the slice object's parts through `__index__` and
//! the user-class checks again. Anything else,
//! including every error (an index out of range, a missing key, which a
//! `defaultdict` answers), goes the general way.

use crate::object::{HashKey, Obj, Value};

use super::Vm;

/// `i` as a position in a sequence of `len` items (negative from the end).
#[inline]
fn position(i: i64, len: usize) -> Option<usize> {
    let j = if i < 0 { i.checked_add(len as i64)? } else { i };
    (0..len as i64).contains(&j).then_some(j as usize)
}

impl Vm {
    /// The item, if this is one of the module's cases; `None`, nothing
    /// done, otherwise.
    #[inline(never)]
    pub(super) fn quick_subscr(&mut self, obj: Value, idx: Value) -> Option<Value> {
        let Value::Ref(id) = obj else {
            return None;
        };
        match (self.heap.get(id), idx) {
            (Obj::List(items), Value::Int(i)) => position(i, items.len()).map(|j| items.at(j)),
            (Obj::Tuple(items), Value::Int(i)) => position(i, items.len()).map(|j| items[j]),
            (Obj::Str(s), Value::Int(i)) if s.ascii => {
                let j = position(i, s.s.len())?;
                let c = s.s.as_bytes()[j] as char;
                Some(self.new_str(c))
            }
            (Obj::Dict(d), Value::Int(i)) => d.get(&HashKey::Int(i)),
            (Obj::Dict(d), Value::Ref(k)) => match self.heap.get(k) {
                Obj::Str(key) => d.get_str(&key.s),
                _ => None,
            },
            (Obj::List(_) | Obj::Str(_), Value::Ref(k)) => self.quick_slice(id, k),
            _ => None,
        }
    }

    /// `seq[a:b]` of a list or an ASCII str `seq`, `k` a slice with no step
    /// whose bounds are ints or `None`. A str sliced whole is itself (as in
    /// CPython: `s[:] is s`); a list sliced whole is a copy.
    fn quick_slice(&mut self, id: crate::object::ObjId, k: crate::object::ObjId) -> Option<Value> {
        let Obj::Slice(parts) = self.heap.get(k) else {
            return None;
        };
        let bound = |v: Value, len: usize, default: usize| match v {
            Value::None => Some(default),
            Value::Int(i) if i < 0 => Some(i.saturating_add(len as i64).max(0) as usize),
            Value::Int(i) => Some((i as u64).min(len as u64) as usize),
            _ => None,
        };
        if !parts[2].is_none() {
            return None;
        }
        let (lo, hi) = (parts[0], parts[1]);
        match self.heap.get(id) {
            Obj::List(items) => {
                let n = items.len();
                let (a, b) = (bound(lo, n, 0)?, bound(hi, n, n)?);
                let piece = items.select(a..b.max(a));
                Some(self.heap.new_value(Obj::List(piece)))
            }
            Obj::Str(s) if s.ascii => {
                let n = s.s.len();
                let (a, b) = (bound(lo, n, 0)?, bound(hi, n, n)?);
                if a == 0 && b == n {
                    return Some(Value::Ref(id));
                }
                if a >= b {
                    return Some(self.heap.empty_str());
                }
                let piece = crate::object::PyStr::piece(&s.s[a..b], true);
                Some(self.heap.new_value(Obj::Str(piece)))
            }
            _ => None,
        }
    }

    /// Stores `v` at `obj[idx]` if this is one of the module's cases and
    /// says so; false, nothing done, otherwise.
    #[inline(never)]
    pub(super) fn quick_store_subscr(&mut self, obj: Value, idx: Value, v: Value) -> bool {
        let Value::Ref(id) = obj else {
            return false;
        };
        let key_is_str = match idx {
            Value::Ref(k) => matches!(self.heap.get(k), Obj::Str(_)),
            _ => false,
        };
        match (self.heap.get(id), idx) {
            (Obj::List(items), Value::Int(i)) => {
                let Some(j) = position(i, items.len()) else {
                    return false;
                };
                if let Obj::List(items) = self.heap.get_mut(id) {
                    items.set(j, v);
                }
                true
            }
            (Obj::Dict(_), Value::Int(i)) => {
                if let Obj::Dict(d) = self.heap.get_mut(id) {
                    d.insert(HashKey::Int(i), idx, v);
                }
                true
            }
            (Obj::Dict(_), Value::Ref(k)) if key_is_str => {
                // an existing key's value replaced in place; a new key
                // needs its own copy of the text
                let text = match self.heap.get(k) {
                    Obj::Str(key) => key.s.clone(),
                    _ => return false,
                };
                if let Obj::Dict(d) = self.heap.get_mut(id) {
                    if !d.set_existing_str(&text, v) {
                        d.insert(HashKey::Str(text.as_str().into()), idx, v);
                    }
                }
                true
            }
            _ => false,
        }
    }
}
