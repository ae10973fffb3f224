//! `json`: `dumps` and `loads` with CPython's output byte for byte and its
//! error messages (`encode` and `decode` hold the two directions). `dump`
//! and `load` work with any object that has `write` / `read` (such as
//! `io.StringIO`; the sandbox has no files): `dump` writes the whole
//! document in one `write` call where CPython writes it in chunks.

mod decode;
mod encode;

use super::ModuleDef;
use crate::builtins::Args;
use crate::object::{ExcType, Obj, Value};
use crate::vm::{PyErr, PyResult, Vm};

/// The most nested containers handled natively at once (across nested
/// `dumps`/`loads`/`deepcopy` calls), whatever the recursion limit: deeper
/// data raises `RecursionError` before the native stack could run out.
const MAX_NATIVE_NESTING: usize = 1000;

thread_local! {
    /// Native nesting levels in progress (see [`Nest`]).
    static NESTING: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// One level of native recursion over nested data; dropping it leaves
/// the level.
pub(super) struct Nest;

impl Drop for Nest {
    fn drop(&mut self) {
        NESTING.with(|n| n.set(n.get().saturating_sub(1)));
    }
}

/// Enters nesting level `depth` (of this walk), failing with
/// `RecursionError` (`maximum recursion depth exceeded{what}`) once the
/// Python frames plus `depth` pass the recursion limit, or the native
/// levels pass [`MAX_NATIVE_NESTING`].
#[inline(never)]
pub(super) fn enter(vm: &Vm, depth: usize, what: &str) -> PyResult<Nest> {
    let total = NESTING.with(|n| n.get()) + 1;
    // a Python callback running inside native code (a `default=` hook, a
    // `sorted` key, ...) takes about as much native stack as ten levels
    let budget = MAX_NATIVE_NESTING.saturating_sub(10 * vm.native_depth as usize);
    if vm.frames.len() + depth > vm.limits.max_recursion_depth || total > budget {
        return Err(PyErr::new(
            ExcType::RecursionError,
            format!("maximum recursion depth exceeded{what}"),
        ));
    }
    NESTING.with(|n| n.set(total));
    Ok(Nest)
}

/// What [`bind_one`] found: the positional argument, the known keywords
/// (`None` when absent) and the other keywords.
type Bound<'a> = (Value, Vec<Option<Value>>, Vec<&'a (String, Value)>);

/// Binds `f(obj, *, <kwonly>..., **kw)`.
fn bind_one<'a>(a: &'a Args, fname: &str, pname: &str, kwonly: &[&str]) -> PyResult<Bound<'a>> {
    let known = |k: &str| kwonly.contains(&k);
    if a.pos.len() > 1 {
        let nkw = a.kw.iter().filter(|(k, _)| known(k)).count();
        let n = a.pos.len();
        return Err(PyErr::type_error(if nkw == 0 {
            format!("{fname}() takes 1 positional argument but {n} were given")
        } else {
            let s = if nkw == 1 { "" } else { "s" };
            format!(
                "{fname}() takes 1 positional argument but {n} positional arguments (and {nkw} keyword-only argument{s}) were given"
            )
        }));
    }
    let by_name = a.kwarg(pname);
    let obj = match (a.pos.first().copied(), by_name) {
        (Some(_), Some(_)) => {
            return Err(PyErr::type_error(format!(
                "{fname}() got multiple values for argument '{pname}'"
            )))
        }
        (Some(v), None) | (None, Some(v)) => v,
        (None, None) => {
            return Err(PyErr::type_error(format!(
                "{fname}() missing 1 required positional argument: '{pname}'"
            )))
        }
    };
    let vals = kwonly.iter().map(|k| a.kwarg(k)).collect();
    let extra =
        a.kw.iter()
            .filter(|(k, _)| !known(k) && k != pname)
            .collect();
    Ok((obj, vals, extra))
}

fn dumps(vm: &mut Vm, a: Args) -> PyResult<Value> {
    const KW: &[&str] = &[
        "skipkeys",
        "ensure_ascii",
        "check_circular",
        "allow_nan",
        "cls",
        "indent",
        "separators",
        "default",
        "sort_keys",
    ];
    let (obj, v, extra) = bind_one(&a, "dumps", "obj", KW)?;
    let flag = |vm: &mut Vm, v: Option<Value>, default: bool| -> PyResult<bool> {
        match v {
            Some(v) => vm.truthy(v),
            None => Ok(default),
        }
    };
    let opts = encode::Options {
        skipkeys: flag(vm, v[0], false)?,
        ensure_ascii: flag(vm, v[1], true)?,
        check_circular: flag(vm, v[2], true)?,
        allow_nan: flag(vm, v[3], true)?,
        indent: v[5].filter(|x| !x.is_none()),
        separators: v[6].filter(|x| !x.is_none()),
        default: v[7].filter(|x| !x.is_none()),
        sort_keys: flag(vm, v[8], false)?,
    };
    if let Some(c) = v[4].filter(|x| !x.is_none()) {
        return Err(PyErr::type_error(format!(
            "json.dumps(cls=...) is not supported in this sandbox (got {})",
            vm.repr(c)?
        )));
    }
    if let Some((k, _)) = extra.first() {
        return Err(PyErr::type_error(format!(
            "JSONEncoder.__init__() got an unexpected keyword argument '{k}'"
        )));
    }
    let s = encode::dumps(vm, obj, opts)?;
    Ok(vm.new_str(s))
}

