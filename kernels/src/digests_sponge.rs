//! The Keccak sponge (SHA-3 and SHAKE, FIPS 202) and BLAKE2b/BLAKE2s
//! (RFC 7693) for `digests.rs`. Keccak's round constants and rotation
//! offsets are generated from the standard's LFSR and lane walk.

use std::sync::OnceLock;

use crate::digests::{iv256, iv512, Algo};

/// BLAKE2's parameter block (CPython's `blake2b(...)` keywords).
#[derive(Clone, Debug)]
pub struct Blake2Params {
    pub digest_size: usize,
    pub key: Vec<u8>,
    pub salt: Vec<u8>,
    pub person: Vec<u8>,
    pub fanout: u8,
    pub depth: u8,
    pub leaf_size: u32,
    pub node_offset: u64,
    pub node_depth: u8,
    pub inner_size: u8,
    pub last_node: bool,
}

impl Blake2Params {
    pub fn default_for(algo: Algo) -> Blake2Params {
        Blake2Params {
            digest_size: algo.digest_size(),
            key: Vec::new(),
            salt: Vec::new(),
            person: Vec::new(),
            fanout: 1,
            depth: 1,
            leaf_size: 0,
            node_offset: 0,
            node_depth: 0,
            inner_size: 0,
            last_node: false,
        }
    }
}

