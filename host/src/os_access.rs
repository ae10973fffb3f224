//! How the host answers os calls: the [`OsAccess`] trait and its default,
//! [`DenyAll`].
//!
//! The sandbox has no files, environment, clock or randomness of its own.
//! When a program touches one (`Path("data.csv").read_text()`,
//! `os.environ["HOME"]`, `time.time()`), the run pauses with an os call
//! (OS_CALLS.md lists them), and the host's [`OsAccess`] answers it with a
//! value or with the Python exception to raise. The pieces, which compose:
//!
//! * [`DenyAll`]: every call is a `PermissionError` (the default of every
//!   run driver, and the behaviour before os calls were answered at all);
//! * [`OsRouter`](crate::OsRouter): the composite. It routes each path to
//!   the [`FileSystem`](crate::FileSystem) mounted at the longest matching
//!   sandbox path, and answers the environment, clock and randomness calls
//!   from what it was given;
//! * file systems to mount in it: [`MemFs`](crate::MemFs) (in memory, with
//!   a byte cap) and [`Mount`](crate::Mount) (a host directory, read-only or
//!   read-write, that no path can leave);
//! * [`Environment`](crate::Environment) (explicit variables),
//!   [`Clock`](crate::Clock) and [`Entropy`](crate::Entropy) (both denied
//!   unless granted).
//!
//! Give one to a run with [`Functions::os_access`](crate::Functions::os_access)
//! (or [`AsyncFunctions::os_access`](crate::AsyncFunctions::os_access)), or
//! answer [`Progress::OsCall`](crate::Progress::OsCall) yourself with
//! [`OsAccess::answer`]. Errors follow OS_CALLS.md: the exception type, the
//! OS's description as the message, and the error number (see
//! [`Errno`](crate::Errno)).

use std::sync::Arc;

use crate::error::ExternalError;
use crate::protocol::PendingOsCall;
use monty_wire::Value;

/// Answers os calls. Implementations must be safe to share between threads
/// (one may serve many runs at once).
pub trait OsAccess: Send + Sync {
    /// Answers the os call `function(*args, **kwargs)` (names and argument
    /// shapes as in OS_CALLS.md; [`OsCall::parse`](crate::OsCall::parse)
    /// reads them).
    ///
    /// # Errors
    ///
    /// The exception the program gets: for a call on a path an `OSError`
    /// (or the subclass that goes with its number) whose message is the OS's
    /// description, such as `FileNotFoundError("No such file or directory")`
    /// with `errno` 2; a `PermissionError` for what is not granted.
    fn call(
        &self,
        function: &str,
        args: &[Value],
        kwargs: &[(String, Value)],
    ) -> Result<Value, ExternalError>;

    /// Answers a pending os call (from [`Progress::OsCall`](crate::Progress::OsCall)).
    ///
    /// # Errors
    ///
    /// As [`OsAccess::call`].
    fn answer(&self, call: &PendingOsCall) -> Result<Value, ExternalError> {
        self.call(&call.function, &call.args, &call.kwargs)
    }
}

impl<T: OsAccess + ?Sized> OsAccess for Arc<T> {
    fn call(
        &self,
        function: &str,
        args: &[Value],
        kwargs: &[(String, Value)],
    ) -> Result<Value, ExternalError> {
        (**self).call(function, args, kwargs)
    }
}

impl<T: OsAccess + ?Sized> OsAccess for Box<T> {
    fn call(
        &self,
        function: &str,
        args: &[Value],
        kwargs: &[(String, Value)],
    ) -> Result<Value, ExternalError> {
        (**self).call(function, args, kwargs)
    }
}

/// Grants nothing: every os call is a `PermissionError`. The default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DenyAll;

impl OsAccess for DenyAll {
    fn call(
        &self,
        function: &str,
        args: &[Value],
        _kwargs: &[(String, Value)],
    ) -> Result<Value, ExternalError> {
        if function.starts_with("Path.") && matches!(args.first(), Some(Value::Str(_))) {
            // On a path: as the OS words it; the guest adds the path.
            return Err(crate::os_error::Errno::Acces.error());
        }
        Err(ExternalError::new(
            "PermissionError",
            format!("{function}: no OS access is granted to this sandbox"),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deny_all_denies() {
        let e = DenyAll
            .call("Path.read_bytes", &[Value::Str("/x".into())], &[])
            .unwrap_err();
        assert_eq!(
            (e.type_name.as_str(), e.message.as_str(), e.errno),
            ("PermissionError", "Permission denied", Some(13))
        );
        let e = DenyAll.call("os.environ", &[], &[]).unwrap_err();
        assert_eq!(e.type_name, "PermissionError");
        assert_eq!(e.errno, None);
        let shared: Arc<dyn OsAccess> = Arc::new(DenyAll);
        assert!(shared.call("time.time", &[], &[]).is_err());
    }
}
