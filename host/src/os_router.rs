//! [`OsRouter`]: the [`OsAccess`] that composes the others — file systems
//! mounted at sandbox paths, an environment, a clock and a random source.
//!
//! A path goes to the file system mounted at the longest sandbox path that
//! is a prefix of it, component by component (`/data` serves `/data` and
//! `/data/in/a.csv`, not `/database`), with that prefix stripped. A file
//! system mounted at `/` (usually a [`MemFs`]) serves every path no other
//! mount does; without one, such paths are denied (`PermissionError`,
//! while `exists`/`is_file`/`is_dir` answer False there, so a program that
//! looks before it reads does not fail). The directories leading to a mount
//! point exist too: with a mount at `/mnt/data`, `/mnt` is a directory
//! listing `data`, which cannot be removed or replaced.
//!
//! Paths arrive as the guest sent them: normally absolute and normalized,
//! but nothing here depends on it. A relative path is taken from `/`; a
//! `..` is handed to the file system the path's prefix routes it to, which
//! refuses to climb above its own root (so `/data/../etc/passwd` is a
//! `PermissionError` from the `/data` mount, never a read of the host's
//! `/etc`). A path with a NUL byte is a `ValueError`, an overlong one
//! `ENAMETOOLONG`, before any file system sees it.
//!
//! `Path.rename` within one file system moves; across two it fails with
//! `OSError: [Errno 18] Invalid cross-device link`, as between two real
//! devices.
//!
//! A [`Mount`](crate::Mount) alone is `OsRouter::new().mount("/", mount)`.

use std::fmt;
use std::sync::Arc;

use crate::error::ExternalError;
use crate::os_access::OsAccess;
use crate::os_call::{OsCall, PathOp};
use crate::os_clock::{Clock, Entropy};
use crate::os_env::Environment;
use crate::os_error::Errno;
use crate::os_fs::{check_path, components, FileKind, FileStat, FileSystem};
use crate::os_memfs::MemFs;
use monty_wire::Value;

/// File systems at sandbox paths, plus the environment, clock and random
/// source a run may read. Cheap to clone (file systems are shared).
#[derive(Clone, Default)]
pub struct OsRouter {
    mounts: Vec<MountPoint>,
    env: Environment,
    clock: Clock,
    entropy: Entropy,
}

#[derive(Clone)]
struct MountPoint {
    /// The sandbox path's components (none for `/`).
    at: Vec<String>,
    fs: Arc<dyn FileSystem>,
}

impl fmt::Debug for OsRouter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mounts: Vec<String> = self
            .mounts
            .iter()
            .map(|m| format!("/{}", m.at.join("/")))
            .collect();
        f.debug_struct("OsRouter")
            .field("mounts", &mounts)
            .field("env", &self.env)
            .field("clock", &self.clock)
            .field("entropy", &self.entropy)
            .finish()
    }
}

/// Where one path goes.
struct Route<'a> {
    /// The file system serving it and the path within it.
    target: Option<(usize, &'a dyn FileSystem, String)>,
    /// When the path leads to mount points: the names of the next
    /// components on the way to them (it is then a directory).
    virtual_children: Vec<String>,
}

impl OsRouter {
    /// Grants nothing yet: no file systems, no variables, no clock, no
    /// randomness.
    pub fn new() -> OsRouter {
        OsRouter::default()
    }

    /// Mounts `fs` at the sandbox path `at` (absolute; normalized
    /// lexically; a relative one is taken from `/`). A second mount at the
    /// same path replaces the first.
    pub fn mount(mut self, at: &str, fs: impl FileSystem + 'static) -> OsRouter {
        self.add(at, Arc::new(fs));
        self
    }

    /// Like [`OsRouter::mount`], for a file system already shared.
    pub fn mount_shared(mut self, at: &str, fs: Arc<dyn FileSystem>) -> OsRouter {
        self.add(at, fs);
        self
    }

    /// Mounts `fs` at `/`: it serves every path no other mount does.
    pub fn memfs(self, fs: MemFs) -> OsRouter {
        self.mount("/", fs)
    }

    /// The variables `os.getenv` and `os.environ` see (default: none).
    pub fn env(mut self, env: Environment) -> OsRouter {
        self.env = env;
        self
    }

    /// What `time.time()` reads (default: [`Clock::Denied`]).
    pub fn clock(mut self, clock: Clock) -> OsRouter {
        self.clock = clock;
        self
    }

