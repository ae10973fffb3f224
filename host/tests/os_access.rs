//! The os-access layer through its Rust API: `Mount` (including the attack
//! list of issue 13: traversal, symlink escapes planted outside or created
//! during a run, hard links, special files, /proc, writing to a read-only
//! mount, very long names, NUL bytes), `MemFs` (its cap, a million tiny
//! files, deep nesting, sharing across runs), `OsRouter` (routing, the
//! directories leading to mount points, cross-device renames), the
//! environment, clock and randomness, and `DenyAll`.
//!
//! Every attack ends with a clear error, and the host directories are
//! compared with a snapshot taken before: nothing outside a mount is read
//! or changed, and a read-only mount is not changed at all.
//!
//! The tests at the end run Python programs in the sandbox; they need the
//! guest to emit os calls (issue 13's guest side) and are ignored until
//! the monty.wasm in the tree does.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use monty_host::{
    AsyncFunctions, CaptureSink, Clock, Entropy, Environment, Errno, ExternalError, FileSystem,
    Functions, MemFs, Mount, OsAccess, OsRouter, PendingOsCall, Progress, StartRequest, Value,
    ENTRY_BYTES,
};
use tempfile::TempDir;

// ---------------------------------------------------------------- helpers

fn s(text: &str) -> Value {
    Value::Str(text.to_owned())
}

fn b(bytes: &[u8]) -> Value {
    Value::Bytes(bytes.to_vec())
}

fn call(os: &dyn OsAccess, function: &str, args: &[Value]) -> Result<Value, ExternalError> {
    os.call(function, args, &[])
}

fn read(os: &dyn OsAccess, path: &str) -> Result<Value, ExternalError> {
    call(os, "Path.read_bytes", &[s(path)])
}

fn write(os: &dyn OsAccess, path: &str, data: &[u8]) -> Result<Value, ExternalError> {
    call(os, "Path.write_bytes", &[s(path), b(data)])
}

fn mkdir(
    os: &dyn OsAccess,
    path: &str,
    parents: bool,
    exist_ok: bool,
) -> Result<Value, ExternalError> {
    os.call(
        "Path.mkdir",
        &[s(path)],
        &[
            ("parents".to_owned(), Value::Bool(parents)),
            ("exist_ok".to_owned(), Value::Bool(exist_ok)),
        ],
    )
}

fn listing(os: &dyn OsAccess, path: &str) -> Vec<String> {
    let Ok(Value::List(items)) = call(os, "Path.iterdir", &[s(path)]) else {
        panic!("iterdir {path} failed");
    };
    let mut names: Vec<String> = items
        .into_iter()
        .map(|v| v.as_str().expect("a str").to_owned())
        .collect();
    names.sort();
    names
}

/// Asserts that `result` failed with exactly the error of `errno`.
#[track_caller]
fn assert_errno<T: std::fmt::Debug>(result: Result<T, ExternalError>, errno: Errno) {
    match result {
        Err(e) => assert_eq!(e, errno.error(), "expected {errno:?}"),
        Ok(v) => panic!("expected {errno:?}, got Ok({v:?})"),
    }
}

/// Asserts a refusal to leave a mount: `PermissionError`, errno 13.
#[track_caller]
fn assert_refused<T: std::fmt::Debug>(result: Result<T, ExternalError>) {
    assert_errno(result, Errno::Acces);
}

/// What a host directory holds, without following links.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Entry {
    File(Vec<u8>),
    Dir,
    Link(PathBuf),
    Other,
}

fn snapshot(root: &Path) -> BTreeMap<PathBuf, Entry> {
    let mut out = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let meta = std::fs::symlink_metadata(&path).unwrap();
            let rel = path.strip_prefix(root).unwrap().to_path_buf();
            let item = if meta.file_type().is_symlink() {
                Entry::Link(std::fs::read_link(&path).unwrap())
            } else if meta.is_dir() {
                stack.push(path.clone());
                Entry::Dir
            } else if meta.is_file() {
                Entry::File(std::fs::read(&path).unwrap())
            } else {
                Entry::Other
            };
            out.insert(rel, item);
        }
    }
    out
}

/// A host tree: `mnt/` (what gets mounted) beside `outside/` (what must
/// stay out of reach).
struct Host {
    root: TempDir,
}

const CSV: &[u8] = b"region,amount\nnorth,120\nsouth,80\n";
const SECRET: &[u8] = b"top secret\n";

impl Host {
    fn new() -> Host {
        let root = tempfile::tempdir().unwrap();
        let mnt = root.path().join("mnt");
        std::fs::create_dir_all(mnt.join("sub")).unwrap();
        std::fs::write(mnt.join("data.csv"), CSV).unwrap();
        std::fs::write(mnt.join("sub/notes.txt"), b"notes").unwrap();
        std::fs::create_dir(root.path().join("outside")).unwrap();
        std::fs::write(root.path().join("outside/secret.txt"), SECRET).unwrap();
        Host { root }
    }

    fn mnt(&self) -> PathBuf {
        self.root.path().join("mnt")
    }

    fn outside(&self) -> PathBuf {
        self.root.path().join("outside")
    }

    fn snapshot(&self) -> BTreeMap<PathBuf, Entry> {
        snapshot(self.root.path())
    }
}

#[cfg(unix)]
fn symlink(target: impl AsRef<Path>, link: impl AsRef<Path>) {
    std::os::unix::fs::symlink(target, link).unwrap();
}

// ---------------------------------------------------------------- mounts

