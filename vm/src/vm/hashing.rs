//! Hashing values into dict/set keys ([`HashKey`]): numbers that compare
//! equal share a key, tuples and frozensets hash by their items (depth
//! bounded; a frozenset nested deeper is keyed like a user-hashed instance,
//! by a hash of its items' hashes, and matched with `==`), user instances
//! go through `__hash__` or identity, and
//! unhashable values get CPython's messages (with the dict-key / set-element
//! wording of 3.14 where the key is used as such).

use num_bigint::BigInt;

use crate::object::{ExcType, HashKey, Obj, Value};

use super::compare::MAX_COMPARE_DEPTH;
use super::ops::FromF64Checked;
use super::{PyErr, PyResult, Vm};

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

/// A fixed-seed hash of a whole key (its `Hash`, consistent with `==`).
fn fx(k: &HashKey) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    k.hash(&mut h);
    h.finish()
}

/// An order-independent hash of a collection of item hashes (a deeply
/// nested frozenset's): each is mixed (SplitMix64's finalizer) and the
/// results summed, with the count mixed in; never -1, as Python hashes.
fn unordered_hash(hashes: impl Iterator<Item = i64>) -> i64 {
    let mix = |v: u64| {
        let mut x = v.wrapping_add(0x9e37_79b9_7f4a_7c15);
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^ (x >> 31)
    };
    let (mut sum, mut n) = (0u64, 0u64);
    for h in hashes {
        sum = sum.wrapping_add(mix(h as u64));
        n += 1;
    }
    match mix(sum ^ n.wrapping_mul(0x2545_f491_4f6c_dd1d)) as i64 {
        -1 => -2,
        h => h,
    }
}

impl Vm {
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
                            Some(b) => HashKey::Big(Box::new(b)),
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
                    Obj::BigInt(b) => return Ok(HashKey::Big(Box::new(b.clone()))),
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
                    | Obj::Slice(_) => {
                        return Err(PyErr::type_error(format!(
                            "unhashable type: '{}'",
                            self.class_name(v)
                        )))
                    }
                    Obj::FrozenSet(d) => {
                        if d.keyed_entries()
                            .any(|(k, _)| key_nesting(k) as u32 + depth > MAX_COMPARE_DEPTH)
                        {
                            // too deep to key by its items: keyed by its
                            // hash, matched by `==` (as CPython, which
                            // hashes a frozenset from its items' stored
                            // hashes, so any depth of nesting hashes)
                            let hashes = d
                                .keyed_entries()
                                .map(|(k, _)| crate::object::python_hash(k));
                            return Ok(HashKey::User(unordered_hash(hashes), id.0));
                        }
                        let mut keys: Vec<(i64, HashKey)> = d
                            .keyed_entries()
                            .map(|(k, _)| (crate::object::python_hash(k), k.clone()))
                            .collect();
                        // by hash; equal hashes (`hash(-1) == hash(-2)`)
                        // by the whole key's, so equal frozensets built in
                        // another order get the same key
                        crate::cold_sort::sort_by(&mut keys, |a, b| {
                            a.0.cmp(&b.0).then_with(|| fx(&a.1).cmp(&fx(&b.1)))
                        });
                        return Ok(HashKey::Tuple(keys.into_iter().map(|k| k.1).collect()));
                    }
                    Obj::Range(r) => {
                        let len = r.len_i128();
                        return Ok(match len {
                            0 => HashKey::Range(Box::new((0, 0, 0))),
                            1 => HashKey::Range(Box::new((1, r.start, 0))),
                            _ => HashKey::Range(Box::new((len, r.start, r.step))),
                        });
                    }
                    Obj::Instance(_) => return self.instance_hash_key(v, id),
                    Obj::Native(_) => {
                        return Ok(crate::lib()
                            .native_obj_hash(self, id)?
                            .unwrap_or(HashKey::Id(id.0)))
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

    /// The values of a namedtuple instance as a tuple, when its class
    /// keeps the namedtuple's own `__hash__` (a native, where an override
    /// would be a function).
    fn namedtuple_as_tuple(
        &mut self,
        cls: crate::object::ObjId,
        id: crate::object::ObjId,
        hash_fn: Option<Value>,
    ) -> Option<Value> {
        let Some(Value::Ref(h)) = hash_fn else {
            return None;
        };
        if !matches!(self.heap.get(h), Obj::BoundNative { .. }) {
            return None;
        }
        let mro = &self.class(cls).mro;
        let fields = mro
            .iter()
            .find_map(|c| self.class(*c).namedtuple.as_ref().map(|n| n.0.clone()))?;
        let Obj::Instance(i) = self.heap.get(id) else {
            return None;
        };
        let values = fields
            .iter()
            .map(|f| i.attrs.get_str(f).unwrap_or(Value::None))
            .collect();
        Some(self.new_tuple(values))
    }

    /// The key of a user instance: `__hash__` if defined (a `User` key,
    /// matched against equal keys by `Vm::resolve_key`), a frozen
    /// dataclass by its fields, unhashable if `__eq__` is overridden
    /// without `__hash__`, else identity.
    fn instance_hash_key(&mut self, v: Value, id: crate::object::ObjId) -> PyResult<HashKey> {
        let cls = self.user_class_of(v).expect("instance");
        if self.class_flags(cls) & crate::object::ClassFlags::BUILTIN_BASE != 0 {
            if let Some(p) = crate::lib().builtin_payload(self, v) {
                return self.hash_key(p);
            }
        }
        let hash_fn = self.class_lookup(cls, "__hash__");
        if let Some(t) = self.namedtuple_as_tuple(cls, id, hash_fn) {
            // a namedtuple hashes as its tuple, so it finds and is found
            // under the equal tuple's key
            return self.hash_key(t);
        }
        match hash_fn {
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
                            crate::object::dict::bigint_hash(&b)
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
        if self.class_lookup(cls, "__eq__").is_some() {
            return Err(PyErr::type_error(format!(
                "unhashable type: '{}'",
                self.class_name(v)
            )));
        }
        Ok(HashKey::Id(id.0))
    }
}
