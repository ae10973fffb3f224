//! Streaming message digests for `hashlib`, written from the standards:
//! MD5 (RFC 1321), SHA-1 and SHA-2 (FIPS 180-4); SHA-3, SHAKE and BLAKE2
//! are in `digests_sponge.rs`. A [`Hasher`] is plain data (serializable,
//! cloneable), so `copy()` is a clone and a paused run keeps its state.
//! Round constants are computed from their definitions at first use.

use std::sync::OnceLock;

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use serde::{Deserialize, Serialize};

use crate::digests_sponge::{self as sponge, Blake2Params};

/// An algorithm `hashlib` offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Algo {
    Md5,
    Sha1,
    Sha224,
    Sha256,
    Sha384,
    Sha512,
    Sha3_224,
    Sha3_256,
    Sha3_384,
    Sha3_512,
    Shake128,
    Shake256,
    Blake2b,
    Blake2s,
}

impl Algo {
    pub const ALL: &'static [Algo] = &[
        Algo::Md5,
        Algo::Sha1,
        Algo::Sha224,
        Algo::Sha256,
        Algo::Sha384,
        Algo::Sha512,
        Algo::Sha3_224,
        Algo::Sha3_256,
        Algo::Sha3_384,
        Algo::Sha3_512,
        Algo::Shake128,
        Algo::Shake256,
        Algo::Blake2b,
        Algo::Blake2s,
    ];

    /// The name `hashlib` uses (`h.name`).
    pub fn name(self) -> &'static str {
        match self {
            Algo::Md5 => "md5",
            Algo::Sha1 => "sha1",
            Algo::Sha224 => "sha224",
            Algo::Sha256 => "sha256",
            Algo::Sha384 => "sha384",
            Algo::Sha512 => "sha512",
            Algo::Sha3_224 => "sha3_224",
            Algo::Sha3_256 => "sha3_256",
            Algo::Sha3_384 => "sha3_384",
            Algo::Sha3_512 => "sha3_512",
            Algo::Shake128 => "shake_128",
            Algo::Shake256 => "shake_256",
            Algo::Blake2b => "blake2b",
            Algo::Blake2s => "blake2s",
        }
    }

    /// Default digest size in bytes (0 for the SHAKEs).
    pub fn digest_size(self) -> usize {
        match self {
            Algo::Md5 => 16,
            Algo::Sha1 => 20,
            Algo::Sha224 | Algo::Sha3_224 => 28,
            Algo::Sha256 | Algo::Sha3_256 | Algo::Blake2s => 32,
            Algo::Sha384 | Algo::Sha3_384 => 48,
            Algo::Sha512 | Algo::Sha3_512 | Algo::Blake2b => 64,
            Algo::Shake128 | Algo::Shake256 => 0,
        }
    }

    /// The block size (`h.block_size`, HMAC's key block).
    pub fn block_size(self) -> usize {
        match self {
            Algo::Md5 | Algo::Sha1 | Algo::Sha224 | Algo::Sha256 | Algo::Blake2s => 64,
            Algo::Sha384 | Algo::Sha512 | Algo::Blake2b => 128,
            Algo::Sha3_224 => 144,
            Algo::Sha3_256 | Algo::Shake256 => 136,
            Algo::Sha3_384 => 104,
            Algo::Sha3_512 => 72,
            Algo::Shake128 => 168,
        }
    }

    pub fn is_xof(self) -> bool {
        matches!(self, Algo::Shake128 | Algo::Shake256)
    }

    pub fn is_blake(self) -> bool {
        matches!(self, Algo::Blake2b | Algo::Blake2s)
    }
}

/// The running state of one digest.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Hasher {
    pub algo: Algo,
    /// Chaining state (32-bit algorithms use the low halves).
    state: Vec<u64>,
    /// Input not yet compressed.
    buf: Vec<u8>,
    /// Bytes compressed so far.
    total: u128,
    /// Output length in bytes (BLAKE2's `digest_size`).
    pub out_len: usize,
    /// BLAKE2's `last_node` flag.
    last_node: bool,
}

