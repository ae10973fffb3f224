//! `os.path`: CPython's `posixpath` as pure string functions (`join`,
//! `split`, `splitext`, `basename`, `dirname`, `normpath`, `isabs`,
//! `commonprefix`, `commonpath`, `abspath`, `relpath`: relative paths are
//! under the sandbox's working directory, `/`). Bytes paths work too: they
//! are handled as Latin-1 text, which maps each byte to one char and back
//! exactly, and every rule here only looks at ASCII `/` and `.`. What needs
//! a filesystem (`exists`, `isfile`, `getsize`, `samefile`, ...) is an os
//! call (`os_calls.rs`).

use super::os::{fspath_of, fspath_required, PathArg};
use super::ModuleDef;
use crate::object::{ExcType, Value};
use crate::vm::{PyErr, PyResult, Vm};
use crate::ImportVm;

/// The string constants shared by `os` and `os.path`.
pub const CONSTANTS: &[(&str, &str)] = &[
    ("sep", "/"),
    ("extsep", "."),
    ("curdir", "."),
    ("pardir", ".."),
    ("pathsep", ":"),
    ("devnull", "/dev/null"),
    ("defpath", "/bin:/usr/bin"),
];

/// Path text plus whether it came from bytes.
struct Text {
    s: String,
    bytes: bool,
}

fn from_arg(p: PathArg) -> Text {
    match p {
        PathArg::Text(s) => Text { s, bytes: false },
        PathArg::Bytes(b) => Text {
            s: b.iter().map(|&c| c as char).collect(),
            bytes: true,
        },
        PathArg::Fd(_) | PathArg::Absent => unreachable!("fspath gives text"),
    }
}

fn text(vm: &mut Vm, v: Value) -> PyResult<Text> {
    Ok(from_arg(fspath_required(vm, v)?))
}

fn out(vm: &mut Vm, s: &str, bytes: bool) -> Value {
    if bytes {
        vm.new_bytes(s.chars().map(|c| c as u8).collect())
    } else {
        vm.new_str(s)
    }
}

fn mix_error() -> PyErr {
    PyErr::type_error("Can't mix strings and bytes in path components")
}

/// CPython's `_check_arg_types` after a failed `join`: a raw argument
/// that is neither str nor bytes (a path-like included) is named first.
fn join_arg_error(vm: &Vm, rest: &[Value]) -> PyErr {
    for &v in rest {
        let plain = crate::vm::as_str(&vm.heap, v).is_some()
            || matches!(v, Value::Ref(id) if matches!(vm.heap.get(id), crate::object::Obj::Bytes(_)));
        if !plain {
            // the bare class name, as `__class__.__name__` gives it
            let class = vm.class_name(v);
            let bare = class.rsplit('.').next().unwrap_or_default();
            return PyErr::type_error(format!(
                "join() argument must be str, bytes, or os.PathLike object, not '{bare}'"
            ));
        }
    }
    mix_error()
}

native! {
    /// `os.path.join(a, *p)`: a `def` with `*p`, bound here by hand.
    builtin fn join(vm, *args, **kwargs) {
        let mut pos = args;
        for (k, v) in &kwargs {
            if k != "a" || !pos.is_empty() {
                return Err(PyErr::type_error(format!(
                    "join() got an unexpected keyword argument '{k}'"
                )));
            }
            pos.push(*v);
        }
        let Some(&first) = pos.first() else {
            return Err(PyErr::type_error(
                "join() missing 1 required positional argument: 'a'",
            ));
        };
        join_of(vm, first, &pos[1..])
    }
}

fn join_of(vm: &mut Vm, first: Value, rest: &[Value]) -> PyResult<Value> {
    let Text { s: mut path, bytes } = text(vm, first)?;
    for &v in rest {
        let Some(p) = fspath_of(vm, v)? else {
            return Err(join_arg_error(vm, rest));
        };
        let t = from_arg(p);
        if t.bytes != bytes {
            return Err(join_arg_error(vm, rest));
        }
        if t.s.starts_with('/') {
            path = t.s;
        } else if path.is_empty() || path.ends_with('/') {
            path.push_str(&t.s);
        } else {
            path.push('/');
            path.push_str(&t.s);
        }
    }
    Ok(out(vm, &path, bytes))
}

