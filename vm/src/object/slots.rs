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

/// Slots per chunk (a power of two).
const CHUNK_BITS: u32 = 12;
const CHUNK: usize = 1 << CHUNK_BITS;

/// The slots of the heap, `None` where freed.
#[derive(Default)]
pub struct Slots {
    chunks: Vec<Vec<Option<Obj>>>,
    len: usize,
}

impl Slots {
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
    pub fn push(&mut self, slot: Option<Obj>) {
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
    pub fn get(&self, i: usize) -> Option<&Option<Obj>> {
        self.chunks.get(i >> CHUNK_BITS)?.get(i & (CHUNK - 1))
    }

    /// Every slot, in order.
    pub fn iter(&self) -> impl Iterator<Item = &Option<Obj>> {
        self.chunks.iter().flatten()
    }
}

impl std::ops::Index<usize> for Slots {
    type Output = Option<Obj>;
    #[inline]
    fn index(&self, i: usize) -> &Option<Obj> {
        &self.chunks[i >> CHUNK_BITS][i & (CHUNK - 1)]
    }
}

impl std::ops::IndexMut<usize> for Slots {
    #[inline]
    fn index_mut(&mut self, i: usize) -> &mut Option<Obj> {
        &mut self.chunks[i >> CHUNK_BITS][i & (CHUNK - 1)]
    }
}

impl Clone for Slots {
    fn clone(&self) -> Self {
        Slots {
            chunks: self.chunks.clone(),
            len: self.len,
        }
    }
}

impl Serialize for Slots {
    fn serialize<Ser: Serializer>(&self, s: Ser) -> Result<Ser::Ok, Ser::Error> {
        let mut seq = s.serialize_seq(Some(self.len))?;
        for slot in self.iter() {
            seq.serialize_element(slot)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for Slots {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct SlotsVisitor;
        impl<'de> Visitor<'de> for SlotsVisitor {
            type Value = Slots;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a sequence of heap slots")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Slots, A::Error> {
                let mut slots = Slots::default();
                while let Some(slot) = seq.next_element()? {
                    slots.push(slot);
                }
                Ok(slots)
            }
        }
        d.deserialize_seq(SlotsVisitor)
    }
}