fn loads(vm: &mut Vm, a: Args) -> PyResult<Value> {
    const KW: &[&str] = &[
        "cls",
        "object_hook",
        "parse_float",
        "parse_int",
        "parse_constant",
        "object_pairs_hook",
    ];
    let (s, v, extra) = bind_one(&a, "loads", "s", KW)?;
    let mut strict = true;
    for (k, val) in &extra {
        if k == "strict" {
            strict = vm.truthy(*val)?;
        } else {
            return Err(PyErr::type_error(format!(
                "JSONDecoder.__init__() got an unexpected keyword argument '{k}'"
            )));
        }
    }
    if let Some(c) = v[0].filter(|x| !x.is_none()) {
        return Err(PyErr::type_error(format!(
            "json.loads(cls=...) is not supported in this sandbox (got {})",
            vm.repr(c)?
        )));
    }
    let chars: Vec<char> = match s {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Str(text) => text.s.chars().collect(),
            Obj::Bytes(b) | Obj::ByteArray(b) => decode_utf8(b)?.chars().collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    if chars.is_empty() && !is_text(vm, s) {
        return Err(PyErr::type_error(format!(
            "the JSON object must be str, bytes or bytearray, not {}",
            vm.class_name(s)
        )));
    }
    let some = |x: Option<Value>| x.filter(|x| !x.is_none());
    let hooks = decode::Hooks {
        object_hook: some(v[1]),
        parse_float: some(v[2]),
        parse_int: some(v[3]),
        parse_constant: some(v[4]),
        object_pairs_hook: some(v[5]),
        strict,
    };
    decode::loads(vm, &chars, hooks)
}

/// Splits `(obj, fp, **kw)` (`dump`) or `(fp, **kw)` (`load`) off the
/// arguments, with CPython's messages for missing or extra positionals.
fn file_args(a: Args, name: &'static str, params: &[&str]) -> PyResult<(Vec<Value>, Args)> {
    let n = params.len();
    let mut pos = a.pos;
    let mut kw = a.kw;
    for p in params.iter().skip(pos.len()) {
        if let Some(i) = kw.iter().position(|(k, _)| k == p) {
            pos.push(kw.remove(i).1);
        }
    }
    if pos.len() > n {
        return Err(PyErr::type_error(format!(
            "{name}() takes {n} positional argument{} but {} were given",
            if n == 1 { "" } else { "s" },
            pos.len()
        )));
    }
    if pos.len() < n {
        let missing: Vec<String> = params[pos.len()..]
            .iter()
            .map(|p| format!("'{p}'"))
            .collect();
        let k = missing.len();
        return Err(PyErr::type_error(format!(
            "{name}() missing {k} required positional argument{}: {}",
            if k == 1 { "" } else { "s" },
            missing.join(" and ")
        )));
    }
    Ok((pos, Args::new(name, Vec::new(), kw)))
}

/// `json.dump(obj, fp, **kw)`: `fp.write(dumps(obj, **kw))`.
fn dump(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (pos, rest) = file_args(a, "dump", &["obj", "fp"])?;
    let write = vm.get_attr(pos[1], "write")?;
    let text = dumps(vm, Args::new("dumps", vec![pos[0]], rest.kw))?;
    vm.call_value(write, vec![text], Vec::new())?;
    Ok(Value::None)
}

/// `json.load(fp, **kw)`: `loads(fp.read(), **kw)`.
fn load(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (pos, rest) = file_args(a, "load", &["fp"])?;
    let read = vm.get_attr(pos[0], "read")?;
    let text = vm.call_value(read, Vec::new(), Vec::new())?;
    loads(vm, Args::new("loads", vec![text], rest.kw))
}

fn is_text(vm: &Vm, v: Value) -> bool {
    matches!(v, Value::Ref(id) if matches!(vm.heap.get(id), Obj::Str(_) | Obj::Bytes(_) | Obj::ByteArray(_)))
}

/// The text of a bytes document: UTF-8, with an optional BOM dropped
/// (`utf-8-sig`).
fn decode_utf8(b: &[u8]) -> PyResult<String> {
    let b = b.strip_prefix(b"\xef\xbb\xbf").unwrap_or(b);
    match std::str::from_utf8(b) {
        Ok(s) => Ok(s.to_string()),
        Err(e) => {
            let at = e.valid_up_to();
            let why = if e.error_len().is_some() {
                "invalid start byte"
            } else {
                "unexpected end of data"
            };
            Err(PyErr::new(
                ExcType::UnicodeDecodeError,
                format!(
                    "'utf-8' codec can't decode byte 0x{:02x} in position {at}: {why}",
                    b[at]
                ),
            ))
        }
    }
}

fn init(_vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    attrs.push((
        "JSONDecodeError".into(),
        Value::ExcType(ExcType::JSONDecodeError),
    ));
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "json",
    funcs: natives_table![dumps, loads, dump, load,],
    init,
};