/// `(head, tail)` as `posixpath.split`.
fn split_text(p: &str) -> (&str, &str) {
    let i = p.rfind('/').map_or(0, |i| i + 1);
    let (mut head, tail) = p.split_at(i);
    if !head.is_empty() && !head.bytes().all(|c| c == b'/') {
        head = head.trim_end_matches('/');
    }
    (head, tail)
}

native! {
    /// `os.path.split(p)`.
    def fn split(vm, p) {
        split_of(vm, p)
    }

    /// `os.path.basename(p)`.
    def fn basename(vm, p) {
        let t = text(vm, p)?;
        Ok(out(vm, split_text(&t.s).1, t.bytes))
    }

    /// `os.path.dirname(p)`.
    def fn dirname(vm, p) {
        let t = text(vm, p)?;
        Ok(out(vm, split_text(&t.s).0, t.bytes))
    }

    /// `os.path.splitext(p)`.
    def fn splitext(vm, p) {
        splitext_of(vm, p)
    }

    /// `os.path.splitdrive(p)`.
    def fn splitdrive(vm, p) {
        let t = text(vm, p)?;
        let items = vec![out(vm, "", t.bytes), out(vm, &t.s, t.bytes)];
        Ok(vm.new_tuple(items))
    }

    /// `os.path.normpath(path)`: the C helper `_path_normpath(path)`.
    clinic fn normpath as "_path_normpath"(vm, path) {
        let t = helper_path(vm, "_path_normpath", path)?;
        Ok(out(vm, &normpath_text(&t.s), t.bytes))
    }

    /// `os.path.splitroot(p)`: the C helper `_path_splitroot_ex(p)` (its
    /// parameter is `path` in 3.13.0, `p` later, as the peer suite
    /// expects); `('', root, rest)`, the root being `''`, `'/'` or `'//'`.
    clinic fn splitroot as "_path_splitroot_ex"(vm, p) {
        let t = helper_path(vm, "_path_splitroot_ex", p)?;
        let p = &t.s;
        let lead = p.len() - p.trim_start_matches('/').len();
        let cut = if lead == 2 { 2 } else { lead.min(1) };
        let items = vec![
            out(vm, "", t.bytes),
            out(vm, &p[..cut], t.bytes),
            out(vm, &p[cut..], t.bytes),
        ];
        Ok(vm.new_tuple(items))
    }

    /// `os.path.normcase(s)`.
    def fn normcase(vm, s) {
        let t = text(vm, s)?;
        Ok(out(vm, &t.s, t.bytes))
    }

    /// `os.path.isabs(s)`.
    def fn isabs(vm, s) {
        let t = text(vm, s)?;
        Ok(Value::Bool(t.s.starts_with('/')))
    }

    /// `os.path.abspath(path)`.
    def fn abspath(vm, path) {
        let t = text(vm, path)?;
        let s = absolute(vm, &t.s)?;
        Ok(out(vm, &s, t.bytes))
    }

    /// `os.path.relpath(path, start=None)`.
    def fn relpath(vm, path, start?) {
        relpath_of(vm, path, start)
    }

    /// `os.path.commonprefix(m)`.
    def fn commonprefix(vm, m) {
        commonprefix_of(vm, m)
    }

    /// `os.path.commonpath(paths)`.
    def fn commonpath(vm, paths) {
        commonpath_of(vm, paths)
    }

    /// `os.path.expanduser(path)`: `~` and `~/...` from `$HOME` (the
    /// host's environment); a path without `~`, `~user`, or any path when
    /// `$HOME` is not set is returned as is (as CPython does for a user it
    /// cannot find).
    def fn expanduser(vm, path) {
        let t = text(vm, path)?;
        let expanded = super::os_environ::expand_user(vm, &t.s)?;
        Ok(out(vm, expanded.as_deref().unwrap_or(&t.s), t.bytes))
    }

    /// `os.path.expandvars(path)`.
    def fn expandvars(vm, path) {
        expandvars_of(vm, path)
    }

    /// `os.path.isjunction(path)`: never true on POSIX.
    def fn isjunction(vm, path) {
        text(vm, path)?;
        Ok(Value::Bool(false))
    }

    /// `os.path.isdevdrive(path)`: never true on POSIX.
    def fn isdevdrive(vm, path) {
        text(vm, path)?;
        Ok(Value::Bool(false))
    }

    /// `os.path.realpath(filename, *, strict=False)`: the absolute path (the
    /// sandbox has no links to resolve); `strict` requires it to exist.
    def fn realpath(vm, filename, *, strict?) {
        let r = needs_fs(vm, "realpath", filename)?;
        let strict = match strict {
            Some(v) => vm.truthy(v)?,
            None => false,
        };
        if strict {
            let t = text(vm, r)?;
            super::os_calls::stat(vm, &t.s)?;
        }
        Ok(r)
    }

    /// `os.path.samefile(f1, f2)`: both exist and are the same file (the
    /// sandbox has no links: the same absolute path).
    def fn samefile(vm, f1, f2) {
        let a = needs_fs(vm, "samefile", f1)?;
        let b = needs_fs(vm, "samefile", f2)?;
        let (a, b) = (text(vm, a)?, text(vm, b)?);
        Ok(Value::Bool(a.s == b.s))
    }

    /// `os.path.samestat(s1, s2)`: compares `st_ino`, then `st_dev`.
    def fn samestat(vm, s1, s2) {
        for field in ["st_ino", "st_dev"] {
            let x = vm.get_attr(s1, field)?;
            let y = vm.get_attr(s2, field)?;
            if !vm.py_eq(x, y)? {
                return Ok(Value::Bool(false));
            }
        }
        Ok(Value::Bool(true))
    }
}

