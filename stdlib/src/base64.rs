//! `base64`: RFC 4648 base64 (standard, URL-safe, custom `altchars`),
//! base32 (and its extended-hex alphabet), base16, and the base85 family
//! (`b85`, `z85`, Ascii85 with Adobe framing) in `base85.rs`, plus
//! `encodebytes`/`decodebytes`. Argument handling and messages follow
//! CPython 3.14's `base64.py`; the base64 codec is `binascii`'s.

use super::binascii::{b64_decode, b64_encode, error};
use super::ModuleDef;
use crate::object::bytes::as_bytes;
use crate::object::{ExcType, Value};
use crate::vm::{PyErr, PyResult, Vm};

/// `_bytes_from_decode_data`: bytes-like, or a str of ASCII characters.
pub fn decode_data(vm: &Vm, v: Value) -> PyResult<Vec<u8>> {
    super::binascii::bytes_or_ascii(vm, v, "a bytes-like object or ASCII string")
}

/// `memoryview(s).tobytes()`.
pub fn memoryview(vm: &Vm, v: Value) -> PyResult<Vec<u8>> {
    as_bytes(&vm.heap, v).map(<[u8]>::to_vec).ok_or_else(|| {
        PyErr::type_error(format!(
            "memoryview: a bytes-like object is required, not '{}'",
            vm.class_name(v)
        ))
    })
}

/// `assert len(x) == n, repr(x)`.
fn assert_len(vm: &mut Vm, x: Value, n: usize) -> PyResult<()> {
    if vm.len_of(x)? != n {
        let r = vm.repr(x)?;
        return Err(PyErr::new(ExcType::AssertionError, r));
    }
    Ok(())
}

fn translate(data: &mut [u8], from: &[u8], to: &[u8]) {
    for c in data.iter_mut() {
        if let Some(i) = from.iter().position(|f| f == c) {
            *c = to[i];
        }
    }
}

native! {
    /// `base64.b64encode(s, altchars=None)`.
    def fn b64encode(vm, s, altchars?) {
        let mut out = b64_encode(&vm.bytes_arg(s)?);
        if let Some(alt) = altchars.filter(|v| !v.is_none()) {
            assert_len(vm, alt, 2)?;
            let alt = vm.bytes_arg(alt)?;
            translate(&mut out, b"+/", &alt);
        }
        Ok(vm.new_bytes(out))
    }
}

native! {
    /// `base64.b64decode(s, altchars=None, validate=False)`.
    def fn b64decode(vm, s, altchars?, validate?) {
        let mut data = decode_data(vm, s)?;
        if let Some(alt) = altchars.filter(|v| !v.is_none()) {
            let alt = decode_data(vm, alt)?;
            if alt.len() != 2 {
                let r = crate::object::bytes::repr(&alt);
                return Err(PyErr::new(ExcType::AssertionError, r));
            }
            translate(&mut data, &alt, b"+/");
        }
        let strict = match validate {
            Some(v) => vm.truthy(v)?,
            None => false,
        };
        let out = b64_decode(&data, strict)?;
        Ok(vm.new_bytes(out))
    }
}

native! {
    /// `base64.urlsafe_b64encode(s)`.
    def fn urlsafe_b64encode(vm, s) {
        let mut out = b64_encode(&vm.bytes_arg(s)?);
        translate(&mut out, b"+/", b"-_");
        Ok(vm.new_bytes(out))
    }
}

native! {
    /// `base64.urlsafe_b64decode(s)`.
    def fn urlsafe_b64decode(vm, s) {
        let mut data = decode_data(vm, s)?;
        translate(&mut data, b"-_", b"+/");
        let out = b64_decode(&data, false)?;
        Ok(vm.new_bytes(out))
    }
}

const B32: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const B32HEX: &[u8; 32] = b"0123456789ABCDEFGHIJKLMNOPQRSTUV";

fn b32_encode(alphabet: &[u8; 32], data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len().div_ceil(5) * 8);
    for chunk in data.chunks(5) {
        let mut q = [0u8; 8];
        q[3..3 + chunk.len()].copy_from_slice(chunk);
        let acc = u64::from_be_bytes(q);
        for i in 0..8 {
            out.push(alphabet[((acc >> (35 - 5 * i)) & 31) as usize]);
        }
        let keep = match chunk.len() {
            1 => 2,
            2 => 4,
            3 => 5,
            4 => 7,
            _ => 8,
        };
        let n = out.len();
        out[n - 8 + keep..].fill(b'=');
    }
    out
}

