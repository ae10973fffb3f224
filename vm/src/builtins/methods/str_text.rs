//! The text algorithms behind the `str` methods (declared in `str.rs`):
//! whitespace splitting, case mapping and classification, line splitting,
//! tab expansion and padding, on plain Rust strings.

use crate::unicode;

pub(super) fn is_py_space(c: char) -> bool {
    unicode::is_space(c)
}

/// `isupper`/`islower`: some character is `want`, none is `other` or
/// titlecase.
pub(super) fn cased_as(s: &str, want: fn(char) -> bool, other: fn(char) -> bool) -> bool {
    let mut cased = false;
    for c in s.chars() {
        if other(c) || unicode::is_title(c) {
            return false;
        }
        cased |= want(c);
    }
    cased
}

/// `istitle`: cased runs start with an upper- or titlecase letter and
/// continue in lowercase; at least one cased character.
pub(super) fn is_titlecased(s: &str) -> bool {
    let (mut cased, mut previous_cased) = (false, false);
    for c in s.chars() {
        if c.is_uppercase() || unicode::is_title(c) {
            if previous_cased {
                return false;
            }
            previous_cased = true;
            cased = true;
        } else if c.is_lowercase() {
            if !previous_cased {
                return false;
            }
            previous_cased = true;
            cased = true;
        } else {
            previous_cased = false;
        }
    }
    cased
}

/// `isalnum`: every character a letter, a number or a digit.
pub(super) fn is_alnum(c: char) -> bool {
    unicode::is_alpha(c) || unicode::is_numeric(c) || unicode::is_digit(c)
}

/// `split()`/`rsplit()` without a separator: on runs of whitespace, at
/// most `maxsplit` times if that is not negative.
pub(super) fn split_whitespace(s: &str, maxsplit: i64, from_right: bool) -> Vec<String> {
    let mut out = Vec::new();
    if !from_right {
        let mut rest = s.trim_start_matches(is_py_space);
        while !rest.is_empty() {
            if maxsplit >= 0 && out.len() as i64 == maxsplit {
                out.push(rest.to_string());
                return out;
            }
            let end = rest.find(is_py_space).unwrap_or(rest.len());
            out.push(rest[..end].to_string());
            rest = rest[end..].trim_start_matches(is_py_space);
        }
    } else {
        let mut rest = s.trim_end_matches(is_py_space);
        while !rest.is_empty() {
            if maxsplit >= 0 && out.len() as i64 == maxsplit {
                out.push(rest.to_string());
                break;
            }
            let start = rest
                .rfind(is_py_space)
                .map(|i| i + rest[i..].chars().next().map_or(1, char::len_utf8))
                .unwrap_or(0);
            out.push(rest[start..].to_string());
            rest = rest[..start].trim_end_matches(is_py_space);
        }
        out.reverse();
    }
    out
}

/// `split(sep)`/`rsplit(sep)` with a non-empty separator.
pub(super) fn split_sep(s: &str, sep: &str, maxsplit: i64, from_right: bool) -> Vec<String> {
    if maxsplit < 0 {
        s.split(sep).map(str::to_string).collect()
    } else if !from_right {
        s.splitn(maxsplit as usize + 1, sep)
            .map(str::to_string)
            .collect()
    } else {
        let mut v: Vec<String> = s
            .rsplitn(maxsplit as usize + 1, sep)
            .map(str::to_string)
            .collect();
        v.reverse();
        v
    }
}

/// Unicode decimal digits (category Nd).
pub(super) fn is_decimal(c: char) -> bool {
    crate::builtins::format::decimal_value(c).is_some()
}

/// `str.casefold()`.
pub(super) fn casefold(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match unicode::casefold(c) {
            Some(folded) => out.push_str(folded),
            None => out.extend(c.to_lowercase()),
        }
    }
    out
}

/// The titlecase form of `c` (`'ǆ'` gives `'ǅ'`, `'ß'` gives `"Ss"`).
fn title_char(c: char) -> String {
    match unicode::titlecase(c) {
        Some(t) => t.to_string(),
        None => c.to_uppercase().collect(),
    }
}

/// `str.capitalize()`: `s.lower()` with its first character in title case
/// instead.
pub(super) fn capitalize(s: &str) -> String {
    let Some(first) = s.chars().next() else {
        return String::new();
    };
    let lower = s.to_lowercase();
    let skip = first.to_lowercase().count();
    let mut out = title_char(first);
    out.extend(lower.chars().skip(skip));
    out
}