struct Tables {
    k256: [u32; 64],
    k512: [u64; 80],
    iv256: [u32; 8],
    iv224: [u32; 8],
    iv512: [u64; 8],
    iv384: [u64; 8],
    md5_k: [u32; 64],
}

fn first_primes(n: usize) -> Vec<u64> {
    let mut out: Vec<u64> = Vec::with_capacity(n);
    let mut c = 2u64;
    while out.len() < n {
        if out.iter().all(|p| !c.is_multiple_of(*p)) {
            out.push(c);
        }
        c += 1;
    }
    out
}

/// The first `bits` bits after the point of the `root`-th root of `p`.
fn root_frac(p: u64, root: u32, bits: usize) -> u64 {
    let scaled = BigUint::from(p) << (bits * root as usize);
    let r = if root == 2 {
        scaled.sqrt()
    } else {
        scaled.cbrt()
    };
    let mask = (BigUint::from(1u8) << bits) - 1u8;
    (r & mask).to_u64().unwrap_or(0)
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let p = first_primes(80);
        let mut t = Tables {
            k256: [0; 64],
            k512: [0; 80],
            iv256: [0; 8],
            iv224: [0; 8],
            iv512: [0; 8],
            iv384: [0; 8],
            md5_k: [0; 64],
        };
        for (k, &prime) in t.k256.iter_mut().zip(&p) {
            *k = root_frac(prime, 3, 32) as u32;
        }
        for (k, &prime) in t.k512.iter_mut().zip(&p) {
            *k = root_frac(prime, 3, 64);
        }
        for i in 0..8 {
            t.iv256[i] = root_frac(p[i], 2, 32) as u32;
            t.iv512[i] = root_frac(p[i], 2, 64);
            t.iv384[i] = root_frac(p[i + 8], 2, 64);
            t.iv224[i] = t.iv384[i] as u32;
        }
        for (i, k) in t.md5_k.iter_mut().enumerate() {
            *k = ((i as f64 + 1.0).sin().abs() * 4_294_967_296.0) as u32;
        }
        t
    })
}

/// The SHA-256 initial values (BLAKE2s shares them).
pub fn iv256() -> [u32; 8] {
    tables().iv256
}

/// The SHA-512 initial values (BLAKE2b shares them).
pub fn iv512() -> [u64; 8] {
    tables().iv512
}

impl Hasher {
    /// A fresh hasher; BLAKE2 takes its parameters from `blake`.
    pub fn new(algo: Algo, blake: Option<&Blake2Params>) -> Hasher {
        let t = tables();
        let mut h = Hasher {
            algo,
            state: Vec::new(),
            buf: Vec::new(),
            total: 0,
            out_len: algo.digest_size(),
            last_node: false,
        };
        h.state = match algo {
            Algo::Md5 => vec![0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476],
            Algo::Sha1 => vec![
                0x6745_2301,
                0xefcd_ab89,
                0x98ba_dcfe,
                0x1032_5476,
                0xc3d2_e1f0,
            ],
            Algo::Sha224 => t.iv224.iter().map(|&x| x as u64).collect(),
            Algo::Sha256 => t.iv256.iter().map(|&x| x as u64).collect(),
            Algo::Sha384 => t.iv384.to_vec(),
            Algo::Sha512 => t.iv512.to_vec(),
            Algo::Blake2b | Algo::Blake2s => {
                let default = Blake2Params::default_for(algo);
                let p = blake.unwrap_or(&default);
                h.out_len = p.digest_size;
                h.last_node = p.last_node;
                let (state, key_block) = sponge::blake2_init(algo, p);
                h.buf = key_block;
                state
            }
            _ => vec![0; 25],
        };
        h
    }

