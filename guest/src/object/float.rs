//! `float` formatting: `repr` exactly as CPython prints it (shortest
//! round-tripping digits, switching to exponent form outside 1e-4..1e16).

/// `repr(x)` / `str(x)` of a float.
pub fn repr(x: f64) -> String {
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
