//! `html`: `escape` and `unescape`. `unescape` resolves numeric character
//! references (`&#NN;`, `&#xHH;`, with CPython's replacements for the
//! Windows-1252 range, surrogates and non-characters) and every HTML5
//! named reference of [`super::html_entities`], including the legacy ones
//! without `;` and the longest-prefix rule (`&ampx` is `&x`).

use super::html_entities;
use super::ModuleDef;
use crate::builtins::methods::call_method;
use crate::object::{ExcType, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};

/// `s.replace(old, new)` for each pair in turn, on any object (CPython's
/// `escape` calls `replace`, so bytes and other types fail as there).
fn replace_chain(vm: &mut Vm, mut s: Value, pairs: &[(&str, &str)]) -> PyResult<Value> {
    for (old, new) in pairs {
        let (o, n) = (vm.new_str(*old), vm.new_str(*new));
        s = call_method(vm, s, "replace", vec![o, n], Vec::new())?;
    }
    Ok(s)
}

const ESCAPES: &[(&str, &str)] = &[("&", "&amp;"), ("<", "&lt;"), (">", "&gt;")];
const QUOTE_ESCAPES: &[(&str, &str)] = &[("\"", "&quot;"), ("'", "&#x27;")];

native! {
    /// `html.escape(s, quote=True)`.
    def fn escape(vm, s, quote?) {
        let quote = match quote {
            Some(q) => vm.truthy(q)?,
            None => true,
        };
        let Some(text) = as_str(&vm.heap, s) else {
            let s = replace_chain(vm, s, ESCAPES)?;
            return if quote { replace_chain(vm, s, QUOTE_ESCAPES) } else { Ok(s) };
        };
        let mut out = String::with_capacity(text.len() + 16);
        for c in text.chars() {
            match c {
                '&' => out.push_str("&amp;"),
                '<' => out.push_str("&lt;"),
                '>' => out.push_str("&gt;"),
                '"' if quote => out.push_str("&quot;"),
                '\'' if quote => out.push_str("&#x27;"),
                c => out.push(c),
            }
        }
        Ok(vm.new_str(out))
    }

    /// `html.unescape(s)`.
    def fn unescape(vm, s) {
        let Some(text) = as_str(&vm.heap, s) else {
            // `'&' not in s`, then the regex substitution
            let amp = vm.new_str("&");
            let found = vm.contains(s, amp).map_err(|e| match e {
                PyErr::Msg(ExcType::TypeError, m) => PyErr::type_error(
                    m.replace("is not a container or iterable", "is not iterable"),
                ),
                e => e,
            })?;
            if !found {
                return Ok(s);
            }
            return Err(PyErr::type_error(format!(
                "expected string or bytes-like object, got '{}'",
                vm.class_name(s)
            )));
        };
        if !text.contains('&') {
            return Ok(s);
        }
        let out = unescape_text(text);
        Ok(vm.new_str(out))
    }
}

/// Characters a named reference cannot contain.
fn name_char(c: char) -> bool {
    !matches!(c, '\t' | '\n' | '\x0c' | ' ' | '<' | '&' | '#' | ';')
}

/// The length (in chars) of the reference after an `&` at the start of
/// `rest` (CPython's `&(#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[^\t\n\f <&#;]{1,32};?)`
/// without its `&`), if one is there.
fn reference_len(rest: &[char]) -> Option<usize> {
    let semi = |i: usize| i + usize::from(rest.get(i) == Some(&';'));
    if rest.first() == Some(&'#') {
        let digits = rest[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits > 0 {
            return Some(semi(1 + digits));
        }
        if matches!(rest.get(1), Some('x' | 'X')) {
            let hex = rest[2..]
                .iter()
                .take_while(|c| c.is_ascii_hexdigit())
                .count();
            if hex > 0 {
                return Some(semi(2 + hex));
            }
        }
        return None;
    }
    let n = rest.iter().take(32).take_while(|c| name_char(**c)).count();
    (n > 0).then(|| semi(n))
}

/// `_invalid_charrefs`: what a numeric reference to these code points
/// becomes (the Windows-1252 meaning of 0x80-0x9F, as browsers do).
fn invalid_charref(n: u32) -> Option<char> {
    const C1: [u32; 32] = [
        0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160,
        0x2039, 0x0152, 0x8d, 0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013,
        0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
    ];
    match n {
        0 => Some('\u{fffd}'),
        0x0d => Some('\r'),
        0x80..=0x9f => char::from_u32(C1[(n - 0x80) as usize]),
        _ => None,
    }
}

/// `_invalid_codepoints`: code points a numeric reference drops.
fn invalid_codepoint(n: u32) -> bool {
    matches!(n, 0x1..=0x8 | 0xb | 0xe..=0x1f | 0x7f..=0x9f | 0xfdd0..=0xfdef)
        || (n & 0xfffe == 0xfffe && n <= 0x10ffff)
}

/// The replacement of one reference (`body` is the text after `&`).
fn replacement(body: &str) -> String {
    if let Some(num) = body.strip_prefix('#') {
        let num = num.trim_end_matches(';');
        let (digits, radix) = match num.strip_prefix(['x', 'X']) {
            Some(h) => (h, 16),
            None => (num, 10),
        };
        // saturating: anything past U+10FFFF becomes U+FFFD
        let n = digits.chars().fold(0u64, |acc, c| {
            (acc * radix + u64::from(c.to_digit(radix as u32).unwrap_or(0))).min(0x11_0000)
        }) as u32;
        if let Some(c) = invalid_charref(n) {
            return c.to_string();
        }
        if (0xd800..=0xdfff).contains(&n) || n > 0x10ffff {
            return "\u{fffd}".into();
        }
        if invalid_codepoint(n) {
            return String::new();
        }
        return char::from_u32(n).map_or_else(String::new, String::from);
    }
    if let Some(v) = html_entities::lookup(body) {
        return v.to_string();
    }
    // the longest known prefix (of at least two characters)
    let ends: Vec<usize> = body.char_indices().map(|(i, _)| i).skip(2).collect();
    for &end in ends.iter().rev() {
        if let Some(v) = html_entities::lookup(&body[..end]) {
            return format!("{v}{}", &body[end..]);
        }
    }
    format!("&{body}")
}

/// `html.unescape` on text.
fn unescape_text(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '&' {
            if let Some(n) = reference_len(&chars[i + 1..]) {
                let body: String = chars[i + 1..i + 1 + n].iter().collect();
                out.push_str(&replacement(&body));
                i += 1 + n;
                continue;
            }
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "html",
    funcs: natives_table![escape, unescape],
    init: super::no_init,
};
