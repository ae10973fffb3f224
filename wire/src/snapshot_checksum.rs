//! The checksum of a snapshot's payload, in the guest's header since
//! format version 10 (`snapshot/src/lib.rs` has the layout). Here because
//! both sides need it: the guest writes and checks it, and a host that
//! edits snapshot bytes on purpose (the fuzz tests of `monty-host`) must
//! write a matching one without linking the guest.

/// FNV-1a's constants over 8-byte little-endian words (a rotation mixes
/// each product down), then the tail bytes. Every step is a bijection of
/// the running value, so any one damaged word or byte changes the sum. For
/// accidental damage only: hosts seal snapshots against crafted bytes.
pub fn payload_checksum(bytes: &[u8]) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ bytes.len() as u64;
    let mut words = bytes.chunks_exact(8);
    for w in &mut words {
        let w = u64::from_le_bytes(w.try_into().expect("8 bytes"));
        h = (h ^ w).wrapping_mul(PRIME).rotate_left(29);
    }
    for b in words.remainder() {
        h = (h ^ u64::from(*b)).wrapping_mul(PRIME);
    }
    h
}
