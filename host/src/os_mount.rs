//! [`Mount`]: a host directory the sandbox reaches at a sandbox path,
//! read-only or read-write.
//!
//! Every path is resolved beneath a directory handle opened once, by
//! `cap-std` (capability-style access: `openat2` with `RESOLVE_BENEATH` where
//! the kernel has it, else a checked walk one component at a time). So a
//! path can never leave the mounted directory: not by `..`, not by an
//! absolute path, not through a symbolic link — absolute or relative,
//! planted before the run or by anyone during it — whose target lies
//! outside; such a path fails with `PermissionError` (`EACCES`). Nothing is
//! checked as a string and then opened again by name, so there is no window
//! between check and use.
//!
//! What is opened is checked on the open handle (`fstat`), before any byte
//! is read or written:
//!
//! * only regular files and directories: a device, a FIFO or a socket is a
//!   `PermissionError` (files are opened with `O_NONBLOCK | O_NOCTTY`, so
//!   even opening one cannot block the host or give it a terminal);
//! * a regular file with more than one hard link is refused (a link to a
//!   file outside would otherwise read or change it), unless the embedder
//!   allows it with [`Mount::allow_hard_links`];
//! * nothing on a kernel pseudo-filesystem (`/proc`, `/sys`, `devpts`,
//!   cgroups, ...) is opened, on Linux: a mount of `/` still cannot read
//!   `/proc/self/environ`;
//! * files larger than [`Mount::max_file_bytes`] (default
//!   [`DEFAULT_MAX_FILE_BYTES`]) are neither read nor written (`OSError`
//!   `EFBIG`), so one call cannot pull gigabytes into the host.
//!
//! A read-only mount answers every change with `OSError: [Errno 30]
//! Read-only file system`, before touching anything.

use std::fmt;
use std::io::{self, Read, Write};
use std::path::Path;

use cap_std::fs::{Dir, File, Metadata, OpenOptions};

use crate::error::ExternalError;
use crate::os_error::{io_error, Errno};
use crate::os_fs::{check_path, components, FileKind, FileStat, FileSystem};

/// The largest file a mount reads or writes unless told otherwise (64 MiB).
pub const DEFAULT_MAX_FILE_BYTES: u64 = 64 << 20;

/// A host directory mounted in the sandbox; see the module doc for what it
/// refuses.
pub struct Mount {
    dir: Dir,
    writable: bool,
    max_file_bytes: u64,
    allow_hard_links: bool,
}

impl fmt::Debug for Mount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Mount")
            .field("writable", &self.writable)
            .field("max_file_bytes", &self.max_file_bytes)
            .field("allow_hard_links", &self.allow_hard_links)
            .finish_non_exhaustive()
    }
}

impl Mount {
    /// Mounts `host_dir` read-only.
    ///
    /// # Errors
    ///
    /// When `host_dir` cannot be opened as a directory, or is on a kernel
    /// pseudo-filesystem such as `/proc` (`PermissionDenied`).
    pub fn read_only(host_dir: impl AsRef<Path>) -> io::Result<Mount> {
        Mount::new(host_dir, false)
    }

    /// Mounts `host_dir` read-write: the program may create, change, move
    /// and remove files and directories beneath it.
    ///
    /// # Errors
    ///
    /// As [`Mount::read_only`].
    pub fn read_write(host_dir: impl AsRef<Path>) -> io::Result<Mount> {
        Mount::new(host_dir, true)
    }

    /// Mounts `host_dir`, writable or not.
    ///
    /// # Errors
    ///
    /// As [`Mount::read_only`].
    pub fn new(host_dir: impl AsRef<Path>, writable: bool) -> io::Result<Mount> {
        let host_dir = host_dir.as_ref();
        let dir = Dir::open_ambient_dir(host_dir, cap_std::ambient_authority())?;
        if on_pseudo_fs(&dir)? {
            return Err(io::Error::new(
                io::ErrorKind::PermissionDenied,
                format!(
                    "{} is on a kernel pseudo-filesystem (like /proc or /sys), which is never mounted",
                    host_dir.display()
                ),
            ));
        }
        Ok(Mount {
            dir,
            writable,
            max_file_bytes: DEFAULT_MAX_FILE_BYTES,
            allow_hard_links: false,
        })
    }

    /// Sets the largest file read or written, in bytes.
    pub fn max_file_bytes(mut self, bytes: u64) -> Mount {
        self.max_file_bytes = bytes;
        self
    }

    /// Allows regular files with several hard links (refused by default:
    /// one of them may be outside the mount).
    pub fn allow_hard_links(mut self, allow: bool) -> Mount {
        self.allow_hard_links = allow;
        self
    }

    /// Whether the program may change the directory.
    pub fn is_writable(&self) -> bool {
        self.writable
    }

    fn check_writable(&self) -> Result<(), ExternalError> {
        if self.writable {
            Ok(())
        } else {
            Err(Errno::RoFs.error())
        }
    }

