//! A direct-mapped cache of class attribute lookups (`class_lookup`: the
//! walk over the MRO, hashing the name in each class dict, and the
//! `super()` lookup from a class on) keyed by class and the program's name
//! index, for the instructions that name an attribute (`obj.name`,
//! `obj.name(...)`, `super().name(...)`): methods are looked up on every
//! call, and a class hierarchy rarely changes. The same cache knows which
//! names the list, str and dict method tables hold.
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
    /// The class a `super()` lookup starts after ([`NO_START`]: none).
    after: u32,
    epoch: u64,
    value: Option<Value>,
}

/// See the module documentation.
#[derive(Default)]
pub struct MethodCache {
    entries: Vec<Entry>,
    /// By program name: which of the list, str and dict method tables
    /// hold a method by that name ([`HAS_LIST`], ...; [`KNOWN`] once
    /// looked up). A pure function of the name: never stale.
    builtin: Vec<u8>,
}

/// [`Entry::after`] of a plain lookup (no class id is this).
const NO_START: u32 = u32::MAX;

const HAS_LIST: u8 = 1;
const HAS_STR: u8 = 2;
const HAS_DICT: u8 = 4;

/// The method tables [`Vm::builtin_has`] answers for.
#[derive(Clone, Copy)]
#[repr(u8)]
pub(super) enum BuiltinTable {
    List = HAS_LIST,
    Str = HAS_STR,
    Dict = HAS_DICT,
}
const KNOWN: u8 = 0x80;

#[inline]
fn slot(class: ObjId, name: u32) -> usize {
    ((class.0 ^ name.wrapping_mul(0x9e37_79b9)).wrapping_mul(0x85eb_ca6b) >> 24) as usize
        & (SIZE - 1)
}

impl Vm {
    /// `class_lookup(cls, program.names[name])`, cached.
    #[inline]
    pub(super) fn class_lookup_name(&mut self, cls: ObjId, name: u32) -> Option<Value> {
        self.cached_lookup(cls, NO_START, name)
    }

    /// `class_lookup_after(cls, after, program.names[name])` (a `super()`
    /// lookup: the classes after `after` in `cls`'s MRO), cached.
    #[inline]
    pub(super) fn class_lookup_after_name(
        &mut self,
        cls: ObjId,
        after: ObjId,
        name: u32,
    ) -> Option<Value> {
        self.cached_lookup(cls, after.0, name)
    }

    #[inline]
    fn cached_lookup(&mut self, cls: ObjId, after: u32, name: u32) -> Option<Value> {
        let epoch = self.heap.class_epoch();
        let at = slot(cls, name ^ after.wrapping_mul(0x2545_f491));
        if let Some(e) = self.method_cache.entries.get(at) {
            if e.class == cls.0 && e.name == name && e.after == after && e.epoch == epoch {
                return e.value;
            }
        }
        let text = &self.program.names[name as usize];
        let value = if after == NO_START {
            self.class_lookup(cls, text)
        } else {
            self.class_lookup_after(cls, ObjId(after), text)
        };
        let cache = &mut self.method_cache.entries;
        if cache.is_empty() {
            cache.resize(
                SIZE,
                Entry {
                    class: u32::MAX,
                    name: u32::MAX,
                    after: NO_START,
                    epoch: 0,
                    value: None,
                },
            );
        }
        cache[at] = Entry {
            class: cls.0,
            name,
            after,
            epoch,
            value,
        };
        value
    }

    /// Whether builtin method table `table` has a method by program name
    /// `name`.
    #[inline]
    pub(super) fn builtin_has(&mut self, name: u32, table: BuiltinTable) -> bool {
        let bits = match self.method_cache.builtin.get(name as usize) {
            Some(&b) if b & KNOWN != 0 => b,
            _ => self.builtin_method_bits(name),
        };
        bits & table as u8 != 0
    }

    #[cold]
    fn builtin_method_bits(&mut self, name: u32) -> u8 {
        use crate::builtins::methods::{dict, list, str};
        use crate::builtins::native::find_method;
        let text = self.program.names[name as usize].as_str();
        let mut bits = KNOWN;
        for (table, bit) in [
            (list::list_methods(), HAS_LIST),
            (str::str_methods(), HAS_STR),
            (dict::dict_methods(), HAS_DICT),
        ] {
            if find_method(table, text).is_some() {
                bits |= bit;
            }
        }
        let cache = &mut self.method_cache.builtin;
        if cache.len() <= name as usize {
            cache.resize(name as usize + 1, 0);
        }
        cache[name as usize] = bits;
        bits
    }
}
