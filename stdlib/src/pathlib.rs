//! `pathlib`: pure POSIX path arithmetic. `Path`, `PosixPath`, `PurePath`
//! and `PurePosixPath` all make one class of object ([`NativeObj::Path`],
//! repr `PosixPath('a/b')`), holding the normalized path text: joining, the
//! name/stem/suffix family, parents, `relative_to`, `match`, equality,
//! hashing and ordering behave as CPython's `PurePosixPath`. The sandbox
//! has no filesystem, so methods that would touch one (`exists`,
//! `read_text`, `open`, `iterdir`, `cwd`, ...) raise `PermissionError`
//! saying so instead of inventing an answer.

mod fs;
mod glob;
use crate::objects::native_of;
pub(crate) use fs::stat_result;
mod methods;

use super::objects::NativeObj;
use super::{module_index, ModuleDef, NativeFn, NativeId};
use crate::builtins::Args;
use crate::object::{ExcType, HashKey, Obj, ObjId, Value};
use crate::vm::repr::str_repr;
use crate::vm::{PyErr, PyResult, Vm};
use monty_compile::bytecode::{BinOp, CmpOp};

/// A path split into its root (`""`, `"/"` or `"//"`) and its parts.
#[derive(Clone, PartialEq, Eq)]
struct Parsed {
    root: String,
    parts: Vec<String>,
}

impl Parsed {
    /// Parses path text: runs of `/` collapse, `.` parts drop, `..` stays;
    /// POSIX keeps exactly two leading slashes as a root of their own.
    fn parse(text: &str) -> Parsed {
        let lead = text.len() - text.trim_start_matches('/').len();
        let root = match lead {
            0 => "",
            2 => "//",
            _ => "/",
        };
        let parts = text
            .split('/')
            .filter(|p| !p.is_empty() && *p != ".")
            .map(str::to_string)
            .collect();
        Parsed {
            root: root.into(),
            parts,
        }
    }

    /// Appends `other`: an absolute `other` replaces this path.
    fn join(&mut self, other: &str) {
        let o = Parsed::parse(other);
        if !o.root.is_empty() {
            *self = o;
        } else {
            self.parts.extend(o.parts);
        }
    }

    fn text(&self) -> String {
        if self.root.is_empty() && self.parts.is_empty() {
            return ".".into();
        }
        format!("{}{}", self.root, self.parts.join("/"))
    }

    fn name(&self) -> &str {
        self.parts.last().map_or("", String::as_str)
    }

    fn suffix(&self) -> &str {
        let name = self.name();
        match name.rfind('.') {
            Some(i) if i > 0 && i < name.len() - 1 => &name[i..],
            _ => "",
        }
    }

    fn stem(&self) -> &str {
        let name = self.name();
        &name[..name.len() - self.suffix().len()]
    }

    fn parent(&self) -> Parsed {
        let mut p = self.clone();
        p.parts.pop();
        p
    }

    /// The ancestors, nearest first (`parents`).
    fn parents(&self) -> Vec<Parsed> {
        let mut out = Vec::new();
        let mut p = self.clone();
        while !p.parts.is_empty() {
            p = p.parent();
            out.push(p.clone());
        }
        out
    }
}

fn path_text(vm: &Vm, id: ObjId) -> &str {
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::Path(p)) => p,
        _ => unreachable!("a path"),
    }
}

fn as_path(vm: &Vm, v: Value) -> Option<&str> {
    match v {
        Value::Ref(id) => match native_of(vm.heap.get(id)) {
            Some(NativeObj::Path(p)) => Some(p),
            _ => None,
        },
        _ => None,
    }
}

/// A path segment argument: a str, a path, or an object whose
/// `__fspath__` gives a str (`os.DirEntry`, a user class).
fn segment(vm: &mut Vm, v: Value) -> PyResult<String> {
    if let Some(p) = as_path(vm, v) {
        return Ok(p.to_string());
    }
    if let Some(s) = crate::vm::as_str(&vm.heap, v) {
        return Ok(s.to_string());
    }
    let fspath = if matches!(v, Value::Ref(id) if matches!(vm.heap.get(id), Obj::Instance(_))) {
        super::os::fspath_of(vm, v)?
    } else {
        None
    };
    match fspath {
        Some(super::os::PathArg::Text(s)) => Ok(s),
        _ => Err(PyErr::type_error(format!(
            "argument should be a str or an os.PathLike object where __fspath__ returns a str, not '{}'",
            vm.class_name(v)
        ))),
    }
}

