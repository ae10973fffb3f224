//! Byte offsets (the matcher's) into code-point offsets (Python's) of one
//! subject string. Here and not in the module around the engine: every
//! `search`, `findall` and `sub` converts its subject's offsets, and this
//! crate is compiled for speed where the modules are compiled for size.

/// Converts byte offsets of one string into code-point offsets, cheaply
/// for increasing offsets; at once when the string is ASCII.
pub struct CharPos<'a> {
    s: &'a str,
    ascii: bool,
    last: (usize, usize),
}

impl<'a> CharPos<'a> {
    /// The offsets of `s`.
    pub fn new(s: &'a str) -> CharPos<'a> {
        CharPos {
            s,
            ascii: s.is_ascii(),
            last: (0, 0),
        }
    }

    /// The string's length in code points.
    pub fn char_len(&self) -> usize {
        if self.ascii {
            self.s.len()
        } else {
            self.s.chars().count()
        }
    }

    /// The code-point offset of byte offset `b` (a char boundary).
    pub fn char_of(&mut self, b: usize) -> usize {
        if self.ascii {
            return b;
        }
        let (lb, lc) = if b >= self.last.0 { self.last } else { (0, 0) };
        let c = lc + self.s[lb..b].chars().count();
        self.last = (b, c);
        c
    }

    /// The byte offset of code point `c` (clamped to the end).
    pub fn byte_of(&self, c: usize) -> usize {
        if self.ascii {
            return c.min(self.s.len());
        }
        self.s
            .char_indices()
            .nth(c)
            .map_or(self.s.len(), |(b, _)| b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_and_non_ascii_offsets() {
        let mut a = CharPos::new("abc");
        assert_eq!((a.char_len(), a.char_of(2), a.byte_of(5)), (3, 2, 3));
        let mut u = CharPos::new("aé€b");
        assert_eq!(u.char_len(), 4);
        assert_eq!(u.char_of(1), 1);
        assert_eq!(u.char_of(3), 2);
        assert_eq!(u.char_of(6), 3);
        assert_eq!(u.char_of(1), 1);
        assert_eq!((u.byte_of(2), u.byte_of(3), u.byte_of(9)), (3, 6, 7));
    }
}