fn split_of(vm: &mut Vm, p: Value) -> PyResult<Value> {
    let t = text(vm, p)?;
    let (head, tail) = split_text(&t.s);
    let items = vec![out(vm, head, t.bytes), out(vm, tail, t.bytes)];
    Ok(vm.new_tuple(items))
}

fn splitext_of(vm: &mut Vm, p: Value) -> PyResult<Value> {
    let t = text(vm, p)?;
    let p = &t.s;
    let sep = p.rfind('/').map_or(0, |i| i + 1);
    let mut cut = p.len();
    if let Some(dot) = p.rfind('.') {
        // a leading run of dots in the name is not an extension
        if dot >= sep && p[sep..dot].bytes().any(|c| c != b'.') {
            cut = dot;
        }
    }
    let items = vec![out(vm, &p[..cut], t.bytes), out(vm, &p[cut..], t.bytes)];
    Ok(vm.new_tuple(items))
}

fn normpath_text(p: &str) -> String {
    if p.is_empty() {
        return ".".into();
    }
    let lead = if p.starts_with("//") && !p.starts_with("///") {
        2
    } else if p.starts_with('/') {
        1
    } else {
        0
    };
    let mut comps: Vec<&str> = Vec::new();
    for c in p.split('/') {
        if c.is_empty() || c == "." {
            continue;
        }
        if c != ".." || (lead == 0 && comps.is_empty()) || comps.last() == Some(&"..") {
            comps.push(c);
        } else {
            comps.pop();
        }
    }
    let s = format!("{}{}", "/".repeat(lead), comps.join("/"));
    if s.is_empty() {
        ".".into()
    } else {
        s
    }
}

/// The argument of the C helpers `_path_normpath` / `_path_splitroot_ex`.
fn helper_path(vm: &mut Vm, helper: &str, v: Value) -> PyResult<Text> {
    let Some(p) = fspath_of(vm, v)? else {
        return Err(PyErr::type_error(format!(
            "{helper}: path should be string, bytes or os.PathLike, not {}",
            vm.class_name(v)
        )));
    };
    Ok(from_arg(p))
}

