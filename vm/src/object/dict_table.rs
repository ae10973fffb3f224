//! The insertion-ordered hash table behind [`super::Dict`], laid out like
//! CPython's: a vector of entry slots in insertion order plus a hash index
//! of slot numbers. A deleted entry leaves a tombstone (`None`) instead of
//! shifting the later ones down, so deletion is O(1) and an iterator's slot
//! number stays valid; the tombstones are dropped (the slots renumbered)
//! when an insertion finds the slot vector full and at least half of it
//! tombstones (so a compaction is paid for by as many insertions).
//!
//! Serialized as the slot vector (tombstones included, so the slot numbers
//! held by iterators stay meaningful); the index is rebuilt on loading.

use std::hash::Hasher;

use hashbrown::HashTable;
use rustc_hash::FxHasher;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{hash_str, python_hash, HashKey};
use crate::object::value::Value;

/// The fixed-seed hash of a key (also of a `str` through [`hash_str`]).
#[inline]
pub fn hash_of(key: &HashKey) -> u64 {
    match key {
        HashKey::Str(s) => hash_of_str(s),
        other => mix(python_hash(other)),
    }
}

/// Spreads a Python hash over the table hash's bits; a bijection, so
/// equal table hashes mean equal Python hashes.
#[inline]
fn mix(python_hash: i64) -> u64 {
    (python_hash as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

#[inline]
fn hash_of_str(key: &str) -> u64 {
    let mut h = FxHasher::default();
    hash_str(key, &mut h);
    mix((h.finish() >> 2) as i64)
}

#[derive(Clone, Debug)]
pub struct Entry {
    pub hash: u64,
    pub key: HashKey,
    /// The original key object and the value.
    pub kv: (Value, Value),
}

/// Tables of at most this many slots have no index: a scan of the slots
/// (comparing stored hashes first) is as fast, and saves an allocation
/// per small dict (most instance dicts).
const SMALL: usize = 8;

/// Entry slots (insertion order, `None` = deleted) and the index.
#[derive(Clone, Default)]
pub struct Table {
    pub slots: Vec<Option<Entry>>,
    /// Slot numbers of the live entries; maintained only while `indexed`.
    index: HashTable<u32>,
    /// Whether `index` is in use (always when there are over `SMALL` slots).
    indexed: bool,
    /// Live entries (u32, as the index holds slot numbers as u32: the
    /// three counters fit where two words would not, keeping `Obj` small).
    pub live: u32,
    /// Every slot before this one is a tombstone (a hint for `pop_first`).
    head: u32,
    /// Counts renumberings of the slots (clear, compaction, moves to the
    /// front), wrapping; not serialized (only lookups in progress read it).
    pub epoch: u32,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.live()).finish()
    }
}

impl Table {
    pub fn with_capacity(n: usize) -> Table {
        Table {
            slots: Vec::with_capacity(n),
            index: HashTable::with_capacity(if n > SMALL { n } else { 0 }),
            indexed: false,
            live: 0,
            head: 0,
            epoch: 0,
        }
    }

    /// The live slots whose hash is `hash`, in slot order.
    pub fn candidates(&self, hash: u64) -> Vec<usize> {
        let slots = &self.slots;
        if !self.indexed {
            return (0..slots.len())
                .filter(|&i| matches!(&slots[i], Some(e) if e.hash == hash))
                .collect();
        }
        let mut out: Vec<usize> = self
            .index
            .iter_hash(hash)
            .map(|&i| i as usize)
            .filter(|&i| matches!(&slots[i], Some(e) if e.hash == hash))
            .collect();
        out.sort_unstable();
        out
    }

