//! Matching user-hashed dict/set keys. A `HashKey::User` key is only
//! structurally equal to itself (the same instance); every other stored key
//! with the same hash is compared with Python `==` (the stored key on the
//! left, as CPython's probe does). [`Vm::resolve_key`] turns a probe key into
//! the key it matches in a given table, after which the plain structural
//! table operations apply. `__eq__` may mutate the table: as in CPython the
//! probe restarts when the compared entry was replaced or the table was
//! rebuilt, and otherwise carries on over the live candidates, never
//! comparing one twice.

use super::{PyResult, Vm};
use crate::object::{hash_of, Dict, HashKey, Obj, ObjId, Value};
use monty_compile::bytecode::BinOp;

impl Vm {
    /// The dict/set/frozenset storage of `container`, if it is one.
    fn key_storage(&self, container: ObjId) -> Option<&Dict> {
        match self.heap.get(container) {
            Obj::Dict(d) | Obj::Set(d) | Obj::FrozenSet(d) => Some(d),
            _ => None,
        }
    }

    /// The key `probe` (whose key is `hk`) is stored under in the dict or
    /// set `container`, or `hk` itself when it is absent. Only keys holding
    /// a user-hashed instance run Python code; others return at once.
    pub fn resolve_key(
        &mut self,
        container: ObjId,
        probe: Value,
        hk: HashKey,
    ) -> PyResult<HashKey> {
        if !hk.needs_eq() {
            return Ok(hk);
        }
        let hash = hash_of(&hk);
        'restart: loop {
            let Some(d) = self.key_storage(container) else {
                return Ok(hk);
            };
            let epoch = d.epoch();
            let mut compared: Vec<usize> = Vec::new();
            loop {
                let Some(d) = self.key_storage(container) else {
                    return Ok(hk);
                };
                if d.epoch() != epoch {
                    continue 'restart;
                }
                let Some(slot) = d
                    .candidates(hash)
                    .into_iter()
                    .find(|s| !compared.contains(s))
                else {
                    return Ok(hk);
                };
                let Some((key, (stored, _))) = d.slot_entry(slot) else {
                    return Ok(hk);
                };
                let key = key.clone();
                if key == hk || self.same_object(stored, probe) {
                    return Ok(key);
                }
                compared.push(slot);
                let equal = self.py_eq(stored, probe)?;
                let unchanged = self.key_storage(container).is_some_and(|d| {
                    d.epoch() == epoch
                        && matches!(d.slot_entry(slot),
                            Some((k, (v, _))) if *k == key && self.same_object(v, stored))
                });
                if !unchanged {
                    continue 'restart;
                }
                if equal {
                    return Ok(key);
                }
            }
        }
    }

    /// [`Vm::dict_key`] resolved against the dict `container`.
    pub fn dict_key_in(&mut self, container: ObjId, v: Value) -> PyResult<HashKey> {
        let hk = self.dict_key(v)?;
        self.resolve_key(container, v, hk)
    }

    /// [`Vm::set_key`] resolved against the set `container`.
    pub fn set_key_in(&mut self, container: ObjId, v: Value) -> PyResult<HashKey> {
        let hk = self.set_key(v)?;
        self.resolve_key(container, v, hk)
    }

    /// [`Vm::hash_key`] resolved against the dict or set `container`.
    pub fn hash_key_in(&mut self, container: ObjId, v: Value) -> PyResult<HashKey> {
        let hk = self.hash_key(v)?;
        self.resolve_key(container, v, hk)
    }
}

impl Vm {
    /// Inserts `key: value` into the dict or set `container` (a set when
    /// `as_set`, which decides the unhashable-key message), matching
    /// user-hashed keys with `__eq__`.
    pub fn insert_keyed(
        &mut self,
        container: ObjId,
        key: Value,
        value: Value,
        as_set: bool,
    ) -> PyResult<()> {
        let hk = if as_set {
            self.set_key(key)?
        } else {
            self.dict_key(key)?
        };
        let hk = self.resolve_key(container, key, hk)?;
        if let Obj::Dict(d) | Obj::Set(d) | Obj::FrozenSet(d) = self.heap.get_mut(container) {
            d.insert(hk, key, value);
        }
        Ok(())
    }

