//! Text facts the compiler and the VM share, so neither has to reach into
//! the other for them:
//!
//! - [`unicode`]: the Unicode character database as CPython 3.13's
//!   `unicodedata` sees it (generated tables), behind the `str` predicates,
//!   identifiers and `unicodedata`;
//! - the `repr()` of literal values: strings ([`str_repr`]), floats
//!   ([`float_repr`], CPython's shortest round-tripping digits) and complex
//!   numbers ([`complex_repr`]). The compiler needs them for messages
//!   about constants (duplicate keys in a mapping pattern), the VM for
//!   `repr()` itself.

pub mod unicode;

/// `repr(x)` / `str(x)` of a float.
pub fn float_repr(x: f64) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf".into() } else { "-inf".into() };
    }
    if x == 0.0 {
        return if x.is_sign_negative() {
            "-0.0".into()
        } else {
            "0.0".into()
        };
    }
    let (neg, digits, exp) = shortest_digits(x);
    let mut out = String::new();
    if neg {
        out.push('-');
    }
    // value = 0.d1d2...dn * 10^(exp+1), i.e. d1.d2... * 10^exp
    if (-4..16).contains(&exp) {
        if exp < 0 {
            out.push_str("0.");
            for _ in 0..(-exp - 1) {
                out.push('0');
            }
            out.push_str(&digits);
        } else {
            let point = exp as usize + 1;
            if digits.len() <= point {
                out.push_str(&digits);
                for _ in digits.len()..point {
                    out.push('0');
                }
                out.push_str(".0");
            } else {
                out.push_str(&digits[..point]);
                out.push('.');
                out.push_str(&digits[point..]);
            }
        }
    } else {
        out.push_str(&digits[..1]);
        if digits.len() > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        out.push('e');
        out.push(if exp < 0 { '-' } else { '+' });
        out.push_str(&format!("{:02}", exp.abs()));
    }
    out
}

/// The shortest decimal digits that round-trip `x`, and the decimal
/// exponent of the first digit: `x = d1.d2d3... * 10^exp`.
pub fn shortest_digits(x: f64) -> (bool, String, i32) {
    let s = format!("{:e}", x.abs());
    let (mant, exp) = s.split_once('e').expect("{:e} has an exponent");
    let digits: String = mant.chars().filter(|c| *c != '.').collect();
    (
        x.is_sign_negative(),
        digits,
        exp.parse().expect("exponent is an int"),
    )
}

/// A float as complex parts print it: the float repr without the `.0`
/// that marks an integral float.
pub fn complex_part_repr(x: f64) -> String {
    let s = float_repr(x);
    match s.strip_suffix(".0") {
        Some(t) => t.to_string(),
        None => s,
    }
}

/// `repr(complex(re, im))`: `1j`, `(1+2j)`, `(-0-0j)`, `(nan+infj)`.
pub fn complex_repr(re: f64, im: f64) -> String {
    if re == 0.0 && re.is_sign_positive() {
        return format!("{}j", complex_part_repr(im));
    }
    let im = complex_part_repr(im);
    let sign = if im.starts_with('-') { "" } else { "+" };
    format!("({}{sign}{im}j)", complex_part_repr(re))
}

/// `repr()` of a string.
pub fn str_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) <= 0xff && !crate::unicode::is_printable(c) => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if !crate::unicode::is_printable(c) => {
                let n = c as u32;
                if n <= 0xffff {
                    out.push_str(&format!("\\u{n:04x}"));
                } else {
                    out.push_str(&format!("\\U{n:08x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}