    pub fn update(&mut self, data: &[u8]) {
        self.buf.extend_from_slice(data);
        let bs = self.algo.block_size();
        let mut off = 0;
        if self.algo.is_blake() {
            // the last block is compressed with the final flag, so keep it
            while self.buf.len() - off > bs {
                self.total += bs as u128;
                let block = self.buf[off..off + bs].to_vec();
                sponge::blake2_compress(
                    self.algo,
                    &mut self.state,
                    &block,
                    self.total,
                    false,
                    false,
                );
                off += bs;
            }
        } else {
            while self.buf.len() - off >= bs {
                let block = self.buf[off..off + bs].to_vec();
                self.compress(&block);
                self.total += bs as u128;
                off += bs;
            }
        }
        self.buf.drain(..off);
    }

    fn compress(&mut self, block: &[u8]) {
        match self.algo {
            Algo::Md5 => md5_block(&mut self.state, block),
            Algo::Sha1 => sha1_block(&mut self.state, block),
            Algo::Sha224 | Algo::Sha256 => sha256_block(&mut self.state, block),
            Algo::Sha384 | Algo::Sha512 => sha512_block(&mut self.state, block),
            _ => sponge::keccak_absorb(&mut self.state, block),
        }
    }

    /// The digest of everything so far (`len` bytes for the SHAKEs); the
    /// state is left as it was.
    pub fn finish(&self, len: usize) -> Vec<u8> {
        let mut h = self.clone();
        match self.algo {
            Algo::Md5 | Algo::Sha1 | Algo::Sha224 | Algo::Sha256 => {
                let bits = (h.total + h.buf.len() as u128) * 8;
                let mut pad = vec![0x80u8];
                while (h.buf.len() + pad.len()) % 64 != 56 {
                    pad.push(0);
                }
                if h.algo == Algo::Md5 {
                    pad.extend_from_slice(&(bits as u64).to_le_bytes());
                } else {
                    pad.extend_from_slice(&(bits as u64).to_be_bytes());
                }
                h.update(&pad);
                let mut out = Vec::new();
                for w in &h.state {
                    let w = *w as u32;
                    out.extend_from_slice(&if h.algo == Algo::Md5 {
                        w.to_le_bytes()
                    } else {
                        w.to_be_bytes()
                    });
                }
                out.truncate(self.out_len);
                out
            }
            Algo::Sha384 | Algo::Sha512 => {
                let bits = (h.total + h.buf.len() as u128) * 8;
                let mut pad = vec![0x80u8];
                while (h.buf.len() + pad.len()) % 128 != 112 {
                    pad.push(0);
                }
                pad.extend_from_slice(&bits.to_be_bytes());
                h.update(&pad);
                let mut out: Vec<u8> = h.state.iter().flat_map(|w| w.to_be_bytes()).collect();
                out.truncate(self.out_len);
                out
            }
            Algo::Blake2b | Algo::Blake2s => {
                let total = h.total + h.buf.len() as u128;
                let mut block = std::mem::take(&mut h.buf);
                block.resize(self.algo.block_size(), 0);
                sponge::blake2_compress(self.algo, &mut h.state, &block, total, true, h.last_node);
                sponge::blake2_output(self.algo, &h.state, self.out_len)
            }
            _ => {
                let xof = self.algo.is_xof();
                let n = if xof { len } else { self.out_len };
                sponge::keccak_finish(&mut h.state, &h.buf, self.algo.block_size(), xof, n)
            }
        }
    }
}

