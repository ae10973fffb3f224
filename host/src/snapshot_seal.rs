//! Sealing snapshots: the guest's snapshot bytes leave the host with an
//! HMAC-SHA-256 tag under the engine's snapshot key, and `restore` checks
//! the tag before the guest sees a byte.
//!
//! Why: the guest's own header (magic, format version, length, checksum)
//! catches truncation, other versions and accidental damage, but its
//! decoder trusts the contents; crafted bytes with a matching checksum
//! (heap references to freed objects, code or constant indices out of
//! range) make the guest trap, which fuzzing showed. A tag that only the
//! key holder can compute means such bytes are refused with a clear error
//! instead. Layout: `MONTYSIG` (8 bytes), version 1 (1 byte), the 32-byte
//! tag over everything after it, then the guest's bytes.
//!
//! Not covered: confidentiality (snapshots are not encrypted; they hold
//! the program's data in the clear) and replay of an older snapshot made
//! under the same key.

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::error::Error;

type HmacSha256 = Hmac<Sha256>;

const MAGIC: &[u8; 8] = b"MONTYSIG";
const VERSION: u8 = 1;
const HEADER: usize = MAGIC.len() + 1 + 32;

/// A 32-byte snapshot key.
#[derive(Clone)]
pub(crate) struct SnapshotKey([u8; 32]);

impl SnapshotKey {
    pub(crate) fn new(bytes: [u8; 32]) -> SnapshotKey {
        SnapshotKey(bytes)
    }

    /// A fresh random key (snapshots then restore only in this engine).
    pub(crate) fn random() -> Result<SnapshotKey, Error> {
        let mut key = [0u8; 32];
        getrandom::getrandom(&mut key)
            .map_err(|e| Error::Internal(format!("cannot make a snapshot key: {e}")))?;
        Ok(SnapshotKey(key))
    }

    fn mac(&self) -> HmacSha256 {
        HmacSha256::new_from_slice(&self.0).expect("HMAC takes any key length")
    }

    /// The guest's snapshot bytes, sealed.
    pub(crate) fn seal(&self, guest: &[u8]) -> Vec<u8> {
        let mut mac = self.mac();
        mac.update(guest);
        let tag = mac.finalize().into_bytes();
        let mut out = Vec::with_capacity(HEADER + guest.len());
        out.extend_from_slice(MAGIC);
        out.push(VERSION);
        out.extend_from_slice(&tag);
        out.extend_from_slice(guest);
        out
    }

    /// The guest's bytes inside a sealed snapshot, if its tag is right.
    pub(crate) fn open<'a>(&self, sealed: &'a [u8]) -> Result<&'a [u8], Error> {
        if sealed.len() < HEADER || &sealed[..MAGIC.len()] != MAGIC {
            return Err(Error::Internal(
                "not a sealed monty snapshot (no MONTYSIG header)".into(),
            ));
        }
        if sealed[MAGIC.len()] != VERSION {
            return Err(Error::Internal(format!(
                "unsupported snapshot seal version {} (this build reads {VERSION})",
                sealed[MAGIC.len()]
            )));
        }
        let (tag, guest) = sealed[MAGIC.len() + 1..].split_at(32);
        let mut mac = self.mac();
        mac.update(guest);
        mac.verify_slice(tag).map_err(|_| {
            Error::Internal(
                "the snapshot's seal does not match: it was altered, or sealed by an engine \
                 with another snapshot key"
                    .into(),
            )
        })?;
        Ok(guest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_bytes_open_only_unaltered_and_under_the_same_key() {
        let key = SnapshotKey::new([7; 32]);
        let sealed = key.seal(b"guest bytes");
        assert_eq!(key.open(&sealed).unwrap(), b"guest bytes");
        for i in 0..sealed.len() {
            let mut bad = sealed.clone();
            bad[i] ^= 1;
            assert!(key.open(&bad).is_err(), "a flip at byte {i} was accepted");
        }
        assert!(SnapshotKey::new([8; 32]).open(&sealed).is_err());
        assert!(key.open(&sealed[..HEADER - 1]).is_err());
        assert!(key.open(b"").is_err());
    }
}
