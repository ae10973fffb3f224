//! Text encodings for `str.encode`, `bytes.decode` and `bytes(str, enc)`:
//! UTF-8, ASCII, Latin-1, UTF-16 and UTF-32 (with and without BOM), under
//! CPython's names and aliases, with the `strict`, `ignore`, `replace`,
//! `backslashreplace` and `xmlcharrefreplace` error handlers and CPython's
//! `UnicodeDecodeError`/`UnicodeEncodeError` messages. Handler names are
//! checked lazily, as CPython does: only when an error needs one.

use crate::object::ExcType;
use crate::vm::{PyErr, PyResult};

/// A codec we implement.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Codec {
    Utf8,
    Ascii,
    Latin1,
    /// UTF-16 with a BOM (written little-endian, read either way).
    Utf16,
    Utf16Le,
    Utf16Be,
    Utf32,
    Utf32Le,
    Utf32Be,
}

impl Codec {
    /// The name error messages use.
    fn name(self) -> &'static str {
        match self {
            Codec::Utf8 => "utf-8",
            Codec::Ascii => "ascii",
            Codec::Latin1 => "latin-1",
            Codec::Utf16 => "utf-16",
            Codec::Utf16Le => "utf-16-le",
            Codec::Utf16Be => "utf-16-be",
            Codec::Utf32 => "utf-32",
            Codec::Utf32Le => "utf-32-le",
            Codec::Utf32Be => "utf-32-be",
        }
    }
}

/// CPython's `encodings.normalize_encoding` plus lowercasing: runs of
/// characters other than alphanumerics and `.` become one `_`.
fn normalize(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut pending = false;
    for c in name.chars() {
        if c.is_alphanumeric() || c == '.' {
            if pending && !out.is_empty() {
                out.push('_');
            }
            pending = false;
            out.extend(c.to_lowercase());
        } else {
            pending = true;
        }
    }
    out
}

/// Looks a codec up by any of its names.
///
/// # Errors
/// `LookupError: unknown encoding: NAME`.
pub fn lookup(name: &str) -> PyResult<Codec> {
    let n = normalize(name);
    Ok(match n.as_str() {
        "utf_8" | "utf8" | "u8" | "utf" | "utf8_ucs2" | "utf8_ucs4" | "cp65001" => Codec::Utf8,
        "ascii" | "646" | "us" | "us_ascii" | "cp367" | "ibm367" | "csascii" | "ansi_x3.4_1968"
        | "ansi_x3_4_1968" | "ansi_x3.4_1986" | "iso646_us" | "iso_646.irv_1991" | "iso_ir_6" => {
            Codec::Ascii
        }
        "latin_1" | "latin1" | "latin" | "l1" | "8859" | "cp819" | "csisolatin1" | "ibm819"
        | "iso8859" | "iso8859_1" | "iso_8859_1" | "iso_8859_1_1987" | "iso_ir_100" => {
            Codec::Latin1
        }
        "utf_16" | "utf16" | "u16" => Codec::Utf16,
        "utf_16_le" | "utf_16le" | "unicodelittleunmarked" => Codec::Utf16Le,
        "utf_16_be" | "utf_16be" | "unicodebigunmarked" => Codec::Utf16Be,
        "utf_32" | "utf32" | "u32" => Codec::Utf32,
        "utf_32_le" | "utf_32le" => Codec::Utf32Le,
        "utf_32_be" | "utf_32be" => Codec::Utf32Be,
        _ => {
            return Err(PyErr::new(
                ExcType::LookupError,
                format!("unknown encoding: {name}"),
            ))
        }
    })
}

fn unknown_handler(errors: &str) -> PyErr {
    PyErr::new(
        ExcType::LookupError,
        format!("unknown error handler name '{errors}'"),
    )
}

/// CPython's `UnicodeDecodeError` message for bytes `start..end` of `data`.
fn decode_error(codec: &str, data: &[u8], start: usize, end: usize, reason: &str) -> PyErr {
    let msg = if end == start + 1 {
        format!(
            "'{codec}' codec can't decode byte 0x{:02x} in position {start}: {reason}",
            data[start]
        )
    } else {
        format!(
            "'{codec}' codec can't decode bytes in position {start}-{}: {reason}",
            end - 1
        )
    };
    PyErr::new(ExcType::UnicodeDecodeError, msg)
}

/// Applies decode error handler `errors` to the bad bytes `start..end`,
/// appending the replacement to `out`.
fn on_decode_error(
    errors: &str,
    codec: &str,
    data: &[u8],
    (start, end): (usize, usize),
    reason: &str,
    out: &mut String,
) -> PyResult<()> {
    match errors {
        "strict" | "surrogatepass" => Err(decode_error(codec, data, start, end, reason)),
        "ignore" => Ok(()),
        "replace" => {
            out.push('\u{fffd}');
            Ok(())
        }
        "backslashreplace" => {
            for b in &data[start..end] {
                out.push_str(&format!("\\x{b:02x}"));
            }
            Ok(())
        }
        "surrogateescape" => Err(PyErr::new(
            ExcType::NotImplementedError,
            "the 'surrogateescape' error handler is not supported by this sandbox (strings cannot hold lone surrogates)",
        )),
        "xmlcharrefreplace" | "namereplace" => Err(PyErr::type_error(
            "don't know how to handle UnicodeDecodeError in error callback",
        )),
        other => Err(unknown_handler(other)),
    }
}