fn md5_block(st: &mut [u64], block: &[u8]) {
    const SHIFTS: [[u32; 4]; 4] = [
        [7, 12, 17, 22],
        [5, 9, 14, 20],
        [4, 11, 16, 23],
        [6, 10, 15, 21],
    ];
    let k = &tables().md5_k;
    let m: Vec<u32> = block
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let (mut a, mut b, mut c, mut d) = (st[0] as u32, st[1] as u32, st[2] as u32, st[3] as u32);
    for i in 0..64 {
        let round = i / 16;
        let (f, g) = match round {
            0 => ((b & c) | (!b & d), i),
            1 => ((d & b) | (!d & c), (5 * i + 1) % 16),
            2 => (b ^ c ^ d, (3 * i + 5) % 16),
            _ => (c ^ (b | !d), (7 * i) % 16),
        };
        let t = d;
        d = c;
        c = b;
        let sum = a.wrapping_add(f).wrapping_add(k[i]).wrapping_add(m[g]);
        b = b.wrapping_add(sum.rotate_left(SHIFTS[round][i % 4]));
        a = t;
    }
    for (s, v) in st.iter_mut().zip([a, b, c, d]) {
        *s = (*s as u32).wrapping_add(v) as u64;
    }
}

fn sha1_block(st: &mut [u64], block: &[u8]) {
    let mut w = [0u32; 80];
    for (i, c) in block.chunks(4).enumerate() {
        w[i] = u32::from_be_bytes([c[0], c[1], c[2], c[3]]);
    }
    for i in 16..80 {
        w[i] = (w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]).rotate_left(1);
    }
    let mut v: [u32; 5] = [0; 5];
    for (x, s) in v.iter_mut().zip(st.iter()) {
        *x = *s as u32;
    }
    let [mut a, mut b, mut c, mut d, mut e] = v;
    for (i, wi) in w.iter().enumerate() {
        let (f, k) = match i / 20 {
            0 => ((b & c) | (!b & d), 0x5a82_7999),
            1 => (b ^ c ^ d, 0x6ed9_eba1),
            2 => ((b & c) | (b & d) | (c & d), 0x8f1b_bcdc),
            _ => (b ^ c ^ d, 0xca62_c1d6u32),
        };
        let t = a
            .rotate_left(5)
            .wrapping_add(f)
            .wrapping_add(e)
            .wrapping_add(k)
            .wrapping_add(*wi);
        e = d;
        d = c;
        c = b.rotate_left(30);
        b = a;
        a = t;
    }
    for (s, x) in st.iter_mut().zip([a, b, c, d, e]) {
        *s = (*s as u32).wrapping_add(x) as u64;
    }
}

fn sha256_block(st: &mut [u64], block: &[u8]) {
    let k = &tables().k256;
    let mut w = [0u32; 64];
    for (i, c) in block.chunks(4).enumerate() {
        w[i] = u32::from_be_bytes([c[0], c[1], c[2], c[3]]);
    }
    for i in 16..64 {
        let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
        let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16]
            .wrapping_add(s0)
            .wrapping_add(w[i - 7])
            .wrapping_add(s1);
    }
    let mut v = [0u32; 8];
    for (x, s) in v.iter_mut().zip(st.iter()) {
        *x = *s as u32;
    }
    for i in 0..64 {
        let [a, b, c, d, e, f, g, h] = v;
        let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
        let ch = (e & f) ^ (!e & g);
        let t1 = h
            .wrapping_add(s1)
            .wrapping_add(ch)
            .wrapping_add(k[i])
            .wrapping_add(w[i]);
        let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
        let maj = (a & b) ^ (a & c) ^ (b & c);
        let t2 = s0.wrapping_add(maj);
        v = [t1.wrapping_add(t2), a, b, c, d.wrapping_add(t1), e, f, g];
    }
    for (s, x) in st.iter_mut().zip(v) {
        *s = (*s as u32).wrapping_add(x) as u64;
    }
}

