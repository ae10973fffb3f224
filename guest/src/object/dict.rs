//! `dict` and `set` storage: an insertion-ordered hash map keyed by
//! [`HashKey`], the hashable *content* of a Python value.
//!
//! Hashable builtin values are immutable, so a key can be computed once from
//! the value and compared structurally: `1`, `1.0` and `True` all become
//! `HashKey::Int(1)`, exactly the equivalences Python's `__hash__`/`__eq__`
//! define. The original key value is kept beside it for iteration. Hashing
//! uses a fixed-seed hasher so iteration and results are deterministic.

use std::hash::{BuildHasherDefault, Hash, Hasher};

use indexmap::{Equivalent, IndexMap};
use num_bigint::BigInt;
use rustc_hash::FxHasher;
use serde::{Deserialize, Serialize};

use super::exc::ExcType;
use super::types::Type;
use super::value::Value;
use crate::builtins::Builtin;

/// The hashable content of a key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HashKey {
    None,
    Int(i64),
    Big(BigInt),
    /// A float that is not integral, by bits (integral floats become `Int`).
    Float(u64),
    Str(Box<str>),
    /// `bytes` (never equal to a str key).
    Bytes(Box<[u8]>),
    Tuple(Box<[HashKey]>),
    Type(Type),
    Builtin(Builtin),
    ExcType(ExcType),
    /// Objects hashed by identity (functions, ...).
    Id(u32),
    Native(u16, u16),
}

impl Hash for HashKey {
    fn hash<H: Hasher>(&self, h: &mut H) {
        match self {
            HashKey::None => h.write_u8(0),
            HashKey::Int(i) => {
                h.write_u8(1);
                h.write_i64(*i);
            }
            HashKey::Big(b) => {
                h.write_u8(2);
                b.hash(h);
            }
            HashKey::Float(bits) => {
                h.write_u8(3);
                h.write_u64(*bits);
            }
            HashKey::Str(s) => hash_str(s, h),
            HashKey::Tuple(items) => {
                h.write_u8(5);
                h.write_usize(items.len());
                for i in items.iter() {
                    i.hash(h);
                }
            }
            HashKey::Type(t) => {
                h.write_u8(6);
                t.hash(h);
            }
            HashKey::Builtin(b) => {
                h.write_u8(7);
                b.hash(h);
            }
            HashKey::ExcType(e) => {
                h.write_u8(8);
                e.hash(h);
            }
            HashKey::Id(i) => {
                h.write_u8(9);
                h.write_u32(*i);
            }
            HashKey::Native(m, f) => {
                h.write_u8(10);
                h.write_u16(*m);
                h.write_u16(*f);
            }
            HashKey::Bytes(b) => {
                h.write_u8(11);
                h.write(b);
                h.write_u8(0xff);
            }
        }
    }
}

#[inline]
fn hash_str<H: Hasher>(s: &str, h: &mut H) {
    h.write_u8(4);
    h.write(s.as_bytes());
    h.write_u8(0xff);
}

/// Looks a `str` key up without allocating a `HashKey`.
pub struct StrKey<'a>(pub &'a str);

impl Hash for StrKey<'_> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        hash_str(self.0, h)
    }
}

impl Equivalent<HashKey> for StrKey<'_> {
    fn equivalent(&self, key: &HashKey) -> bool {
        matches!(key, HashKey::Str(s) if &**s == self.0)
    }
}

type Map = IndexMap<HashKey, (Value, Value), BuildHasherDefault<FxHasher>>;

/// Storage shared by `dict`, `set` and `frozenset` (sets store `None` values).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Dict {
    map: Map,
    /// `dict` subclasses of `collections` (behaviour on missing keys,
    /// repr, extra methods); `isinstance(x, dict)` holds for all of them.
    pub kind: DictKind,
}

/// Which `dict` (sub)class a [`Dict`] is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub enum DictKind {
    #[default]
    Plain,
    /// `defaultdict(factory)`; the factory may be None.
    DefaultDict(Value),
    Counter,
    OrderedDict,
}

impl Dict {
    pub fn new() -> Dict {
        Dict::default()
    }

    pub fn with_capacity(n: usize) -> Dict {
        Dict {
            map: Map::with_capacity_and_hasher(n, Default::default()),
            kind: DictKind::Plain,
        }
    }

    /// Moves an entry to the end (or the front): `OrderedDict.move_to_end`.
    pub fn move_to_end(&mut self, key: &HashKey, last: bool) -> bool {
        let Some(i) = self.map.get_index_of(key) else {
            return false;
        };
        if last {
            let n = self.map.len();
            self.map.move_index(i, n - 1);
        } else {
            self.map.move_index(i, 0);
        }
        true
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.map.len()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    #[inline]
    pub fn get(&self, key: &HashKey) -> Option<Value> {
        self.map.get(key).map(|e| e.1)
    }

    #[inline]
    pub fn get_str(&self, key: &str) -> Option<Value> {
        self.map.get(&StrKey(key)).map(|e| e.1)
    }

    #[inline]
    pub fn contains(&self, key: &HashKey) -> bool {
        self.map.contains_key(key)
    }

    /// Inserts or replaces; an existing entry keeps its position and its
    /// original key object, as in CPython.
    #[inline]
    pub fn insert(&mut self, hk: HashKey, key: Value, value: Value) {
        match self.map.get_mut(&hk) {
            Some(e) => e.1 = value,
            None => {
                self.map.insert(hk, (key, value));
            }
        }
    }

    /// Removes, preserving the order of the remaining entries.
    pub fn remove(&mut self, key: &HashKey) -> Option<(Value, Value)> {
        self.map.shift_remove(key)
    }

    pub fn pop_last(&mut self) -> Option<(Value, Value)> {
        self.map.pop().map(|(_, e)| e)
    }

    pub fn pop_first(&mut self) -> Option<(Value, Value)> {
        self.map.shift_remove_index(0).map(|(_, e)| e)
    }

    pub fn clear(&mut self) {
        self.map.clear()
    }

    /// The `i`-th entry in insertion order.
    #[inline]
    pub fn entry_at(&self, i: usize) -> Option<(Value, Value)> {
        self.map.get_index(i).map(|(_, e)| *e)
    }

    pub fn key_at(&self, i: usize) -> Option<&HashKey> {
        self.map.get_index(i).map(|(k, _)| k)
    }

    pub fn entries(&self) -> impl Iterator<Item = (Value, Value)> + '_ {
        self.map.values().copied()
    }

    pub fn keyed_entries(&self) -> impl Iterator<Item = (&HashKey, &(Value, Value))> + '_ {
        self.map.iter()
    }

    pub fn keys(&self) -> impl Iterator<Item = Value> + '_ {
        self.map.values().map(|e| e.0)
    }

    pub fn for_each_value(&self, f: &mut dyn FnMut(Value)) {
        if let DictKind::DefaultDict(factory) = self.kind {
            f(factory);
        }
        for (k, v) in self.map.values() {
            f(*k);
            f(*v);
        }
    }
}
