//! `struct`'s format strings and the conversion of values to and from
//! bytes: [`Layout::parse`] (byte order, sizes and native alignment of an
//! x86-64 CPython: `@` aligns and has 8-byte `l`/`n`/`P`, `=`, `<`, `>`
//! and `!` have the standard sizes), [`pack`] and [`unpack`]. The module's
//! functions and the `Struct` type are in [`super::struct_module`].

use crate::object::{Obj, Value};
use crate::vm::ops::Num;
use crate::vm::{PyErr, PyResult, Vm};
use num_bigint::BigInt;
use num_traits::ToPrimitive;

/// One format code with its repeat count and where it starts.
#[derive(Clone, Debug)]
pub struct Item {
    pub code: char,
    pub count: usize,
    /// The size of one item (for `s` and `p`: of one byte).
    pub size: usize,
    pub offset: usize,
}

/// A parsed format.
#[derive(Clone, Debug)]
pub struct Layout {
    pub items: Vec<Item>,
    pub size: usize,
    /// `@`: native sizes, alignment and C casts.
    pub native: bool,
    pub little: bool,
    /// How many values `pack` takes.
    pub nargs: usize,
}

/// A `struct.error` message, raised by the caller.
pub type FmtError = String;

/// The size of a code (`None`: not a code of this mode).
fn code_size(c: char, native: bool) -> Option<usize> {
    Some(match c {
        'x' | 'c' | 'b' | 'B' | '?' | 's' | 'p' => 1,
        'h' | 'H' | 'e' => 2,
        'i' | 'I' | 'f' => 4,
        'l' | 'L' if native => 8,
        'l' | 'L' => 4,
        'q' | 'Q' | 'd' => 8,
        'n' | 'N' | 'P' if native => 8,
        _ => return None,
    })
}

impl Layout {
    /// Parses a format string, as CPython's `prepare_s`.
    pub fn parse(fmt: &str) -> Result<Layout, FmtError> {
        const TOO_LONG: &str = "total struct size too long";
        let mut chars = fmt.chars().peekable();
        let (native, little) = match chars.peek() {
            Some('@') => (true, true),
            Some('=') | Some('<') => (false, true),
            Some('>') | Some('!') => (false, false),
            _ => (true, true),
        };
        if matches!(chars.peek(), Some('@' | '=' | '<' | '>' | '!')) {
            chars.next();
        }
        let mut items = Vec::new();
        let (mut size, mut nargs) = (0usize, 0usize);
        let max = isize::MAX as usize;
        while let Some(mut c) = chars.next() {
            if c.is_ascii_whitespace() {
                continue;
            }
            let mut count = 1usize;
            if let Some(d) = c.to_digit(10) {
                let mut n = d as usize;
                loop {
                    match chars.next() {
                        Some(x) if x.is_ascii_digit() => {
                            let d = x.to_digit(10).unwrap_or(0) as usize;
                            if n > (max - d) / 10 {
                                return Err(TOO_LONG.into());
                            }
                            n = n * 10 + d;
                        }
                        Some(x) => {
                            c = x;
                            break;
                        }
                        None => return Err("repeat count given without format specifier".into()),
                    }
                }
                count = n;
            }
            let Some(item_size) = code_size(c, native) else {
                return Err("bad char in struct format".into());
            };
            if native && item_size > 1 && size > 0 {
                let extra = (item_size - 1) - (size - 1) % item_size;
                size = size
                    .checked_add(extra)
                    .filter(|s| *s <= max)
                    .ok_or(TOO_LONG)?;
            }
            let total = count.checked_mul(item_size).ok_or(TOO_LONG)?;
            items.push(Item {
                code: c,
                count,
                size: item_size,
                offset: size,
            });
            size = size
                .checked_add(total)
                .filter(|s| *s <= max)
                .ok_or(TOO_LONG)?;
            nargs += match c {
                'x' => 0,
                's' | 'p' => 1,
                _ => count,
            };
        }
        Ok(Layout {
            items,
            size,
            native,
            little,
            nargs,
        })
    }
}

/// The inclusive range of an integer code of `size` bytes.
fn int_range(code: char, size: usize) -> (i128, i128) {
    let bits = size as u32 * 8;
    if code.is_ascii_uppercase() {
        (0, (1i128 << bits) - 1)
    } else {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    }
}

/// An integer argument (ints, bools and `__index__` objects).
fn int_arg(vm: &mut Vm, v: Value) -> PyResult<Option<BigInt>> {
    let v = match vm.user_index(v) {
        Ok(Some(r)) => r,
        Ok(None) => v,
        Err(e) => return Err(e),
    };
    Ok(match vm.as_num(v) {
        Some(Num::Int(i)) => Some(BigInt::from(i)),
        Some(Num::Big(b)) => Some(b),
        _ => None,
    })
}