/// `bytes.decode(encoding, errors)`.
///
/// # Errors
/// `LookupError` for an unknown codec or handler, `UnicodeDecodeError`.
pub fn decode(data: &[u8], encoding: &str, errors: &str) -> PyResult<String> {
    match lookup(encoding)? {
        Codec::Utf8 => decode_utf8(data, errors),
        Codec::Ascii => decode_single(data, errors, "ascii", 0x80, "ordinal not in range(128)"),
        Codec::Latin1 => Ok(data.iter().map(|&b| b as char).collect()),
        Codec::Utf16 => match data {
            [0xff, 0xfe, ..] => decode_utf16(data, 2, false, errors),
            [0xfe, 0xff, ..] => decode_utf16(data, 2, true, errors),
            _ => decode_utf16(data, 0, false, errors),
        },
        Codec::Utf16Le => decode_utf16(data, 0, false, errors),
        Codec::Utf16Be => decode_utf16(data, 0, true, errors),
        Codec::Utf32 => match data {
            [0xff, 0xfe, 0, 0, ..] => decode_utf32(data, 4, false, errors),
            [0, 0, 0xfe, 0xff, ..] => decode_utf32(data, 4, true, errors),
            _ => decode_utf32(data, 0, false, errors),
        },
        Codec::Utf32Le => decode_utf32(data, 0, false, errors),
        Codec::Utf32Be => decode_utf32(data, 0, true, errors),
    }
}

/// UTF-8, reporting each maximal invalid subpart as CPython does.
pub fn decode_utf8(data: &[u8], errors: &str) -> PyResult<String> {
    let mut out = String::with_capacity(data.len());
    let mut pos = 0;
    while pos < data.len() {
        match std::str::from_utf8(&data[pos..]) {
            Ok(s) => {
                out.push_str(s);
                break;
            }
            Err(e) => {
                let good = e.valid_up_to();
                out.push_str(std::str::from_utf8(&data[pos..pos + good]).expect("valid prefix"));
                let start = pos + good;
                let (end, reason) = match e.error_len() {
                    None => (data.len(), "unexpected end of data"),
                    Some(n) => {
                        let lead = data[start];
                        let bad_start = n == 1 && !(0xc2..=0xf4).contains(&lead);
                        (
                            start + n,
                            if bad_start {
                                "invalid start byte"
                            } else {
                                "invalid continuation byte"
                            },
                        )
                    }
                };
                on_decode_error(errors, "utf-8", data, (start, end), reason, &mut out)?;
                pos = end;
            }
        }
    }
    Ok(out)
}

/// ASCII (`limit` 0x80): every byte below `limit` is its code point.
fn decode_single(
    data: &[u8],
    errors: &str,
    codec: &str,
    limit: u32,
    reason: &str,
) -> PyResult<String> {
    let mut out = String::with_capacity(data.len());
    for (i, &b) in data.iter().enumerate() {
        if (b as u32) < limit {
            out.push(b as char);
        } else {
            on_decode_error(errors, codec, data, (i, i + 1), reason, &mut out)?;
        }
    }
    Ok(out)
}

fn decode_utf16(data: &[u8], skip: usize, be: bool, errors: &str) -> PyResult<String> {
    let codec = if be { "utf-16-be" } else { "utf-16-le" };
    let unit = |i: usize| -> u16 {
        if be {
            u16::from_be_bytes([data[i], data[i + 1]])
        } else {
            u16::from_le_bytes([data[i], data[i + 1]])
        }
    };
    let mut out = String::with_capacity(data.len() / 2);
    let mut i = skip;
    while i < data.len() {
        if i + 1 >= data.len() {
            on_decode_error(
                errors,
                codec,
                data,
                (i, data.len()),
                "truncated data",
                &mut out,
            )?;
            break;
        }
        let u = unit(i);
        match u {
            0xd800..=0xdbff => {
                if i + 3 >= data.len() {
                    let r = "unexpected end of data";
                    on_decode_error(errors, codec, data, (i, data.len()), r, &mut out)?;
                    break;
                }
                let lo = unit(i + 2);
                if (0xdc00..=0xdfff).contains(&lo) {
                    let c = 0x10000 + (((u as u32) - 0xd800) << 10) + (lo as u32 - 0xdc00);
                    out.push(char::from_u32(c).expect("valid pair"));
                    i += 4;
                } else {
                    let r = "illegal UTF-16 surrogate";
                    on_decode_error(errors, codec, data, (i, i + 2), r, &mut out)?;
                    i += 2;
                }
            }
            0xdc00..=0xdfff => {
                on_decode_error(
                    errors,
                    codec,
                    data,
                    (i, i + 2),
                    "illegal encoding",
                    &mut out,
                )?;
                i += 2;
            }
            _ => {
                out.push(char::from_u32(u as u32).expect("not a surrogate"));
                i += 2;
            }
        }
    }
    Ok(out)
}