fn b32_decode(
    vm: &mut Vm,
    alphabet: &[u8; 32],
    s: Value,
    casefold: Option<Value>,
    map01: Option<Value>,
) -> PyResult<Value> {
    let mut data = decode_data(vm, s)?;
    if data.len() % 8 != 0 {
        return Err(error("Incorrect padding"));
    }
    if let Some(m) = map01.filter(|v| !v.is_none()) {
        let m = decode_data(vm, m)?;
        if m.len() != 1 {
            let r = crate::object::bytes::repr(&m);
            return Err(PyErr::new(ExcType::AssertionError, r));
        }
        translate(&mut data, b"01", &[b'O', m[0]]);
    }
    if let Some(c) = casefold {
        if vm.truthy(c)? {
            data.make_ascii_uppercase();
        }
    }
    let l = data.len();
    while data.last() == Some(&b'=') {
        data.pop();
    }
    let padchars = l - data.len();
    let mut out = Vec::with_capacity(l / 8 * 5);
    let mut acc: u64 = 0;
    for quanta in data.chunks(8) {
        acc = 0;
        for &c in quanta {
            let Some(v) = alphabet.iter().position(|a| *a == c) else {
                return Err(error("Non-base32 digit found"));
            };
            acc = (acc << 5) + v as u64;
        }
        out.extend_from_slice(&acc.to_be_bytes()[3..]);
    }
    if !matches!(padchars, 0 | 1 | 3 | 4 | 6) {
        return Err(error("Incorrect padding"));
    }
    if padchars > 0 && !out.is_empty() {
        acc <<= 5 * padchars;
        let last = acc.to_be_bytes();
        let leftover = (43 - 5 * padchars) / 8;
        let n = out.len();
        out.truncate(n - 5);
        out.extend_from_slice(&last[3..3 + leftover]);
    }
    Ok(vm.new_bytes(out))
}

native! {
    /// `base64.b32encode(s)`.
    def fn b32encode(vm, s) {
        let data = memoryview(vm, s)?;
        let out = b32_encode(B32, &data);
        Ok(vm.new_bytes(out))
    }

    /// `base64.b32hexencode(s)`.
    def fn b32hexencode(vm, s) {
        let data = memoryview(vm, s)?;
        let out = b32_encode(B32HEX, &data);
        Ok(vm.new_bytes(out))
    }
}

native! {
    /// `base64.b32decode(s, casefold=False, map01=None)`.
    def fn b32decode(vm, s, casefold?, map01?) {
        b32_decode(vm, B32, s, casefold, map01)
    }
}

native! {
    /// `base64.b32hexdecode(s, casefold=False)`.
    def fn b32hexdecode(vm, s, casefold?) {
        b32_decode(vm, B32HEX, s, casefold, None)
    }
}

native! {
    /// `base64.b16encode(s)`.
    def fn b16encode(vm, s) {
        let data = vm.bytes_arg(s)?;
        let mut out = crate::object::bytes::hex(&data, None, 1);
        out.make_ascii_uppercase();
        Ok(vm.new_bytes(out))
    }
}

native! {
    /// `base64.b16decode(s, casefold=False)`.
    def fn b16decode(vm, s, casefold?) {
        let mut data = decode_data(vm, s)?;
        if let Some(c) = casefold {
            if vm.truthy(c)? {
                data.make_ascii_uppercase();
            }
        }
        if data.iter().any(|c| !matches!(c, b'0'..=b'9' | b'A'..=b'F')) {
            return Err(error("Non-base16 digit found"));
        }
        let out = super::binascii::unhex(&data)?;
        Ok(vm.new_bytes(out))
    }
}

/// `_input_type_check`: a bytes-like object.
fn input_check(vm: &Vm, v: Value) -> PyResult<Vec<u8>> {
    as_bytes(&vm.heap, v).map(<[u8]>::to_vec).ok_or_else(|| {
        PyErr::type_error(format!(
            "expected bytes-like object, not {}",
            vm.class_name(v)
        ))
    })
}

native! {
    /// `base64.encodebytes(s)`.
    def fn encodebytes(vm, s) {
        let data = input_check(vm, s)?;
        let mut out = Vec::with_capacity(data.len() / 57 * 77 + 4);
        for chunk in data.chunks(57) {
            out.extend_from_slice(&b64_encode(chunk));
            out.push(b'\n');
        }
        Ok(vm.new_bytes(out))
    }
}

native! {
    /// `base64.decodebytes(s)`.
    def fn decodebytes(vm, s) {
        let data = input_check(vm, s)?;
        let out = b64_decode(&data, false)?;
        Ok(vm.new_bytes(out))
    }
}

fn init(_: &mut Vm, out: &mut Vec<(String, Value)>) {
    out.push(("MAXLINESIZE".into(), Value::Int(76)));
    out.push(("MAXBINSIZE".into(), Value::Int(57)));
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "base64",
    funcs: natives_table![
        b64encode,
        b64decode,
        standard_b64encode = b64encode,
        standard_b64decode = b64decode,
        urlsafe_b64encode,
        urlsafe_b64decode,
        b32encode,
        b32decode,
        b32hexencode,
        b32hexdecode,
        b16encode,
        b16decode,
        b85encode = super::base85::b85encode,
        b85decode = super::base85::b85decode,
        z85encode = super::base85::z85encode,
        z85decode = super::base85::z85decode,
        a85encode = super::base85::a85encode,
        a85decode = super::base85::a85decode,
        encodebytes,
        decodebytes,
    ],
    init,
};
