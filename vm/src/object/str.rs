//! `str` storage: UTF-8 with an ASCII flag, so that `len`, indexing and
//! slicing are O(1) on the (common) ASCII strings and correct, by code
//! point, on the others. The text of a short str (a word, a dict key, a
//! small value: up to [`INLINE`] bytes) lives inside the heap slot, which
//! is that big anyway: no allocation of its own (on wasm32 a small
//! allocation costs 32 bytes of linear memory besides the 48 of the slot).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The longest text kept inline (bytes), chosen so that a `PyStr` is no
/// bigger than the largest other heap object (an `Obj` stays 48 bytes on
/// wasm32).
pub const INLINE: usize = 30;

/// The text of a str: inline when short, else boxed. The representation
/// is private: inline bytes are only ever copied from a `&str`, which is
/// what makes reading them back as `&str` without a check sound.
#[derive(Clone)]
pub struct Text(Repr);

#[derive(Clone)]
enum Repr {
    Inline { len: u8, bytes: [u8; INLINE] },
    Boxed(Box<str>),
}

impl Text {
    #[inline]
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Inline { len, bytes } => {
                let utf8 = &bytes[..*len as usize];
                debug_assert!(std::str::from_utf8(utf8).is_ok());
                // SAFETY: `Repr::Inline` is built only by `From<&str>`
                // below, which copies a whole `&str` (valid UTF-8) into
                // `bytes[..len]`; nothing else writes either field.
                #[allow(unsafe_code)]
                unsafe {
                    std::str::from_utf8_unchecked(utf8)
                }
            }
            Repr::Boxed(s) => s,
        }
    }
}

impl std::ops::Deref for Text {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for Text {
    #[inline]
    fn from(s: &str) -> Text {
        if s.len() <= INLINE {
            let mut bytes = [0; INLINE];
            bytes[..s.len()].copy_from_slice(s.as_bytes());
            Text(Repr::Inline {
                len: s.len() as u8,
                bytes,
            })
        } else {
            Text(Repr::Boxed(s.into()))
        }
    }
}

impl From<String> for Text {
    #[inline]
    fn from(s: String) -> Text {
        if s.len() <= INLINE {
            Text::from(s.as_str())
        } else {
            Text(Repr::Boxed(s.into_boxed_str()))
        }
    }
}

impl std::fmt::Debug for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl std::fmt::Display for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq for Text {
    fn eq(&self, other: &Text) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Text {}

impl Serialize for Text {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Text, D::Error> {
        String::deserialize(d).map(Text::from)
    }
}

/// A Python string.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PyStr {
    pub s: Text,
    pub ascii: bool,
}

impl PyStr {
    #[inline]
    pub fn new(s: String) -> PyStr {
        let ascii = s.is_ascii();
        PyStr { s: s.into(), ascii }
    }

    /// Length in code points, as Python's `len`.
    #[inline]
    pub fn char_len(&self) -> usize {
        if self.ascii {
            self.s.len()
        } else {
            self.s.chars().count()
        }
    }

    /// The code point at index `i` (0 <= i < len).
    pub fn char_at(&self, i: usize) -> char {
        if self.ascii {
            self.s.as_bytes()[i] as char
        } else {
            self.s.chars().nth(i).expect("index checked by caller")
        }
    }

    /// Byte offset of code point `i` (i may equal the length).
    pub fn byte_offset(&self, i: usize) -> usize {
        if self.ascii {
            i
        } else {
            self.s
                .char_indices()
                .nth(i)
                .map(|(b, _)| b)
                .unwrap_or(self.s.len())
        }
    }

    /// Code point index of byte offset `b`.
    pub fn char_index(&self, b: usize) -> usize {
        if self.ascii {
            b
        } else {
            self.s[..b].chars().count()
        }
    }
}