    /// What `os.urandom()` reads (default: [`Entropy::Denied`]).
    pub fn entropy(mut self, entropy: Entropy) -> OsRouter {
        self.entropy = entropy;
        self
    }

    /// The sandbox paths file systems are mounted at.
    pub fn mount_points(&self) -> Vec<String> {
        self.mounts
            .iter()
            .map(|m| format!("/{}", m.at.join("/")))
            .collect()
    }

    fn add(&mut self, at: &str, fs: Arc<dyn FileSystem>) {
        let mut parts: Vec<String> = Vec::new();
        for c in components(at) {
            if c == ".." {
                parts.pop();
            } else {
                parts.push(c.to_owned());
            }
        }
        self.mounts.retain(|m| m.at != parts);
        self.mounts.push(MountPoint { at: parts, fs });
    }

    fn route(&self, path: &str) -> Result<Route<'_>, ExternalError> {
        check_path(path)?;
        let parts: Vec<&str> = components(path).collect();
        let mut best: Option<(usize, &MountPoint)> = None;
        let mut children: Vec<String> = Vec::new();
        for (index, mount) in self.mounts.iter().enumerate() {
            let n = mount.at.len();
            if n <= parts.len() && mount.at.iter().zip(&parts).all(|(a, b)| a == b) {
                if best.is_none_or(|(_, b)| n > b.at.len()) {
                    best = Some((index, mount));
                }
            } else if n > parts.len() && parts.iter().zip(&mount.at).all(|(a, b)| a == b) {
                let next = mount.at[parts.len()].clone();
                if !children.contains(&next) {
                    children.push(next);
                }
            }
        }
        Ok(Route {
            target: best.map(|(index, m)| (index, &*m.fs, parts[m.at.len()..].join("/"))),
            virtual_children: children,
        })
    }

    fn path_call(&self, path: &str, op: PathOp) -> Result<Value, ExternalError> {
        let route = match self.route(path) {
            Ok(route) => route,
            Err(e) if e.type_name == "ValueError" && is_query(&op) => {
                // (as pathlib: a path that cannot exist does not)
                return Ok(Value::Bool(false));
            }
            Err(e) => return Err(e),
        };
        if !route.virtual_children.is_empty() {
            return self.virtual_dir_call(&route, op);
        }
        let Some((_, fs, rel)) = route.target else {
            return match op {
                PathOp::Exists | PathOp::IsFile | PathOp::IsDir => Ok(Value::Bool(false)),
                _ => Err(Errno::Acces.error()),
            };
        };
        match op {
            PathOp::Exists => query(fs.stat(&rel), |_| true),
            PathOp::IsFile => query(fs.stat(&rel), |k| k == FileKind::File),
            PathOp::IsDir => query(fs.stat(&rel), |k| k == FileKind::Dir),
            PathOp::Stat => Ok(fs.stat(&rel)?.to_value()),
            PathOp::ReadBytes => Ok(Value::Bytes(fs.read(&rel)?)),
            PathOp::WriteBytes(data) => {
                fs.write(&rel, &data, false)?;
                Ok(Value::Int(data.len() as i64))
            }
            PathOp::AppendBytes(data) => {
                fs.write(&rel, &data, true)?;
                Ok(Value::Int(data.len() as i64))
            }
            PathOp::IterDir => Ok(names(fs.list(&rel)?)),
            PathOp::Mkdir { parents, exist_ok } => {
                fs.mkdir(&rel, parents, exist_ok)?;
                Ok(Value::None)
            }
            PathOp::Unlink => {
                fs.remove_file(&rel)?;
                Ok(Value::None)
            }
            PathOp::Rmdir => {
                if rel.is_empty() {
                    // a mount point
                    return Err(Errno::Busy.error());
                }
                fs.remove_dir(&rel)?;
                Ok(Value::None)
            }
        }
    }

    /// A directory on the way to mount points: it exists, lists them (and
    /// whatever the file system serving it has there), and stays.
    fn virtual_dir_call(&self, route: &Route<'_>, op: PathOp) -> Result<Value, ExternalError> {
        let backing = route
            .target
            .as_ref()
            .and_then(|(_, fs, rel)| fs.stat(rel).ok().map(|st| (fs, rel, st)))
            .filter(|(_, _, st)| st.kind == FileKind::Dir);
        match op {
            PathOp::Exists | PathOp::IsDir => Ok(Value::Bool(true)),
            PathOp::IsFile => Ok(Value::Bool(false)),
            PathOp::Stat => Ok(backing
                .map_or(
                    FileStat {
                        kind: FileKind::Dir,
                        size: 0,
                        mtime: 0.0,
                        mode: 0o040_555,
                    },
                    |(_, _, st)| st,
                )
                .to_value()),
            PathOp::IterDir => {
                let mut list = match backing {
                    Some((fs, rel, _)) => fs.list(rel)?,
                    None => Vec::new(),
                };
                for child in &route.virtual_children {
                    if !list.contains(child) {
                        list.push(child.clone());
                    }
                }
                Ok(names(list))
            }
            PathOp::Mkdir { exist_ok: true, .. } => Ok(Value::None),
            PathOp::Mkdir { .. } => Err(Errno::Exist.error()),
            PathOp::ReadBytes | PathOp::WriteBytes(_) | PathOp::AppendBytes(_) | PathOp::Unlink => {
                Err(Errno::IsDir.error())
            }
            PathOp::Rmdir => Err(Errno::Busy.error()),
        }
    }

    fn rename(&self, src: &str, dst: &str) -> Result<Value, ExternalError> {
        let (from, to) = (self.route(src)?, self.route(dst)?);
        if !from.virtual_children.is_empty() || !to.virtual_children.is_empty() {
            return Err(Errno::Busy.error());
        }
        let (Some((i, fs, from_rel)), Some((j, _, to_rel))) = (from.target, to.target) else {
            return Err(Errno::Acces.error());
        };
        if from_rel.is_empty() || to_rel.is_empty() {
            // a mount point
            return Err(Errno::Busy.error());
        }
        if i != j {
            return Err(Errno::XDev.error());
        }
        fs.rename(&from_rel, &to_rel)?;
        Ok(Value::None)
    }
}

