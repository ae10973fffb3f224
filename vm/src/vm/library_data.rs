//! The library's data as the core holds it: a library object
//! (`Obj::Native`), a library iterator's state (`Iter::Native`) and the
//! `random` module's generator, each a [`LibData`] (a box of the
//! library's own type behind [`LibraryData`]). The core asks them only
//! what this trait answers (their values, for the collector and the
//! snapshot validator; their names; the scheduler's awaitables), and the
//! library reads its own type back with [`LibData::downcast_ref`].
//!
//! A snapshot holds each as a byte string the library encodes
//! ([`LibraryData::encode`]); reading one back asks the installed library
//! ([`Stdlib::decode_data`](super::stdlib::Stdlib::decode_data)) to decode
//! the type of that [`DataKind`]. Bytes and not the library's own
//! `Serialize` through an object-safe serde (`erased-serde`): that
//! instantiates every visitor of the library's types for a `dyn`
//! deserializer, 1.28 MB of code in monty.wasm (measured), where the
//! bytes are decoded by the library with the snapshot's own format.

use std::any::Any;
use std::fmt;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::object::Value;
use crate::vm::stdlib::lib;
use crate::vm::tasks_data::Awaitable;

/// What the core needs of the library's data. The defaults suit data that
/// holds no values and is not an awaitable.
pub trait LibraryData: Any {
    /// Calls `f` on every value the data holds.
    fn for_each_child(&self, _f: &mut dyn FnMut(Value)) {}

    /// `type(x).__name__` of an object; the class name of an iterator
    /// (`itertools.count`, ...).
    fn type_name(&self) -> &'static str;

    /// Whether the object must be closed before the run ends (an open file
    /// holding written data the host has not seen): the collector keeps
    /// it, and the run closes it at exit (`at_exit.rs`), as CPython closes
    /// a file whose last reference goes away.
    fn pending_close(&self) -> bool {
        false
    }

    /// The scheduler's awaitable this object stores, if it is one.
    fn awaitable(&self) -> Option<&Awaitable> {
        None
    }

    /// [`LibraryData::awaitable`], to update.
    fn awaitable_mut(&mut self) -> Option<&mut Awaitable> {
        None
    }

    /// The data as the bytes [`Stdlib::decode_data`](super::stdlib::Stdlib::decode_data)
    /// reads back (a snapshot's).
    ///
    /// # Errors
    ///
    /// What the encoder reports.
    fn encode(&self) -> Result<Vec<u8>, String>;

    /// A copy in a new box (`Clone` of a [`LibData`]).
    fn clone_data(&self) -> LibData;

    /// The data as `Any`, for [`LibData::downcast_ref`].
    fn as_any(&self) -> &dyn Any;

    /// The data as `Any`, for [`LibData::downcast_mut`].
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// Which of the library's types a [`LibData`] in a snapshot holds: the
/// snapshot does not name it, the place it is read at does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataKind {
    /// A library object (`Obj::Native`).
    Object,
    /// A library iterator's state (`Iter::Native`).
    Iterator,
    /// The `random` module's generator (`Vm::random_state`).
    RandomState,
}

/// One piece of the library's data (module docs).
pub struct LibData(Box<dyn LibraryData>);

impl LibData {
    /// `data` in a box.
    pub fn new<T: LibraryData>(data: T) -> LibData {
        LibData(Box::new(data))
    }

    /// The data, if it is a `T`.
    #[inline]
    pub fn downcast_ref<T: LibraryData>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref()
    }

    /// The data, if it is a `T`, to update.
    #[inline]
    pub fn downcast_mut<T: LibraryData>(&mut self) -> Option<&mut T> {
        self.0.as_any_mut().downcast_mut()
    }
}

impl std::ops::Deref for LibData {
    type Target = dyn LibraryData;

    fn deref(&self) -> &(dyn LibraryData + 'static) {
        &*self.0
    }
}

impl std::ops::DerefMut for LibData {
    fn deref_mut(&mut self) -> &mut (dyn LibraryData + 'static) {
        &mut *self.0
    }
}

impl Clone for LibData {
    fn clone(&self) -> LibData {
        self.0.clone_data()
    }
}

impl fmt::Debug for LibData {
    /// The type's name only: the library's `Debug` impls would be kept
    /// in monty.wasm by the trait object's vtable for this alone.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LibData({})", self.0.type_name())
    }
}

impl Serialize for LibData {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let bytes = self.0.encode().map_err(serde::ser::Error::custom)?;
        s.serialize_bytes(&bytes)
    }
}

/// Reads the [`LibData`] of one [`DataKind`] (the `Deserialize` of the
/// fields that hold one: `#[serde(deserialize_with = ...)]`).
///
/// # Errors
///
/// What the decoder or the library reports.
pub fn deserialize_kind<'de, D: Deserializer<'de>>(
    kind: DataKind,
    d: D,
) -> Result<LibData, D::Error> {
    let bytes: serde_bytes_buf::Buf = Deserialize::deserialize(d)?;
    lib().decode_data(kind, &bytes.0).map_err(D::Error::custom)
}

/// The `Deserialize` of a library object's field.
///
/// # Errors
///
/// What [`deserialize_kind`] reports.
pub fn deserialize_object<'de, D: Deserializer<'de>>(d: D) -> Result<LibData, D::Error> {
    deserialize_kind(DataKind::Object, d)
}

/// The `Deserialize` of a library iterator's field.
///
/// # Errors
///
/// What [`deserialize_kind`] reports.
pub fn deserialize_iterator<'de, D: Deserializer<'de>>(d: D) -> Result<LibData, D::Error> {
    deserialize_kind(DataKind::Iterator, d)
}

/// The `Deserialize` of `Vm::random_state` (an `Option`).
///
/// # Errors
///
/// What [`deserialize_kind`] reports.
pub fn deserialize_random_state<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<Option<LibData>, D::Error> {
    let bytes: Option<serde_bytes_buf::Buf> = Deserialize::deserialize(d)?;
    bytes
        .map(|b| lib().decode_data(DataKind::RandomState, &b.0))
        .transpose()
        .map_err(D::Error::custom)
}

impl<'de> Deserialize<'de> for LibData {
    /// A library object: the other kinds are read through their fields'
    /// `deserialize_with`.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<LibData, D::Error> {
        deserialize_object(d)
    }
}

/// A byte string as `serialize_bytes` writes it (serde reads `Vec<u8>` as
/// a sequence, which `postcard` encodes otherwise).
mod serde_bytes_buf {
    use std::fmt;

    pub(super) struct Buf(pub Vec<u8>);

    impl<'de> serde::Deserialize<'de> for Buf {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Buf, D::Error> {
            struct BytesVisitor;
            impl<'de> serde::de::Visitor<'de> for BytesVisitor {
                type Value = Buf;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a byte string")
                }
                fn visit_bytes<E: serde::de::Error>(self, b: &[u8]) -> Result<Buf, E> {
                    Ok(Buf(b.to_vec()))
                }
                fn visit_borrowed_bytes<E: serde::de::Error>(self, b: &'de [u8]) -> Result<Buf, E> {
                    Ok(Buf(b.to_vec()))
                }
                fn visit_byte_buf<E: serde::de::Error>(self, b: Vec<u8>) -> Result<Buf, E> {
                    Ok(Buf(b))
                }
            }
            d.deserialize_bytes(BytesVisitor)
        }
    }
}
