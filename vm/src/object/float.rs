//! `float` formatting: `repr` exactly as CPython prints it (shortest
//! round-tripping digits, switching to exponent form outside 1e-4..1e16).

pub use monty_text::{float_repr as repr, shortest_digits};

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
