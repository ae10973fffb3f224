//! The heap: an arena of plain-data objects addressed by [`ObjId`], with a
//! mark-and-sweep collector.
//!
//! Objects refer to each other only through `ObjId`s, never Rust references,
//! so the whole heap serializes as data (snapshots) and survives pauses.
//! Collection runs only at VM safe points (between instructions), where every
//! live value is reachable from the roots the VM passes in; native code that
//! holds `ObjId`s in Rust locals therefore never sees them freed.

use serde::{Deserialize, Serialize};

use super::slots::Slots;
use super::value::{ObjId, Value};
use super::Obj;

/// The object arena.
#[derive(Default, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Heap {
    slots: Slots,
    free: Vec<u32>,
    /// Allocations since the last collection.
    allocs_since_gc: usize,
    /// Collect when `allocs_since_gc` passes this.
    gc_threshold: usize,
    /// Bumped whenever a class may be mutated (any `get_mut` of a class)
    /// and at each collection (a freed class's slot may then hold another
    /// class), so per-class caches computed at another epoch are stale.
    #[serde(skip)]
    class_epoch: u64,
    /// Payload bytes (str/bytes/list/tuple/dict/big int storage, see
    /// [`payload_bytes`]) allocated since the last collection: big
    /// garbage triggers a collection long before the object count does.
    #[serde(skip)]
    bytes_since_gc: usize,
    /// Payload bytes that survived the last collection.
    #[serde(skip)]
    live_bytes: usize,
    /// The canonical empty tuple and empty str (`() is ()`, `'' * 0 is ''`
    /// as in CPython), allocated on first use and always kept alive. Not
    /// serialized: a restored execution allocates fresh ones.
    #[serde(skip)]
    empty_tuple: Option<ObjId>,
    #[serde(skip)]
    empty_str: Option<ObjId>,
}

/// Collect after this many payload bytes at least (or after as many as
/// survived the last collection, when that is more). Session 21: 32 MiB
/// made a big-int program peak at 4.5x CPython's resident set (garbage
/// digits waiting); at 8 MiB 2.5x, and it ran 8-10% faster in-process
/// (a smaller heap stays in cache).
const MIN_GC_BYTES: usize = 8 << 20;

/// The variable-size storage an object owns, roughly.
#[inline]
fn payload_bytes(obj: &Obj) -> usize {
    match obj {
        Obj::Str(s) => s.s.len(),
        Obj::Bytes(b) | Obj::ByteArray(b) => b.len(),
        Obj::List(l) => l.payload_bytes(),
        Obj::Tuple(l) => l.len() * std::mem::size_of::<Value>(),
        Obj::Dict(d) | Obj::Set(d) | Obj::FrozenSet(d) => d.len() * 64,
        Obj::BigInt(b) => (b.bits() / 8) as usize,
        _ => 0,
    }
}

/// Collect after this many allocations at least (or after as many as
/// objects survived the last collection, when that is more: marking costs
/// one visit per live object, so at most one per allocation). Session 21:
/// 100 000 let a program that makes and drops instances peak with 15 MB
/// of them (classes 3.4x CPython's resident set; 2.2x at 25 000, and
/// no slower: each collection of a small heap is quick).
const MIN_GC_THRESHOLD: usize = 25_000;

impl Heap {
    pub fn new() -> Heap {
        Heap {
            gc_threshold: MIN_GC_THRESHOLD,
            ..Heap::default()
        }
    }

    /// Stores `obj` and returns its id.
    #[inline]
    pub fn alloc(&mut self, obj: Obj) -> ObjId {
        self.allocs_since_gc += 1;
        self.bytes_since_gc += payload_bytes(&obj);
        if let Some(i) = self.free.pop() {
            self.slots[i as usize] = Some(obj);
            ObjId(i)
        } else {
            self.slots.push(Some(obj));
            ObjId((self.slots.len() - 1) as u32)
        }
    }

    /// Frees `id` at once, for an object its maker knows nothing else
    /// holds (a temporary the VM made and used up: `vm/temps.rs`): its
    /// slot is the next one `alloc` fills, and it no longer counts
    /// towards the next collection.
    pub fn release(&mut self, id: ObjId) {
        if let Some(obj) = self.slots[id.0 as usize].take() {
            self.allocs_since_gc = self.allocs_since_gc.saturating_sub(1);
            self.bytes_since_gc = self.bytes_since_gc.saturating_sub(payload_bytes(&obj));
            self.free.push(id.0);
        }
    }

    /// Stores `obj` and returns a value referring to it.
    #[inline]
    pub fn new_value(&mut self, obj: Obj) -> Value {
        Value::Ref(self.alloc(obj))
    }

    /// The canonical empty tuple.
    #[inline]
    pub fn empty_tuple(&mut self) -> Value {
        match self.empty_tuple {
            Some(id) => Value::Ref(id),
            None => {
                let id = self.alloc(Obj::Tuple(Vec::new()));
                self.empty_tuple = Some(id);
                Value::Ref(id)
            }
        }
    }

