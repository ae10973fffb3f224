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

/// CPython's `hash(x)` of a float: its exact value modulo the prime
/// 2**61 - 1 (so integral floats hash like the equal int), `±314159` for
/// the infinities and 0 for NaN and zeros.
pub fn hash(x: f64) -> i64 {
    const MODULUS: u128 = (1 << 61) - 1;
    if x.is_infinite() {
        return if x > 0.0 { 314_159 } else { -314_159 };
    }
    if x.is_nan() || x == 0.0 {
        return 0;
    }
    // |x| = mantissa * 2**(exponent - 1075), subnormals without the
    // implicit bit; 2**61 = 1 modulo the prime, so the power reduces mod 61
    let bits = x.to_bits();
    let field = ((bits >> 52) & 0x7ff) as i64;
    let fraction = u128::from(bits & ((1 << 52) - 1));
    let (mantissa, exponent) = if field == 0 {
        (fraction, 1 - 1075)
    } else {
        (fraction | (1 << 52), field - 1075)
    };
    let h = ((mantissa << exponent.rem_euclid(61)) % MODULUS) as i64;
    let h = if x < 0.0 { -h } else { h };
    if h == -1 {
        -2
    } else {
        h
    }
}
