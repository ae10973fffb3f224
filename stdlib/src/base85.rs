//! The base85 family of `base64`: `b85encode`/`b85decode` (git's
//! alphabet), `z85encode`/`z85decode` (ZeroMQ's), and
//! `a85encode`/`a85decode` (Ascii85, with `z`/`y` short forms, line
//! wrapping and Adobe's `<~ ~>` framing), as CPython's `base64.py`.

use super::base64::{decode_data, memoryview};
use crate::object::bytes::as_bytes;
use crate::object::{Obj, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};
use monty_compile::bytecode::CmpOp;

const B85: &[u8; 85] =
    b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~";
const Z85: &[u8; 85] =
    b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#";

/// `_85encode`: big-endian words to five digits each (`chars[0]` is 0),
/// with the `z`/`y` short forms when asked; a short last word is
/// zero-padded and its extra digits dropped unless `pad`.
fn encode85(data: &[u8], chars: &[u8], pad: bool, foldnuls: bool, foldspaces: bool) -> Vec<u8> {
    let padding = (4 - data.len() % 4) % 4;
    let mut b = data.to_vec();
    b.resize(data.len() + padding, 0);
    let mut out = Vec::with_capacity(b.len() / 4 * 5);
    let mut last_start = 0;
    for w in b.chunks(4) {
        let word = u32::from_be_bytes([w[0], w[1], w[2], w[3]]);
        last_start = out.len();
        if foldnuls && word == 0 {
            out.push(b'z');
        } else if foldspaces && word == 0x2020_2020 {
            out.push(b'y');
        } else {
            let mut digits = [0u8; 5];
            let mut n = word;
            for d in digits.iter_mut().rev() {
                *d = chars[(n % 85) as usize];
                n /= 85;
            }
            out.extend_from_slice(&digits);
        }
    }
    if padding > 0 && !pad {
        if out[last_start..] == *b"z" {
            out.truncate(last_start);
            out.extend(std::iter::repeat_n(chars[0], 5));
        }
        out.truncate(out.len() - padding);
    }
    out
}

/// Decodes five-digit groups over `alphabet`, padding a short last group
/// with the highest digit; `what` names the codec in errors.
fn decode85(data: &[u8], alphabet: &[u8; 85], what: &str) -> PyResult<Vec<u8>> {
    let padding = (5 - data.len() % 5) % 5;
    let mut b = data.to_vec();
    b.extend(std::iter::repeat_n(alphabet[84], padding));
    let mut out = Vec::with_capacity(b.len() / 5 * 4);
    for (k, chunk) in b.chunks(5).enumerate() {
        let mut acc: u64 = 0;
        for (j, c) in chunk.iter().enumerate() {
            let Some(v) = alphabet.iter().position(|a| a == c) else {
                return Err(PyErr::value_error(format!(
                    "bad {what} character at position {}",
                    k * 5 + j
                )));
            };
            acc = acc * 85 + v as u64;
        }
        let word = u32::try_from(acc).map_err(|_| {
            PyErr::value_error(format!(
                "{what} overflow in hunk starting at byte {}",
                k * 5
            ))
        })?;
        out.extend_from_slice(&word.to_be_bytes());
    }
    out.truncate(out.len() - padding);
    Ok(out)
}

native! {
    /// `base64.b85encode(b, pad=False)`.
    pub(super) def fn b85encode(vm, b, pad?) {
        let data = memoryview(vm, b)?;
        let pad = match pad {
            Some(v) => vm.truthy(v)?,
            None => false,
        };
        let out = encode85(&data, B85, pad, false, false);
        Ok(vm.new_bytes(out))
    }
}

native! {
    /// `base64.b85decode(b)`.
    pub(super) def fn b85decode(vm, b) {
        let data = decode_data(vm, b)?;
        let out = decode85(&data, B85, "base85")?;
        Ok(vm.new_bytes(out))
    }
}

native! {
    /// `base64.z85encode(s)`.
    pub(super) def fn z85encode(vm, s) {
        let data = memoryview(vm, s)?;
        let out = encode85(&data, Z85, false, false, false);
        Ok(vm.new_bytes(out))
    }
}

native! {
    /// `base64.z85decode(s)`.
    pub(super) def fn z85decode(vm, s) {
        let data = decode_data(vm, s)?;
        let out = decode85(&data, Z85, "z85")?;
        Ok(vm.new_bytes(out))
    }
}

/// Ascii85 digits: `!` (0) through `u` (84).
fn a85_chars() -> Vec<u8> {
    (b'!'..=b'u').collect()
}