fn new_path(vm: &mut Vm, p: &Parsed) -> Value {
    vm.heap.new_value(Obj::from(NativeObj::Path(p.text())))
}

/// `Path(*segments)` (all four class names).
fn construct(vm: &mut Vm, a: Args) -> PyResult<Value> {
    if let Some((k, _)) = a.kw.first() {
        return Err(PyErr::type_error(format!(
            "{}() got an unexpected keyword argument '{k}'",
            a.name
        )));
    }
    let mut p = Parsed::parse("");
    for &v in &a.pos {
        let s = segment(vm, v)?;
        p.join(&s);
    }
    Ok(new_path(vm, &p))
}

pub fn repr(vm: &Vm, id: ObjId) -> String {
    format!("PosixPath({})", str_repr(path_text(vm, id)))
}

pub fn str_of(vm: &Vm, id: ObjId) -> String {
    path_text(vm, id).to_string()
}

pub fn getattr(vm: &mut Vm, id: ObjId, name: &str) -> Option<Value> {
    let p = Parsed::parse(path_text(vm, id));
    Some(match name {
        "name" => vm.new_str(p.name()),
        "stem" => vm.new_str(p.stem()),
        "suffix" => vm.new_str(p.suffix()),
        "suffixes" => {
            let name = p.name();
            let items: Vec<String> = if name.ends_with('.') {
                Vec::new()
            } else {
                name.trim_start_matches('.')
                    .split('.')
                    .skip(1)
                    .map(|s| format!(".{s}"))
                    .collect()
            };
            let vals = items.into_iter().map(|s| vm.new_str(s)).collect();
            vm.new_list(vals)
        }
        "parent" => new_path(vm, &p.parent()),
        "parents" => {
            let vals = p.parents().iter().map(|q| new_path(vm, q)).collect();
            vm.new_tuple(vals)
        }
        "parts" => {
            let mut vals = Vec::with_capacity(p.parts.len() + 1);
            if !p.root.is_empty() {
                vals.push(vm.new_str(p.root.clone()));
            }
            for part in &p.parts {
                vals.push(vm.new_str(part.clone()));
            }
            vm.new_tuple(vals)
        }
        "root" | "anchor" => vm.new_str(p.root.clone()),
        "drive" => vm.new_str(""),
        _ => return None,
    })
}

/// Methods that need a filesystem (or the process's working directory).
const FS_METHODS: &[&str] = &[
    "exists",
    "is_file",
    "is_dir",
    "is_symlink",
    "is_mount",
    "is_socket",
    "is_fifo",
    "is_block_device",
    "is_char_device",
    "is_junction",
    "stat",
    "lstat",
    "owner",
    "group",
    "chmod",
    "lchmod",
    "read_text",
    "read_bytes",
    "write_text",
    "write_bytes",
    "open",
    "iterdir",
    "glob",
    "rglob",
    "walk",
    "mkdir",
    "rmdir",
    "touch",
    "unlink",
    "rename",
    "replace",
    "symlink_to",
    "hardlink_to",
    "readlink",
    "resolve",
    "absolute",
    "expanduser",
    "samefile",
    "cwd",
    "home",
];

/// The error of a method the sandbox's filesystem does not support
/// (owners, permissions, links).
fn no_filesystem(method: &str) -> PyErr {
    PyErr::new(
        ExcType::PermissionError,
        format!("Path.{method}() is not supported in this sandbox"),
    )
}

fn str_arg(vm: &Vm, v: Value, what: &str) -> PyResult<String> {
    crate::vm::as_str(&vm.heap, v)
        .map(str::to_string)
        .ok_or_else(|| PyErr::type_error(format!("{what} must be str, not {}", vm.class_name(v))))
}

fn with_name(vm: &mut Vm, id: ObjId, p: &Parsed, name: &str) -> PyResult<Value> {
    if p.name().is_empty() {
        return Err(PyErr::value_error(format!(
            "{} has an empty name",
            repr(vm, id)
        )));
    }
    if name.is_empty() || name.contains('/') || name == "." {
        return Err(PyErr::value_error(format!(
            "Invalid name {}",
            str_repr(name)
        )));
    }
    let mut q = p.clone();
    *q.parts.last_mut().expect("a name") = name.to_string();
    Ok(new_path(vm, &q))
}