#[test]
fn a_read_only_mount_reads_and_refuses_every_change() {
    let host = Host::new();
    let os = OsRouter::new().mount("/data", Mount::read_only(host.mnt()).unwrap());
    let before = host.snapshot();

    assert_eq!(read(&os, "/data/data.csv"), Ok(b(CSV)));
    assert_eq!(read(&os, "/data/sub/notes.txt"), Ok(b(b"notes")));
    assert_eq!(
        call(&os, "Path.exists", &[s("/data/data.csv")]),
        Ok(Value::Bool(true))
    );
    assert_eq!(
        call(&os, "Path.is_file", &[s("/data/sub")]),
        Ok(Value::Bool(false))
    );
    assert_eq!(
        call(&os, "Path.is_dir", &[s("/data/sub")]),
        Ok(Value::Bool(true))
    );
    assert_eq!(
        call(&os, "Path.exists", &[s("/data/nope")]),
        Ok(Value::Bool(false))
    );
    assert_eq!(listing(&os, "/data"), ["data.csv", "sub"]);
    let stat = call(&os, "Path.stat", &[s("/data/data.csv")]).unwrap();
    assert_eq!(stat.get("st_size"), Some(&Value::Int(CSV.len() as i64)));
    let mode = stat.get("st_mode").and_then(Value::as_i64).unwrap();
    assert_eq!(mode & 0o170_000, 0o100_000, "a regular file");
    assert!(stat.get("st_mtime").and_then(Value::as_f64).unwrap() > 1.0e9);

    assert_errno(write(&os, "/data/new.txt", b"x"), Errno::RoFs);
    assert_errno(write(&os, "/data/data.csv", b"x"), Errno::RoFs);
    assert_errno(
        call(&os, "Path.append_bytes", &[s("/data/data.csv"), b(b"x")]),
        Errno::RoFs,
    );
    assert_errno(mkdir(&os, "/data/newdir", false, false), Errno::RoFs);
    assert_errno(mkdir(&os, "/data/a/b/c", true, true), Errno::RoFs);
    assert_eq!(mkdir(&os, "/data/sub", false, true), Ok(Value::None));
    assert_errno(mkdir(&os, "/data/sub", false, false), Errno::Exist);
    assert_errno(
        call(&os, "Path.unlink", &[s("/data/data.csv")]),
        Errno::RoFs,
    );
    assert_errno(call(&os, "Path.rmdir", &[s("/data/sub")]), Errno::RoFs);
    assert_errno(
        call(
            &os,
            "Path.rename",
            &[s("/data/data.csv"), s("/data/moved.csv")],
        ),
        Errno::RoFs,
    );
    let e = write(&os, "/data/new.txt", b"x").unwrap_err();
    assert_eq!(
        (e.type_name.as_str(), e.message.as_str(), e.errno),
        ("OSError", "Read-only file system", Some(30))
    );
    assert_eq!(host.snapshot(), before, "a read-only mount changed");
}

#[test]
fn a_read_write_mount_does_what_pathlib_does() {
    let host = Host::new();
    let os = OsRouter::new().mount("/work", Mount::read_write(host.mnt()).unwrap());
    let outside = snapshot(&host.outside());

    assert_eq!(write(&os, "/work/out.txt", b"hello"), Ok(Value::Int(5)));
    assert_eq!(
        call(
            &os,
            "Path.append_bytes",
            &[s("/work/out.txt"), b(b" world")]
        ),
        Ok(Value::Int(6))
    );
    assert_eq!(read(&os, "/work/out.txt"), Ok(b(b"hello world")));
    assert_eq!(write(&os, "/work/out.txt", b"new"), Ok(Value::Int(3)));
    assert_eq!(mkdir(&os, "/work/a/b/c", true, false), Ok(Value::None));
    assert_eq!(mkdir(&os, "/work/a/b/c", true, true), Ok(Value::None));
    assert_errno(mkdir(&os, "/work/a/b/c", false, false), Errno::Exist);
    assert_errno(mkdir(&os, "/work/x/y", false, false), Errno::NoEnt);
    assert_errno(mkdir(&os, "/work/out.txt", false, true), Errno::Exist);
    assert_eq!(
        call(
            &os,
            "Path.rename",
            &[s("/work/out.txt"), s("/work/a/b/c/moved.txt")]
        ),
        Ok(Value::None)
    );
    // rename replaces an existing file, as os.replace
    write(&os, "/work/other.txt", b"other").unwrap();
    call(
        &os,
        "Path.rename",
        &[s("/work/other.txt"), s("/work/a/b/c/moved.txt")],
    )
    .unwrap();
    assert_eq!(read(&os, "/work/a/b/c/moved.txt"), Ok(b(b"other")));

    assert_errno(read(&os, "/work/missing.csv"), Errno::NoEnt);
    assert_errno(read(&os, "/work/sub"), Errno::IsDir);
    assert_errno(read(&os, "/work/data.csv/x"), Errno::NotDir);
    assert_errno(write(&os, "/work/sub", b"x"), Errno::IsDir);
    assert_errno(write(&os, "/work/nodir/x.txt", b"x"), Errno::NoEnt);
    assert_errno(call(&os, "Path.rmdir", &[s("/work/a")]), Errno::NotEmpty);
    assert_errno(call(&os, "Path.unlink", &[s("/work/sub")]), Errno::IsDir);
    assert_errno(call(&os, "Path.unlink", &[s("/work/nope")]), Errno::NoEnt);
    assert_errno(call(&os, "Path.rmdir", &[s("/work")]), Errno::Busy);
    assert_errno(
        call(&os, "Path.rmdir", &[s("/work/data.csv")]),
        Errno::NotDir,
    );
    let e = call(&os, "Path.rmdir", &[s("/work/a")]).unwrap_err();
    assert_eq!(
        (e.type_name.as_str(), e.message.as_str(), e.errno),
        ("OSError", "Directory not empty", Some(39))
    );

    call(&os, "Path.unlink", &[s("/work/a/b/c/moved.txt")]).unwrap();
    for dir in ["/work/a/b/c", "/work/a/b", "/work/a"] {
        call(&os, "Path.rmdir", &[s(dir)]).unwrap();
    }
    assert_eq!(listing(&os, "/work"), ["data.csv", "sub"]);
    assert_eq!(std::fs::read(host.mnt().join("data.csv")).unwrap(), CSV);
    assert_eq!(snapshot(&host.outside()), outside);
}

