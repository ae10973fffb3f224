//! The heap's slot storage: fixed-size chunks instead of one vector, so a
//! growing heap never copies its objects into a vector twice the size
//! (which held both copies at once: the old one stays in the linear
//! memory once freed, a third of the peak of a program that builds a
//! million objects). Serialized as the one sequence of slots it stands
//! for, so snapshots do not depend on the chunk size.

use serde::de::{SeqAccess, Visitor};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::Obj;
use crate::vm::stdlib::Stdlib;

/// Slots per chunk (a power of two).
const CHUNK_BITS: u32 = 12;
const CHUNK: usize = 1 << CHUNK_BITS;

/// The slots of the heap, `None` where freed.
pub struct Slots<S: Stdlib> {
    chunks: Vec<Vec<Option<Obj<S>>>>,
    len: usize,
}

impl<S: Stdlib> Default for Slots<S> {
    fn default() -> Self {
        Slots {
            chunks: Vec::new(),
            len: 0,
        }
    }
}

impl<S: Stdlib> Slots<S> {
    /// How many slots there are (freed ones included).
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no slots.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds a slot at the end.
    #[inline]
    pub fn push(&mut self, slot: Option<Obj<S>>) {
        if self.len.is_multiple_of(CHUNK) {
            self.chunks.push(Vec::with_capacity(CHUNK));
        }
        if let Some(last) = self.chunks.last_mut() {
            last.push(slot);
        }
        self.len += 1;
    }

    /// Slot `i`, if there is one.
    #[inline]
    pub fn get(&self, i: usize) -> Option<&Option<Obj<S>>> {
        self.chunks.get(i >> CHUNK_BITS)?.get(i & (CHUNK - 1))
    }

    /// Every slot, in order.
    pub fn iter(&self) -> impl Iterator<Item = &Option<Obj<S>>> {
        self.chunks.iter().flatten()
    }
}

impl<S: Stdlib> std::ops::Index<usize> for Slots<S> {
    type Output = Option<Obj<S>>;
    #[inline]
    fn index(&self, i: usize) -> &Option<Obj<S>> {
        &self.chunks[i >> CHUNK_BITS][i & (CHUNK - 1)]
    }
}

impl<S: Stdlib> std::ops::IndexMut<usize> for Slots<S> {
    #[inline]
    fn index_mut(&mut self, i: usize) -> &mut Option<Obj<S>> {
        &mut self.chunks[i >> CHUNK_BITS][i & (CHUNK - 1)]
    }
}

impl<S: Stdlib> Clone for Slots<S> {
    fn clone(&self) -> Self {
        Slots {
            chunks: self.chunks.clone(),
            len: self.len,
        }
    }
}

impl<S: Stdlib> Serialize for Slots<S> {
    fn serialize<Ser: Serializer>(&self, s: Ser) -> Result<Ser::Ok, Ser::Error> {
        let mut seq = s.serialize_seq(Some(self.len))?;
        for slot in self.iter() {
            seq.serialize_element(slot)?;
        }
        seq.end()
    }
}

impl<'de, S: Stdlib> Deserialize<'de> for Slots<S> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct SlotsVisitor<S: Stdlib>(std::marker::PhantomData<S>);
        impl<'de, S: Stdlib> Visitor<'de> for SlotsVisitor<S> {
            type Value = Slots<S>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a sequence of heap slots")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Slots<S>, A::Error> {
                let mut slots = Slots::default();
                while let Some(slot) = seq.next_element()? {
                    slots.push(slot);
                }
                Ok(slots)
            }
        }
        d.deserialize_seq(SlotsVisitor(std::marker::PhantomData))
    }
}
