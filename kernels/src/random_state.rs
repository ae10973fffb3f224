//! The state of `random`'s Mersenne Twister (MT19937) and the draws made
//! from it: the data of a `random.Random` object (`NativeObj::Random`) and
//! of `Vm::random_state`.
//!
//! Plain data and arithmetic, naming nothing of the VM: `monty-stdlib`'s
//! `random.rs` is the module around it.

use num_bigint::{BigInt, Sign};
use num_traits::Zero;
use serde::{Deserialize, Serialize};

/// MT19937's number of state words.
pub const N: usize = 624;
const M: usize = 397;

/// The generator: MT19937's 624 words, the position in them, and the
/// second normal deviate `gauss()` keeps for its next call.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct State {
    pub mt: Vec<u32>,
    pub index: usize,
    pub gauss_next: Option<f64>,
}

impl State {
    fn init_genrand(s: u32) -> State {
        let mut mt = vec![0u32; N];
        mt[0] = s;
        for i in 1..N {
            mt[i] = 1_812_433_253u32
                .wrapping_mul(mt[i - 1] ^ (mt[i - 1] >> 30))
                .wrapping_add(i as u32);
        }
        State {
            mt,
            index: N,
            gauss_next: None,
        }
    }

    /// MT19937's `init_by_array`, as CPython seeds from an int's words.
    pub fn from_key(key: &[u32]) -> State {
        let mut st = State::init_genrand(19_650_218);
        let mt = &mut st.mt;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..N.max(key.len()) {
            let prev = mt[i - 1] ^ (mt[i - 1] >> 30);
            mt[i] = (mt[i] ^ prev.wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            let prev = mt[i - 1] ^ (mt[i - 1] >> 30);
            mt[i] = (mt[i] ^ prev.wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
        }
        mt[0] = 0x8000_0000;
        st
    }

    /// Seeded from a non-negative int, as `random.seed(n)` does.
    pub fn from_int(n: &BigInt) -> State {
        let mut key = n.magnitude().to_u32_digits();
        if key.is_empty() {
            key.push(0);
        }
        State::from_key(&key)
    }

    pub fn default_seeded() -> State {
        State::from_key(&[0])
    }

    fn genrand(&mut self) -> u32 {
        if self.index >= N {
            let mt = &mut self.mt;
            let mix = |a: u32, b: u32, c: u32| {
                let y = (a & 0x8000_0000) | (b & 0x7fff_ffff);
                c ^ (y >> 1) ^ if y & 1 == 1 { 0x9908_b0df } else { 0 }
            };
            for k in 0..N - M {
                mt[k] = mix(mt[k], mt[k + 1], mt[k + M]);
            }
            for k in N - M..N - 1 {
                mt[k] = mix(mt[k], mt[k + 1], mt[k + M - N]);
            }
            mt[N - 1] = mix(mt[N - 1], mt[0], mt[M - 1]);
            self.index = 0;
        }
        let mut y = self.mt[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// A float in [0, 1) with 53 random bits.
    pub fn random(&mut self) -> f64 {
        let a = (self.genrand() >> 5) as f64;
        let b = (self.genrand() >> 6) as f64;
        (a * 67_108_864.0 + b) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// `k` random bits as a non-negative int.
    pub fn getrandbits(&mut self, k: u64) -> BigInt {
        if k <= 32 {
            return if k == 0 {
                BigInt::zero()
            } else {
                BigInt::from(self.genrand() >> (32 - k))
            };
        }
        let words = (k - 1) / 32 + 1;
        let mut out = Vec::with_capacity(words as usize);
        let mut left = k;
        for _ in 0..words {
            let mut r = self.genrand();
            if left < 32 {
                r >>= 32 - left;
            }
            out.push(r);
            left = left.saturating_sub(32);
        }
        BigInt::from_slice(Sign::Plus, &out)
    }

    /// A uniform int in [0, n) for `n >= 1`, by rejection on
    /// `getrandbits(n.bit_length())` as CPython's `_randbelow` does.
    pub fn randbelow(&mut self, n: &BigInt) -> BigInt {
        let k = n.bits();
        loop {
            let r = self.getrandbits(k);
            if &r < n {
                return r;
            }
        }
    }

    /// [`randbelow`](Self::randbelow) for machine-sized `n >= 1`.
    pub fn randbelow_u64(&mut self, n: u64) -> u64 {
        let k = 64 - u64::from(n.leading_zeros());
        loop {
            let r = if k <= 32 {
                u64::from(self.genrand() >> (32 - k))
            } else {
                let lo = u64::from(self.genrand());
                let hi = u64::from(self.genrand() >> (64 - k));
                (hi << 32) | lo
            };
            if r < n {
                return r;
            }
        }
    }
}
