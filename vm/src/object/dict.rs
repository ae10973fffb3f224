//! `dict` and `set` storage: an insertion-ordered hash table (tombstones on
//! deletion, as in CPython: see `dict_table.rs`) keyed by [`HashKey`], the
//! hashable *content* of a Python value.
//!
//! Hashable builtin values are immutable, so a key can be computed once from
//! the value and compared structurally: `1`, `1.0` and `True` all become
//! `HashKey::Int(1)`, exactly the equivalences Python's `__hash__`/`__eq__`
//! define. The original key value is kept beside it for iteration. Hashing
//! uses a fixed-seed hasher so iteration and results are deterministic.

use std::hash::{Hash, Hasher};

#[path = "dict_table.rs"]
mod table;

use num_bigint::BigInt;
use num_traits::Signed;
use serde::{Deserialize, Serialize};

use super::exc::ExcType;
use super::key_str::KeyStr;
use super::types::Type;
use super::value::Value;
use crate::builtins::builtin::Builtin;

pub use table::hash_of;
use table::Table;

/// The hashable content of a key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HashKey {
    None,
    Int(i64),
    /// (Boxed, as are the other variants wider than a word: every dict
    /// entry holds a key, so its size is the widest variant's.)
    Big(Box<BigInt>),
    /// A float that is not integral, by bits (integral floats become `Int`).
    Float(u64),
    /// A `str`, by its text (inline when short: `key_str.rs`).
    Str(KeyStr),
    /// `bytes` (never equal to a str key).
    Bytes(Box<[u8]>),
    Tuple(Box<[HashKey]>),
    Type(Type),
    Builtin(Builtin),
    ExcType(ExcType),
    /// Objects hashed by identity (functions, ...).
    Id(u32),
    Native(u16, u16),
    /// A complex number with a non-zero imaginary part, by the bits of its
    /// parts (a zero real part always +0.0); others key as their real part.
    Complex(Box<(u64, u64)>),
    /// An instance whose class defines `__hash__`: its hash value and the
    /// instance itself. Two such keys are the same key only when they are
    /// the same object; equal-but-distinct objects are matched by the VM
    /// (`Vm::resolve_key`, which calls `__eq__`) before the table is used.
    User(i64, u32),
    /// A `range`, by what makes ranges equal: (length, first item, step),
    /// with the step 0 for length 1 and everything 0 for empty ranges.
    Range(Box<(i128, i64, i64)>),
}

impl HashKey {
    /// Whether matching this key needs Python `__eq__` calls (it holds a
    /// user-hashed instance, possibly inside a tuple).
    pub fn needs_eq(&self) -> bool {
        match self {
            HashKey::User(..) => true,
            HashKey::Tuple(items) => items.iter().any(HashKey::needs_eq),
            _ => false,
        }
    }
}

/// The value `hash(x)` returns for a value keyed as `key`. The table hash
/// of every key derives from it (see `dict_table::hash_of`), so keys that
/// Python could find equal (an instance whose `__hash__` equals `hash(5)`
/// and `5`) meet in one probe chain.
pub fn python_hash(key: &HashKey) -> i64 {
    match key {
        HashKey::Int(i) => int_hash(*i),
        HashKey::Big(b) => bigint_hash(b),
        HashKey::Float(bits) => super::float::hash(f64::from_bits(*bits)),
        HashKey::Complex(parts) => {
            let (re, im) = **parts;
            super::complex::Complex::new(f64::from_bits(re), f64::from_bits(im)).hash()
        }
        HashKey::User(h, _) => *h,
        HashKey::Tuple(items) => {
            let mut h = rustc_hash::FxHasher::default();
            h.write_u8(5);
            h.write_usize(items.len());
            for i in items.iter() {
                h.write_i64(python_hash(i));
            }
            (h.finish() >> 2) as i64
        }
        other => {
            let mut h = rustc_hash::FxHasher::default();
            other.hash(&mut h);
            (h.finish() >> 2) as i64
        }
    }
}

/// `hash(i)` for an int: `i` modulo 2**61 - 1 keeping the sign, -1 → -2.
#[inline]
pub fn int_hash(i: i64) -> i64 {
    const MODULUS: i64 = (1 << 61) - 1;
    let h = if i < 0 {
        -((i.unsigned_abs() % MODULUS as u64) as i64)
    } else {
        i % MODULUS
    };
    if h == -1 {
        -2
    } else {
        h
    }
}