/// A float argument (floats, ints, `__float__` and `__index__` objects).
fn float_arg(vm: &mut Vm, v: Value) -> PyResult<Option<f64>> {
    if vm.user_class_of(v).is_some() {
        if let Some(f) = vm.call_dunder(v, "__float__", Vec::new())? {
            return Ok(vm.float_arg(f).ok());
        }
        if let Some(i) = vm.user_index(v)? {
            return Ok(vm.float_arg(i).ok());
        }
        return Ok(None);
    }
    if matches!(v, Value::Bool(_)) {
        return Ok(vm.float_arg(v).ok());
    }
    Ok(match vm.as_num(v) {
        Some(_) => vm.float_arg(v).ok(),
        None => None,
    })
}

fn put(out: &mut [u8], at: usize, bytes: &[u8], little: bool) {
    let dst = &mut out[at..at + bytes.len()];
    if little {
        dst.copy_from_slice(bytes);
    } else {
        dst.iter_mut()
            .zip(bytes.iter().rev())
            .for_each(|(d, s)| *d = *s);
    }
}

/// IEEE 754 binary16 of `x`, rounded to nearest even; `None` on overflow.
pub fn to_half(x: f64) -> Option<u16> {
    let sign = u16::from(x.is_sign_negative()) << 15;
    if x.is_nan() {
        return Some(sign | 0x7e00);
    }
    if x.is_infinite() {
        return Some(sign | 0x7c00);
    }
    let bits = x.abs().to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64;
    if exp == 0 {
        // zero or an f64 subnormal: far below half's smallest value
        return Some(sign);
    }
    let mant = (bits & ((1u64 << 52) - 1)) | (1u64 << 52);
    // x = mant * 2^(exp - 1075), in [2^e2, 2^(e2+1))
    let e2 = exp - 1023;
    // the scale of the result's last bit: normal halves keep 11 bits
    let mut scale = if e2 >= -14 { e2 - 10 } else { -24 };
    let shift = scale - (exp - 1075);
    let q = if shift >= 64 {
        0
    } else {
        let whole = mant >> shift;
        let rest = mant & ((1u64 << shift) - 1);
        let half = 1u64 << (shift - 1);
        if rest > half || (rest == half && whole & 1 == 1) {
            whole + 1
        } else {
            whole
        }
    };
    let mut q = q;
    if q == 2048 {
        q = 1024;
        scale += 1;
    }
    if q < 1024 {
        return Some(sign | q as u16);
    }
    let e = scale + 25;
    if e >= 31 {
        return None;
    }
    Some(sign | ((e as u16) << 10) | (q as u16 - 1024))
}

/// The value of binary16 `h`.
pub fn from_half(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = i32::from((h >> 10) & 0x1f);
    let f = f64::from(h & 0x3ff);
    sign * match e {
        0 => f * 2f64.powi(-24),
        31 if f == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        _ => (1024.0 + f) * 2f64.powi(e - 25),
    }
}

/// Packs `args` (already counted) with `layout`.
///
/// # Errors
/// The `struct.error` message (`Err(Ok(msg))`) or another exception
/// (`Err(Err(e))`).
pub fn pack(
    vm: &mut Vm,
    layout: &Layout,
    args: &[Value],
) -> Result<Vec<u8>, Result<String, PyErr>> {
    vm.check_alloc(layout.size as u128).map_err(Err)?;
    let mut out = vec![0u8; layout.size];
    pack_to(vm, layout, args, &mut out)?;
    Ok(out)
}

