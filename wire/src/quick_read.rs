//! What the hand-written readers of the two messages of every host call
//! share (the host's `call` progress reader, `host/src/call_message.rs`,
//! and the guest's reply reader, `guest/src/boundary/reply_json.rs`): each
//! matches its message's keys as literal text and falls back to the
//! general serde reader for anything else.

/// More opening brackets than this in a message and the general reader
/// takes it: that one counts nesting from the message's own object, the
/// hand-written ones from each value's, so only a message that cannot be
/// nested as deep as serde_json's limit (128) is read by hand, and a
/// too-deep one is refused as before.
pub const MAX_BRACKETS: usize = 100;

/// Whether `bytes` has at most [`MAX_BRACKETS`] opening brackets.
pub fn shallow_enough(bytes: &[u8]) -> bool {
    bytes.iter().filter(|&&b| b == b'[' || b == b'{').count() <= MAX_BRACKETS
}

/// A position in a message, which the readers step over its literal text
/// and integers with; each reads its own values from [`Cursor::rest`].
pub struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    /// The start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        Cursor { bytes, at: 0 }
    }

    /// Steps over `text` if the message continues with it.
    pub fn eat(&mut self, text: &[u8]) -> bool {
        let found = self.rest().starts_with(text);
        if found {
            self.at += text.len();
        }
        found
    }

    /// [`Cursor::eat`], as an `Option` for `?`.
    pub fn literal(&mut self, text: &[u8]) -> Option<()> {
        self.eat(text).then_some(())
    }

    /// A JSON integer that fits a `u64` (no sign, no leading zero).
    pub fn integer(&mut self) -> Option<u64> {
        let (n, len) = leading_u64(self.rest())?;
        self.at += len;
        Some(n)
    }

    /// What is left of the message.
    pub fn rest(&self) -> &'a [u8] {
        &self.bytes[self.at..]
    }

    /// How far into the message the cursor is.
    pub fn offset(&self) -> usize {
        self.at
    }

    /// Steps over `len` bytes a reader has read from [`Cursor::rest`].
    pub fn advance(&mut self, len: usize) {
        self.at += len;
    }

    /// Whether the whole message has been read.
    pub fn at_end(&self) -> bool {
        self.at == self.bytes.len()
    }
}

/// The JSON integer at the start of `bytes` if it fits a `u64`, in JSON's
/// spelling (no sign, no leading zero), and how many bytes it takes.
fn leading_u64(bytes: &[u8]) -> Option<(u64, usize)> {
    let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || (digits > 1 && bytes[0] == b'0') {
        return None;
    }
    let mut n: u64 = 0;
    for &d in &bytes[..digits] {
        n = n.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
    }
    Some((n, digits))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_in_json_spelling() {
        assert_eq!(leading_u64(b"0,"), Some((0, 1)));
        assert_eq!(leading_u64(b"123}"), Some((123, 3)));
        assert_eq!(leading_u64(b"18446744073709551615"), Some((u64::MAX, 20)));
        assert_eq!(leading_u64(b"18446744073709551616"), None);
        assert_eq!(leading_u64(b"01"), None);
        assert_eq!(leading_u64(b"-1"), None);
        assert_eq!(leading_u64(b""), None);
    }

    #[test]
    fn cursor_steps_over_literals_and_integers() {
        let mut c = Cursor::new(br#"{"id":42,"v":1}"#);
        assert!(!c.eat(b"{\"x\""));
        assert_eq!(c.offset(), 0);
        assert_eq!(c.literal(br#"{"id":"#), Some(()));
        assert_eq!(c.integer(), Some(42));
        assert_eq!(c.integer(), None);
        assert!(c.eat(br#","v":"#));
        assert_eq!(c.rest(), b"1}");
        c.advance(2);
        assert!(c.at_end());
    }
}
