//! `binascii`: hex (`hexlify`/`unhexlify`), base64 (`b2a_base64`/
//! `a2b_base64`, the decoder `base64` shares), CRC-32 and CRC-CCITT,
//! uuencode and quoted-printable, with CPython 3.14's messages and its
//! `binascii.Error`/`binascii.Incomplete` classes.

use num_integer::Integer;
use num_traits::ToPrimitive;

use super::ModuleDef;
use crate::object::bytes::{as_bytes, hex_value};
use crate::object::{ExcType, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};

/// `binascii.Error(msg)`.
pub fn error(msg: impl Into<String>) -> PyErr {
    PyErr::new(ExcType::BinasciiError, msg)
}

/// Input of the `a2b_*` functions: bytes-like or an ASCII str.
pub fn ascii_input(vm: &Vm, v: Value) -> PyResult<Vec<u8>> {
    bytes_or_ascii(vm, v, "bytes, buffer or ASCII string")
}

/// `v` as bytes when it is bytes-like or a str of ASCII characters (the
/// input of binascii's and base64's decoders); `expected` names the
/// accepted types in the `TypeError`, which the two modules word differently.
pub fn bytes_or_ascii(vm: &Vm, v: Value, expected: &str) -> PyResult<Vec<u8>> {
    if let Some(b) = as_bytes(&vm.heap, v) {
        return Ok(b.to_vec());
    }
    if let Some(s) = as_str(&vm.heap, v) {
        if !s.is_ascii() {
            return Err(PyErr::value_error(
                "string argument should contain only ASCII characters",
            ));
        }
        return Ok(s.as_bytes().to_vec());
    }
    Err(PyErr::type_error(format!(
        "argument should be {expected}, not '{}'",
        vm.class_name(v)
    )))
}

pub const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Standard base64 with `=` padding.
pub fn b64_encode(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len().div_ceil(3) * 4 + 1);
    for chunk in data.chunks(3) {
        let n = chunk.len();
        let acc = (chunk[0] as u32) << 16
            | (chunk.get(1).copied().unwrap_or(0) as u32) << 8
            | chunk.get(2).copied().unwrap_or(0) as u32;
        for i in 0..4 {
            out.push(if i <= n {
                B64[(acc >> (18 - 6 * i)) as usize & 63]
            } else {
                b'='
            });
        }
    }
    out
}