#[test]
fn traversal_never_leaves_the_mount() {
    let host = Host::new();
    let before = host.snapshot();
    let mount = Mount::read_write(host.mnt()).unwrap();
    // The file system itself, with paths no conforming guest sends.
    for path in [
        "../outside/secret.txt",
        "../../etc/passwd",
        "/etc/passwd",
        "sub/../../outside/secret.txt",
        "./../outside/secret.txt",
        "sub/../sub/../../outside/secret.txt",
    ] {
        assert_refused(mount.read(path));
        assert_refused(mount.stat(path));
        assert_refused(mount.write(path, b"owned", false));
        assert_refused(mount.write(path, b"owned", true));
    }
    assert_refused(mount.list(".."));
    assert_refused(mount.list("../.."));
    assert_refused(mount.list("/"));
    assert_refused(mount.mkdir("../outside/newdir", false, false));
    assert_refused(mount.mkdir("../newdir", true, false));
    assert_refused(mount.remove_file("../outside/secret.txt"));
    assert_refused(mount.remove_dir("../outside"));
    assert_refused(mount.rename("data.csv", "../outside/stolen.csv"));
    assert_refused(mount.rename("../outside/secret.txt", "stolen.txt"));
    // `..` that stays inside is fine
    assert_eq!(mount.read("sub/../data.csv").unwrap(), CSV);

    // Through the router, with and without a file system at `/`.
    for os in [
        OsRouter::new().mount("/mnt", Mount::read_write(host.mnt()).unwrap()),
        OsRouter::new()
            .mount("/mnt", Mount::read_write(host.mnt()).unwrap())
            .memfs(MemFs::new(1 << 20)),
    ] {
        for path in [
            "/mnt/../outside/secret.txt",
            "/mnt/../../etc/passwd",
            "/mnt/sub/../../outside/secret.txt",
            "/mnt/../..",
        ] {
            assert!(read(&os, path).is_err(), "{path} was read");
            assert_refused(write(&os, path, b"owned"));
        }
        assert_refused(call(&os, "Path.iterdir", &[s("/mnt/../..")]));
        assert_refused(call(&os, "Path.iterdir", &[s("/mnt/..")]));
        assert_refused(read(&os, "/mnt/../outside/secret.txt"));
        assert_refused(call(&os, "Path.stat", &[s("/mnt/../outside/secret.txt")]));
    }
    assert_eq!(host.snapshot(), before);
}

#[cfg(unix)]
#[test]
fn symlinks_out_of_the_mount_are_refused() {
    let host = Host::new();
    let mnt = host.mnt();
    let secret = host.outside().join("secret.txt");
    // Planted before the mount is opened...
    symlink(&secret, mnt.join("abs_link"));
    symlink("../outside/secret.txt", mnt.join("rel_link"));
    symlink("../outside", mnt.join("dir_link"));
    symlink(host.outside(), mnt.join("abs_dir_link"));
    symlink("/etc", mnt.join("etc_link"));
    symlink("../outside/new.txt", mnt.join("dangling_out"));
    symlink("sub/../../outside/secret.txt", mnt.join("winding_link"));
    symlink("data.csv", mnt.join("alias.csv"));
    symlink("sub", mnt.join("sub_alias"));
    let os = OsRouter::new().mount("/m", Mount::read_write(&mnt).unwrap());
    // ...and while it is open (as a process on the host could, mid-run).
    symlink(&secret, mnt.join("late_link"));
    symlink("../../..", mnt.join("sub/up_link"));
    let before = host.snapshot();

    for link in [
        "abs_link",
        "rel_link",
        "dir_link/secret.txt",
        "abs_dir_link/secret.txt",
        "etc_link/passwd",
        "winding_link",
        "late_link",
        "sub/up_link/etc/passwd",
    ] {
        let path = format!("/m/{link}");
        assert_refused(read(&os, &path));
        assert_refused(call(&os, "Path.stat", &[s(&path)]));
        assert_ne!(
            call(&os, "Path.exists", &[s(&path)]),
            Ok(Value::Bool(true)),
            "{path}"
        );
        assert_refused(write(&os, &path, b"owned"));
        assert_refused(call(&os, "Path.append_bytes", &[s(&path), b(b"owned")]));
    }
    for dir in ["dir_link", "abs_dir_link", "etc_link", "sub/up_link"] {
        let path = format!("/m/{dir}");
        assert_refused(call(&os, "Path.iterdir", &[s(&path)]));
        assert_refused(mkdir(&os, &format!("{path}/newdir"), true, false));
        assert_refused(call(
            &os,
            "Path.rename",
            &[s("/m/data.csv"), s(&format!("{path}/stolen.csv"))],
        ));
    }
    // a dangling link out of the mount creates nothing outside
    assert_refused(write(&os, "/m/dangling_out", b"owned"));
    assert!(!host.outside().join("new.txt").exists());
    // links that stay inside work
    assert_eq!(read(&os, "/m/alias.csv"), Ok(b(CSV)));
    assert_eq!(read(&os, "/m/sub_alias/notes.txt"), Ok(b(b"notes")));
    assert_eq!(host.snapshot(), before);
    // removing a link removes the link, never its target
    call(&os, "Path.unlink", &[s("/m/abs_link")]).unwrap();
    assert_eq!(std::fs::read(&secret).unwrap(), SECRET);
}