/// An absolute path's normal form (a relative one from the sandbox's
/// working directory).
fn absolute(vm: &Vm, p: &str) -> PyResult<String> {
    if p.starts_with('/') {
        Ok(normpath_text(p))
    } else {
        Ok(normpath_text(&join_text(&super::os_calls::cwd(vm), p)))
    }
}

/// `dir/name` (what `os.walk` joins).
pub fn join_text(dir: &str, name: &str) -> String {
    if dir.ends_with('/') {
        format!("{dir}{name}")
    } else {
        format!("{dir}/{name}")
    }
}

fn relpath_of(vm: &mut Vm, path: Value, start: Option<Value>) -> PyResult<Value> {
    let t = text(vm, path)?;
    if t.s.is_empty() {
        return Err(PyErr::new(ExcType::ValueError, "no path specified"));
    }
    let start = match start {
        Some(v) if !v.is_none() => {
            let st = text(vm, v)?;
            if st.bytes != t.bytes {
                return Err(mix_error());
            }
            st.s
        }
        _ => ".".to_string(),
    };
    // (relative paths are under the sandbox's working directory)
    let (start, path) = (absolute(vm, &start)?, absolute(vm, &t.s)?);
    let sl: Vec<&str> = start.split('/').filter(|c| !c.is_empty()).collect();
    let pl: Vec<&str> = path.split('/').filter(|c| !c.is_empty()).collect();
    let common = sl.iter().zip(&pl).take_while(|(x, y)| x == y).count();
    let mut rel: Vec<&str> = vec![".."; sl.len() - common];
    rel.extend(&pl[common..]);
    let r = if rel.is_empty() {
        ".".to_string()
    } else {
        rel.join("/")
    };
    Ok(out(vm, &r, t.bytes))
}

/// The texts of a sequence of paths, all str or all bytes.
fn texts(vm: &mut Vm, v: Value) -> PyResult<(Vec<String>, bool)> {
    let items = vm.collect_iterable(v)?;
    let mut out = Vec::with_capacity(items.len());
    let mut kind = None;
    for item in items {
        let t = text(vm, item)?;
        if *kind.get_or_insert(t.bytes) != t.bytes {
            return Err(mix_error());
        }
        out.push(t.s);
    }
    Ok((out, kind.unwrap_or(false)))
}

/// `os.path.commonprefix(m)`, as the Python function it is in CPython
/// (element-wise over any sequences: lists and tuples too).
const COMMONPREFIX_SOURCE: &str = "\
from os import fspath

def commonprefix(m):
    if not m:
        return ''
    if not isinstance(m[0], (list, tuple)):
        m = tuple(map(fspath, m))
    s1 = min(m)
    s2 = max(m)
    for i, c in enumerate(s1):
        if c != s2[i]:
            return s1[:i]
    return s1
";

fn commonprefix_of(vm: &mut Vm, m: Value) -> PyResult<Value> {
    let f = vm.snippet_function(COMMONPREFIX_SOURCE, "commonprefix")?;
    vm.call_value(f, vec![m], Vec::new())
}

fn commonpath_of(vm: &mut Vm, paths: Value) -> PyResult<Value> {
    let (paths, bytes) = texts(vm, paths)?;
    if paths.is_empty() {
        return Err(PyErr::new(
            ExcType::ValueError,
            "commonpath() arg is an empty sequence",
        ));
    }
    let abs = paths[0].starts_with('/');
    if paths.iter().any(|p| p.starts_with('/') != abs) {
        return Err(PyErr::new(
            ExcType::ValueError,
            "Can't mix absolute and relative paths",
        ));
    }
    let split: Vec<Vec<&str>> = paths
        .iter()
        .map(|p| {
            p.split('/')
                .filter(|c| !c.is_empty() && *c != ".")
                .collect()
        })
        .collect();
    let lo = split.iter().min().expect("non-empty");
    let hi = split.iter().max().expect("non-empty");
    let n = lo.iter().zip(hi).take_while(|(x, y)| x == y).count();
    let r = format!("{}{}", if abs { "/" } else { "" }, lo[..n].join("/"));
    Ok(out(vm, &r, bytes))
}

