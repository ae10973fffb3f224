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

/// The JSON integer at the start of `bytes` if it fits a `u64`, in JSON's
/// spelling (no sign, no leading zero), and how many bytes it takes.
pub fn leading_u64(bytes: &[u8]) -> Option<(u64, usize)> {
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
}