    #[inline]
    pub fn live(&self) -> impl Iterator<Item = &Entry> + '_ {
        self.slots.iter().flatten()
    }

    /// The slot of `key`, if present.
    #[inline]
    pub fn find(&self, hash: u64, key: &HashKey) -> Option<usize> {
        let slots = &self.slots;
        if !self.indexed {
            return slots
                .iter()
                .position(|e| matches!(e, Some(e) if e.hash == hash && e.key == *key));
        }
        self.index
            .find(hash, |&i| {
                let e = slots[i as usize].as_ref().expect("indexed slots are live");
                e.hash == hash && e.key == *key
            })
            .map(|&i| i as usize)
    }

    /// The slot of the `str` key `key`, without building a [`HashKey`].
    #[inline]
    pub fn find_str(&self, key: &str) -> Option<usize> {
        let hash = hash_of_str(key);
        let slots = &self.slots;
        if !self.indexed {
            return slots.iter().position(|e| {
                matches!(e, Some(e) if e.hash == hash && matches!(&e.key, HashKey::Str(s) if &**s == key))
            });
        }
        self.index
            .find(hash, |&i| {
                let e = slots[i as usize].as_ref().expect("indexed slots are live");
                matches!(&e.key, HashKey::Str(s) if &**s == key)
            })
            .map(|&i| i as usize)
    }

    #[inline]
    pub fn kv(&self, slot: usize) -> &(Value, Value) {
        &self.slots[slot].as_ref().expect("live slot").kv
    }

    #[inline]
    pub fn kv_mut(&mut self, slot: usize) -> &mut (Value, Value) {
        &mut self.slots[slot].as_mut().expect("live slot").kv
    }

    /// Appends a new entry (the key must be absent).
    pub fn push(&mut self, hash: u64, key: HashKey, kv: (Value, Value)) {
        // Like CPython, only when the slots are full (the vector would
        // grow): compacting renumbers slots under any live iterator.
        let dead = self.slots.len() - self.live as usize;
        let n = self.slots.len();
        if n >= 8 && n == self.slots.capacity() && dead * 2 >= n {
            self.compact();
        }
        let slot = self.slots.len() as u32;
        self.slots.push(Some(Entry { hash, key, kv }));
        self.live += 1;
        if self.indexed {
            let slots = &self.slots;
            self.index
                .insert_unique(hash, slot, |&i| slot_hash(slots, i));
        } else if self.slots.len() > SMALL {
            self.rebuild_index();
        }
    }

    /// Drops the tombstones, renumbering the slots.
    fn compact(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        self.slots.retain(Option::is_some);
        self.head = 0;
        self.rebuild_index();
    }

    /// Indexes the live slots, or drops the index of a small table.
    fn rebuild_index(&mut self) {
        self.index.clear();
        self.indexed = self.slots.len() > SMALL;
        if !self.indexed {
            return;
        }
        let slots = &self.slots;
        for (i, e) in slots.iter().enumerate() {
            if let Some(e) = e {
                self.index
                    .insert_unique(e.hash, i as u32, |&j| slot_hash(slots, j));
            }
        }
    }

    /// Tombstones the slot `slot` (which must be live) and unindexes it.
    fn take(&mut self, slot: usize) -> Entry {
        let e = self.slots[slot].take().expect("live slot");
        if self.indexed {
            if let Ok(ent) = self.index.find_entry(e.hash, |&i| i as usize == slot) {
                ent.remove();
            }
        }
        self.live -= 1;
        e
    }

    pub fn remove(&mut self, hash: u64, key: &HashKey) -> Option<(Value, Value)> {
        let slot = self.find(hash, key)?;
        Some(self.take(slot).kv)
    }

    pub fn pop_last(&mut self) -> Option<(Value, Value)> {
        while let Some(None) = self.slots.last() {
            self.slots.pop();
        }
        let slot = self.slots.len().checked_sub(1)?;
        let kv = self.take(slot).kv;
        self.slots.truncate(slot);
        Some(kv)
    }

    pub fn pop_first(&mut self) -> Option<(Value, Value)> {
        let head = self.head as usize;
        let off = self.slots[head.min(self.slots.len())..]
            .iter()
            .position(Option::is_some)?;
        let slot = head + off;
        self.head = (slot + 1) as u32;
        Some(self.take(slot).kv)
    }

    pub fn clear(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        self.slots.clear();
        self.index.clear();
        self.indexed = false;
        self.live = 0;
        self.head = 0;
    }

    /// `OrderedDict.move_to_end`: false if `key` is absent.
    pub fn move_to_end(&mut self, key: &HashKey, last: bool) -> bool {
        let Some(slot) = self.find(hash_of(key), key) else {
            return false;
        };
        let e = self.take(slot);
        if last {
            self.push(e.hash, e.key, e.kv);
        } else {
            self.epoch = self.epoch.wrapping_add(1);
            self.slots.retain(Option::is_some);
            self.slots.insert(0, Some(e));
            self.live += 1;
            self.head = 0;
            self.rebuild_index();
        }
        true
    }
}

#[inline]
fn slot_hash(slots: &[Option<Entry>], i: u32) -> u64 {
    slots[i as usize].as_ref().map_or(0, |e| e.hash)
}

impl Serialize for Table {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(
            self.slots
                .iter()
                .map(|e| e.as_ref().map(|e| (&e.key, &e.kv))),
        )
    }
}

impl<'de> Deserialize<'de> for Table {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Table, D::Error> {
        let raw: Vec<Option<(HashKey, (Value, Value))>> = Vec::deserialize(d)?;
        let mut t = Table::with_capacity(raw.len());
        for e in raw {
            t.slots.push(e.map(|(key, kv)| Entry {
                hash: hash_of(&key),
                key,
                kv,
            }));
        }
        t.live = t.slots.iter().flatten().count() as u32;
        t.rebuild_index();
        Ok(t)
    }
}