    /// A new set (or frozenset) of `items`.
    pub fn new_set_of(&mut self, items: Vec<Value>, frozen: bool) -> PyResult<Value> {
        let d = Dict::with_capacity(items.len());
        let v = self.heap.new_value(if frozen {
            Obj::FrozenSet(Box::new(d))
        } else {
            Obj::Set(Box::new(d))
        });
        let Value::Ref(id) = v else { unreachable!() };
        for it in items {
            self.insert_keyed(id, it, Value::None, true)?;
        }
        Ok(v)
    }
}

impl Vm {
    /// Whether the dict/set `id` holds a key that only `__eq__` can match
    /// (the whole-table operations then take the slow paths below).
    pub fn has_user_keys(&self, id: ObjId) -> bool {
        self.key_storage(id)
            .is_some_and(|d| d.keyed_entries().any(|(k, _)| k.needs_eq()))
    }

    /// The keys of the dict/set `id`, with their original objects.
    fn keyed_values(&self, id: ObjId) -> Vec<(HashKey, Value)> {
        self.key_storage(id).map_or_else(Vec::new, |d| {
            d.keyed_entries().map(|(k, kv)| (k.clone(), kv.0)).collect()
        })
    }

    /// Whether `key` (keyed `hk`) is in the dict/set `container`.
    pub fn has_key(&mut self, container: ObjId, key: Value, hk: HashKey) -> PyResult<bool> {
        let hk = self.resolve_key(container, key, hk)?;
        Ok(self.key_storage(container).is_some_and(|d| d.contains(&hk)))
    }

    /// Whether every key of `p` is in `q` (sets, dicts or their key views'
    /// dicts), comparing user-hashed keys with `__eq__`.
    pub fn keys_subset(&mut self, p: ObjId, q: ObjId) -> PyResult<bool> {
        for (hk, key) in self.keyed_values(p) {
            if !self.has_key(q, key, hk)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `|`, `&`, `-`, `^` of two sets holding user-hashed keys: a new set
    /// (frozen if `frozen`).
    #[inline(never)]
    pub fn set_op_slow(&mut self, op: BinOp, x: ObjId, y: ObjId, frozen: bool) -> PyResult<Value> {
        let out = self.new_set_of(Vec::new(), frozen)?;
        let Value::Ref(r) = out else { unreachable!() };
        let (left, right) = (self.keyed_values(x), self.keyed_values(y));
        let add = |vm: &mut Vm, hk: HashKey, key: Value| -> PyResult<()> {
            let hk = vm.resolve_key(r, key, hk)?;
            if let Obj::Set(d) | Obj::FrozenSet(d) = vm.heap.get_mut(r) {
                d.insert(hk, key, Value::None);
            }
            Ok(())
        };
        match op {
            BinOp::BitOr => {
                for (hk, key) in left.into_iter().chain(right) {
                    add(self, hk, key)?;
                }
            }
            BinOp::BitAnd => {
                // the smaller side (the right one on a tie) is walked and
                // probed into the other, whose stored elements compare first
                let (walk, other) = if left.len() < right.len() {
                    (left, y)
                } else {
                    (right, x)
                };
                for (hk, key) in walk {
                    if self.has_key(other, key, hk.clone())? {
                        add(self, hk, key)?;
                    }
                }
            }
            BinOp::Sub => {
                for (hk, key) in left {
                    if !self.has_key(y, key, hk.clone())? {
                        add(self, hk, key)?;
                    }
                }
            }
            _ => {
                for (hk, key) in left {
                    if !self.has_key(y, key, hk.clone())? {
                        add(self, hk, key)?;
                    }
                }
                for (hk, key) in right {
                    if !self.has_key(x, key, hk.clone())? {
                        add(self, hk, key)?;
                    }
                }
            }
        }
        Ok(out)
    }
}

impl Vm {
    /// The number of keys of the dict/set `id`.
    pub fn key_len(&self, id: ObjId) -> usize {
        self.key_storage(id).map_or(0, Dict::len)
    }

    /// Whether the sets `p` and `q` share a key.
    pub fn any_shared_key(&mut self, p: ObjId, q: ObjId) -> PyResult<bool> {
        for (hk, key) in self.keyed_values(p) {
            if self.has_key(q, key, hk)? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}