#[cfg(unix)]
#[test]
fn hard_links_are_refused_unless_allowed() {
    let host = Host::new();
    let secret = host.outside().join("secret.txt");
    std::fs::hard_link(&secret, host.mnt().join("hard.txt")).unwrap();
    let os = OsRouter::new().mount("/m", Mount::read_write(host.mnt()).unwrap());
    let before = host.snapshot();
    assert_refused(read(&os, "/m/hard.txt"));
    assert_refused(write(&os, "/m/hard.txt", b"owned"));
    assert_refused(call(
        &os,
        "Path.append_bytes",
        &[s("/m/hard.txt"), b(b"owned")],
    ));
    assert_eq!(host.snapshot(), before);
    let trusting = OsRouter::new().mount(
        "/m",
        Mount::read_only(host.mnt()).unwrap().allow_hard_links(true),
    );
    assert_eq!(read(&trusting, "/m/hard.txt"), Ok(b(SECRET)));
}

#[cfg(unix)]
#[test]
fn special_files_are_never_opened() {
    let host = Host::new();
    let mnt = host.mnt();
    let fifo = mnt.join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo failed");
    let _socket = std::os::unix::net::UnixListener::bind(mnt.join("socket")).unwrap();
    symlink("/dev/zero", mnt.join("zero"));
    symlink("/dev/null", mnt.join("null"));
    // a character device inside the mount, if this machine lets us make one
    let _ = std::process::Command::new("mknod")
        .arg(mnt.join("null_dev"))
        .args(["c", "1", "3"])
        .stderr(std::process::Stdio::null())
        .status();
    let has_dev = mnt.join("null_dev").exists();
    let os = OsRouter::new().mount("/m", Mount::read_write(&mnt).unwrap());

    // Opening a FIFO with no writer would block a careless host forever.
    let (done, wait) = std::sync::mpsc::channel();
    let reader = os.clone();
    std::thread::spawn(move || {
        let _ = done.send(read(&reader, "/m/fifo"));
    });
    let result = wait
        .recv_timeout(Duration::from_secs(10))
        .expect("reading a FIFO blocked the host");
    assert_refused(result);
    assert_refused(write(&os, "/m/fifo", b"x"));
    assert_refused(read(&os, "/m/socket"));
    assert_refused(write(&os, "/m/socket", b"x"));
    assert_refused(read(&os, "/m/zero"));
    assert_refused(write(&os, "/m/null", b"x"));
    if has_dev {
        assert_refused(read(&os, "/m/null_dev"));
        assert_refused(write(&os, "/m/null_dev", b"x"));
        assert_eq!(
            call(&os, "Path.is_file", &[s("/m/null_dev")]),
            Ok(Value::Bool(false))
        );
    }
    assert_eq!(
        call(&os, "Path.is_file", &[s("/m/fifo")]),
        Ok(Value::Bool(false))
    );
    assert_eq!(
        call(&os, "Path.is_dir", &[s("/m/fifo")]),
        Ok(Value::Bool(false))
    );
    assert!(std::fs::symlink_metadata(&fifo).is_ok());
}

#[cfg(target_os = "linux")]
#[test]
fn kernel_pseudo_filesystems_are_refused() {
    for dir in ["/proc", "/proc/self", "/sys"] {
        if Path::new(dir).is_dir() {
            let e = Mount::read_only(dir).unwrap_err();
            assert_eq!(e.kind(), std::io::ErrorKind::PermissionDenied, "{dir}");
        }
    }
    // Even a mount of `/` does not reach into /proc or /sys.
    let os = OsRouter::new().mount("/host", Mount::read_only("/").unwrap());
    assert_refused(read(&os, "/host/proc/self/environ"));
    assert_refused(read(&os, "/host/proc/self/cmdline"));
    assert_refused(call(&os, "Path.iterdir", &[s("/host/proc")]));
    assert_refused(call(&os, "Path.iterdir", &[s("/host/proc/self")]));
    if Path::new("/sys/kernel").is_dir() {
        assert_refused(call(&os, "Path.iterdir", &[s("/host/sys/kernel")]));
    }
    // /proc/self/root is a kernel "magic" link: refused too (by the kernel,
    // as a link it will not follow beneath the mount: ELOOP)
    let e = read(&os, "/host/proc/self/root/etc/hostname").unwrap_err();
    assert!(
        e == Errno::Acces.error() || e.errno == Some(40),
        "unexpected {e:?}"
    );
}