    /// Whether `id` is the canonical empty str.
    #[inline]
    pub fn is_empty_str(&self, id: ObjId) -> bool {
        self.empty_str == Some(id)
    }

    /// The canonical empty str.
    #[inline]
    pub fn empty_str(&mut self) -> Value {
        match self.empty_str {
            Some(id) => Value::Ref(id),
            None => {
                let id = self.alloc(Obj::Str(super::PyStr::new(String::new())));
                self.empty_str = Some(id);
                Value::Ref(id)
            }
        }
    }

    #[inline]
    pub fn get(&self, id: ObjId) -> &Obj {
        match &self.slots[id.0 as usize] {
            Some(o) => o,
            None => panic!("use of freed object {}", id.0),
        }
    }

    #[inline]
    pub fn get_mut(&mut self, id: ObjId) -> &mut Obj {
        match &mut self.slots[id.0 as usize] {
            Some(o) => {
                if let Obj::Class(_) = o {
                    self.class_epoch += 1;
                }
                o
            }
            None => panic!("use of freed object {}", id.0),
        }
    }

    /// Every slot, `None` where freed (for the snapshot validator).
    pub fn slots(&self) -> &Slots {
        &self.slots
    }

    /// The freed slot numbers `alloc` reuses (for the snapshot validator).
    pub fn free_list(&self) -> &[u32] {
        &self.free
    }

    /// See `class_epoch`.
    #[inline]
    pub fn class_epoch(&self) -> u64 {
        self.class_epoch
    }

    /// Number of live objects.
    pub fn live(&self) -> usize {
        self.slots.len() - self.free.len()
    }

    /// Whether enough has been allocated that a collection is worthwhile.
    #[inline]
    pub fn wants_gc(&self) -> bool {
        self.allocs_since_gc >= self.gc_threshold
            || self.bytes_since_gc >= MIN_GC_BYTES.max(self.live_bytes)
    }

    /// The library objects that must be closed before the run ends
    /// ([`LibraryData::pending_close`]), in allocation order.
    ///
    /// [`LibraryData::pending_close`]: crate::vm::library_data::LibraryData::pending_close
    pub fn pending_close(&self) -> Vec<ObjId> {
        self.slots
            .iter()
            .enumerate()
            .filter_map(|(i, o)| match o {
                Some(Obj::Native(n)) if n.pending_close() => Some(ObjId(i as u32)),
                _ => None,
            })
            .collect()
    }

    /// Frees every object not reachable from `roots`.
    ///
    /// The mark phase visits each live object once (and sums its payload
    /// then); the sweep reads only the slots left unmarked, so a large live
    /// heap costs one visit per object, not two.
    pub fn collect(&mut self, roots: impl IntoIterator<Item = Value>) {
        let mut marked = vec![false; self.slots.len()];
        let mut work: Vec<ObjId> = self.empty_tuple.into_iter().chain(self.empty_str).collect();
        for v in roots {
            if let Value::Ref(id) = v {
                work.push(id);
            }
        }
        let mut live_bytes = 0;
        while let Some(id) = work.pop() {
            let i = id.0 as usize;
            if marked[i] {
                continue;
            }
            marked[i] = true;
            if let Some(obj) = &self.slots[i] {
                live_bytes += payload_bytes(obj);
                let slots = &self.slots;
                obj.for_each_child(&mut |v| {
                    if let Value::Ref(c) = v {
                        let c_at = c.0 as usize;
                        if marked[c_at] {
                            return;
                        }
                        // (a child without children, such as each str of
                        // a list of a million, is marked here: the work
                        // list holds only containers)
                        match &slots[c_at] {
                            Some(leaf @ (Obj::Str(_) | Obj::BigInt(_) | Obj::Bytes(_))) => {
                                marked[c_at] = true;
                                live_bytes += payload_bytes(leaf);
                            }
                            _ => work.push(c),
                        }
                    }
                });
            }
        }
        for (i, _) in marked.iter().enumerate().filter(|(_, m)| !**m) {
            let slot = &mut self.slots[i];
            if slot.is_some() {
                *slot = None;
                self.free.push(i as u32);
            }
        }
        self.live_bytes = live_bytes;
        self.class_epoch += 1;
        self.bytes_since_gc = 0;
        self.allocs_since_gc = 0;
        self.gc_threshold = MIN_GC_THRESHOLD.max(self.live());
    }
}

#[cfg(test)]
mod size_tests {
    /// A value is two words, and `Option<Value>` (what lookups return)
    /// keeps using the tag's spare values instead of a word of its own.
    #[test]
    fn value_is_two_words() {
        use super::Value;
        assert_eq!(std::mem::size_of::<Value>(), 16);
        assert_eq!(std::mem::size_of::<Option<Value>>(), 16);
    }
}
/// A heap slot is 40 bytes on wasm32 (the largest payloads are 32: a
/// `range`, an instance's class and attributes): a variant that grows
/// past it grows every object, so it must box its payload instead.
#[cfg(target_arch = "wasm32")]
const _: () = assert!(std::mem::size_of::<Option<Obj>>() == 40);