    /// Checks an opened file on its handle: a regular file, not linked
    /// elsewhere, not on a pseudo-filesystem.
    fn check_file(&self, file: &File) -> Result<Metadata, ExternalError> {
        let meta = file.metadata().map_err(|e| io_error(&e))?;
        if meta.is_dir() {
            return Err(Errno::IsDir.error());
        }
        if !meta.is_file() {
            return Err(Errno::Acces.error());
        }
        if !self.allow_hard_links && nlink(&meta) > 1 {
            return Err(Errno::Acces.error());
        }
        if on_pseudo_fs(file).map_err(|e| io_error(&e))? {
            return Err(Errno::Acces.error());
        }
        Ok(meta)
    }

    /// Refuses, before opening, what must not be opened at all.
    fn precheck_file(&self, path: &Path) -> Result<Option<Metadata>, ExternalError> {
        match self.dir.metadata(path) {
            Ok(meta) if meta.is_dir() => Err(Errno::IsDir.error()),
            Ok(meta) if !meta.is_file() => Err(Errno::Acces.error()),
            Ok(meta) => Ok(Some(meta)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(io_error(&e)),
        }
    }
}

/// The path to hand cap-std: relative, `.` for the root.
fn rel(path: &str) -> Result<&Path, ExternalError> {
    check_path(path)?;
    if components(path).next().is_none() && !path.starts_with('/') {
        return Ok(Path::new("."));
    }
    // An absolute path stays absolute, and cap-std refuses it as an escape.
    Ok(Path::new(path))
}

fn is_root(path: &str) -> bool {
    components(path).next().is_none()
}

fn kind_of(meta: &Metadata) -> FileKind {
    if meta.is_file() {
        FileKind::File
    } else if meta.is_dir() {
        FileKind::Dir
    } else {
        FileKind::Other
    }
}

fn stat_of(meta: &Metadata) -> FileStat {
    let mtime = meta
        .modified()
        .ok()
        .and_then(|t| {
            t.into_std()
                .duration_since(std::time::UNIX_EPOCH)
                .ok()
                .map(|d| d.as_secs_f64())
        })
        .unwrap_or(0.0);
    FileStat {
        kind: kind_of(meta),
        size: meta.len(),
        mtime,
        mode: mode(meta),
    }
}

#[cfg(unix)]
fn mode(meta: &Metadata) -> u32 {
    cap_std::fs::MetadataExt::mode(meta)
}

#[cfg(not(unix))]
fn mode(meta: &Metadata) -> u32 {
    match kind_of(meta) {
        FileKind::Dir => 0o040_755,
        FileKind::File if meta.permissions().readonly() => 0o100_444,
        FileKind::File => 0o100_644,
        FileKind::Other => 0,
    }
}

#[cfg(unix)]
fn nlink(meta: &Metadata) -> u64 {
    cap_std::fs::MetadataExt::nlink(meta)
}

#[cfg(not(unix))]
fn nlink(_meta: &Metadata) -> u64 {
    1
}

/// Whether an open file or directory lives on a kernel pseudo-filesystem.
#[cfg(target_os = "linux")]
fn on_pseudo_fs(handle: impl std::os::fd::AsFd) -> io::Result<bool> {
    // (statfs(2) magic numbers: proc, sysfs, devpts, debugfs, securityfs,
    // cgroup, cgroup2, bpf, tracefs, configfs, pstore, efivarfs,
    // binfmt_misc, selinuxfs, smackfs, fusectl, mqueue, nsfs)
    const PSEUDO: [u64; 18] = [
        0x9fa0,
        0x6265_6572,
        0x1cd1,
        0x6462_6720,
        0x7363_6673,
        0x0027_e0eb,
        0x6367_7270,
        0xcafe_4a11,
        0x7472_6163,
        0x6265_6570,
        0x6165_676c,
        0xde5e_81e4,
        0x4249_4e4d,
        0xf97c_ff8c,
        0x4341_5d53,
        0x6573_5543,
        0x1980_0202,
        0x6e73_6673,
    ];
    let stat = rustix::fs::fstatfs(handle)?;
    #[allow(clippy::unnecessary_cast)]
    let magic = (stat.f_type as u64) & 0xffff_ffff;
    Ok(PSEUDO.contains(&magic))
}

#[cfg(not(target_os = "linux"))]
fn on_pseudo_fs<T>(_handle: T) -> io::Result<bool> {
    Ok(false)
}

/// Flags every open gets: never block on a FIFO, never take a terminal.
#[cfg(unix)]
fn open_options() -> OpenOptions {
    use cap_std::fs::OpenOptionsExt;
    let mut options = OpenOptions::new();
    let flags = rustix::fs::OFlags::NONBLOCK | rustix::fs::OFlags::NOCTTY;
    options.custom_flags(flags.bits() as i32);
    options
}

#[cfg(not(unix))]
fn open_options() -> OpenOptions {
    OpenOptions::new()
}

impl FileSystem for Mount {
    fn stat(&self, path: &str) -> Result<FileStat, ExternalError> {
        let meta = self.dir.metadata(rel(path)?).map_err(|e| io_error(&e))?;
        Ok(stat_of(&meta))
    }