#[test]
fn long_names_and_nul_bytes_are_refused_cleanly() {
    let host = Host::new();
    let os = OsRouter::new()
        .mount("/m", Mount::read_write(host.mnt()).unwrap())
        .memfs(MemFs::new(1 << 20));
    let before = host.snapshot();
    let long_name = "n".repeat(300);
    let long_path = format!("/m/{}", "abcdefgh/".repeat(600));
    for path in [
        format!("/m/{long_name}"),
        long_path.clone(),
        format!("/{long_name}"),
    ] {
        assert_errno(write(&os, &path, b"x"), Errno::NameTooLong);
        assert_errno(read(&os, &path), Errno::NameTooLong);
        assert_errno(mkdir(&os, &path, true, true), Errno::NameTooLong);
    }
    let e = write(&os, &format!("/m/{long_name}"), b"x").unwrap_err();
    assert_eq!(
        (e.type_name.as_str(), e.message.as_str(), e.errno),
        ("OSError", "File name too long", Some(36))
    );
    // The longest allowed name works.
    let ok = format!("/m/{}", "k".repeat(255));
    assert_eq!(write(&os, &ok, b"x"), Ok(Value::Int(1)));
    call(&os, "Path.unlink", &[s(&ok)]).unwrap();

    let nul = ExternalError::new("ValueError", "embedded null byte");
    for path in ["/m/data.csv\0", "/m/a\0b", "/\0", "/tmp/x\0.txt"] {
        assert_eq!(read(&os, path), Err(nul.clone()));
        assert_eq!(write(&os, path, b"x"), Err(nul.clone()));
        assert_eq!(mkdir(&os, path, true, true), Err(nul.clone()));
        assert_eq!(call(&os, "Path.exists", &[s(path)]), Ok(Value::Bool(false)));
    }
    // and the file system itself refuses them too
    let mount = Mount::read_write(host.mnt()).unwrap();
    assert_eq!(mount.write("a\0b", b"x", false), Err(nul.clone()));
    assert_errno(mount.write(&long_name, b"x", false), Errno::NameTooLong);
    assert_eq!(host.snapshot(), before);
}

#[test]
fn files_over_the_size_cap_are_neither_read_nor_written() {
    let host = Host::new();
    std::fs::write(host.mnt().join("big.bin"), vec![7u8; 4096]).unwrap();
    let os = OsRouter::new().mount(
        "/m",
        Mount::read_write(host.mnt()).unwrap().max_file_bytes(1000),
    );
    assert_errno(read(&os, "/m/big.bin"), Errno::FBig);
    assert_errno(write(&os, "/m/new.bin", &[0; 1001]), Errno::FBig);
    write(&os, "/m/small.bin", &[0; 600]).unwrap();
    assert_errno(
        call(&os, "Path.append_bytes", &[s("/m/small.bin"), b(&[0; 600])]),
        Errno::FBig,
    );
    assert_eq!(
        std::fs::read(host.mnt().join("small.bin")).unwrap().len(),
        600
    );
    assert!(!host.mnt().join("new.bin").exists());
}

#[test]
fn a_missing_host_directory_cannot_be_mounted() {
    let host = Host::new();
    assert!(Mount::read_only(host.root.path().join("nope")).is_err());
    assert!(Mount::read_only(host.mnt().join("data.csv")).is_err());
}

// ---------------------------------------------------------------- memory

#[test]
fn the_memfs_fills_up_with_enospc_and_stays_usable() {
    let fs = MemFs::new(64 << 10);
    let os = OsRouter::new().memfs(fs.clone());
    let chunk = vec![1u8; 10 << 10];
    let mut written = 0;
    let error = loop {
        match write(&os, &format!("/f{written}"), &chunk) {
            Ok(_) => written += 1,
            Err(e) => break e,
        }
    };
    assert_eq!(written, 6);
    assert_eq!(
        (
            error.type_name.as_str(),
            error.message.as_str(),
            error.errno
        ),
        ("OSError", "No space left on device", Some(28))
    );
    assert!(fs.used_bytes() <= fs.capacity());
    // appending past the cap fails whole
    let used = fs.used_bytes();
    assert_errno(
        call(&os, "Path.append_bytes", &[s("/f0"), b(&chunk)]),
        Errno::NoSpc,
    );
    assert_eq!(fs.used_bytes(), used);
    assert_eq!(read(&os, "/f0"), Ok(b(&chunk)));
    // freeing space makes room again
    call(&os, "Path.unlink", &[s("/f0")]).unwrap();
    write(&os, "/again", &chunk).unwrap();
}

#[test]
fn a_million_tiny_files_hit_the_cap() {
    let fs = MemFs::new(1 << 20);
    let os = OsRouter::new().memfs(fs.clone());
    mkdir(&os, "/many", false, false).unwrap();
    let mut made = 0u64;
    for i in 0..1_000_000u64 {
        match write(&os, &format!("/many/{i}"), b"") {
            Ok(_) => made += 1,
            Err(e) => {
                assert_eq!(e, Errno::NoSpc.error());
                break;
            }
        }
    }
    assert!(made < (1 << 20) / ENTRY_BYTES, "{made} files in 1 MiB");
    assert!(fs.used_bytes() <= fs.capacity());
    assert_eq!(listing(&os, "/many").len() as u64, made);
}