/// Whether the capital sigma at `chars[i]` lowercases to the final form:
/// a cased letter before it and none after it (skipping case-ignorables).
fn final_sigma(chars: &[char], i: usize) -> bool {
    let cased = |c: char| c.is_lowercase() || c.is_uppercase();
    let ignorable = |c: char| {
        matches!(
            c,
            '\'' | '.' | ':' | '\u{b7}' | '\u{2019}' | '\u{300}'..='\u{36f}'
        )
    };
    let before = chars[..i].iter().rev().find(|&&c| !ignorable(c));
    let after = chars[i + 1..].iter().find(|&&c| !ignorable(c));
    before.is_some_and(|&c| cased(c)) && !after.is_some_and(|&c| cased(c))
}

/// `str.title()`.
pub(super) fn title(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut prev_cased = false;
    let chars: Vec<char> = s.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if prev_cased {
            if c == '\u{3a3}' {
                out.push(if final_sigma(&chars, i) { 'ς' } else { 'σ' });
            } else {
                out.extend(c.to_lowercase());
            }
        } else {
            out.push_str(&title_char(c));
        }
        prev_cased = c.is_lowercase() || c.is_uppercase() || unicode::is_title(c);
    }
    out
}

/// `str.swapcase()`.
pub(super) fn swapcase(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut r = String::with_capacity(s.len());
    for (i, &c) in chars.iter().enumerate() {
        if c == '\u{3a3}' {
            r.push(if final_sigma(&chars, i) { 'ς' } else { 'σ' });
        } else if c.is_uppercase() {
            r.extend(c.to_lowercase());
        } else if c.is_lowercase() {
            r.extend(c.to_uppercase());
        } else {
            r.push(c);
        }
    }
    r
}

/// `str.splitlines(keepends)`.
pub(super) fn splitlines(s: &str, keep: bool) -> Vec<String> {
    let mut lines = Vec::new();
    let mut cur = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        let is_break = matches!(
            c,
            '\n' | '\r'
                | '\x0b'
                | '\x0c'
                | '\x1c'
                | '\x1d'
                | '\x1e'
                | '\u{85}'
                | '\u{2028}'
                | '\u{2029}'
        );
        if is_break {
            let mut end = c.to_string();
            if c == '\r' && chars.peek() == Some(&'\n') {
                chars.next();
                end.push('\n');
            }
            if keep {
                cur.push_str(&end);
            }
            lines.push(std::mem::take(&mut cur));
        } else {
            cur.push(c);
        }
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    lines
}

/// The size in bytes of `s.expandtabs(ts)`, so that a huge result fails
/// before it is built.
pub(super) fn expanded_size(s: &str, ts: i64) -> u128 {
    let mut total = 0u128;
    let mut col = 0i64;
    for c in s.chars() {
        match c {
            '\t' if ts > 0 => {
                let n = ts - col % ts;
                total += n as u128;
                col += n;
            }
            '\t' => {}
            '\n' | '\r' => {
                total += 1;
                col = 0;
            }
            _ => {
                total += c.len_utf8() as u128;
                col += 1;
            }
        }
    }
    total
}

/// `str.expandtabs(ts)`, into a string of capacity `size`.
pub(super) fn expandtabs(s: &str, ts: i64, size: usize) -> String {
    let mut out = String::with_capacity(size);
    let mut col = 0i64;
    for c in s.chars() {
        match c {
            '\t' => {
                if ts > 0 {
                    let n = ts - col % ts;
                    out.extend(std::iter::repeat_n(' ', n as usize));
                    col += n;
                }
            }
            '\n' | '\r' => {
                out.push(c);
                col = 0;
            }
            _ => {
                out.push(c);
                col += 1;
            }
        }
    }
    out
}

/// Where padding goes: `ljust`, `rjust`, `center`.
#[derive(Clone, Copy)]
pub(super) enum Align {
    Left,
    Right,
    Center,
}

/// `s` (of `n` code points) padded with `fill` to `width` code points
/// (`width > n`).
pub(super) fn pad(s: &str, n: i64, width: i64, fill: char, how: Align) -> String {
    let total = (width - n) as usize;
    let (left, right) = match how {
        Align::Left => (0, total),
        Align::Right => (total, 0),
        Align::Center => {
            // CPython's centering puts the extra fill on the right unless
            // both the string length and width are odd.
            let left = total / 2 + (total & width as usize & 1);
            (left, total - left)
        }
    };
    let mut out = String::new();
    out.extend(std::iter::repeat_n(fill, left));
    out.push_str(s);
    out.extend(std::iter::repeat_n(fill, right));
    out
}

/// `s.zfill(width)` for `width` above its length `n`.
pub(super) fn zfill(s: &str, n: i64, width: i64) -> String {
    let zeros = "0".repeat((width - n) as usize);
    match s.chars().next() {
        Some(c @ ('+' | '-')) => format!("{c}{zeros}{}", &s[1..]),
        _ => format!("{zeros}{s}"),
    }
}
