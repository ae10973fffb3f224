//! SHA-512 (FIPS 180-4), for `random.seed(str)`, which CPython extends
//! with the seed's SHA-512 digest. The round constants are derived at first
//! use from their definition (the fractional bits of the square and cube
//! roots of the first primes) instead of being tabulated.

use std::sync::OnceLock;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

struct Constants {
    init: [u64; 8],
    rounds: [u64; 80],
}

fn first_primes(n: usize) -> Vec<u64> {
    let mut out = Vec::with_capacity(n);
    let mut c = 2u64;
    while out.len() < n {
        if out.iter().all(|p| !c.is_multiple_of(*p)) {
            out.push(c);
        }
        c += 1;
    }
    out
}

/// The 64 bits after the point of `root`-th root of `p`.
fn frac_bits(p: u64, root: u32) -> u64 {
    let scaled = BigUint::from(p) << (64 * root as usize);
    let r = if root == 2 {
        scaled.sqrt()
    } else {
        scaled.cbrt()
    };
    (r & BigUint::from(u64::MAX)).to_u64().unwrap_or(0)
}

fn constants() -> &'static Constants {
    static C: OnceLock<Constants> = OnceLock::new();
    C.get_or_init(|| {
        let primes = first_primes(80);
        let mut init = [0u64; 8];
        for (i, slot) in init.iter_mut().enumerate() {
            *slot = frac_bits(primes[i], 2);
        }
        let mut rounds = [0u64; 80];
        for (i, slot) in rounds.iter_mut().enumerate() {
            *slot = frac_bits(primes[i], 3);
        }
        Constants { init, rounds }
    })
}

/// The SHA-512 digest of `data`.
pub fn digest(data: &[u8]) -> [u8; 64] {
    let c = constants();
    let mut h = c.init;
    let mut msg = data.to_vec();
    let bit_len = (data.len() as u128) * 8;
    msg.push(0x80);
    while msg.len() % 128 != 112 {
        msg.push(0);
    }
    msg.extend_from_slice(&bit_len.to_be_bytes());
    for block in msg.chunks_exact(128) {
        let mut w = [0u64; 80];
        for (i, word) in block.chunks_exact(8).enumerate() {
            w[i] = u64::from_be_bytes(word.try_into().expect("8 bytes"));
        }
        for t in 16..80 {
            let s0 = w[t - 15].rotate_right(1) ^ w[t - 15].rotate_right(8) ^ (w[t - 15] >> 7);
            let s1 = w[t - 2].rotate_right(19) ^ w[t - 2].rotate_right(61) ^ (w[t - 2] >> 6);
            w[t] = w[t - 16]
                .wrapping_add(s0)
                .wrapping_add(w[t - 7])
                .wrapping_add(s1);
        }
        let [mut a, mut b, mut cc, mut d, mut e, mut f, mut g, mut hh] = h;
        for (k, wt) in c.rounds.iter().zip(w.iter()) {
            let big_s1 = e.rotate_right(14) ^ e.rotate_right(18) ^ e.rotate_right(41);
            let ch = (e & f) ^ (!e & g);
            let t1 = hh
                .wrapping_add(big_s1)
                .wrapping_add(ch)
                .wrapping_add(*k)
                .wrapping_add(*wt);
            let big_s0 = a.rotate_right(28) ^ a.rotate_right(34) ^ a.rotate_right(39);
            let maj = (a & b) ^ (a & cc) ^ (b & cc);
            let t2 = big_s0.wrapping_add(maj);
            hh = g;
            g = f;
            f = e;
            e = d.wrapping_add(t1);
            d = cc;
            cc = b;
            b = a;
            a = t1.wrapping_add(t2);
        }
        for (slot, v) in h.iter_mut().zip([a, b, cc, d, e, f, g, hh]) {
            *slot = slot.wrapping_add(v);
        }
    }
    let mut out = [0u8; 64];
    for (i, v) in h.iter().enumerate() {
        out[i * 8..i * 8 + 8].copy_from_slice(&v.to_be_bytes());
    }
    out
}
