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
/// is private: inline bytes are only ever copied from whole `&str`s (here
/// and in [`TextBuilder`]), or are ASCII digits, which is what makes
/// reading them back as `&str` without a check sound.
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
            // (`Repr::Inline` is built only by `From<&str>` below, which
            // copies a whole `&str` into `bytes[..len]`, by `TextBuilder`,
            // which copies whole `&str`s one after the other, and by
            // `Text::decimal` (ASCII); nothing else writes either field)
            Repr::Inline { len, bytes } => inline_str(&bytes[..*len as usize]),
            Repr::Boxed(s) => s,
        }
    }
}

/// Inline text bytes as the `&str` they were copied from. Only for bytes
/// that are whole `&str`s copied in (or ASCII): the inline forms of
/// [`Text`] and of [`super::KeyStr`] guarantee that by construction (each
/// says how at its call).
#[inline]
pub(crate) fn inline_str(utf8: &[u8]) -> &str {
    debug_assert!(std::str::from_utf8(utf8).is_ok());
    // SAFETY: the callers' inline bytes are only ever copies of whole
    // `&str`s (valid UTF-8) or ASCII digits (see above).
    #[allow(unsafe_code)]
    unsafe {
        std::str::from_utf8_unchecked(utf8)
    }
}

impl Text {
    /// The decimal digits of `n` (what `str(n)` is), written straight into
    /// the inline bytes (20 at most), without `fmt`'s machinery.
    pub fn decimal(n: i64) -> Text {
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        let mut m = n.unsigned_abs();
        loop {
            at -= 1;
            digits[at] = b'0' + (m % 10) as u8;
            m /= 10;
            if m == 0 {
                break;
            }
        }
        let mut bytes = [0; INLINE];
        let mut len = 0;
        if n < 0 {
            bytes[0] = b'-';
            len = 1;
        }
        let d = &digits[at..];
        bytes[len..len + d.len()].copy_from_slice(d);
        len += d.len();
        Text(Repr::Inline {
            len: len as u8,
            bytes,
        })
    }
}

/// A text put together from pieces whose total length is known up front:
/// short, it is assembled in the inline bytes, with no allocation at all.
pub struct TextBuilder(Builder);

enum Builder {
    Inline { len: u8, bytes: [u8; INLINE] },
    Heap(String),
}

impl TextBuilder {
    /// A builder for `total` bytes (pushing more is allowed, only slower).
    #[inline]
    pub fn with_capacity(total: usize) -> TextBuilder {
        TextBuilder(if total <= INLINE {
            Builder::Inline {
                len: 0,
                bytes: [0; INLINE],
            }
        } else {
            Builder::Heap(String::with_capacity(total))
        })
    }

    #[inline]
    pub fn push(&mut self, piece: &str) {
        match &mut self.0 {
            Builder::Inline { len, bytes } => {
                let at = *len as usize;
                if at + piece.len() <= INLINE {
                    bytes[at..at + piece.len()].copy_from_slice(piece.as_bytes());
                    *len += piece.len() as u8;
                } else {
                    let mut s = String::with_capacity(at + piece.len());
                    // whole pieces were copied in: valid UTF-8
                    s.push_str(
                        Text(Repr::Inline {
                            len: *len,
                            bytes: *bytes,
                        })
                        .as_str(),
                    );
                    s.push_str(piece);
                    self.0 = Builder::Heap(s);
                }
            }
            Builder::Heap(s) => s.push_str(piece),
        }
    }

    #[inline]
    pub fn finish(self) -> Text {
        match self.0 {
            Builder::Inline { len, bytes } => Text(Repr::Inline { len, bytes }),
            Builder::Heap(s) => Text::from(s),
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

/// What a new str's text can be built from: a `String` or `Box<str>` is
/// moved when long, any text is copied when short ([`INLINE`] bytes), so
/// `Vm::new_str(&text[a..b])` allocates nothing for a short piece (going
/// through `String` would allocate it and free it again).
pub trait IntoText {
    fn into_text(self) -> Text;
}

impl IntoText for Text {
    #[inline]
    fn into_text(self) -> Text {
        self
    }
}

impl IntoText for String {
    #[inline]
    fn into_text(self) -> Text {
        Text::from(self)
    }
}

impl IntoText for &str {
    #[inline]
    fn into_text(self) -> Text {
        Text::from(self)
    }
}

impl IntoText for &String {
    #[inline]
    fn into_text(self) -> Text {
        Text::from(self.as_str())
    }
}

impl IntoText for &mut str {
    #[inline]
    fn into_text(self) -> Text {
        Text::from(&*self)
    }
}

impl IntoText for Box<str> {
    #[inline]
    fn into_text(self) -> Text {
        if self.len() <= INLINE {
            Text::from(&*self)
        } else {
            Text(Repr::Boxed(self))
        }
    }
}

impl IntoText for std::borrow::Cow<'_, str> {
    #[inline]
    fn into_text(self) -> Text {
        match self {
            std::borrow::Cow::Borrowed(s) => Text::from(s),
            std::borrow::Cow::Owned(s) => Text::from(s),
        }
    }
}

impl IntoText for char {
    #[inline]
    fn into_text(self) -> Text {
        Text::from(self.encode_utf8(&mut [0; 4]) as &str)
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
    pub fn new(s: impl IntoText) -> PyStr {
        let s = s.into_text();
        let ascii = s.is_ascii();
        PyStr { s, ascii }
    }

    /// A piece of a str whose ASCII flag is `parent_ascii`: a piece of an
    /// ASCII str is ASCII, with no scan of its text.
    #[inline]
    pub fn piece(s: &str, parent_ascii: bool) -> PyStr {
        PyStr {
            s: Text::from(s),
            ascii: parent_ascii || s.is_ascii(),
        }
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
