//! Modular exponentiation of ints for `pow(base, exp, mod)`. A small
//! modulus goes to num-bigint's `modpow`; a large one (thousands of bits)
//! uses Barrett reduction instead, so each step costs a few big
//! multiplications (Karatsuba / Toom-3) rather than a quadratic Montgomery
//! product or long division, which is what makes `pow(3, 2**33 - 1,
//! 2**131072 + 1)` take seconds otherwise (and run out of fuel in wasm).

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, Zero};

/// Modulus size (in bits) from which Barrett reduction is used.
const BARRETT_MIN_BITS: u64 = 2048;

/// `base ** exp % modulus` for `exp >= 0` and `modulus > 0`, in
/// `0..modulus`.
pub fn modpow(base: &BigInt, exp: &BigInt, modulus: &BigInt) -> BigInt {
    let (Some(e), Some(m)) = (exp.to_biguint(), modulus.to_biguint()) else {
        return base.modpow(exp, modulus);
    };
    if m.bits() < BARRETT_MIN_BITS || e.bits() <= 1 {
        return base.modpow(exp, modulus);
    }
    let b = base
        .mod_floor(modulus)
        .to_biguint()
        .unwrap_or_else(BigUint::zero);
    BigInt::from_biguint(Sign::Plus, Barrett::new(&m).pow(&b, &e))
}

/// A modulus `m` of `k` bits with `mu = floor(4**k / m)`: for `x < 4**k`,
/// `q = ((x >> (k - 1)) * mu) >> (k + 1)` is at most 2 below `x // m`.
struct Barrett<'a> {
    m: &'a BigUint,
    k: u64,
    mu: BigUint,
}

impl<'a> Barrett<'a> {
    fn new(m: &'a BigUint) -> Self {
        let k = m.bits();
        let mu = (BigUint::one() << (2 * k)) / m;
        Barrett { m, k, mu }
    }

    /// `x % m` for `x < 4**k` (a product of two residues).
    fn reduce(&self, x: BigUint) -> BigUint {
        let q = ((&x >> (self.k - 1)) * &self.mu) >> (self.k + 1);
        let mut r = x - q * self.m;
        while r >= *self.m {
            r -= self.m;
        }
        r
    }

    /// `b ** e % m` for a residue `b` and `e >= 2`, by squaring and
    /// multiplying from the top bit of `e` down.
    fn pow(&self, b: &BigUint, e: &BigUint) -> BigUint {
        let mut acc = b.clone();
        for i in (0..e.bits() - 1).rev() {
            acc = self.reduce(&acc * &acc);
            if e.bit(i) {
                acc = self.reduce(acc * b);
            }
        }
        acc
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_plain_modpow() {
        let m = (BigInt::one() << 2100u32) + BigInt::from(12_345);
        let even = (BigInt::one() << 2200u32) - BigInt::from(2);
        for m in [m, even] {
            for (b, e) in [
                (3i64, 1_000_003i64),
                (-7, 65_537),
                (0, 5),
                (1, 9),
                (12345, 2),
            ] {
                let (b, e) = (BigInt::from(b), BigInt::from(e));
                assert_eq!(modpow(&b, &e, &m), b.modpow(&e, &m));
            }
            let big = (BigInt::one() << 3000u32) - BigInt::from(1);
            let e = BigInt::from(1u64 << 40) + BigInt::from(77);
            assert_eq!(modpow(&big, &e, &m), big.modpow(&e, &m));
        }
    }
}