fn decode_utf32(data: &[u8], skip: usize, be: bool, errors: &str) -> PyResult<String> {
    let codec = if be { "utf-32-be" } else { "utf-32-le" };
    let mut out = String::with_capacity(data.len() / 4);
    let mut i = skip;
    while i < data.len() {
        if i + 4 > data.len() {
            on_decode_error(
                errors,
                codec,
                data,
                (i, data.len()),
                "truncated data",
                &mut out,
            )?;
            break;
        }
        let q = [data[i], data[i + 1], data[i + 2], data[i + 3]];
        let c = if be {
            u32::from_be_bytes(q)
        } else {
            u32::from_le_bytes(q)
        };
        match char::from_u32(c) {
            Some(ch) => out.push(ch),
            None => {
                let r = if c > 0x10ffff {
                    "code point not in range(0x110000)"
                } else {
                    "code point in surrogate code point range(0xd800, 0xe000)"
                };
                on_decode_error(errors, codec, data, (i, i + 4), r, &mut out)?;
            }
        }
        i += 4;
    }
    Ok(out)
}

/// How CPython writes one character in an encode error message.
fn char_escape(c: char) -> String {
    let n = c as u32;
    if n < 0x100 {
        format!("\\x{n:02x}")
    } else if n < 0x10000 {
        format!("\\u{n:04x}")
    } else {
        format!("\\U{n:08x}")
    }
}

/// `str.encode(encoding, errors)`.
///
/// # Errors
/// `LookupError` for an unknown codec or handler, `UnicodeEncodeError`.
pub fn encode(s: &str, encoding: &str, errors: &str) -> PyResult<Vec<u8>> {
    let codec = lookup(encoding)?;
    let units = |be: bool, bom: bool, wide: bool| -> Vec<u8> {
        let mut out = Vec::with_capacity(s.len() * if wide { 4 } else { 2 } + 4);
        let put16 = |out: &mut Vec<u8>, u: u16| {
            out.extend_from_slice(&if be { u.to_be_bytes() } else { u.to_le_bytes() })
        };
        if wide {
            if bom {
                out.extend_from_slice(&[0xff, 0xfe, 0, 0]);
            }
            for c in s.chars() {
                let n = c as u32;
                out.extend_from_slice(&if be { n.to_be_bytes() } else { n.to_le_bytes() });
            }
        } else {
            if bom {
                out.extend_from_slice(&[0xff, 0xfe]);
            }
            let mut buf = [0u16; 2];
            for c in s.chars() {
                for u in c.encode_utf16(&mut buf) {
                    put16(&mut out, *u);
                }
            }
        }
        out
    };
    match codec {
        Codec::Utf8 => Ok(s.as_bytes().to_vec()),
        Codec::Ascii => encode_limited(s, errors, codec, 0x80),
        Codec::Latin1 => encode_limited(s, errors, codec, 0x100),
        Codec::Utf16 => Ok(units(false, true, false)),
        Codec::Utf16Le => Ok(units(false, false, false)),
        Codec::Utf16Be => Ok(units(true, false, false)),
        Codec::Utf32 => Ok(units(false, true, true)),
        Codec::Utf32Le => Ok(units(false, false, true)),
        Codec::Utf32Be => Ok(units(true, false, true)),
    }
}

/// ASCII or Latin-1: characters below `limit` are one byte each.
fn encode_limited(s: &str, errors: &str, codec: Codec, limit: u32) -> PyResult<Vec<u8>> {
    let chars: Vec<char> = s.chars().collect();
    let mut out = Vec::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if (c as u32) < limit {
            out.push(c as u32 as u8);
            i += 1;
            continue;
        }
        let mut end = i + 1;
        while end < chars.len() && chars[end] as u32 >= limit {
            end += 1;
        }
        match errors {
            "strict" | "surrogateescape" | "surrogatepass" => {
                let reason = format!("ordinal not in range({limit})");
                let name = codec.name();
                let msg = if end == i + 1 {
                    format!(
                        "'{name}' codec can't encode character '{}' in position {i}: {reason}",
                        char_escape(c)
                    )
                } else {
                    format!(
                        "'{name}' codec can't encode characters in position {i}-{}: {reason}",
                        end - 1
                    )
                };
                return Err(PyErr::new(ExcType::UnicodeEncodeError, msg));
            }
            "ignore" => {}
            "replace" => out.extend(std::iter::repeat_n(b'?', end - i)),
            "backslashreplace" => {
                for &c in &chars[i..end] {
                    out.extend_from_slice(char_escape(c).as_bytes());
                }
            }
            "xmlcharrefreplace" => {
                for &c in &chars[i..end] {
                    out.extend_from_slice(format!("&#{};", c as u32).as_bytes());
                }
            }
            "namereplace" => {
                for &c in &chars[i..end] {
                    let text = match monty_text::unicode::names::name(c) {
                        Some(n) => format!("\\N{{{n}}}"),
                        None => char_escape(c),
                    };
                    out.extend_from_slice(text.as_bytes());
                }
            }
            other => return Err(unknown_handler(other)),
        }
        i = end;
    }
    Ok(out)
}