#[test]
fn deep_nesting_in_memory_does_not_touch_the_host_stack() {
    // Run on a small stack: nothing in MemFs may recurse per level.
    let handle = std::thread::Builder::new()
        .stack_size(128 << 10)
        .spawn(|| {
            let fs = MemFs::new(64 << 20);
            let chain = "a/".repeat(2000);
            fs.mkdir(&chain, true, false).unwrap();
            fs.mkdir(&"b/".repeat(2000), true, false).unwrap();
            // nest one chain at the bottom of the other, deeper than any path reaches
            fs.rename("a", &format!("{}a", "b/".repeat(2000))).unwrap();
            assert!(fs.stat("a").is_err());
            drop(fs);
        })
        .unwrap();
    handle.join().expect("no stack overflow");
}

#[test]
fn a_kept_memfs_carries_files_across_runs() {
    let fs = MemFs::new(1 << 20);
    let first = OsRouter::new().memfs(fs.clone());
    write(&first, "/report.md", b"# Report\n").unwrap();
    drop(first);
    let second = OsRouter::new().memfs(fs.clone());
    assert_eq!(read(&second, "/report.md"), Ok(b(b"# Report\n")));
    // and the embedder reads it directly
    assert_eq!(fs.read("/report.md").unwrap(), b"# Report\n");
}

#[test]
fn memfs_paths_above_its_root_are_refused() {
    let fs = MemFs::new(1 << 20);
    assert_refused(fs.read("../etc/passwd"));
    assert_refused(fs.write("../../x", b"x", false));
    let os = OsRouter::new().memfs(fs);
    assert_refused(read(&os, "/../etc/passwd"));
    assert_refused(call(&os, "Path.iterdir", &[s("/..")]));
}

// ---------------------------------------------------------------- routing

#[test]
fn the_longest_mount_wins_and_the_rest_goes_to_memory() {
    let input = Host::new();
    let output = tempfile::tempdir().unwrap();
    let fs = MemFs::new(1 << 20);
    let os = OsRouter::new()
        .mount("/data", Mount::read_only(input.mnt()).unwrap())
        .mount("/data/out", Mount::read_write(output.path()).unwrap())
        .memfs(fs.clone());
    write(&os, "/data/out/r.txt", b"result").unwrap();
    assert_eq!(
        std::fs::read(output.path().join("r.txt")).unwrap(),
        b"result"
    );
    assert_errno(write(&os, "/data/r.txt", b"x"), Errno::RoFs);
    write(&os, "/database.txt", b"memory").unwrap();
    write(&os, "/tmp.txt", b"memory").unwrap();
    assert_eq!(fs.read("database.txt").unwrap(), b"memory");
    assert_eq!(listing(&os, "/"), ["data", "database.txt", "tmp.txt"]);
    // the mount point `out` shows inside `/data` too
    assert_eq!(listing(&os, "/data"), ["data.csv", "out", "sub"]);
    assert_eq!(
        call(&os, "Path.is_dir", &[s("/data/out")]),
        Ok(Value::Bool(true))
    );
    // between file systems a rename is a cross-device link
    assert_errno(
        call(&os, "Path.rename", &[s("/data/out/r.txt"), s("/r.txt")]),
        Errno::XDev,
    );
    assert_errno(call(&os, "Path.rmdir", &[s("/data/out")]), Errno::Busy);
    assert_errno(
        call(&os, "Path.rename", &[s("/data/out"), s("/elsewhere")]),
        Errno::Busy,
    );
}

#[test]
fn paths_outside_every_mount_are_denied() {
    let host = Host::new();
    let os = OsRouter::new().mount("/mnt/data", Mount::read_only(host.mnt()).unwrap());
    assert_refused(read(&os, "/etc/passwd"));
    assert_refused(write(&os, "/tmp/x", b"x"));
    assert_refused(mkdir(&os, "/tmp", false, false));
    assert_refused(call(&os, "Path.iterdir", &[s("/etc")]));
    assert_eq!(
        call(&os, "Path.exists", &[s("/etc/passwd")]),
        Ok(Value::Bool(false))
    );
    let e = read(&os, "/etc/passwd").unwrap_err();
    assert_eq!(
        (e.type_name.as_str(), e.message.as_str(), e.errno),
        ("PermissionError", "Permission denied", Some(13))
    );
    // the way to the mount point is made of directories
    assert_eq!(call(&os, "Path.is_dir", &[s("/")]), Ok(Value::Bool(true)));
    assert_eq!(
        call(&os, "Path.is_dir", &[s("/mnt")]),
        Ok(Value::Bool(true))
    );
    assert_eq!(listing(&os, "/"), ["mnt"]);
    assert_eq!(listing(&os, "/mnt"), ["data"]);
    assert_eq!(listing(&os, "/mnt/data"), ["data.csv", "sub"]);
    assert_eq!(mkdir(&os, "/mnt", false, true), Ok(Value::None));
    assert_errno(mkdir(&os, "/mnt", false, false), Errno::Exist);
    assert_errno(call(&os, "Path.rmdir", &[s("/mnt")]), Errno::Busy);
    assert_errno(write(&os, "/mnt", b"x"), Errno::IsDir);
    assert_errno(read(&os, "/"), Errno::IsDir);
    let stat = call(&os, "Path.stat", &[s("/mnt")]).unwrap();
    assert_eq!(
        stat.get("st_mode").and_then(Value::as_i64).unwrap() & 0o170_000,
        0o040_000
    );
    // `/mntx` and `/mnt/datax` are not the mount
    assert_refused(read(&os, "/mnt/datax/data.csv"));
    assert_eq!(
        call(&os, "Path.exists", &[s("/mntx")]),
        Ok(Value::Bool(false))
    );
    // a relative path is taken from `/`
    assert_eq!(read(&os, "mnt/data/data.csv"), Ok(b(CSV)));
}

