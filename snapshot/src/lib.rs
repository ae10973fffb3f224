//! The snapshot format: a paused execution as bytes, to be continued in a
//! fresh instance, another process, another day.
//!
//! Rules, for whoever changes anything serialized (the `Vm` and everything
//! it holds: frames, heap objects, compiled program, module registry order):
//!
//! 1. Layout: `MAGIC` (8 bytes), format version (u32 LE), payload length
//!    (u64 LE), checksum of the payload (u64 LE; [`checksum`], FNV-1a over
//!    words since version 10), then the
//!    payload: the `Vm` encoded with postcard (serde, field order matters),
//!    then (since version 4) the native table fingerprint (u64 LE).
//! 2. Any change to a serialized type — a field, a variant, their order —
//!    bumps [`FORMAT_VERSION`]. The tables a snapshot names by position
//!    (native modules and functions, builtins, exception classes) are
//!    covered by the fingerprint instead
//!    ([`monty_stdlib::registry::native_table_fingerprint`]): a snapshot from a
//!    build whose tables differ is refused, naming both fingerprints.
//! 3. A snapshot of another version is refused with an error naming both
//!    versions; so are foreign bytes (bad magic), truncated bytes (length)
//!    and corrupted bytes (checksum), checked first (whatever the version).
//!    Then the decoded state is validated (`validate.rs`): references,
//!    operands and frame positions in range. Loading never traps.
//! 4. `tests/snapshots/` holds golden snapshot files that are never
//!    regenerated: a test proves the current build loads them, or refuses
//!    them with the version error once the version was bumped on purpose.

pub mod validate;

use monty_stdlib::registry::native_table_fingerprint;
use monty_stdlib::vm::Vm;

pub const MAGIC: &[u8; 8] = b"MONTYSNP";
pub const FORMAT_VERSION: u32 = 15;
const HEADER: usize = 8 + 4 + 8 + 8;

/// The checksum of versions up to 9 (byte-wise FNV-1a 64): still
/// computed for them, so a damaged old file is reported as damaged.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The payload checksum (since version 10): [`monty_wire::payload_checksum`],
/// which hosts share.
pub fn checksum(bytes: &[u8]) -> u64 {
    monty_wire::payload_checksum(bytes)
}

/// Encodes a paused execution.
///
/// # Errors
/// A message if the state cannot be encoded (should not happen).
// Never inlined: lto would otherwise move the whole encoding into the
// guest's export, built at level 3 (this crate is built for size).
#[inline(never)]
pub fn save(vm: &Vm) -> Result<Vec<u8>, String> {
    let mut payload =
        postcard::to_allocvec(vm).map_err(|e| format!("cannot encode the execution: {e}"))?;
    payload.extend_from_slice(&native_table_fingerprint().to_le_bytes());
    let mut out = Vec::with_capacity(HEADER + payload.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&checksum(&payload).to_le_bytes());
    out.extend_from_slice(&payload);
    Ok(out)
}

/// Decodes a snapshot.
///
/// # Errors
/// A message saying what is wrong: not a snapshot, another format version,
/// truncated, corrupted, undecodable, or inconsistent.
#[inline(never)]
pub fn load(bytes: &[u8]) -> Result<Vm, String> {
    if bytes.len() < 8 || &bytes[..8] != MAGIC {
        return Err("not a monty snapshot (bad magic header)".into());
    }
    if bytes.len() < HEADER {
        return Err("truncated snapshot (incomplete header)".into());
    }
    let version = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
    let len = u64::from_le_bytes(bytes[12..20].try_into().expect("8 bytes"));
    let sum = u64::from_le_bytes(bytes[20..28].try_into().expect("8 bytes"));
    let payload = &bytes[HEADER..];
    if payload.len() as u64 != len {
        return Err(format!(
            "truncated snapshot: {} payload bytes, header says {len}",
            payload.len()
        ));
    }
    let expected = if version < 10 {
        fnv1a(payload)
    } else {
        checksum(payload)
    };
    if expected != sum {
        return Err("corrupted snapshot (checksum mismatch)".into());
    }
    // after the integrity checks: a damaged file of another version is
    // reported as damaged
    if version != FORMAT_VERSION {
        return Err(format!(
            "snapshot format version {version} is not supported by this build (it reads version {FORMAT_VERSION})"
        ));
    }
    let Some((payload, fingerprint)) = payload.split_last_chunk::<8>() else {
        return Err("truncated snapshot (no native table fingerprint)".into());
    };
    let fingerprint = u64::from_le_bytes(*fingerprint);
    if fingerprint != native_table_fingerprint() {
        return Err(format!(
            "snapshot taken by a build with other native functions (table fingerprint {fingerprint:016x}, this build has {:016x})",
            native_table_fingerprint()
        ));
    }
    // the core asks the library to decode the library's objects
    monty_stdlib::entry::install();
    let vm: Vm = monty_stdlib::object::attrs::interning(|| postcard::from_bytes(payload))
        .map_err(|e| format!("undecodable snapshot: {e}"))?;
    validate::validate(&vm).map_err(|e| format!("inconsistent snapshot: {e}"))?;
    Ok(vm)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Damage is reported as such even in a file of another version.
    #[test]
    fn integrity_is_checked_before_the_version() {
        let payload = b"payload".to_vec();
        let mut other = Vec::new();
        other.extend_from_slice(MAGIC);
        // (a version whose payload is summed with FNV-1a)
        other.extend_from_slice(&9u32.to_le_bytes());
        other.extend_from_slice(&(payload.len() as u64).to_le_bytes());
        other.extend_from_slice(&fnv1a(&payload).to_le_bytes());
        other.extend_from_slice(&payload);
        let err = |b: &[u8]| load(b).err().expect("refused");
        assert!(err(&other).contains("format version"));
        assert!(err(&other[..other.len() - 2]).contains("truncated"));
        let mut bad = other.clone();
        *bad.last_mut().unwrap() ^= 0xff;
        assert!(err(&bad).contains("checksum"));
    }

    /// A snapshot of this version from a build with other native tables is
    /// refused by its fingerprint.
    #[test]
    fn another_native_table_is_refused() {
        let payload = [[0; 8], (native_table_fingerprint() ^ 1).to_le_bytes()].concat();
        let mut other = Vec::new();
        other.extend_from_slice(MAGIC);
        other.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        other.extend_from_slice(&(payload.len() as u64).to_le_bytes());
        other.extend_from_slice(&checksum(&payload).to_le_bytes());
        other.extend_from_slice(&payload);
        let err = load(&other).err().expect("refused");
        assert!(err.contains("table fingerprint"), "{err}");
    }
}