fn relative_to(vm: &mut Vm, p: &Parsed, other: &Parsed, walk_up: bool) -> PyResult<Value> {
    let (me, them) = (p.text(), other.text());
    let mut candidates = vec![other.clone()];
    candidates.extend(other.parents());
    for (step, base) in candidates.iter().enumerate() {
        if *base == *p || p.parents().contains(base) {
            let mut parts = vec!["..".to_string(); step];
            parts.extend(p.parts[base.parts.len()..].iter().cloned());
            let q = Parsed {
                root: String::new(),
                parts,
            };
            return Ok(new_path(vm, &q));
        }
        if !walk_up {
            return Err(PyErr::value_error(format!(
                "{} is not in the subpath of {}",
                str_repr(&me),
                str_repr(&them)
            )));
        }
        if base.name() == ".." {
            return Err(PyErr::value_error(format!(
                "'..' segment in {} cannot be walked",
                str_repr(&them)
            )));
        }
    }
    Err(PyErr::value_error(format!(
        "{} and {} have different anchors",
        str_repr(&me),
        str_repr(&them)
    )))
}

/// The parts with the root as a first part, as `parts` lists them.
fn all_parts(p: &Parsed) -> Vec<&str> {
    let mut v = Vec::with_capacity(p.parts.len() + 1);
    if !p.root.is_empty() {
        v.push(p.root.as_str());
    }
    v.extend(p.parts.iter().map(String::as_str));
    v
}

/// `PurePath.match`: a relative pattern matches from the right, an
/// absolute one the whole path; each part is a glob.
fn match_from_right(p: &Parsed, pattern: &Parsed) -> PyResult<bool> {
    let pat = all_parts(pattern);
    if pat.is_empty() {
        return Err(PyErr::value_error("empty pattern"));
    }
    let path = all_parts(p);
    if pat.len() > path.len() || (!pattern.root.is_empty() && pat.len() != path.len()) {
        return Ok(false);
    }
    Ok(path
        .iter()
        .rev()
        .zip(pat.iter().rev())
        .all(|(part, glob)| glob_match(glob.as_bytes(), part.as_bytes())))
}

/// `PurePath.full_match`: the whole path against the pattern, `**`
/// matching any number of parts.
fn full_match(p: &Parsed, pattern: &Parsed) -> bool {
    fn go(path: &[&str], pat: &[&str]) -> bool {
        match pat.split_first() {
            None => path.is_empty(),
            Some((&"**", rest)) => (0..=path.len()).any(|i| go(&path[i..], rest)),
            Some((glob, rest)) => match path.split_first() {
                Some((part, tail)) => {
                    glob_match(glob.as_bytes(), part.as_bytes()) && go(tail, rest)
                }
                None => false,
            },
        }
    }
    go(&all_parts(p), &all_parts(pattern))
}

/// `fnmatch` of one part: `*`, `?` and `[...]` classes (`[!...]` negated).
fn glob_match(pat: &[u8], text: &[u8]) -> bool {
    let pat: Vec<char> = String::from_utf8_lossy(pat).chars().collect();
    let text: Vec<char> = String::from_utf8_lossy(text).chars().collect();
    fn class_end(pat: &[char], start: usize) -> Option<usize> {
        let mut i = start + 1;
        if i < pat.len() && pat[i] == '!' {
            i += 1;
        }
        if i < pat.len() && pat[i] == ']' {
            i += 1;
        }
        while i < pat.len() && pat[i] != ']' {
            i += 1;
        }
        (i < pat.len()).then_some(i)
    }
    fn class_has(class: &[char], c: char) -> bool {
        let (negate, body) = match class.first() {
            Some('!') => (true, &class[1..]),
            _ => (false, class),
        };
        let mut i = 0;
        let mut hit = false;
        while i < body.len() {
            if i + 2 < body.len() && body[i + 1] == '-' {
                hit |= body[i] <= c && c <= body[i + 2];
                i += 3;
            } else {
                hit |= body[i] == c;
                i += 1;
            }
        }
        hit != negate
    }
    fn go(pat: &[char], text: &[char]) -> bool {
        match pat.first() {
            None => text.is_empty(),
            Some('*') => (0..=text.len()).any(|i| go(&pat[1..], &text[i..])),
            Some('?') => !text.is_empty() && go(&pat[1..], &text[1..]),
            Some('[') => match class_end(pat, 0) {
                Some(end) => {
                    !text.is_empty()
                        && class_has(&pat[1..end], text[0])
                        && go(&pat[end + 1..], &text[1..])
                }
                None => text.first() == Some(&'[') && go(&pat[1..], &text[1..]),
            },
            Some(&c) => text.first() == Some(&c) && go(&pat[1..], &text[1..]),
        }
    }
    go(&pat, &text)
}

