//! Ordered `(name, value)` pairs as a JSON object.
//!
//! Keyword arguments and inputs are JSON objects whose order matters
//! (Python keeps call order), so they are read and written as a list of
//! pairs, never through a sorted or hashed map. Keys are taken literally:
//! a key starting with `$` is not a value tag here (keyword and variable
//! names never start with `$`).

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An ordered JSON object of `(name, T)` pairs. `null` reads as empty.
#[derive(Debug, Clone, PartialEq)]
pub struct Ordered<T>(pub Vec<(String, T)>);

impl<T> Default for Ordered<T> {
    fn default() -> Self {
        Ordered(Vec::new())
    }
}

impl<T: Serialize> Serialize for Ordered<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Ordered<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct PairsVisitor<T>(core::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for PairsVisitor<T> {
            type Value = Ordered<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_unit<E>(self) -> Result<Self::Value, E> {
                Ok(Ordered::default())
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut pairs = Vec::with_capacity(map.size_hint().unwrap_or(0).min(1024));
                while let Some(pair) = map.next_entry::<String, T>()? {
                    pairs.push(pair);
                }
                Ok(Ordered(pairs))
            }
        }
        d.deserialize_any(PairsVisitor(core::marker::PhantomData))
    }
}
