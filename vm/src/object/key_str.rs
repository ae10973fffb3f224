//! [`KeyStr`]: the text of a `str` dict key or set element. Every new
//! `str` key used to be copied into an `Rc<str>` of its own, an
//! allocation (and a free at the next collection) per key of every dict
//! literal, `dict(...)`, `json.loads` object and set insertion; a short
//! key (the usual `"id"`, `"name"`, `"score"`) is now kept inline, in the
//! bytes a key takes anyway. Longer keys share an `Rc<str>` as before
//! (interned attribute names are passed in as they are).
//!
//! One text has one form: [`INLINE`] bytes or fewer are always inline, so
//! comparing and hashing can go by the text alone. Serialized as the
//! `str` it holds, as the `Rc<str>` it replaced (the snapshot format does
//! not change).

use std::rc::Rc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The longest key text kept inline: on wasm32 a `KeyStr` is then 12
/// bytes (a tag, a length, 10 bytes; an `Rc<str>` is 8), which a
/// [`super::HashKey`] holds after its own tag in the 16 bytes it took
/// before. (Longer inline text would make the key 24 bytes: rustc does
/// not fold `HashKey`'s tag into `KeyStr`'s.)
pub const INLINE: usize = 10;

/// The text of a `str` key (see the module doc).
#[derive(Clone)]
pub struct KeyStr(Repr);

#[derive(Clone)]
enum Repr {
    Inline(u8, [u8; INLINE]),
    Shared(Rc<str>),
}

impl KeyStr {
    #[inline]
    pub fn as_str(&self) -> &str {
        match &self.0 {
            // (`Repr::Inline` is built only by `KeyStr::new`, which copies
            // a whole `&str` into `bytes[..len]`; nothing else writes
            // either field)
            Repr::Inline(len, bytes) => super::str::inline_str(&bytes[..*len as usize]),
            Repr::Shared(s) => s,
        }
    }

    /// The key for `s`: inline when short, else a new `Rc<str>`.
    #[inline]
    pub fn new(s: &str) -> KeyStr {
        if s.len() <= INLINE {
            let mut bytes = [0; INLINE];
            bytes[..s.len()].copy_from_slice(s.as_bytes());
            KeyStr(Repr::Inline(s.len() as u8, bytes))
        } else {
            KeyStr(Repr::Shared(s.into()))
        }
    }

    /// The key for a shared text (an interned name): inline when short,
    /// else the same `Rc<str>`, with no copy.
    #[inline]
    pub fn shared(s: Rc<str>) -> KeyStr {
        if s.len() <= INLINE {
            KeyStr::new(&s)
        } else {
            KeyStr(Repr::Shared(s))
        }
    }
}

impl std::ops::Deref for KeyStr {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for KeyStr {
    #[inline]
    fn eq(&self, other: &KeyStr) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for KeyStr {}

impl std::fmt::Debug for KeyStr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl From<&str> for KeyStr {
    #[inline]
    fn from(s: &str) -> KeyStr {
        KeyStr::new(s)
    }
}

impl From<String> for KeyStr {
    #[inline]
    fn from(s: String) -> KeyStr {
        if s.len() <= INLINE {
            KeyStr::new(&s)
        } else {
            KeyStr(Repr::Shared(s.into()))
        }
    }
}

impl From<Rc<str>> for KeyStr {
    #[inline]
    fn from(s: Rc<str>) -> KeyStr {
        KeyStr::shared(s)
    }
}

impl Serialize for KeyStr {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for KeyStr {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<KeyStr, D::Error> {
        Ok(KeyStr::from(String::deserialize(d)?))
    }
}

/// A `HashKey` (and so a dict entry) does not grow.
#[cfg(target_arch = "wasm32")]
const _: () = assert!(std::mem::size_of::<KeyStr>() == 12);
#[cfg(target_arch = "wasm32")]
const _: () = assert!(std::mem::size_of::<super::HashKey>() == 16);

#[cfg(test)]
mod tests {
    use super::KeyStr;

    #[test]
    fn one_form_per_text() {
        for s in [
            "",
            "id",
            "ten bytes!",
            "eleven byte",
            "ключ",
            "日本語のキー",
        ] {
            let k = KeyStr::new(s);
            assert_eq!(k.as_str(), s);
            assert_eq!(k, KeyStr::from(std::rc::Rc::<str>::from(s)));
            assert_eq!(k, KeyStr::from(s.to_string()));
        }
    }
}