/// `path / x` and `x / path`.
pub fn binary(vm: &mut Vm, op: BinOp, a: Value, b: Value) -> PyResult<Option<Value>> {
    if op != BinOp::Div {
        return Ok(None);
    }
    let text_of = |vm: &Vm, v: Value| -> Option<String> {
        as_path(vm, v)
            .map(str::to_string)
            .or_else(|| crate::vm::as_str(&vm.heap, v).map(str::to_string))
    };
    if as_path(vm, a).is_none() && as_path(vm, b).is_none() {
        return Ok(None);
    }
    let (Some(x), Some(y)) = (text_of(vm, a), text_of(vm, b)) else {
        return Ok(None);
    };
    let mut p = Parsed::parse(&x);
    p.join(&y);
    Ok(Some(new_path(vm, &p)))
}

/// Equality with paths only; ordering by the `/`-separated parts.
pub fn compare(vm: &mut Vm, op: CmpOp, a: Value, b: Value) -> Option<bool> {
    let x = as_path(vm, a);
    let y = as_path(vm, b);
    let (x, y) = match (x, y) {
        (Some(x), Some(y)) => (x, y),
        (None, None) => return None,
        _ => {
            return match op {
                CmpOp::Eq => Some(false),
                CmpOp::Ne => Some(true),
                _ => None,
            }
        }
    };
    let (xs, ys): (Vec<&str>, Vec<&str>) = (x.split('/').collect(), y.split('/').collect());
    Some(match op {
        CmpOp::Eq => xs == ys,
        CmpOp::Ne => xs != ys,
        CmpOp::Lt => xs < ys,
        CmpOp::Le => xs <= ys,
        CmpOp::Gt => xs > ys,
        CmpOp::Ge => xs >= ys,
        _ => return None,
    })
}

pub fn hash(vm: &Vm, id: ObjId) -> HashKey {
    HashKey::Tuple(
        vec![
            HashKey::Str("PosixPath".into()),
            HashKey::Str(path_text(vm, id).into()),
        ]
        .into_boxed_slice(),
    )
}

const CLASSES: &[&str] = &["Path", "PosixPath", "PurePath", "PurePosixPath"];

/// The class of a path object (`type(p)` is `PosixPath`).
pub fn class_id() -> NativeId {
    NativeId {
        module: module_index("pathlib"),
        func: 1,
    }
}

pub fn class_repr(t: NativeId) -> Option<String> {
    (t.module == module_index("pathlib") && (t.func as usize) < CLASSES.len())
        .then(|| format!("<class 'pathlib._local.{}'>", CLASSES[t.func as usize]))
}

/// `Path.cwd()`, the sandbox's working directory, and `Path.home()`,
/// which the sandbox does not have.
fn class_fs_method(vm: &mut Vm, a: Args) -> PyResult<Value> {
    // (Python methods of the class, named `Path.cwd` as in the peer suite's
    // CPython; 3.13.0 says `PathBase.cwd`)
    if let Some((k, _)) = a.kw.first() {
        return Err(PyErr::type_error(format!(
            "Path.{}() got an unexpected keyword argument '{k}'",
            a.name
        )));
    }
    if !a.pos.is_empty() {
        return Err(PyErr::type_error(format!(
            "Path.{}() takes 1 positional argument but {} were given",
            a.name,
            a.pos.len() + 1
        )));
    }
    if a.name == "cwd" {
        let cwd = crate::os_calls::cwd(vm);
        return Ok(new_path(vm, &Parsed::parse(&cwd)));
    }
    if a.name == "home" {
        let home = crate::os_environ::expand_user(vm, "~")?.ok_or_else(no_home)?;
        return Ok(new_path(vm, &Parsed::parse(&home)));
    }
    Err(no_filesystem(a.name))
}

/// CPython's error when `~` cannot be expanded (`$HOME` unset).
fn no_home() -> PyErr {
    PyErr::new(ExcType::RuntimeError, "Could not determine home directory.")
}