fn sha512_block(st: &mut [u64], block: &[u8]) {
    let k = &tables().k512;
    let mut w = [0u64; 80];
    for (i, c) in block.chunks(8).enumerate() {
        w[i] = u64::from_be_bytes(c.try_into().expect("8 bytes"));
    }
    for i in 16..80 {
        let s0 = w[i - 15].rotate_right(1) ^ w[i - 15].rotate_right(8) ^ (w[i - 15] >> 7);
        let s1 = w[i - 2].rotate_right(19) ^ w[i - 2].rotate_right(61) ^ (w[i - 2] >> 6);
        w[i] = w[i - 16]
            .wrapping_add(s0)
            .wrapping_add(w[i - 7])
            .wrapping_add(s1);
    }
    let mut v = [0u64; 8];
    v.copy_from_slice(&st[..8]);
    for i in 0..80 {
        let [a, b, c, d, e, f, g, h] = v;
        let s1 = e.rotate_right(14) ^ e.rotate_right(18) ^ e.rotate_right(41);
        let ch = (e & f) ^ (!e & g);
        let t1 = h
            .wrapping_add(s1)
            .wrapping_add(ch)
            .wrapping_add(k[i])
            .wrapping_add(w[i]);
        let s0 = a.rotate_right(28) ^ a.rotate_right(34) ^ a.rotate_right(39);
        let maj = (a & b) ^ (a & c) ^ (b & c);
        let t2 = s0.wrapping_add(maj);
        v = [t1.wrapping_add(t2), a, b, c, d.wrapping_add(t1), e, f, g];
    }
    for (s, x) in st.iter_mut().zip(v) {
        *s = s.wrapping_add(x);
    }
}

/// HMAC (RFC 2104) over `algo`, for `pbkdf2_hmac` and `hmac`.
pub fn hmac(algo: Algo, key: &[u8], msg: &[u8]) -> Vec<u8> {
    let mut k = HmacKey::new(algo, key);
    k.update(msg);
    k.finish()
}

/// The digest of `data` by `algo` (not a BLAKE2 with parameters), at its
/// digest size.
pub fn digest(algo: Algo, data: &[u8]) -> Vec<u8> {
    let mut h = Hasher::new(algo, None);
    h.update(data);
    h.finish(algo.digest_size())
}

/// An HMAC in progress: the inner hasher and the outer one, both keyed.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct HmacKey {
    pub inner: Hasher,
    pub outer: Hasher,
}

impl HmacKey {
    pub fn new(algo: Algo, key: &[u8]) -> HmacKey {
        let bs = algo.block_size();
        let mut k = if key.len() > bs {
            digest(algo, key)
        } else {
            key.to_vec()
        };
        k.resize(bs, 0);
        let mut inner = Hasher::new(algo, None);
        inner.update(&k.iter().map(|b| b ^ 0x36).collect::<Vec<u8>>());
        let mut outer = Hasher::new(algo, None);
        outer.update(&k.iter().map(|b| b ^ 0x5c).collect::<Vec<u8>>());
        HmacKey { inner, outer }
    }

    pub fn update(&mut self, msg: &[u8]) {
        self.inner.update(msg);
    }

    pub fn finish(&self) -> Vec<u8> {
        let n = self.inner.algo.digest_size();
        let mut o = self.outer.clone();
        o.update(&self.inner.finish(n));
        o.finish(n)
    }
}

/// PBKDF2 (RFC 8018) with HMAC over `algo`.
pub fn pbkdf2(algo: Algo, password: &[u8], salt: &[u8], iterations: u64, dklen: usize) -> Vec<u8> {
    let key = HmacKey::new(algo, password);
    let mut out = Vec::with_capacity(dklen);
    let mut block = 1u32;
    while out.len() < dklen {
        let mut k = key.clone();
        k.update(salt);
        k.update(&block.to_be_bytes());
        let mut u = k.finish();
        let mut t = u.clone();
        for _ in 1..iterations {
            let mut k = key.clone();
            k.update(&u);
            u = k.finish();
            for (x, y) in t.iter_mut().zip(&u) {
                *x ^= y;
            }
        }
        out.extend_from_slice(&t);
        block += 1;
    }
    out.truncate(dklen);
    out
}
