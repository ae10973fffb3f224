//! `str` storage: UTF-8 with an ASCII flag, so that `len`, indexing and
//! slicing are O(1) on the (common) ASCII strings and correct, by code
//! point, on the others.

use serde::{Deserialize, Serialize};

/// A Python string.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PyStr {
    pub s: String,
    pub ascii: bool,
}

impl PyStr {
    #[inline]
    pub fn new(s: String) -> PyStr {
        let ascii = s.is_ascii();
        PyStr { s, ascii }
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