fn b64_value(c: u8) -> Option<u8> {
    match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

/// CPython's base64 decoder: non-alphabet bytes are skipped (or rejected in
/// `strict` mode); `=` padding may close a quad without ending the scan.
pub fn b64_decode(data: &[u8], strict: bool) -> PyResult<Vec<u8>> {
    let mut out = Vec::with_capacity(data.len() / 4 * 3);
    let (mut quad, mut left, mut pads) = (0u8, 0u32, 0usize);
    let mut padding_started = false;
    for (i, &c) in data.iter().enumerate() {
        if c == b'=' {
            padding_started = true;
            if strict && quad == 0 {
                return Err(error(if i == 0 {
                    "Leading padding not allowed"
                } else {
                    "Excess padding not allowed"
                }));
            }
            if quad >= 2 {
                pads += 1;
                if quad as usize + pads >= 4 && strict {
                    if i + 1 < data.len() {
                        return Err(error("Excess data after padding"));
                    }
                    return Ok(out);
                }
            }
            continue;
        }
        let Some(v) = b64_value(c) else {
            if strict {
                return Err(error("Only base64 data is allowed"));
            }
            continue;
        };
        if strict && padding_started {
            return Err(error("Discontinuous padding not allowed"));
        }
        pads = 0;
        let v = v as u32;
        match quad {
            0 => {
                left = v;
                quad = 1;
            }
            1 => {
                out.push(((left << 2) | (v >> 4)) as u8);
                left = v & 0x0f;
                quad = 2;
            }
            2 => {
                out.push(((left << 4) | (v >> 2)) as u8);
                left = v & 0x03;
                quad = 3;
            }
            _ => {
                out.push(((left << 6) | v) as u8);
                left = 0;
                quad = 0;
            }
        }
    }
    if quad != 0 && !(quad >= 2 && quad as usize + pads >= 4) {
        if quad == 1 {
            return Err(error(format!(
                "Invalid base64-encoded string: number of data characters ({}) cannot be 1 more than a multiple of 4",
                out.len() / 3 * 4 + 1
            )));
        }
        return Err(error("Incorrect padding"));
    }
    Ok(out)
}

/// Hex digits to bytes (either case).
pub fn unhex(data: &[u8]) -> PyResult<Vec<u8>> {
    if !data.len().is_multiple_of(2) {
        return Err(error("Odd-length string"));
    }
    data.chunks(2)
        .map(|p| match (hex_value(p[0]), hex_value(p[1])) {
            (Some(h), Some(l)) => Ok(h << 4 | l),
            _ => Err(error("Non-hexadecimal digit found")),
        })
        .collect()
}

/// The data argument of the `b2a_*` functions: bytes-like only.
fn data_arg(vm: &Vm, v: Value) -> PyResult<Vec<u8>> {
    vm.bytes_arg(v)
}

/// The separator of `hexlify`: one byte, or one character below U+0100.
fn hexlify_sep(vm: &Vm, v: Value) -> PyResult<u8> {
    if let Some(s) = as_str(&vm.heap, v) {
        let mut cs = s.chars();
        return match (cs.next(), cs.next()) {
            (Some(c), None) if (c as u32) < 0x100 => Ok(c as u32 as u8),
            (Some(_), None) => Err(PyErr::value_error("sep must be ASCII.")),
            _ => Err(PyErr::value_error("sep must be length 1.")),
        };
    }
    crate::builtins::methods::bytes_sep(vm, v)
}

native! {
    /// `hexlify(data, sep=<none>, bytes_per_sep=1)`, also `b2a_hex`.
    clinic fn hexlify(vm, data, sep?, bytes_per_sep?) {
        let data = data_arg(vm, data)?;
        let sep = sep.map(|v| hexlify_sep(vm, v)).transpose()?;
        let per = match bytes_per_sep {
            Some(v) => vm.index_arg(v)?,
            None => 1,
        };
        let out = crate::object::bytes::hex(&data, sep, per);
        Ok(vm.new_bytes(out))
    }
}

native! {
    /// `unhexlify(hexstr, /)`, also `a2b_hex`.
    builtin fn unhexlify in "binascii" (vm, hexstr, /) {
        let data = ascii_input(vm, hexstr)?;
        let out = unhex(&data)?;
        Ok(vm.new_bytes(out))
    }
}

native! {
    /// `b2a_base64(data, /, *, newline=True)`.
    clinic fn b2a_base64(vm, data, /, *, newline?) {
        let data = data_arg(vm, data)?;
        let newline = match newline {
            Some(v) => vm.truthy(v)?,
            None => true,
        };
        let mut out = b64_encode(&data);
        if newline {
            out.push(b'\n');
        }
        Ok(vm.new_bytes(out))
    }
}

native! {
    /// `a2b_base64(data, /, *, strict_mode=False)`.
    clinic fn a2b_base64(vm, data, /, *, strict_mode?) {
        let data = ascii_input(vm, data)?;
        let strict = match strict_mode {
            Some(v) => vm.truthy(v)?,
            None => false,
        };
        let out = b64_decode(&data, strict)?;
        Ok(vm.new_bytes(out))
    }
}

/// A CRC seed: any int, taken modulo 2**32.
fn crc_seed(vm: &Vm, v: Value) -> PyResult<u32> {
    let n = vm.bigint_arg(v)?;
    Ok(n.mod_floor(&(num_bigint::BigInt::from(1u64) << 32))
        .to_u32()
        .unwrap_or(0))
}

/// CRC-32 (ISO-HDLC, as zlib), resumable from `crc`.
pub fn crc32_update(crc: u32, data: &[u8]) -> u32 {
    let mut c = !crc;
    for &b in data {
        c ^= b as u32;
        for _ in 0..8 {
            c = if c & 1 != 0 {
                (c >> 1) ^ 0xedb8_8320
            } else {
                c >> 1
            };
        }
    }
    !c
}

native! {
    /// `crc32(data, crc=0, /)`.
    builtin fn crc32 in "binascii" (vm, data, crc?, /) {
        let data = data_arg(vm, data)?;
        let seed = match crc {
            Some(v) => crc_seed(vm, v)?,
            None => 0,
        };
        Ok(Value::Int(crc32_update(seed, &data) as i64))
    }

    /// `crc_hqx(data, crc, /)`.
    builtin fn crc_hqx in "binascii" (vm, data, crc, /) {
        crc_hqx_of(vm, data, crc)
    }
}

fn crc_hqx_of(vm: &mut Vm, data: Value, crc: Value) -> PyResult<Value> {
    let data = data_arg(vm, data)?;
    let mut crc = (crc_seed(vm, crc)? & 0xffff) as u16;
    for &b in &data {
        crc ^= (b as u16) << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
        }
    }
    Ok(Value::Int(crc as i64))
}

