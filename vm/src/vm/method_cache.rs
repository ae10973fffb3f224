//! A direct-mapped cache of class attribute lookups (`class_lookup`: the
//! walk over the MRO, hashing the name in each class dict) keyed by class
//! and the program's name index, for the instructions that name an
//! attribute (`obj.name`, `obj.name(...)`): methods are looked up on every
//! call, and a class hierarchy rarely changes.
//!
//! An entry is valid only at the heap's class epoch it was filled at; the
//! epoch moves whenever any class may change (every mutable access to a
//! class) and at every collection (a freed class's slot can be reused by
//! another class). Not part of snapshots: a restored VM starts empty.

use crate::object::{ObjId, Value};

use super::Vm;

/// Entries (a power of two).
const SIZE: usize = 256;

#[derive(Clone, Copy)]
struct Entry {
    class: u32,
    name: u32,
    epoch: u64,
    value: Option<Value>,
}

/// See the module documentation.
#[derive(Default)]
pub struct MethodCache {
    entries: Vec<Entry>,
}

#[inline]
fn slot(class: ObjId, name: u32) -> usize {
    ((class.0 ^ name.wrapping_mul(0x9e37_79b9)).wrapping_mul(0x85eb_ca6b) >> 24) as usize
        & (SIZE - 1)
}

impl Vm {
    /// `class_lookup(cls, program.names[name])`, cached.
    #[inline]
    pub(super) fn class_lookup_name(&mut self, cls: ObjId, name: u32) -> Option<Value> {
        let epoch = self.heap.class_epoch();
        let at = slot(cls, name);
        if let Some(e) = self.method_cache.entries.get(at) {
            if e.class == cls.0 && e.name == name && e.epoch == epoch {
                return e.value;
            }
        }
        let value = self.class_lookup(cls, &self.program.names[name as usize]);
        let cache = &mut self.method_cache.entries;
        if cache.is_empty() {
            cache.resize(
                SIZE,
                Entry {
                    class: u32::MAX,
                    name: u32::MAX,
                    epoch: 0,
                    value: None,
                },
            );
        }
        cache[at] = Entry {
            class: cls.0,
            name,
            epoch,
            value,
        };
        value
    }
}