const SIGMA: [[usize; 16]; 10] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
    [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
    [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
    [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
    [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
    [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
    [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
    [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
    [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
];

/// The initial chaining state of a BLAKE2 hash and the key block (empty
/// without a key) that is hashed first.
pub fn blake2_init(algo: Algo, p: &Blake2Params) -> (Vec<u64>, Vec<u8>) {
    let big = algo == Algo::Blake2b;
    let bs = algo.block_size();
    let mut block = vec![0u8; if big { 64 } else { 32 }];
    block[0] = p.digest_size as u8;
    block[1] = p.key.len() as u8;
    block[2] = p.fanout;
    block[3] = p.depth;
    block[4..8].copy_from_slice(&p.leaf_size.to_le_bytes());
    if big {
        block[8..16].copy_from_slice(&p.node_offset.to_le_bytes());
        block[16] = p.node_depth;
        block[17] = p.inner_size;
        block[32..32 + p.salt.len()].copy_from_slice(&p.salt);
        block[48..48 + p.person.len()].copy_from_slice(&p.person);
    } else {
        block[8..14].copy_from_slice(&p.node_offset.to_le_bytes()[..6]);
        block[14] = p.node_depth;
        block[15] = p.inner_size;
        block[16..16 + p.salt.len()].copy_from_slice(&p.salt);
        block[24..24 + p.person.len()].copy_from_slice(&p.person);
    }
    let state: Vec<u64> = if big {
        iv512()
            .iter()
            .zip(block.chunks(8))
            .map(|(iv, c)| iv ^ u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect()
    } else {
        iv256()
            .iter()
            .zip(block.chunks(4))
            .map(|(iv, c)| (iv ^ u32::from_le_bytes(c.try_into().expect("4 bytes"))) as u64)
            .collect()
    };
    let mut key_block = Vec::new();
    if !p.key.is_empty() {
        key_block = p.key.clone();
        key_block.resize(bs, 0);
    }
    (state, key_block)
}

/// One BLAKE2 compression of `block` with byte counter `t`.
pub fn blake2_compress(
    algo: Algo,
    h: &mut [u64],
    block: &[u8],
    t: u128,
    last: bool,
    last_node: bool,
) {
    if algo == Algo::Blake2b {
        let m: Vec<u64> = block
            .chunks(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect();
        let iv = iv512();
        let mut v = [0u64; 16];
        v[..8].copy_from_slice(&h[..8]);
        v[8..].copy_from_slice(&iv);
        v[12] ^= t as u64;
        v[13] ^= (t >> 64) as u64;
        if last {
            v[14] = !v[14];
        }
        if last_node {
            v[15] = !v[15];
        }
        for s in SIGMA.iter().cycle().take(12) {
            let mut g = |a: usize, b: usize, c: usize, d: usize, x: u64, y: u64| {
                v[a] = v[a].wrapping_add(v[b]).wrapping_add(x);
                v[d] = (v[d] ^ v[a]).rotate_right(32);
                v[c] = v[c].wrapping_add(v[d]);
                v[b] = (v[b] ^ v[c]).rotate_right(24);
                v[a] = v[a].wrapping_add(v[b]).wrapping_add(y);
                v[d] = (v[d] ^ v[a]).rotate_right(16);
                v[c] = v[c].wrapping_add(v[d]);
                v[b] = (v[b] ^ v[c]).rotate_right(63);
            };
            mix(&mut g, s, |i| m[i]);
        }
        for i in 0..8 {
            h[i] ^= v[i] ^ v[i + 8];
        }
    } else {
        let m: Vec<u32> = block
            .chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes")))
            .collect();
        let iv = iv256();
        let mut v = [0u32; 16];
        for i in 0..8 {
            v[i] = h[i] as u32;
        }
        v[8..].copy_from_slice(&iv);
        v[12] ^= t as u32;
        v[13] ^= (t >> 32) as u32;
        if last {
            v[14] = !v[14];
        }
        if last_node {
            v[15] = !v[15];
        }
        for s in SIGMA.iter().take(10) {
            let mut g = |a: usize, b: usize, c: usize, d: usize, x: u32, y: u32| {
                v[a] = v[a].wrapping_add(v[b]).wrapping_add(x);
                v[d] = (v[d] ^ v[a]).rotate_right(16);
                v[c] = v[c].wrapping_add(v[d]);
                v[b] = (v[b] ^ v[c]).rotate_right(12);
                v[a] = v[a].wrapping_add(v[b]).wrapping_add(y);
                v[d] = (v[d] ^ v[a]).rotate_right(8);
                v[c] = v[c].wrapping_add(v[d]);
                v[b] = (v[b] ^ v[c]).rotate_right(7);
            };
            mix(&mut g, s, |i| m[i]);
        }
        for i in 0..8 {
            h[i] = ((h[i] as u32) ^ v[i] ^ v[i + 8]) as u64;
        }
    }
}

/// The eight G applications of one BLAKE2 round.
fn mix<W: Copy>(
    g: &mut impl FnMut(usize, usize, usize, usize, W, W),
    s: &[usize; 16],
    m: impl Fn(usize) -> W,
) {
    const COLS: [[usize; 4]; 8] = [
        [0, 4, 8, 12],
        [1, 5, 9, 13],
        [2, 6, 10, 14],
        [3, 7, 11, 15],
        [0, 5, 10, 15],
        [1, 6, 11, 12],
        [2, 7, 8, 13],
        [3, 4, 9, 14],
    ];
    for (i, [a, b, c, d]) in COLS.iter().enumerate() {
        g(*a, *b, *c, *d, m(s[2 * i]), m(s[2 * i + 1]));
    }
}

/// The first `n` bytes of the BLAKE2 state, little-endian.
pub fn blake2_output(algo: Algo, h: &[u64], n: usize) -> Vec<u8> {
    let mut out: Vec<u8> = if algo == Algo::Blake2b {
        h.iter().flat_map(|w| w.to_le_bytes()).collect()
    } else {
        h.iter().flat_map(|w| (*w as u32).to_le_bytes()).collect()
    };
    out.truncate(n);
    out
}

struct KeccakTables {
    rc: [u64; 24],
    rot: [u32; 25],
}

fn keccak_tables() -> &'static KeccakTables {
    static T: OnceLock<KeccakTables> = OnceLock::new();
    T.get_or_init(|| {
        // rc(t): the output bit of the LFSR x^8 + x^6 + x^5 + x^4 + 1
        let rc_bit = |t: usize| -> u64 {
            let mut r: u32 = 1;
            for _ in 0..t % 255 {
                r <<= 1;
                if r & 0x100 != 0 {
                    r ^= 0x171;
                }
            }
            (r & 1) as u64
        };
        let mut rc = [0u64; 24];
        for (ir, slot) in rc.iter_mut().enumerate() {
            for j in 0..7 {
                *slot |= rc_bit(j + 7 * ir) << ((1usize << j) - 1);
            }
        }
        let mut rot = [0u32; 25];
        let (mut x, mut y) = (1usize, 0usize);
        for t in 0..24u32 {
            rot[x + 5 * y] = ((t + 1) * (t + 2) / 2) % 64;
            (x, y) = (y, (2 * x + 3 * y) % 5);
        }
        KeccakTables { rc, rot }
    })
}

/// Keccak-f[1600] on 25 lanes.
fn keccak_f(a: &mut [u64]) {
    let t = keccak_tables();
    for rc in t.rc {
        let mut c = [0u64; 5];
        for x in 0..5 {
            c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
        }
        for x in 0..5 {
            let d = c[(x + 4) % 5] ^ c[(x + 1) % 5].rotate_left(1);
            for y in 0..5 {
                a[x + 5 * y] ^= d;
            }
        }
        let mut b = [0u64; 25];
        for x in 0..5 {
            for y in 0..5 {
                b[y + 5 * ((2 * x + 3 * y) % 5)] = a[x + 5 * y].rotate_left(t.rot[x + 5 * y]);
            }
        }
        for x in 0..5 {
            for y in 0..5 {
                a[x + 5 * y] = b[x + 5 * y] ^ (!b[(x + 1) % 5 + 5 * y] & b[(x + 2) % 5 + 5 * y]);
            }
        }
        a[0] ^= rc;
    }
}

/// Absorbs one rate-sized block.
pub fn keccak_absorb(a: &mut [u64], block: &[u8]) {
    for (i, c) in block.chunks(8).enumerate() {
        a[i] ^= u64::from_le_bytes(c.try_into().expect("8 bytes"));
    }
    keccak_f(a);
}

/// Pads the remaining input (SHA-3's or SHAKE's domain bits) and squeezes
/// `n` bytes.
pub fn keccak_finish(a: &mut [u64], rest: &[u8], rate: usize, xof: bool, n: usize) -> Vec<u8> {
    let mut block = rest.to_vec();
    block.push(if xof { 0x1f } else { 0x06 });
    block.resize(rate, 0);
    block[rate - 1] |= 0x80;
    keccak_absorb(a, &block);
    let mut out = Vec::with_capacity(n);
    loop {
        for lane in a.iter().take(rate / 8) {
            out.extend_from_slice(&lane.to_le_bytes());
        }
        if out.len() >= n {
            break;
        }
        keccak_f(a);
    }
    out.truncate(n);
    out
}