    fn read(&self, path: &str) -> Result<Vec<u8>, ExternalError> {
        let path = rel(path)?;
        self.precheck_file(path)?;
        let file = self
            .dir
            .open_with(path, open_options().read(true))
            .map_err(|e| io_error(&e))?;
        let meta = self.check_file(&file)?;
        if meta.len() > self.max_file_bytes {
            return Err(Errno::FBig.error());
        }
        let mut data = Vec::with_capacity(meta.len() as usize);
        // (the file may grow while it is read: never past the cap)
        let limit = self.max_file_bytes.saturating_add(1);
        (&file)
            .take(limit)
            .read_to_end(&mut data)
            .map_err(|e| io_error(&e))?;
        if data.len() as u64 > self.max_file_bytes {
            return Err(Errno::FBig.error());
        }
        Ok(data)
    }

    fn write(&self, path: &str, data: &[u8], append: bool) -> Result<(), ExternalError> {
        let path = rel(path)?;
        self.check_writable()?;
        let existing = self.precheck_file(path)?;
        let size = |meta: Option<&Metadata>| {
            let before = if append {
                meta.map_or(0, Metadata::len)
            } else {
                0
            };
            before.saturating_add(data.len() as u64)
        };
        if size(existing.as_ref()) > self.max_file_bytes {
            return Err(Errno::FBig.error());
        }
        let mut options = open_options();
        options.write(true).create(true).append(append);
        let file = self
            .dir
            .open_with(path, &options)
            .map_err(|e| io_error(&e))?;
        // What was opened is what gets checked: a file swapped in since
        // the precheck is refused here, before it is truncated.
        let meta = self.check_file(&file)?;
        if size(Some(&meta)) > self.max_file_bytes {
            return Err(Errno::FBig.error());
        }
        if !append {
            file.set_len(0).map_err(|e| io_error(&e))?;
        }
        (&file).write_all(data).map_err(|e| io_error(&e))?;
        Ok(())
    }

    fn list(&self, path: &str) -> Result<Vec<String>, ExternalError> {
        let dir = self.dir.open_dir(rel(path)?).map_err(|e| io_error(&e))?;
        if on_pseudo_fs(&dir).map_err(|e| io_error(&e))? {
            return Err(Errno::Acces.error());
        }
        let mut names = Vec::new();
        for entry in dir.entries().map_err(|e| io_error(&e))? {
            let entry = entry.map_err(|e| io_error(&e))?;
            // A name that is not UTF-8 cannot be sent as a str; it is left
            // out rather than shown as a name that opens nothing.
            if let Ok(name) = entry.file_name().into_string() {
                names.push(name);
            }
        }
        Ok(names)
    }

    fn mkdir(&self, path: &str, parents: bool, exist_ok: bool) -> Result<(), ExternalError> {
        let path = rel(path)?;
        match self.dir.metadata(path) {
            Ok(meta) if meta.is_dir() && exist_ok => return Ok(()),
            Ok(_) => return Err(Errno::Exist.error()),
            // (a missing parent too: create_dir then says so, or with
            // `parents` makes it)
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(io_error(&e)),
        }
        self.check_writable()?;
        let made = if parents {
            self.dir.create_dir_all(path)
        } else {
            self.dir.create_dir(path)
        };
        match made {
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && exist_ok => {
                match self.dir.metadata(path) {
                    Ok(meta) if meta.is_dir() => Ok(()),
                    _ => Err(io_error(&e)),
                }
            }
            other => other.map_err(|e| io_error(&e)),
        }
    }

    fn remove_file(&self, path: &str) -> Result<(), ExternalError> {
        if is_root(path) {
            return Err(Errno::IsDir.error());
        }
        let path = rel(path)?;
        self.check_writable()?;
        self.dir.remove_file(path).map_err(|e| io_error(&e))
    }

    fn remove_dir(&self, path: &str) -> Result<(), ExternalError> {
        if is_root(path) {
            return Err(Errno::Busy.error());
        }
        let path = rel(path)?;
        self.check_writable()?;
        self.dir.remove_dir(path).map_err(|e| io_error(&e))
    }

    fn rename(&self, from: &str, to: &str) -> Result<(), ExternalError> {
        if is_root(from) || is_root(to) {
            return Err(Errno::Busy.error());
        }
        let (from, to) = (rel(from)?, rel(to)?);
        self.check_writable()?;
        self.dir
            .rename(from, &self.dir, to)
            .map_err(|e| io_error(&e))
    }
}