/// `exists`, `isfile`, `getsize`, ...: they need a filesystem. The
/// argument is checked as the `stat` / `lstat` they call would; the empty
/// path names nothing, so the predicates answer False for it.
fn needs_fs(vm: &mut Vm, name: &str, v: Value) -> PyResult<Value> {
    let lstat = matches!(name, "lexists" | "islink" | "ismount");
    let (converter, kinds) = if name == "realpath" {
        ("", "")
    } else if lstat {
        ("lstat", "string, bytes or os.PathLike")
    } else {
        ("stat", "string, bytes, os.PathLike or integer")
    };
    let p = if converter.is_empty() {
        Some(fspath_required(vm, v)?)
    } else if !lstat && matches!(v, Value::Int(_) | Value::Bool(_)) {
        None
    } else {
        match fspath_of(vm, v)? {
            Some(p) => Some(p),
            None => {
                return Err(PyErr::type_error(format!(
                    "{converter}: path should be {kinds}, not {}",
                    vm.class_name(v)
                )))
            }
        }
    };
    let empty = match &p {
        Some(PathArg::Text(s)) => s.is_empty(),
        Some(PathArg::Bytes(b)) => b.is_empty(),
        _ => false,
    };
    let predicate = matches!(
        name,
        "exists" | "lexists" | "isfile" | "isdir" | "islink" | "ismount"
    );
    if empty && predicate {
        return Ok(Value::Bool(false));
    }
    if empty && name != "realpath" {
        // (the empty path names no file: `stat('')` fails)
        return Err(super::os_calls::empty_path(vm));
    }
    let Some(p) = p else {
        return bad_fd(vm, v, predicate);
    };
    let t = from_arg(p);
    if t.s.contains('\0') {
        // (the predicates answer False for a path the OS cannot take; the
        // others raise as the `stat` / `lstat` they call does)
        if predicate {
            return Ok(Value::Bool(false));
        }
        let converter = if converter.is_empty() {
            "lstat"
        } else {
            converter
        };
        return Err(PyErr::value_error(format!(
            "{converter}: embedded null character in path"
        )));
    }
    let call = match name {
        "exists" | "lexists" => "Path.exists",
        "isfile" => "Path.is_file",
        "isdir" => "Path.is_dir",
        "islink" => return Ok(Value::Bool(false)),
        "ismount" => return Ok(Value::Bool(super::os_calls::sandbox_path(vm, &t.s) == "/")),
        "realpath" => {
            let r = super::os_calls::sandbox_path(vm, &t.s);
            return Ok(out(vm, &r, t.bytes));
        }
        "samefile" => {
            // (stat'ed, so a missing file raises; then its absolute path)
            super::os_calls::stat(vm, &t.s)?;
            let r = super::os_calls::sandbox_path(vm, &t.s);
            return Ok(out(vm, &r, t.bytes));
        }
        _ => {
            let st = super::os_calls::stat(vm, &t.s)?;
            return Ok(if name == "getsize" {
                Value::Int(st.size)
            } else {
                Value::Float(st.mtime)
            });
        }
    };
    // (as CPython's, the predicates answer False where the OS says no,
    // and for a path the OS cannot take: one with a NUL byte)
    if t.s.contains('\0') {
        return Ok(Value::Bool(false));
    }
    match super::os_calls::bool_call(vm, call, &t.s) {
        Ok(b) => Ok(Value::Bool(b)),
        Err(PyErr::Raise(e)) if super::os_calls::is_error(vm, e, ExcType::OSError) => {
            Ok(Value::Bool(false))
        }
        Err(e) => Err(e),
    }
}

