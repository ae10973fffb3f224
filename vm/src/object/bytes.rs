//! `bytes` and `bytearray` contents: both are a plain `Vec<u8>` on the heap
//! (`Obj::Bytes`, `Obj::ByteArray`). This file holds the data-only helpers
//! shared by the VM, the methods and the modules: reading the bytes of any
//! bytes-like value, CPython's `repr`, hex conversion and the ASCII
//! character classes bytes methods use.

use super::heap::Heap;
use super::value::Value;
use super::Obj;

/// The contents of a `bytes` or `bytearray` value.
#[inline]
pub fn as_bytes(heap: &Heap, v: Value) -> Option<&[u8]> {
    match v {
        Value::Ref(id) => match heap.get(id) {
            Obj::Bytes(b) | Obj::ByteArray(b) => Some(b),
            _ => None,
        },
        _ => None,
    }
}

/// Is `v` a `bytearray`?
pub fn is_bytearray(heap: &Heap, v: Value) -> bool {
    matches!(v, Value::Ref(id) if matches!(heap.get(id), Obj::ByteArray(_)))
}

/// `repr()` of bytes contents: `b'...'`, choosing the quote as CPython does.
pub fn repr(b: &[u8]) -> String {
    repr_with(b, false)
}

/// `bytearray` escapes `'` even inside double quotes.
fn repr_with(b: &[u8], always_escape_single: bool) -> String {
    let quote = if b.contains(&b'\'') && !b.contains(&b'"') {
        b'"'
    } else {
        b'\''
    };
    let mut out = String::with_capacity(b.len() + 3);
    out.push('b');
    out.push(quote as char);
    for &c in b {
        match c {
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            c if c == quote || (always_escape_single && c == b'\'') => {
                out.push('\\');
                out.push(c as char);
            }
            0x20..=0x7e => out.push(c as char),
            c => out.push_str(&format!("\\x{c:02x}")),
        }
    }
    out.push(quote as char);
    out
}

/// `repr()` of a `bytearray`.
pub fn bytearray_repr(b: &[u8]) -> String {
    format!("bytearray({})", repr_with(b, true))
}

/// Lowercase hex digits of `b`, with `sep` between groups of `per` bytes
/// (counted from the right when `per > 0`, from the left when `per < 0`).
pub fn hex(b: &[u8], sep: Option<u8>, per: i64) -> Vec<u8> {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = Vec::with_capacity(b.len() * 3);
    let n = b.len();
    let group = per.unsigned_abs() as usize;
    for (i, &c) in b.iter().enumerate() {
        if let Some(s) = sep {
            if i > 0 && group > 0 && group < n {
                let boundary = if per > 0 {
                    (n - i).is_multiple_of(group)
                } else {
                    i.is_multiple_of(group)
                };
                if boundary {
                    out.push(s);
                }
            }
        }
        out.push(DIGITS[(c >> 4) as usize]);
        out.push(DIGITS[(c & 15) as usize]);
    }
    out
}

/// The value of an ASCII hex digit.
pub fn hex_value(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

/// Whitespace as `bytes.split()`/`strip()` see it.
pub fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// Finds `needle` in `hay` (first occurrence), in linear time for the
/// common cases.
pub fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() {
        return Some(0);
    }
    if needle.len() > hay.len() {
        return None;
    }
    if needle.len() == 1 {
        return hay.iter().position(|&c| c == needle[0]);
    }
    two_way_find(hay, needle)
}

/// Finds the last occurrence of `needle` in `hay`.
pub fn rfind(hay: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() {
        return Some(hay.len());
    }
    if needle.len() > hay.len() {
        return None;
    }
    if needle.len() == 1 {
        return hay.iter().rposition(|&c| c == needle[0]);
    }
    let rh: Vec<u8> = hay.iter().rev().copied().collect();
    let rn: Vec<u8> = needle.iter().rev().copied().collect();
    two_way_find(&rh, &rn).map(|i| hay.len() - i - needle.len())
}

/// Substring search by the KMP failure function: linear in both lengths.
fn two_way_find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    let m = needle.len();
    let mut fail = vec![0usize; m];
    let mut k = 0;
    for i in 1..m {
        while k > 0 && needle[i] != needle[k] {
            k = fail[k - 1];
        }
        if needle[i] == needle[k] {
            k += 1;
        }
        fail[i] = k;
    }
    let mut q = 0;
    for (i, &c) in hay.iter().enumerate() {
        while q > 0 && c != needle[q] {
            q = fail[q - 1];
        }
        if c == needle[q] {
            q += 1;
        }
        if q == m {
            return Some(i + 1 - m);
        }
    }
    None
}

/// The start offsets of non-overlapping occurrences of `needle` (not
/// empty), left to right, at most `max` of them.
pub fn find_all(hay: &[u8], needle: &[u8], max: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut start = 0;
    while out.len() < max {
        match find(&hay[start..], needle) {
            Some(i) => {
                out.push(start + i);
                start += i + needle.len();
            }
            None => break,
        }
    }
    out
}

/// Like [`find_all`] but scanning from the right; offsets in descending order.
pub fn rfind_all(hay: &[u8], needle: &[u8], max: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut end = hay.len();
    while out.len() < max {
        match rfind(&hay[..end], needle) {
            Some(i) => {
                out.push(i);
                end = i;
            }
            None => break,
        }
    }
    out
}
