//! The clock and randomness a run may read: the two ways the host's state
//! could make a program's results differ between runs, so both are denied
//! unless the embedder grants them (DESIGN.md: same inputs and same host
//! answers give the same outputs).

use std::time::{SystemTime, UNIX_EPOCH};

use crate::error::ExternalError;

/// What `time.time()` (and with it `datetime.now()`) reads, and the
/// modification times [`MemFs`](crate::MemFs) stamps.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum Clock {
    /// No clock: `time.time()` raises `PermissionError`; in-memory files
    /// are stamped with time 0 (the epoch).
    #[default]
    Denied,
    /// The host's real clock.
    System,
    /// A fixed time, in seconds since the Unix epoch (for reproducible runs).
    Fixed(f64),
}

impl Clock {
    /// The time, in seconds since the Unix epoch; `None` when denied.
    pub fn now(self) -> Option<f64> {
        match self {
            Clock::Denied => None,
            Clock::System => Some(
                SystemTime::now()
                    .duration_since(UNIX_EPOCH)
                    .map_or(0.0, |d| d.as_secs_f64()),
            ),
            Clock::Fixed(t) => Some(t),
        }
    }

    /// The answer to `time.time`.
    ///
    /// # Errors
    ///
    /// `PermissionError` when the clock is [`Clock::Denied`].
    pub fn time(self) -> Result<f64, ExternalError> {
        self.now().ok_or_else(|| {
            ExternalError::new(
                "PermissionError",
                "time.time() needs the clock: it is not granted to this sandbox",
            )
        })
    }
}

/// What `os.urandom(n)` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Entropy {
    /// No randomness: `os.urandom` raises `PermissionError`.
    #[default]
    Denied,
    /// The operating system's random source.
    System,
}

/// The most bytes one `os.urandom` call returns (16 MiB).
pub const MAX_URANDOM_BYTES: u64 = 16 << 20;

impl Entropy {
    /// The answer to `os.urandom(n)`.
    ///
    /// # Errors
    ///
    /// `PermissionError` when denied; `OSError` `EINVAL` for more than
    /// [`MAX_URANDOM_BYTES`]; `OSError` if the OS source fails.
    pub fn urandom(self, n: u64) -> Result<Vec<u8>, ExternalError> {
        match self {
            Entropy::Denied => Err(ExternalError::new(
                "PermissionError",
                "os.urandom() needs OS randomness: it is not granted to this sandbox",
            )),
            Entropy::System => {
                if n > MAX_URANDOM_BYTES {
                    return Err(crate::os_error::Errno::Inval.error());
                }
                let mut bytes = vec![0u8; n as usize];
                getrandom::getrandom(&mut bytes)
                    .map_err(|e| ExternalError::new("OSError", e.to_string()))?;
                Ok(bytes)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn denied_unless_granted() {
        assert_eq!(
            Clock::Denied.time().unwrap_err().type_name,
            "PermissionError"
        );
        assert_eq!(Clock::Fixed(12.5).time(), Ok(12.5));
        assert!(Clock::System.time().unwrap() > 1.7e9);
        assert_eq!(
            Entropy::Denied.urandom(4).unwrap_err().type_name,
            "PermissionError"
        );
        assert_eq!(Entropy::System.urandom(32).unwrap().len(), 32);
        assert_eq!(
            Entropy::System
                .urandom(MAX_URANDOM_BYTES + 1)
                .unwrap_err()
                .errno,
            Some(22)
        );
    }
}