/// A file descriptor given for a path: the sandbox has none open, so its
/// `fstat` fails with `EBADF`, which the predicates answer False for and
/// the others raise (after CPython's range check of an fd).
fn bad_fd(vm: &mut Vm, fd: Value, predicate: bool) -> PyResult<Value> {
    let n = match fd {
        Value::Int(n) => n,
        Value::Bool(b) => i64::from(b),
        _ => 0,
    };
    if n > i64::from(i32::MAX) {
        return Err(PyErr::new(
            ExcType::OverflowError,
            "fd is greater than maximum",
        ));
    }
    if n < i64::from(i32::MIN) {
        return Err(PyErr::new(
            ExcType::OverflowError,
            "fd is less than minimum",
        ));
    }
    if predicate {
        return Ok(Value::Bool(false));
    }
    let args = vec![Value::Int(9), vm.new_str("Bad file descriptor"), fd];
    Err(PyErr::Raise(vm.new_os_error(ExcType::OSError, args)))
}

/// The functions that need a filesystem: `NAME(param)`.
macro_rules! needs_fs {
    ($($name:ident($param:ident)),* $(,)?) => {$(
        native! {
            #[doc = concat!("`os.path.", stringify!($name), "(", stringify!($param), ")`.")]
            def fn $name(vm, $param) {
                needs_fs(vm, stringify!($name), $param)
            }
        }
    )*};
}

needs_fs!(
    exists(path),
    lexists(path),
    ismount(path),
    getsize(filename),
    getmtime(filename),
    getatime(filename),
    getctime(filename),
    isfile(path),
    isdir(s),
    islink(path),
);

fn environ_id(v: Value) -> crate::object::ObjId {
    match v {
        Value::Ref(id) => id,
        _ => unreachable!("os.environ is an object"),
    }
}

/// `expandvars`: `$name` and `${name}` found in `os.environ` are replaced;
/// the rest (unknown names, bytes paths: there is no `environb`) stays.
fn expandvars_of(vm: &mut Vm, path: Value) -> PyResult<Value> {
    let t = text(vm, path)?;
    if t.bytes || !t.s.contains('$') {
        return Ok(out(vm, &t.s, t.bytes));
    }
    let os = vm.import_module("os")?;
    let environ = vm.get_attr(os, "environ")?;
    let env = super::os_environ::dict(vm, environ_id(environ))?;
    let lookup = |vm: &Vm, name: &str| -> Option<String> {
        let Value::Ref(id) = env else { return None };
        let crate::object::Obj::Dict(d) = vm.heap.get(id) else {
            return None;
        };
        d.get_str(name)
            .and_then(|v| crate::vm::as_str(&vm.heap, v).map(str::to_string))
    };
    let src = t.s.as_str();
    let mut res = String::new();
    let mut i = 0;
    while let Some(off) = src[i..].find('$') {
        let at = i + off;
        res.push_str(&src[i..at]);
        let rest = &src[at + 1..];
        let word = rest
            .bytes()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == b'_')
            .count();
        let (name, end) = if word > 0 {
            (&rest[..word], at + 1 + word)
        } else if let Some(close) = rest.strip_prefix('{').and_then(|r| r.find('}')) {
            (&rest[1..1 + close], at + 2 + close + 1)
        } else {
            res.push('$');
            i = at + 1;
            continue;
        };
        match lookup(vm, name) {
            Some(v) => res.push_str(&v),
            None => res.push_str(&src[at..end]),
        }
        i = end;
    }
    res.push_str(&src[i..]);
    Ok(out(vm, &res, false))
}

fn init(vm: &mut Vm, out: &mut Vec<(String, Value)>) {
    for (k, v) in CONSTANTS {
        let v = vm.new_str(*v);
        out.push(((*k).to_string(), v));
    }
    out.push(("altsep".into(), Value::None));
    out.push(("supports_unicode_filenames".into(), Value::Bool(false)));
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "posixpath",
    funcs: natives_table![
        join,
        split,
        splitext,
        splitdrive,
        basename,
        dirname,
        normpath,
        isabs,
        abspath,
        relpath,
        commonprefix,
        commonpath,
        expanduser,
        expandvars,
        splitroot,
        normcase,
        isjunction,
        isdevdrive,
        samestat,
        samefile,
        ismount,
        getatime,
        getctime,
        exists,
        lexists,
        isfile,
        isdir,
        islink,
        getsize,
        getmtime,
        realpath,
    ],
    init,
};