/// CPython's `hash(n)` of an int: `n` modulo the prime 2**61 - 1, keeping
/// the sign, with -1 reserved.
pub fn bigint_hash(n: &BigInt) -> i64 {
    let modulus = BigInt::from((1i64 << 61) - 1);
    let h: i64 = (n.abs() % modulus).try_into().expect("below 2**61");
    let h = if n.is_negative() { -h } else { h };
    if h == -1 {
        -2
    } else {
        h
    }
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
            HashKey::Complex(parts) => {
                let (re, im) = &**parts;
                h.write_u8(12);
                h.write_u64(*re);
                h.write_u64(*im);
            }
            HashKey::User(hash, id) => {
                h.write_u8(13);
                h.write_i64(*hash);
                h.write_u32(*id);
            }
            HashKey::Range(range) => {
                let (len, start, step) = &**range;
                h.write_u8(14);
                h.write_i128(*len);
                h.write_i64(*start);
                h.write_i64(*step);
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

/// Storage shared by `dict`, `set` and `frozenset` (sets store `None` values).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Dict {
    map: Table,
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
            map: Table::with_capacity(n),
            kind: DictKind::Plain,
        }
    }

    /// Moves an entry to the end (or the front): `OrderedDict.move_to_end`.
    pub fn move_to_end(&mut self, key: &HashKey, last: bool) -> bool {
        self.map.move_to_end(key, last)
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.map.live as usize
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.map.live == 0
    }

    #[inline]
    pub fn get(&self, key: &HashKey) -> Option<Value> {
        self.map.find(hash_of(key), key).map(|i| self.map.kv(i).1)
    }

    #[inline]
    pub fn get_str(&self, key: &str) -> Option<Value> {
        self.map.find_str(key).map(|i| self.map.kv(i).1)
    }

    #[inline]
    pub fn contains(&self, key: &HashKey) -> bool {
        self.map.find(hash_of(key), key).is_some()
    }

    /// Inserts or replaces; an existing entry keeps its position and its
    /// original key object, as in CPython.
    #[inline]
    pub fn insert(&mut self, hk: HashKey, key: Value, value: Value) {
        let hash = hash_of(&hk);
        match self.map.find(hash, &hk) {
            Some(i) => self.map.kv_mut(i).1 = value,
            None => self.map.push(hash, hk, (key, value)),
        }
    }

    /// Replaces the value of an existing `str` key without building a
    /// [`HashKey`]; false (and nothing changed) when the key is absent.
    #[inline]
    pub fn set_existing_str(&mut self, key: &str, value: Value) -> bool {
        match self.map.find_str(key) {
            Some(i) => {
                self.map.kv_mut(i).1 = value;
                true
            }
            None => false,
        }
    }

    /// Removes, preserving the order of the remaining entries (the slot
    /// becomes a tombstone, so iterators keep their place).
    pub fn remove(&mut self, key: &HashKey) -> Option<(Value, Value)> {
        self.map.remove(hash_of(key), key)
    }

    pub fn pop_last(&mut self) -> Option<(Value, Value)> {
        self.map.pop_last()
    }

    pub fn pop_first(&mut self) -> Option<(Value, Value)> {
        self.map.pop_first()
    }

    pub fn clear(&mut self) {
        self.map.clear()
    }

    /// The live slots whose key has table hash `hash`, in slot (probe)
    /// order: the candidates a user-hashed key is compared against.
    pub fn candidates(&self, hash: u64) -> Vec<usize> {
        self.map.candidates(hash)
    }

    /// The key and entry in slot `slot`, if it is live.
    pub fn slot_entry(&self, slot: usize) -> Option<(&HashKey, (Value, Value))> {
        self.map
            .slots
            .get(slot)
            .and_then(|e| e.as_ref().map(|e| (&e.key, e.kv)))
    }

    /// Bumped whenever slots are renumbered or dropped wholesale (clear,
    /// compaction): a lookup that called Python code restarts then.
    pub fn epoch(&self) -> u32 {
        self.map.epoch
    }

    /// The first live entry at or after slot `pos` (slots count
    /// tombstones; this is how iterators keep their place), with its slot.
    #[inline]
    pub fn next_entry(&self, pos: usize) -> Option<(usize, (Value, Value))> {
        self.map.slots[pos.min(self.map.slots.len())..]
            .iter()
            .enumerate()
            .find_map(|(j, e)| e.as_ref().map(|e| (pos + j, e.kv)))
    }

    pub fn entries(&self) -> impl Iterator<Item = (Value, Value)> + '_ {
        self.map.live().map(|e| e.kv)
    }

    pub fn keyed_entries(&self) -> impl Iterator<Item = (&HashKey, &(Value, Value))> + '_ {
        self.map.live().map(|e| (&e.key, &e.kv))
    }

    pub fn keys(&self) -> impl Iterator<Item = Value> + '_ {
        self.map.live().map(|e| e.kv.0)
    }

    pub fn for_each_value(&self, f: &mut dyn FnMut(Value)) {
        if let DictKind::DefaultDict(factory) = self.kind {
            f(factory);
        }
        for e in self.map.live() {
            f(e.kv.0);
            f(e.kv.1);
        }
    }
}

#[cfg(test)]
mod size_tests {
    use super::HashKey;

    /// A dict entry holds a key, so every variant wider than a fat
    /// pointer or an `i64` is boxed: 16 bytes on wasm32, 24 natively.
    #[test]
    fn hash_key_is_a_fat_pointer_and_a_tag() {
        assert!(std::mem::size_of::<HashKey>() <= 8 + 2 * std::mem::size_of::<usize>());
    }
}