native! {
    /// `b2a_uu(data, /, *, backtick=False)`.
    clinic fn b2a_uu(vm, data, /, *, backtick?) {
        let data = data_arg(vm, data)?;
        let backtick = match backtick {
            Some(v) => vm.truthy(v)?,
            None => false,
        };
        if data.len() > 45 {
            return Err(error("At most 45 bytes at once"));
        }
        let ch = |v: u8| if backtick && v == 0 { b'`' } else { v + b' ' };
        let mut out = vec![ch(data.len() as u8)];
        for chunk in data.chunks(3) {
            let acc = (chunk[0] as u32) << 16
                | (chunk.get(1).copied().unwrap_or(0) as u32) << 8
                | chunk.get(2).copied().unwrap_or(0) as u32;
            for i in 0..4 {
                out.push(ch(((acc >> (18 - 6 * i)) & 0x3f) as u8));
            }
        }
        out.push(b'\n');
        Ok(vm.new_bytes(out))
    }
}

native! {
    /// `a2b_uu(data, /)`.
    builtin fn a2b_uu in "binascii" (vm, data, /) {
        a2b_uu_of(vm, data)
    }
}

fn a2b_uu_of(vm: &mut Vm, data: Value) -> PyResult<Value> {
    let data = ascii_input(vm, data)?;
    let Some((&first, rest)) = data.split_first() else {
        return Err(error("Missing length byte"));
    };
    let mut want = (first.wrapping_sub(b' ') & 0x3f) as usize;
    let mut out = Vec::with_capacity(want);
    let (mut left, mut bits) = (0u32, 0u32);
    let mut i = 0;
    while want > 0 {
        let c = rest.get(i).copied();
        let v = match c {
            None | Some(b'\n' | b'\r') => 0,
            Some(c) if !(b' '..=b' ' + 64).contains(&c) => return Err(error("Illegal char")),
            Some(c) => ((c - b' ') & 0x3f) as u32,
        };
        left = (left << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((left >> bits) as u8);
            left &= (1 << bits) - 1;
            want -= 1;
        }
        i += 1;
    }
    for &c in rest.iter().skip(i) {
        if !matches!(c, b' ' | b'`' | b'\n' | b'\r') {
            return Err(error("Trailing garbage"));
        }
    }
    Ok(vm.new_bytes(out))
}

const QP_MAX_LINE: usize = 76;