/// `Path.expanduser()`: a leading `~` or `~/` from `$HOME`; `~user`, or
/// `~` with no `$HOME`, is CPython's `RuntimeError`.
fn expanduser(vm: &mut Vm, id: ObjId) -> PyResult<Value> {
    let text = str_of(vm, id);
    if !text.starts_with('~') {
        return Ok(Value::Ref(id));
    }
    let home = crate::os_environ::expand_user(vm, &text)?.ok_or_else(no_home)?;
    Ok(new_path(vm, &Parsed::parse(&home)))
}

/// Class attributes: `Path.cwd`, `Path.home`.
pub fn type_getattr(t: NativeId, name: &str) -> Option<Value> {
    if t.module != module_index("pathlib") || (t.func as usize) >= CLASSES.len() {
        return None;
    }
    let func = MODULE
        .funcs
        .iter()
        .position(|f| f.name == name && (name == "cwd" || name == "home"))?;
    Some(Value::Native(NativeId {
        module: t.module,
        func: func as u16,
    }))
}

pub fn isinstance(vm: &Vm, v: Value, t: NativeId) -> Option<bool> {
    (t.module == module_index("pathlib") && (t.func as usize) < CLASSES.len())
        .then(|| as_path(vm, v).is_some())
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "pathlib",
    funcs: &[
        NativeFn {
            name: "Path",
            call: construct,
        },
        NativeFn {
            name: "PosixPath",
            call: construct,
        },
        NativeFn {
            name: "PurePath",
            call: construct,
        },
        NativeFn {
            name: "PurePosixPath",
            call: construct,
        },
        // reached as `Path.cwd()` / `Path.home()` (see `type_getattr`)
        NativeFn {
            name: "cwd",
            call: class_fs_method,
        },
        NativeFn {
            name: "home",
            call: class_fs_method,
        },
    ],
    init: super::no_init,
};

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// A `pathlib` path.
pub struct PathType;

impl np::NativeType for PathType {
    fn type_name(_: &np::NativeObj) -> &'static str {
        "PosixPath"
    }

    fn getattr(vm: &mut np::Vm, id: np::ObjId, name: &str) -> np::PyResult<Option<np::Value>> {
        Ok(getattr(vm, id, name))
    }

    fn has_method(_: &np::Vm, _: np::ObjId, name: &str) -> bool {
        methods::has(name) || fs::has(name) || FS_METHODS.contains(&name)
    }

    fn call_method(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        args: Vec<np::Value>,
        kw: np::Kwargs,
    ) -> np::PyResult<Option<np::Value>> {
        if fs::has(name) {
            return fs::call(vm, id, name, args, kw);
        }
        if name == "expanduser" {
            if !args.is_empty() || !kw.is_empty() {
                return Err(np::PyErr::type_error(
                    "Path.expanduser() takes no arguments",
                ));
            }
            return expanduser(vm, id).map(Some);
        }
        if name == "cwd" || name == "home" {
            // (the class methods, reached through an instance)
            let name = if name == "cwd" { "cwd" } else { "home" };
            let a = crate::builtins::Args::new(name, args, kw);
            return class_fs_method(vm, a).map(Some);
        }
        if name == "samefile" {
            let [other] = args[..] else {
                return Err(np::PyErr::type_error(format!(
                    "Path.samefile() takes 2 positional arguments but {} were given",
                    args.len() + 1
                )));
            };
            let this = str_of(vm, id);
            let other = match as_path(vm, other) {
                Some(p) => p.to_string(),
                None => str_arg(vm, other, "argument")?,
            };
            crate::os_calls::stat(vm, &this)?;
            crate::os_calls::stat(vm, &other)?;
            let same = crate::os_calls::sandbox_path(vm, &this)
                == crate::os_calls::sandbox_path(vm, &other);
            return Ok(Some(np::Value::Bool(same)));
        }
        if FS_METHODS.contains(&name) {
            return Err(no_filesystem(name));
        }
        methods::call(vm, id, name, args, kw)
    }

    fn repr(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        Ok(repr(vm, id))
    }

    fn str(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        Ok(str_of(vm, id))
    }

    fn compare(
        vm: &mut np::Vm,
        op: np::CmpOp,
        a: np::Value,
        b: np::Value,
    ) -> np::PyResult<Option<bool>> {
        Ok(compare(vm, op, a, b))
    }

    fn hash(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<Option<np::HashKey>> {
        Ok(Some(hash(vm, id)))
    }

    fn binary(
        vm: &mut np::Vm,
        op: np::BinOp,
        a: np::Value,
        b: np::Value,
        _inplace: bool,
    ) -> np::PyResult<Option<np::Value>> {
        binary(vm, op, a, b)
    }
}
