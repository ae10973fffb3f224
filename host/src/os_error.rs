//! OS errors as the sandbox sees them: the Python exception type, the OS's
//! description (`strerror`) as the message, and the error number.
//!
//! OS_CALLS.md ("Errors") fixes the shape: a failed os call is answered with
//! `{"type": "FileNotFoundError", "message": "No such file or directory",
//! "errno": 2}`, and the guest raises it as CPython would, with the path as
//! `filename`. [`Errno`] names the errors this host's filesystems produce
//! themselves, with Linux's numbers and glibc's wording, so a program sees
//! the same errors whichever host answers; [`io_error`] translates what a
//! real filesystem (a mount) reported.

use std::io;

use crate::error::ExternalError;

/// An OS error a filesystem of this crate reports, with the number and the
/// description Linux gives it. [`Errno::error`] makes the [`ExternalError`]
/// an os call answers with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Errno {
    /// `EPERM` (1): Operation not permitted.
    Perm,
    /// `ENOENT` (2): No such file or directory.
    NoEnt,
    /// `EIO` (5): Input/output error.
    Io,
    /// `ENXIO` (6): No such device or address.
    NxIo,
    /// `EACCES` (13): Permission denied.
    Acces,
    /// `EBUSY` (16): Device or resource busy.
    Busy,
    /// `EEXIST` (17): File exists.
    Exist,
    /// `EXDEV` (18): Invalid cross-device link.
    XDev,
    /// `ENOTDIR` (20): Not a directory.
    NotDir,
    /// `EISDIR` (21): Is a directory.
    IsDir,
    /// `EINVAL` (22): Invalid argument.
    Inval,
    /// `EFBIG` (27): File too large.
    FBig,
    /// `ENOSPC` (28): No space left on device.
    NoSpc,
    /// `EROFS` (30): Read-only file system.
    RoFs,
    /// `EMLINK` (31): Too many links.
    MLink,
    /// `ENAMETOOLONG` (36): File name too long.
    NameTooLong,
    /// `ENOTEMPTY` (39): Directory not empty.
    NotEmpty,
    /// `ELOOP` (40): Too many levels of symbolic links.
    Loop,
}

impl Errno {
    /// The error number (Linux's).
    pub fn code(self) -> i64 {
        match self {
            Errno::Perm => 1,
            Errno::NoEnt => 2,
            Errno::Io => 5,
            Errno::NxIo => 6,
            Errno::Acces => 13,
            Errno::Busy => 16,
            Errno::Exist => 17,
            Errno::XDev => 18,
            Errno::NotDir => 20,
            Errno::IsDir => 21,
            Errno::Inval => 22,
            Errno::FBig => 27,
            Errno::NoSpc => 28,
            Errno::RoFs => 30,
            Errno::MLink => 31,
            Errno::NameTooLong => 36,
            Errno::NotEmpty => 39,
            Errno::Loop => 40,
        }
    }

    /// The OS's description of the error (`strerror`, as glibc words it).
    pub fn strerror(self) -> &'static str {
        match self {
            Errno::Perm => "Operation not permitted",
            Errno::NoEnt => "No such file or directory",
            Errno::Io => "Input/output error",
            Errno::NxIo => "No such device or address",
            Errno::Acces => "Permission denied",
            Errno::Busy => "Device or resource busy",
            Errno::Exist => "File exists",
            Errno::XDev => "Invalid cross-device link",
            Errno::NotDir => "Not a directory",
            Errno::IsDir => "Is a directory",
            Errno::Inval => "Invalid argument",
            Errno::FBig => "File too large",
            Errno::NoSpc => "No space left on device",
            Errno::RoFs => "Read-only file system",
            Errno::MLink => "Too many links",
            Errno::NameTooLong => "File name too long",
            Errno::NotEmpty => "Directory not empty",
            Errno::Loop => "Too many levels of symbolic links",
        }
    }

    /// The Python exception CPython raises for this number: the `OSError`
    /// subclass OS_CALLS.md lists for it, else `OSError` itself.
    pub fn python_type(self) -> &'static str {
        python_type_of(self.code())
    }

    /// The error an os call answers with: `python_type(strerror)` with this
    /// number.
    pub fn error(self) -> ExternalError {
        ExternalError::new(self.python_type(), self.strerror()).with_errno(self.code())
    }
}