native! {
    /// `base64.a85encode(b, *, foldspaces=False, wrapcol=0, pad=False, adobe=False)`.
    pub(super) def fn a85encode(vm, b, *, foldspaces?, wrapcol?, pad?, adobe?) {
        let data = memoryview(vm, b)?;
        let mut flag = |v: Option<Value>| -> PyResult<bool> {
            match v {
                Some(v) => vm.truthy(v),
                None => Ok(false),
            }
        };
        let foldspaces = flag(foldspaces)?;
        let pad = flag(pad)?;
        let adobe = flag(adobe)?;
        let mut result = encode85(&data, &a85_chars(), pad, true, foldspaces);
        if adobe {
            result.splice(0..0, *b"<~");
        }
        if let Some(w) = wrapcol {
            if vm.truthy(w)? {
                let floor = Value::Int(if adobe { 2 } else { 1 });
                let bigger = vm.compare_op(CmpOp::Gt, w, floor)?;
                let w = if vm.truthy(bigger)? { w } else { floor };
                let width = vm.index_arg(w)?.max(1) as usize;
                let mut chunks: Vec<&[u8]> = result.chunks(width).collect();
                if chunks.is_empty() {
                    chunks.push(&[]);
                }
                if adobe && chunks.last().map_or(0, |c| c.len()) + 2 > width {
                    chunks.push(&[]);
                }
                result = chunks.join(&b'\n');
            }
        }
        if adobe {
            result.extend_from_slice(b"~>");
        }
        Ok(vm.new_bytes(result))
    }
}

/// Whether `ignorechars` holds byte `x` (`x in ignorechars`).
fn ignored(vm: &mut Vm, ignore: Option<Value>, x: u8) -> PyResult<bool> {
    let Some(v) = ignore else {
        return Ok(matches!(x, b' ' | b'\t' | b'\n' | b'\r' | 0x0b));
    };
    if let Some(b) = as_bytes(&vm.heap, v) {
        return Ok(b.contains(&x));
    }
    if as_str(&vm.heap, v).is_some() {
        return Err(PyErr::type_error(
            "'in <string>' requires string as left operand, not int",
        ));
    }
    let container = matches!(v, Value::Ref(id) if !matches!(vm.heap.get(id), Obj::BigInt(_)));
    if !container {
        return Err(PyErr::type_error(format!(
            "argument of type '{}' is not a container or iterable",
            vm.class_name(v)
        )));
    }
    vm.contains(v, Value::Int(x as i64))
}

native! {
    /// `base64.a85decode(b, *, foldspaces=False, adobe=False, ignorechars=...)`.
    pub(super) def fn a85decode(vm, b, *, foldspaces?, adobe?, ignorechars?) {
        let mut data = decode_data(vm, b)?;
        let foldspaces = match foldspaces {
            Some(v) => vm.truthy(v)?,
            None => false,
        };
        let adobe = match adobe {
            Some(v) => vm.truthy(v)?,
            None => false,
        };
        if adobe {
            if !data.ends_with(b"~>") {
                return Err(PyErr::value_error(
                    "Ascii85 encoded byte sequences must end with b'~>'",
                ));
            }
            data.truncate(data.len() - 2);
            if data.starts_with(b"<~") {
                data.drain(..2);
            }
        }
        data.extend_from_slice(b"uuuu");
        let mut out = Vec::with_capacity(data.len() / 5 * 4);
        let mut curr: Vec<u8> = Vec::with_capacity(5);
        for &x in &data {
            if (b'!'..=b'u').contains(&x) {
                curr.push(x);
                if curr.len() == 5 {
                    let acc = curr
                        .iter()
                        .fold(0u64, |acc, c| acc * 85 + (c - b'!') as u64);
                    let word =
                        u32::try_from(acc).map_err(|_| PyErr::value_error("Ascii85 overflow"))?;
                    out.extend_from_slice(&word.to_be_bytes());
                    curr.clear();
                }
            } else if x == b'z' {
                if !curr.is_empty() {
                    return Err(PyErr::value_error("z inside Ascii85 5-tuple"));
                }
                out.extend_from_slice(&[0; 4]);
            } else if foldspaces && x == b'y' {
                if !curr.is_empty() {
                    return Err(PyErr::value_error("y inside Ascii85 5-tuple"));
                }
                out.extend_from_slice(b"    ");
            } else if ignored(vm, ignorechars, x)? {
                continue;
            } else {
                return Err(PyErr::value_error(format!(
                    "Non-Ascii85 digit found: {}",
                    x as char
                )));
            }
        }
        let padding = 4 - curr.len();
        out.truncate(out.len().saturating_sub(padding));
        Ok(vm.new_bytes(out))
    }
}