fn is_query(op: &PathOp) -> bool {
    matches!(op, PathOp::Exists | PathOp::IsFile | PathOp::IsDir)
}

/// `exists`/`is_file`/`is_dir`: False where nothing can be (as pathlib
/// ignores `ENOENT`, `ENOTDIR`, `ELOOP`); other errors are raised.
fn query(
    stat: Result<FileStat, ExternalError>,
    test: impl Fn(FileKind) -> bool,
) -> Result<Value, ExternalError> {
    match stat {
        Ok(st) => Ok(Value::Bool(test(st.kind))),
        Err(e) if matches!(e.errno, Some(2 | 20 | 40)) || e.type_name == "ValueError" => {
            Ok(Value::Bool(false))
        }
        Err(e) => Err(e),
    }
}

fn names(list: Vec<String>) -> Value {
    Value::List(list.into_iter().map(Value::Str).collect())
}

impl OsAccess for OsRouter {
    fn call(
        &self,
        function: &str,
        args: &[Value],
        kwargs: &[(String, Value)],
    ) -> Result<Value, ExternalError> {
        match OsCall::parse(function, args, kwargs)? {
            OsCall::Path { path, op } => self.path_call(&path, op),
            OsCall::Rename { src, dst } => self.rename(&src, &dst),
            OsCall::GetEnv(name) => Ok(self.env.getenv(&name)),
            OsCall::Environ => Ok(self.env.environ()),
            OsCall::Time => Ok(Value::Float(self.clock.time()?)),
            OsCall::Urandom(n) => Ok(Value::Bytes(self.entropy.urandom(n)?)),
        }
    }
}

/// A [`MemFs`] alone: mounted at `/`, nothing else granted.
impl OsAccess for MemFs {
    fn call(
        &self,
        function: &str,
        args: &[Value],
        kwargs: &[(String, Value)],
    ) -> Result<Value, ExternalError> {
        OsRouter::new()
            .memfs(self.clone())
            .call(function, args, kwargs)
    }
}

/// An [`Environment`] alone: the variables, and no files.
impl OsAccess for Environment {
    fn call(
        &self,
        function: &str,
        args: &[Value],
        kwargs: &[(String, Value)],
    ) -> Result<Value, ExternalError> {
        match OsCall::parse(function, args, kwargs)? {
            OsCall::GetEnv(name) => Ok(self.getenv(&name)),
            OsCall::Environ => Ok(self.environ()),
            _ => crate::os_access::DenyAll.call(function, args, kwargs),
        }
    }
}