/// Quoted-printable encoding, as CPython's `binascii.b2a_qp`.
fn qp_encode(data: &[u8], quotetabs: bool, istext: bool, header: bool) -> Vec<u8> {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let nl = data.iter().position(|&c| c == b'\n');
    let crlf = matches!(nl, Some(p) if p > 0 && data[p - 1] == b'\r');
    let soft_break = |out: &mut Vec<u8>| {
        out.push(b'=');
        if crlf {
            out.push(b'\r');
        }
        out.push(b'\n');
    };
    let n = data.len();
    let mut out = Vec::with_capacity(n * 3);
    let (mut i, mut linelen) = (0, 0);
    while i < n {
        let c = data[i];
        let last = i + 1 == n;
        let quote = c > 126
            || c == b'='
            || (header && c == b'_')
            || (c == b'.' && linelen == 0 && (last || matches!(data[i + 1], b'\n' | b'\r' | 0)))
            || (!istext && (c == b'\r' || c == b'\n'))
            || ((c == b'\t' || c == b' ') && last)
            || (c < 33 && c != b'\r' && c != b'\n' && (quotetabs || (c != b'\t' && c != b' ')));
        if quote {
            if linelen + 3 >= QP_MAX_LINE {
                soft_break(&mut out);
                linelen = 0;
            }
            out.extend_from_slice(&[b'=', HEX[(c >> 4) as usize], HEX[(c & 15) as usize]]);
            i += 1;
            linelen += 3;
        } else if istext && (c == b'\n' || (c == b'\r' && i + 1 < n && data[i + 1] == b'\n')) {
            linelen = 0;
            if let Some(&w @ (b' ' | b'\t')) = out.last() {
                out.pop();
                out.extend_from_slice(&[b'=', HEX[(w >> 4) as usize], HEX[(w & 15) as usize]]);
            }
            if crlf {
                out.push(b'\r');
            }
            out.push(b'\n');
            i += if c == b'\r' { 2 } else { 1 };
        } else {
            if !last && data[i + 1] != b'\n' && linelen + 1 >= QP_MAX_LINE {
                soft_break(&mut out);
                linelen = 0;
            }
            linelen += 1;
            out.push(if header && c == b' ' { b'_' } else { c });
            i += 1;
        }
    }
    out
}

native! {
    /// `b2a_qp(data, quotetabs=False, istext=True, header=False)`.
    clinic fn b2a_qp(vm, data, quotetabs?, istext?, header?) {
        let data = data_arg(vm, data)?;
        let mut flags = [false, true, false];
        for (f, v) in flags.iter_mut().zip([quotetabs, istext, header]) {
            if let Some(v) = v {
                *f = vm.truthy(v)?;
            }
        }
        let out = qp_encode(&data, flags[0], flags[1], flags[2]);
        Ok(vm.new_bytes(out))
    }

    /// `a2b_qp(data, header=False)`.
    clinic fn a2b_qp(vm, data, header?) {
        a2b_qp_of(vm, data, header)
    }
}

fn a2b_qp_of(vm: &mut Vm, data: Value, header: Option<Value>) -> PyResult<Value> {
    let data = ascii_input(vm, data)?;
    let header = match header {
        Some(v) => vm.truthy(v)?,
        None => false,
    };
    let n = data.len();
    let mut out = Vec::with_capacity(n);
    let mut i = 0;
    while i < n {
        let c = data[i];
        if c == b'=' {
            i += 1;
            if i >= n {
                break;
            }
            match data[i] {
                b'\n' | b'\r' => {
                    while i < n && data[i] != b'\n' {
                        i += 1;
                    }
                    if i < n {
                        i += 1;
                    }
                }
                b'=' => {
                    out.push(b'=');
                    i += 1;
                }
                h => match (hex_value(h), data.get(i + 1).and_then(|&l| hex_value(l))) {
                    (Some(h), Some(l)) => {
                        out.push(h << 4 | l);
                        i += 2;
                    }
                    _ => out.push(b'='),
                },
            }
        } else if header && c == b'_' {
            out.push(b' ');
            i += 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    Ok(vm.new_bytes(out))
}

fn init(_: &mut Vm, out: &mut Vec<(String, Value)>) {
    out.push(("Error".into(), Value::ExcType(ExcType::BinasciiError)));
    out.push((
        "Incomplete".into(),
        Value::ExcType(ExcType::BinasciiIncomplete),
    ));
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "binascii",
    funcs: natives_table![
        hexlify,
        b2a_hex = hexlify,
        unhexlify,
        a2b_hex = unhexlify,
        b2a_base64,
        a2b_base64,
        crc32,
        crc_hqx,
        b2a_uu,
        a2b_uu,
        b2a_qp,
        a2b_qp,
    ],
    init,
};
