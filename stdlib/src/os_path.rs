//! `os.path`: CPython's `posixpath` as pure string functions (`join`,
//! `split`, `splitext`, `basename`, `dirname`, `normpath`, `isabs`,
//! `commonprefix`, `commonpath`, and `abspath` / `relpath` when their
//! arguments are absolute). Bytes paths work too: they are handled as
//! Latin-1 text, which maps each byte to one char and back exactly, and
//! every rule here only looks at ASCII `/` and `.`. Whatever needs a
//! filesystem or a working directory (`exists`, `isfile`, `getsize`,
//! `abspath('rel')`, ...) raises `PermissionError`.

use super::os::{bind_def, clinic, fspath_of, fspath_required, no_os, PathArg};
use super::ModuleDef;
use crate::builtins::Args;
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

/// The one-argument functions' binding: `name(p)`.
fn one(vm: &mut Vm, a: &Args, param: &str) -> PyResult<Text> {
    let s = bind_def(a, &[param], 1)?;
    text(vm, s[0].expect("required"))
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

fn join(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let mut pos = a.pos.clone();
    for (k, v) in &a.kw {
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
    let Text { s: mut path, bytes } = text(vm, first)?;
    let rest = &pos[1..];
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

fn split(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let t = one(vm, &a, "p")?;
    let (head, tail) = split_text(&t.s);
    let items = vec![out(vm, head, t.bytes), out(vm, tail, t.bytes)];
    Ok(vm.new_tuple(items))
}

fn basename(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let t = one(vm, &a, "p")?;
    Ok(out(vm, split_text(&t.s).1, t.bytes))
}

fn dirname(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let t = one(vm, &a, "p")?;
    Ok(out(vm, split_text(&t.s).0, t.bytes))
}

fn splitext(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let t = one(vm, &a, "p")?;
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

fn splitdrive(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let t = one(vm, &a, "p")?;
    let items = vec![out(vm, "", t.bytes), out(vm, &t.s, t.bytes)];
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
fn clinic_path(vm: &mut Vm, a: &Args, helper: &'static str, param: &str) -> PyResult<Text> {
    let named = Args::new(helper, a.pos.clone(), a.kw.clone());
    let s = clinic(&named, &[param], 1, 1)?;
    let v = s[0].expect("required");
    let Some(p) = fspath_of(vm, v)? else {
        return Err(PyErr::type_error(format!(
            "{helper}: path should be string, bytes or os.PathLike, not {}",
            vm.class_name(v)
        )));
    };
    Ok(from_arg(p))
}

fn normpath(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let t = clinic_path(vm, &a, "_path_normpath", "path")?;
    Ok(out(vm, &normpath_text(&t.s), t.bytes))
}

/// `splitroot(p)`: `('', root, rest)`, the root being `''`, `'/'` or `'//'`.
fn splitroot(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let t = clinic_path(vm, &a, "_path_splitroot_ex", "p")?;
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

fn normcase(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let t = one(vm, &a, "s")?;
    Ok(out(vm, &t.s, t.bytes))
}

fn isabs(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let t = one(vm, &a, "s")?;
    Ok(Value::Bool(t.s.starts_with('/')))
}

/// An absolute path's normal form; a relative one needs the working
/// directory, which the sandbox does not have.
fn absolute(p: &str) -> PyResult<String> {
    if p.starts_with('/') {
        Ok(normpath_text(p))
    } else {
        Err(no_os("getcwd"))
    }
}

fn abspath(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let t = one(vm, &a, "path")?;
    let s = absolute(&t.s)?;
    Ok(out(vm, &s, t.bytes))
}

fn relpath(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = bind_def(&a, &["path", "start"], 1)?;
    let t = text(vm, s[0].expect("required"))?;
    if t.s.is_empty() {
        return Err(PyErr::new(ExcType::ValueError, "no path specified"));
    }
    let start = match s[1] {
        Some(v) if !v.is_none() => {
            let st = text(vm, v)?;
            if st.bytes != t.bytes {
                return Err(mix_error());
            }
            st.s
        }
        _ => ".".to_string(),
    };
    let (start, path) = if start.starts_with('/') && t.s.starts_with('/') {
        (normpath_text(&start), normpath_text(&t.s))
    } else {
        // two relative paths share the working directory, which cancels
        // out unless `..` climbs above it
        let (s, p) = (normpath_text(&start), normpath_text(&t.s));
        let climbs = |x: &str| x == ".." || x.starts_with("../");
        if start.starts_with('/') || t.s.starts_with('/') || climbs(&s) || climbs(&p) {
            return Err(no_os("getcwd"));
        }
        let under_root = |x: String| {
            if x == "." {
                "/".to_string()
            } else {
                format!("/{x}")
            }
        };
        (under_root(s), under_root(p))
    };
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

fn commonprefix(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = bind_def(&a, &["m"], 1)?;
    let (paths, bytes) = texts(vm, s[0].expect("required"))?;
    let (Some(lo), Some(hi)) = (paths.iter().min(), paths.iter().max()) else {
        return Ok(vm.new_str(""));
    };
    let n = lo
        .chars()
        .zip(hi.chars())
        .take_while(|(x, y)| x == y)
        .map(|(c, _)| c.len_utf8())
        .sum::<usize>();
    Ok(out(vm, &lo[..n], bytes))
}

fn commonpath(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = bind_def(&a, &["paths"], 1)?;
    let (paths, bytes) = texts(vm, s[0].expect("required"))?;
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

/// `expanduser`: a path without `~` is returned as is; `~` needs a home.
fn expanduser(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let t = one(vm, &a, "path")?;
    // `~` and `~/...` need $HOME; `~user` would need the password
    // database, which the sandbox lacks, so it stays as CPython leaves an
    // unknown user
    if t.s == "~" || t.s.starts_with("~/") {
        return Err(no_os("path.expanduser"));
    }
    Ok(out(vm, &t.s, t.bytes))
}

/// `exists`, `isfile`, `getsize`, ...: they need a filesystem. The
/// argument is checked as the `stat` / `lstat` they call would; the empty
/// path names nothing, so the predicates answer False for it.
fn needs_fs(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let param = match a.name {
        "exists" | "lexists" | "ismount" => "path",
        "realpath" => "filename",
        "getsize" | "getmtime" | "getatime" | "getctime" => "filename",
        _ => "s",
    };
    let s = bind_def(&a, &[param], 1)?;
    let v = s[0].expect("required");
    let lstat = matches!(a.name, "lexists" | "islink" | "ismount");
    let (converter, kinds) = if a.name == "realpath" {
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
    if empty
        && matches!(
            a.name,
            "exists" | "lexists" | "isfile" | "isdir" | "islink" | "ismount"
        )
    {
        return Ok(Value::Bool(false));
    }
    Err(no_os(&format!("path.{}", a.name)))
}

/// `expandvars`: `$name` and `${name}` found in `os.environ` are replaced;
/// the rest (unknown names, bytes paths: there is no `environb`) stays.
fn expandvars(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let t = one(vm, &a, "path")?;
    if t.bytes || !t.s.contains('$') {
        return Ok(out(vm, &t.s, t.bytes));
    }
    let os = vm.import_module("os")?;
    let environ = vm.get_attr(os, "environ")?;
    let lookup = |vm: &Vm, name: &str| -> Option<String> {
        let Value::Ref(id) = environ else { return None };
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

/// `isjunction` / `isdevdrive`: never true on POSIX.
fn never(vm: &mut Vm, a: Args) -> PyResult<Value> {
    one(vm, &a, "path")?;
    Ok(Value::Bool(false))
}

/// `samestat(s1, s2)`: compares `st_ino`, then `st_dev`.
fn samestat(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = bind_def(&a, &["s1", "s2"], 2)?;
    let (s1, s2) = (s[0].expect("required"), s[1].expect("required"));
    for field in ["st_ino", "st_dev"] {
        let x = vm.get_attr(s1, field)?;
        let y = vm.get_attr(s2, field)?;
        if !vm.py_eq(x, y)? {
            return Ok(Value::Bool(false));
        }
    }
    Ok(Value::Bool(true))
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
        "join" => join,
        "split" => split,
        "splitext" => splitext,
        "splitdrive" => splitdrive,
        "basename" => basename,
        "dirname" => dirname,
        "normpath" => normpath,
        "isabs" => isabs,
        "abspath" => abspath,
        "relpath" => relpath,
        "commonprefix" => commonprefix,
        "commonpath" => commonpath,
        "expanduser" => expanduser,
        "expandvars" => expandvars,
        "splitroot" => splitroot,
        "normcase" => normcase,
        "isjunction" => never,
        "isdevdrive" => never,
        "samestat" => samestat,
        "ismount" => needs_fs,
        "getatime" => needs_fs,
        "getctime" => needs_fs,
        "exists" => needs_fs,
        "lexists" => needs_fs,
        "isfile" => needs_fs,
        "isdir" => needs_fs,
        "islink" => needs_fs,
        "getsize" => needs_fs,
        "getmtime" => needs_fs,
        "realpath" => needs_fs,
    ],
    init,
};
