//! [`FileSystem`]: what a tree of files mounted in the sandbox answers —
//! the interface [`OsRouter`](crate::OsRouter) routes path calls to, and
//! that [`MemFs`](crate::MemFs) and [`Mount`](crate::Mount) implement (an
//! embedder may implement it for storage of its own).
//!
//! Paths given to a file system are relative to its own root: the router
//! strips the sandbox path it is mounted at, so `/data/in/a.csv` reaches
//! the file system mounted at `/data` as `in/a.csv`, and `/data` itself as
//! `""`. They are passed on as sent, not normalized: a `..` may be in
//! them, and each file system must refuse a path that climbs above its root.

use crate::error::ExternalError;
use crate::os_error::Errno;
use monty_wire::Value;

/// Longest path accepted, in bytes (Linux's `PATH_MAX`).
pub const MAX_PATH_BYTES: usize = 4096;
/// Longest name of one path component, in bytes (Linux's `NAME_MAX`).
pub const MAX_NAME_BYTES: usize = 255;

/// What kind of object a path names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// A regular file.
    File,
    /// A directory.
    Dir,
    /// Anything else (a device, a socket, a FIFO): visible, never opened.
    Other,
}

/// The answer to `Path.stat`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FileStat {
    /// The kind of object.
    pub kind: FileKind,
    /// Size in bytes (`st_size`).
    pub size: u64,
    /// Last modification, seconds since the Unix epoch (`st_mtime`).
    pub mtime: f64,
    /// Type and permission bits (`st_mode`, e.g. `0o100644`).
    pub mode: u32,
}

impl FileStat {
    /// The dict an os call answers with: `st_size`, `st_mtime`, `st_mode`.
    pub fn to_value(&self) -> Value {
        Value::dict([
            (
                "st_size",
                Value::Int(i64::try_from(self.size).unwrap_or(i64::MAX)),
            ),
            ("st_mtime", Value::Float(self.mtime)),
            ("st_mode", Value::Int(i64::from(self.mode))),
        ])
    }
}

/// A tree of files the sandbox can reach through os calls. Every method
/// takes a path relative to this file system's root (see the module doc)
/// and answers, or fails with the error the program gets: an
/// [`Errno`]-style `OSError` (see [`Errno::error`]), a `ValueError` for a
/// path with a NUL byte, or a `PermissionError` for a path that leaves the
/// file system.
///
/// Implementations must be safe to call from several threads at once.
pub trait FileSystem: Send + Sync {
    /// The object `path` names, following symbolic links.
    ///
    /// # Errors
    ///
    /// `FileNotFoundError` when nothing is there; `NotADirectoryError`
    /// when a parent is a file; `PermissionError` when the path leaves the
    /// file system.
    fn stat(&self, path: &str) -> Result<FileStat, ExternalError>;

    /// The whole content of the regular file `path`.
    ///
    /// # Errors
    ///
    /// As [`FileSystem::stat`]; `IsADirectoryError` for a directory;
    /// `PermissionError` for anything that is not a regular file.
    fn read(&self, path: &str) -> Result<Vec<u8>, ExternalError>;

    /// Writes `data` to the regular file `path`, creating it if missing;
    /// replaces the content, or with `append` adds to it.
    ///
    /// # Errors
    ///
    /// As [`FileSystem::read`]; `FileNotFoundError` when the parent does not
    /// exist; `OSError` `EROFS` when the file system is read-only, `ENOSPC`
    /// when it is full.
    fn write(&self, path: &str, data: &[u8], append: bool) -> Result<(), ExternalError>;

    /// The names in directory `path`, in any order.
    ///
    /// # Errors
    ///
    /// As [`FileSystem::stat`]; `NotADirectoryError` for a file.
    fn list(&self, path: &str) -> Result<Vec<String>, ExternalError>;

    /// Creates directory `path` (and with `parents` its missing parents);
    /// with `exist_ok` an existing directory is fine.
    ///
    /// # Errors
    ///
    /// `FileExistsError` when it exists (or is a file); `FileNotFoundError`
    /// when the parent is missing and `parents` is false; as
    /// [`FileSystem::write`].
    fn mkdir(&self, path: &str, parents: bool, exist_ok: bool) -> Result<(), ExternalError>;

    /// Removes the file `path` (a symbolic link itself, not its target).
    ///
    /// # Errors
    ///
    /// `FileNotFoundError`; `IsADirectoryError` for a directory; as
    /// [`FileSystem::write`].
    fn remove_file(&self, path: &str) -> Result<(), ExternalError>;

    /// Removes the empty directory `path`.
    ///
    /// # Errors
    ///
    /// `FileNotFoundError`; `NotADirectoryError`; `OSError` `ENOTEMPTY`;
    /// `OSError` `EBUSY` for the root; as [`FileSystem::write`].
    fn remove_dir(&self, path: &str) -> Result<(), ExternalError>;

    /// Moves `from` to `to` within this file system, replacing a file (or
    /// an empty directory, when `from` is one) at `to`, as `os.replace`.
    ///
    /// # Errors
    ///
    /// `FileNotFoundError` when `from` is missing; `IsADirectoryError`,
    /// `NotADirectoryError` or `OSError` `ENOTEMPTY` when `to` cannot be
    /// replaced by it; `OSError` `EINVAL` when moving a directory into
    /// itself; as [`FileSystem::write`].
    fn rename(&self, from: &str, to: &str) -> Result<(), ExternalError>;
}

/// Refuses what no file system accepts: a NUL byte (`ValueError: embedded
/// null byte`, as CPython), a path longer than [`MAX_PATH_BYTES`] or a
/// name longer than [`MAX_NAME_BYTES`] (`OSError` `ENAMETOOLONG`).
///
/// # Errors
///
/// As described.
pub fn check_path(path: &str) -> Result<(), ExternalError> {
    if path.contains('\0') {
        return Err(ExternalError::new("ValueError", "embedded null byte"));
    }
    if path.len() > MAX_PATH_BYTES || path.split('/').any(|c| c.len() > MAX_NAME_BYTES) {
        return Err(Errno::NameTooLong.error());
    }
    Ok(())
}

/// The components of a path: empty ones and `.` dropped, `..` kept.
pub(crate) fn components(path: &str) -> impl Iterator<Item = &str> + Clone {
    path.split('/').filter(|c| !c.is_empty() && *c != ".")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_checked() {
        assert!(check_path("a/b.csv").is_ok());
        assert_eq!(
            check_path("a\0b").unwrap_err(),
            ExternalError::new("ValueError", "embedded null byte")
        );
        assert_eq!(
            check_path(&"x".repeat(256)).unwrap_err(),
            Errno::NameTooLong.error()
        );
        assert!(check_path(&"x".repeat(255)).is_ok());
        assert_eq!(
            check_path(&"a/".repeat(3000)).unwrap_err(),
            Errno::NameTooLong.error()
        );
    }

    #[test]
    fn components_skip_dots_but_keep_parents() {
        let c: Vec<&str> = components("/a//./b/../c/").collect();
        assert_eq!(c, ["a", "b", "..", "c"]);
        assert_eq!(components("").count(), 0);
    }
}