/// Packs into `out` (zeroed, `layout.size` long) item by item: on an
/// error, the items before the failing one are in place (as CPython's
/// `pack_into` leaves them).
///
/// # Errors
/// As [`pack`].
pub fn pack_to(
    vm: &mut Vm,
    layout: &Layout,
    args: &[Value],
    out: &mut [u8],
) -> Result<(), Result<String, PyErr>> {
    let mut next = args.iter().copied();
    let little = layout.little;
    for item in &layout.items {
        if item.code == 'x' {
            continue;
        }
        if matches!(item.code, 's' | 'p') {
            let v = next.next().expect("counted");
            let data = match v {
                Value::Ref(id) => match vm.heap.get(id) {
                    Obj::Bytes(b) | Obj::ByteArray(b) => Some(b.clone()),
                    _ => None,
                },
                _ => None,
            };
            let Some(data) = data else {
                return Err(Ok(format!(
                    "argument for '{}' must be a bytes object",
                    item.code
                )));
            };
            let dst = &mut out[item.offset..item.offset + item.count];
            if item.code == 's' {
                let n = data.len().min(item.count);
                dst[..n].copy_from_slice(&data[..n]);
            } else if item.count > 0 {
                let n = data.len().min(item.count - 1);
                dst[0] = n.min(255) as u8;
                dst[1..1 + n].copy_from_slice(&data[..n]);
            }
            continue;
        }
        for k in 0..item.count {
            let v = next.next().expect("counted");
            let at = item.offset + k * item.size;
            match item.code {
                'c' => {
                    let b = match v {
                        Value::Ref(id) => match vm.heap.get(id) {
                            Obj::Bytes(b) if b.len() == 1 => Some(b[0]),
                            _ => None,
                        },
                        _ => None,
                    };
                    let Some(b) = b else {
                        return Err(Ok("char format requires a bytes object of length 1".into()));
                    };
                    out[at] = b;
                }
                '?' => out[at] = u8::from(vm.truthy(v).map_err(Err)?),
                'e' | 'f' | 'd' => {
                    let Some(x) = float_arg(vm, v).map_err(Err)? else {
                        return Err(Ok("required argument is not a float".into()));
                    };
                    let overflow = |c: char| {
                        Err(Err(PyErr::new(
                            crate::object::ExcType::OverflowError,
                            format!("float too large to pack with {c} format"),
                        )))
                    };
                    match item.code {
                        'e' => match to_half(x) {
                            Some(h) => put(out, at, &h.to_le_bytes(), little),
                            None => return overflow('e'),
                        },
                        'f' => {
                            let y = x as f32;
                            if y.is_infinite() && !x.is_infinite() && !layout.native {
                                return overflow('f');
                            }
                            put(out, at, &y.to_le_bytes(), little);
                        }
                        _ => put(out, at, &x.to_le_bytes(), little),
                    }
                }
                code => {
                    let Some(n) = int_arg(vm, v).map_err(Err)? else {
                        return Err(Ok("required argument is not an integer".into()));
                    };
                    let (lo, hi) = int_range(code, item.size);
                    let Some(n) = n.to_i128().filter(|n| (lo..=hi).contains(n)) else {
                        return Err(Ok(format!(
                            "'{code}' format requires {lo} <= number <= {hi}"
                        )));
                    };
                    put(out, at, &n.to_le_bytes()[..item.size], little);
                }
            }
        }
    }
    Ok(())
}

fn get(data: &[u8], at: usize, size: usize, little: bool) -> [u8; 8] {
    let mut b = [0u8; 8];
    let src = &data[at..at + size];
    if little {
        b[..size].copy_from_slice(src);
    } else {
        b[..size]
            .iter_mut()
            .zip(src.iter().rev())
            .for_each(|(d, s)| *d = *s);
    }
    b
}

/// Unpacks exactly `layout.size` bytes into values.
pub fn unpack(vm: &mut Vm, layout: &Layout, data: &[u8]) -> Vec<Value> {
    let mut out = Vec::with_capacity(layout.nargs);
    let little = layout.little;
    for item in &layout.items {
        match item.code {
            'x' => continue,
            's' => {
                let b = data[item.offset..item.offset + item.count].to_vec();
                out.push(vm.new_bytes(b));
                continue;
            }
            'p' => {
                let field = &data[item.offset..item.offset + item.count];
                let b = match field.split_first() {
                    Some((&n, rest)) => rest[..(n as usize).min(rest.len())].to_vec(),
                    None => Vec::new(),
                };
                out.push(vm.new_bytes(b));
                continue;
            }
            _ => {}
        }
        for k in 0..item.count {
            let at = item.offset + k * item.size;
            let raw = get(data, at, item.size, little);
            let v = match item.code {
                'c' => vm.new_bytes(vec![data[at]]),
                '?' => Value::Bool(data[at] != 0),
                'e' => Value::Float(from_half(u16::from_le_bytes([raw[0], raw[1]]))),
                'f' => Value::Float(f64::from(f32::from_le_bytes([
                    raw[0], raw[1], raw[2], raw[3],
                ]))),
                'd' => Value::Float(f64::from_le_bytes(raw)),
                code => {
                    let u = u64::from_le_bytes(raw);
                    let bits = item.size as u32 * 8;
                    let n: i128 = if code.is_ascii_uppercase() {
                        i128::from(u)
                    } else {
                        // sign-extend
                        let shift = 64 - bits;
                        i128::from(((u << shift) as i64) >> shift)
                    };
                    crate::object::int::from_i128(&mut vm.heap, n)
                }
            };
            out.push(v);
        }
    }
    out
}