#[test]
fn environment_clock_and_randomness_are_opt_in() {
    let nothing = OsRouter::new();
    assert_eq!(call(&nothing, "os.getenv", &[s("HOME")]), Ok(Value::None));
    assert_eq!(
        call(&nothing, "os.environ", &[]),
        Ok(Value::dict::<String>([]))
    );
    let e = call(&nothing, "time.time", &[]).unwrap_err();
    assert_eq!(e.type_name, "PermissionError");
    let e = call(&nothing, "os.urandom", &[Value::Int(8)]).unwrap_err();
    assert_eq!(e.type_name, "PermissionError");

    let env = Environment::new()
        .var("REGION", "north")
        .var("MODE", "test");
    let granted = OsRouter::new()
        .env(env.clone())
        .clock(Clock::Fixed(1_700_000_000.5))
        .entropy(Entropy::System);
    assert_eq!(call(&granted, "os.getenv", &[s("REGION")]), Ok(s("north")));
    assert_eq!(call(&granted, "os.getenv", &[s("PATH")]), Ok(Value::None));
    assert_eq!(
        call(&granted, "os.environ", &[]),
        Ok(Value::dict([("REGION", s("north")), ("MODE", s("test"))]))
    );
    assert_eq!(
        call(&granted, "time.time", &[]),
        Ok(Value::Float(1_700_000_000.5))
    );
    let Ok(Value::Bytes(random)) = call(&granted, "os.urandom", &[Value::Int(16)]) else {
        panic!("urandom")
    };
    assert_eq!(random.len(), 16);
    let real = OsRouter::new().clock(Clock::System);
    let now = call(&real, "time.time", &[]).unwrap().as_f64().unwrap();
    assert!(now > 1.7e9);
    // an Environment alone answers the variables and nothing else
    assert_eq!(call(&env, "os.getenv", &[s("MODE")]), Ok(s("test")));
    assert!(read(&env, "/x").is_err());
}

#[test]
fn deny_all_is_the_default_of_the_run_drivers() {
    let pending = PendingOsCall {
        id: 1,
        function: "Path.read_bytes".into(),
        args: vec![s("/data/in.csv")],
        kwargs: vec![],
    };
    let e = Functions::new().answer_os_call(&pending).unwrap_err();
    assert_eq!(
        (e.type_name.as_str(), e.errno),
        ("PermissionError", Some(13))
    );
    assert!(AsyncFunctions::new().answer_os_call(&pending).is_err());
    let mut functions = Functions::new();
    functions.os_access(OsRouter::new().memfs(MemFs::new(1024)));
    assert_errno(functions.answer_os_call(&pending), Errno::NoEnt);
    let e = Functions::new()
        .answer_os_call(&PendingOsCall {
            id: 2,
            function: "os.environ".into(),
            args: vec![],
            kwargs: vec![],
        })
        .unwrap_err();
    assert_eq!(e.type_name, "PermissionError");
}

#[test]
fn malformed_and_unknown_calls_are_clear_errors() {
    let os = OsRouter::new().memfs(MemFs::new(1024));
    assert_eq!(
        call(&os, "Path.read_bytes", &[Value::Int(3)])
            .unwrap_err()
            .type_name,
        "TypeError"
    );
    assert_eq!(
        call(&os, "Path.write_bytes", &[s("/x"), s("text, not bytes")])
            .unwrap_err()
            .type_name,
        "TypeError"
    );
    assert_eq!(
        call(&os, "os.system", &[s("id")]).unwrap_err().type_name,
        "NotImplementedError"
    );
}

// ------------------------------------------- through the sandbox (guest)

fn run_with(
    os: impl OsAccess + 'static,
    code: &str,
) -> Result<monty_host::RunOutcome, monty_host::Error> {
    let mut functions = Functions::new();
    functions.os_access(os);
    common::engine().run_request(StartRequest::new(code), &functions)
}

#[test]
fn python_reads_a_mounted_csv_and_writes_a_report_into_memory() {
    let host = Host::new();
    let memory = MemFs::new(1 << 20);
    let os = OsRouter::new()
        .mount("/data", Mount::read_only(host.mnt()).unwrap())
        .memfs(memory.clone());
    let before = host.snapshot();
    let code = r#"
import csv
from pathlib import Path
rows = list(csv.DictReader(Path("/data/data.csv").read_text().splitlines()))
total = sum(int(r["amount"]) for r in rows)
Path("/out").mkdir()
Path("/out/report.md").write_text(f"total: {total}\n")
try:
    Path("/data/report.md").write_text("x")
except OSError as e:
    print(type(e).__name__, e.errno, e.strerror)
print(sorted(p.name for p in Path("/data").iterdir()))
total
"#;
    let out = run_with(os, code).unwrap();
    assert_eq!(out.value, Value::Int(200));
    assert_eq!(
        out.stdout,
        "OSError 30 Read-only file system\n['data.csv', 'sub']\n"
    );
    assert_eq!(memory.read("out/report.md").unwrap(), b"total: 200\n");
    assert_eq!(host.snapshot(), before);
}

