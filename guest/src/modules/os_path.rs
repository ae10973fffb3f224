//! `os.path`: CPython's `posixpath` as pure string functions (`join`,
//! `split`, `splitext`, `basename`, `dirname`, `normpath`, `isabs`,
//! `commonprefix`, `commonpath`, and `abspath` / `relpath` when their
//! arguments are absolute). Bytes paths work too: they are handled as
//! Latin-1 text, which maps each byte to one char and back exactly, and
//! every rule here only looks at ASCII `/` and `.`. Whatever needs a
//! filesystem or a working directory (`exists`, `isfile`, `getsize`,
//! `abspath('rel')`, ...) raises `PermissionError`.

use super::os::{bind_def, fspath_of, fspath_required, no_os, PathArg};
use super::{ModuleDef, NativeFn};
use crate::builtins::Args;
use crate::object::{ExcType, Value};
use crate::vm::{PyErr, PyResult, Vm};

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

fn join(vm: &mut Vm, a: Args) -> PyResult<Value> {
    if let Some((k, _)) = a.kw.first() {
        return Err(PyErr::type_error(format!(
            "join() got an unexpected keyword argument '{k}'"
        )));
    }
    let Some(&first) = a.pos.first() else {
        return Err(PyErr::type_error(
            "join() missing 1 required positional argument: 'a'",
        ));
    };
    let Text { s: mut path, bytes } = text(vm, first)?;
    for &v in &a.pos[1..] {
        let Some(p) = fspath_of(vm, v)? else {
            return Err(PyErr::type_error(format!(
                "join() argument must be str, bytes, or os.PathLike object, not '{}'",
                vm.class_name(v)
            )));
        };
        let t = from_arg(p);
        if t.bytes != bytes {
            return Err(mix_error());
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

fn normpath(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = bind_def(&a, &["path"], 1)?;
    let v = s[0].expect("required");
    let Some(p) = fspath_of(vm, v)? else {
        return Err(PyErr::type_error(format!(
            "_path_normpath: path should be string, bytes or os.PathLike, not {}",
            vm.class_name(v)
        )));
    };
    let t = from_arg(p);
    Ok(out(vm, &normpath_text(&t.s), t.bytes))
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
        _ => return Err(no_os("getcwd")),
    };
    let start = absolute(&start)?;
    let path = absolute(&t.s)?;
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
    if t.s.starts_with('~') {
        return Err(no_os("path.expanduser"));
    }
    Ok(out(vm, &t.s, t.bytes))
}

/// `exists`, `isfile`, `getsize`, ...: they need a filesystem.
fn needs_fs(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let param = match a.name {
        "exists" | "lexists" => "path",
        "realpath" => "filename",
        _ => "s",
    };
    bind_def(&a, &[param], 1)?;
    let _ = vm;
    Err(no_os(&format!("path.{}", a.name)))
}

fn init(vm: &mut Vm, out: &mut Vec<(String, Value)>) {
    for (k, v) in CONSTANTS {
        let v = vm.new_str(*v);
        out.push(((*k).to_string(), v));
    }
    out.push(("altsep".into(), Value::None));
}

macro_rules! natives {
    ($($name:literal => $f:expr),* $(,)?) => {
        &[$(NativeFn { name: $name, call: $f }),*]
    };
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "os.path",
    funcs: natives![
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