/// The `OSError` subclass CPython picks for a (Linux) error number.
fn python_type_of(errno: i64) -> &'static str {
    match errno {
        2 => "FileNotFoundError",
        17 => "FileExistsError",
        21 => "IsADirectoryError",
        20 => "NotADirectoryError",
        1 | 13 => "PermissionError",
        _ => "OSError",
    }
}

/// Translates an error a real filesystem reported into what the sandbox
/// sees. Errors of the kinds [`Errno`] names get its number and wording
/// (so a program sees Linux's numbers on any host); any other OS error
/// keeps the host's number and description, as `OSError`. A path with a
/// NUL byte is `ValueError: embedded null byte`, as in CPython.
pub fn io_error(error: &io::Error) -> ExternalError {
    use io::ErrorKind as K;
    let errno = match error.kind() {
        K::NotFound => Some(Errno::NoEnt),
        K::AlreadyExists => Some(Errno::Exist),
        // (cap-std's "a path led outside of the filesystem" is one of these)
        K::PermissionDenied => Some(if error.raw_os_error().is_some_and(is_eperm) {
            Errno::Perm
        } else {
            Errno::Acces
        }),
        K::NotADirectory => Some(Errno::NotDir),
        K::IsADirectory => Some(Errno::IsDir),
        K::DirectoryNotEmpty => Some(Errno::NotEmpty),
        K::ReadOnlyFilesystem => Some(Errno::RoFs),
        K::StorageFull => Some(Errno::NoSpc),
        K::FileTooLarge => Some(Errno::FBig),
        K::InvalidFilename => Some(Errno::NameTooLong),
        K::CrossesDevices => Some(Errno::XDev),
        K::ResourceBusy => Some(Errno::Busy),
        K::TooManyLinks => Some(Errno::MLink),
        K::InvalidInput if error.raw_os_error().is_none() => {
            if error.to_string().to_ascii_lowercase().contains("nul") {
                return ExternalError::new("ValueError", "embedded null byte");
            }
            Some(Errno::Inval)
        }
        _ => None,
    };
    if let Some(errno) = errno {
        return errno.error();
    }
    match error.raw_os_error() {
        Some(code) => {
            // std words it "Description (os error N)": keep the description.
            let text = io::Error::from_raw_os_error(code).to_string();
            let message = match text.rfind(" (os error ") {
                Some(at) => text[..at].to_owned(),
                None => text,
            };
            let code = i64::from(code);
            ExternalError::new(python_type_of(code), message).with_errno(code)
        }
        None => ExternalError::new("OSError", error.to_string()),
    }
}

fn is_eperm(code: i32) -> bool {
    code == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errnos_carry_type_message_and_number() {
        let e = Errno::NoEnt.error();
        assert_eq!(
            (e.type_name.as_str(), e.message.as_str(), e.errno),
            ("FileNotFoundError", "No such file or directory", Some(2))
        );
        let e = Errno::NotEmpty.error();
        assert_eq!(
            (e.type_name.as_str(), e.message.as_str(), e.errno),
            ("OSError", "Directory not empty", Some(39))
        );
        assert_eq!(Errno::Acces.python_type(), "PermissionError");
        assert_eq!(Errno::IsDir.python_type(), "IsADirectoryError");
        assert_eq!(Errno::NotDir.python_type(), "NotADirectoryError");
        assert_eq!(Errno::Exist.python_type(), "FileExistsError");
    }

    #[test]
    fn io_errors_are_translated() {
        let e = io_error(&io::Error::from(io::ErrorKind::NotFound));
        assert_eq!(e, Errno::NoEnt.error());
        let e = io_error(&io::Error::new(
            io::ErrorKind::PermissionDenied,
            "a path led outside of the filesystem",
        ));
        assert_eq!(e, Errno::Acces.error());
        let e = io_error(&io::Error::new(
            io::ErrorKind::InvalidInput,
            "file name contained an unexpected NUL byte",
        ));
        assert_eq!(e, ExternalError::new("ValueError", "embedded null byte"));
        #[cfg(target_os = "linux")]
        {
            // ENOTEMPTY and ELOOP by number
            assert_eq!(
                io_error(&io::Error::from_raw_os_error(39)),
                Errno::NotEmpty.error()
            );
            let e = io_error(&io::Error::from_raw_os_error(40));
            assert_eq!(e.type_name, "OSError");
            assert_eq!(e.errno, Some(40));
            assert_eq!(e.message, "Too many levels of symbolic links");
        }
    }
}