#[test]
fn python_sees_os_errors_as_cpython_raises_them() {
    let host = Host::new();
    let os = OsRouter::new().mount("/data", Mount::read_only(host.mnt()).unwrap());
    let code = r#"
from pathlib import Path
for p in ["/data/missing.csv", "/data/sub", "/data/../outside/secret.txt", "/etc/passwd"]:
    try:
        Path(p).read_bytes()
    except OSError as e:
        print(type(e).__name__, e.errno, e.strerror, e.filename)
"#;
    let out = run_with(os, code).unwrap();
    assert_eq!(
        out.stdout,
        "FileNotFoundError 2 No such file or directory /data/missing.csv\n\
         IsADirectoryError 21 Is a directory /data/sub\n\
         PermissionError 13 Permission denied /data/../outside/secret.txt\n\
         PermissionError 13 Permission denied /etc/passwd\n"
    );
    // Uncaught, it is CPython's last traceback line.
    let err = run_with(
        OsRouter::new().mount("/data", Mount::read_only(host.mnt()).unwrap()),
        "open('/data/x.csv').read()",
    )
    .unwrap_err();
    assert_eq!(
        err.python().unwrap().summary(),
        "FileNotFoundError: [Errno 2] No such file or directory: '/data/x.csv'"
    );
}

#[test]
fn python_fills_the_memfs_and_gets_enospc() {
    let memory = MemFs::new(64 << 10);
    let code = r#"
from pathlib import Path
n = 0
try:
    while True:
        Path(f"/f{n}").write_bytes(b"x" * 10000)
        n += 1
except OSError as e:
    print(n, e.errno, e.strerror)
"#;
    let out = run_with(OsRouter::new().memfs(memory.clone()), code).unwrap();
    assert_eq!(out.stdout, "6 28 No space left on device\n");
    assert!(memory.used_bytes() <= memory.capacity());
}

#[test]
fn python_reads_only_the_environment_and_clock_it_is_given() {
    let os = OsRouter::new()
        .env(Environment::new().var("REGION", "north"))
        .clock(Clock::Fixed(86_400.0));
    let code = r#"
import os, time
print(os.getenv("REGION"), os.getenv("HOME"), dict(os.environ))
print(time.time())
"#;
    let out = run_with(os, code).unwrap();
    assert_eq!(out.stdout, "north None {'REGION': 'north'}\n86400.0\n");
    let err = run_with(OsRouter::new(), "import time\ntime.time()").unwrap_err();
    assert_eq!(err.python().unwrap().type_name, "PermissionError");
}

#[test]
fn home_is_the_environments_home() {
    let code = r#"
import os
from pathlib import Path
print(os.path.expanduser("~"), os.path.expanduser("~/notes/a.txt"), os.path.expanduser("~bob/x"))
print(repr(Path.home()), Path("~/x").expanduser(), Path("x/~").expanduser())
try:
    Path("~bob/x").expanduser()
except RuntimeError as e:
    print(e)
"#;
    let os = OsRouter::new().env(Environment::new().var("HOME", "/home/agent/"));
    let out = run_with(os, code).unwrap();
    assert_eq!(
        out.stdout,
        "/home/agent /home/agent/notes/a.txt ~bob/x\n\
         PosixPath('/home/agent') /home/agent/x x/~\n\
         Could not determine home directory.\n"
    );
    // no $HOME: paths stay as they are, and pathlib says it cannot tell
    let code = "import os\nfrom pathlib import Path\nprint(os.path.expanduser('~/x'))\nPath.home()";
    let err = run_with(OsRouter::new(), code).unwrap_err();
    let py = err.python().unwrap();
    assert_eq!(
        (py.type_name.as_str(), py.message.as_str()),
        ("RuntimeError", "Could not determine home directory.")
    );
}

#[test]
fn a_run_paused_at_an_os_call_resumes_from_a_snapshot() {
    let host = Host::new();
    let os = OsRouter::new().mount("/data", Mount::read_only(host.mnt()).unwrap());
    let engine = common::engine();
    let code = "from pathlib import Path\nlen(Path('/data/data.csv').read_bytes())";
    let progress = engine
        .start(StartRequest::new(code), CaptureSink::new())
        .unwrap();
    let Progress::OsCall(call, mut execution) = progress else {
        panic!("expected an os call, got {progress:?}");
    };
    assert_eq!(call.function, "Path.read_bytes");
    assert_eq!(call.args, vec![s("/data/data.csv")]);
    let saved = execution.snapshot().unwrap();
    drop(execution);
    let Progress::OsCall(call, execution) =
        engine.restore(&saved, None, CaptureSink::new()).unwrap()
    else {
        panic!("the restored run is not at its os call");
    };
    match execution.resume(os.answer(&call)).unwrap() {
        Progress::Complete { value, .. } => assert_eq!(value, Value::Int(CSV.len() as i64)),
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn the_async_api_answers_os_calls_beside_its_tools() {
    let memory = MemFs::new(1 << 20);
    let mut functions = AsyncFunctions::new();
    functions.register("fetch", &["key"], |call| async move {
        tokio::time::sleep(Duration::from_millis(10)).await;
        Ok(call.require("key")?.clone())
    });
    functions.os_access(OsRouter::new().memfs(memory.clone()));
    let code = r#"
import asyncio
from pathlib import Path
async def main():
    values = await asyncio.gather(fetch("a"), fetch("b"))
    Path("/out.txt").write_text(",".join(values))
    return Path("/out.txt").read_text()
asyncio.run(main())
"#;
    let out = common::engine()
        .run_async(StartRequest::new(code), &functions)
        .await
        .unwrap();
    assert_eq!(out.value, s("a,b"));
    assert_eq!(memory.read("out.txt").unwrap(), b"a,b");
}
