//! `re`: Python regular expressions, parsed as CPython's `sre_parse`
//! does, compiled and run by our own backtracking matcher (the
//! `monty-re` crate, `regex/`), which tries alternatives in
//! `sre`'s order, so a pattern finds the match CPython finds. `Pattern`
//! and `Match` objects are native objects holding plain data (the pattern
//! text and flags, the match spans), and the compiled programs live in a
//! per-thread cache keyed by pattern and flags, so a snapshot never holds
//! one. Positions are code-point indices.
//!
//! A search counts its steps against the run's budget (one instruction
//! per 32 steps): a pattern that backtracks catastrophically runs, as in
//! CPython, until the instruction, time or memory limit stops the run.

use std::cell::RefCell;
use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::objects::NativeObj;
pub use super::re_data::{MatchData, PatternData};
use super::{ModuleDef, NativeId};
use crate::builtins::Args;
use crate::object::{ExcType, Exception, Obj, ObjId, Value};
use crate::objects::native_of;
use crate::vm::{as_str, PyErr, PyResult, Vm};
use crate::ImportVm;
use monty_re::compile::{self as re_compile, Program};
pub use monty_re::exec::{Mode, Spans};
use monty_re::parse::{self, Parsed};

/// A compiled pattern and what `re.compile` reports of it.
pub struct Compiled {
    pub program: Program,
    /// The caller's flags plus the pattern's global inline flags (and
    /// UNICODE unless ASCII).
    pub flags: u32,
    pub groups: usize,
    pub names: Vec<(String, usize)>,
}

type Key = (String, u32);

thread_local! {
    static COMPILED: RefCell<FxHashMap<Key, Rc<Compiled>>> =
        RefCell::new(FxHashMap::default());
}

const CACHE_MAX: usize = 512;

/// Why a pattern does not compile.
pub enum PatternFault {
    /// Nested too deep (CPython's `RecursionError`).
    Recursion,
    /// A repeat count too large (CPython's `OverflowError`).
    Overflow,
    /// `re.error`'s text, with CPython's message and position.
    Error(String),
}

/// The compiled form of `pattern` with `flags`, once per thread (no VM
/// needed: `time.strptime` compiles its patterns here too).
///
/// # Errors
/// Why the pattern does not compile.
pub fn cached(pattern: &str, flags: u32) -> Result<Rc<Compiled>, PatternFault> {
    let key = (pattern.to_string(), flags);
    if let Some(t) = COMPILED.with(|c| c.borrow().get(&key).cloned()) {
        return Ok(t);
    }
    let parsed: Parsed = parse::parse(pattern, flags).map_err(|e| {
        if e.msg == parse::TOO_DEEP && e.pos.is_none() {
            PatternFault::Recursion
        } else if e.msg == parse::REPEAT_TOO_LARGE && e.pos.is_none() {
            PatternFault::Overflow
        } else {
            PatternFault::Error(e.render(pattern))
        }
    })?;
    let t = Rc::new(Compiled {
        program: re_compile::compile(&parsed.node, parsed.groups),
        flags: parsed.flags,
        groups: parsed.groups,
        names: parsed.names,
    });
    COMPILED.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() > CACHE_MAX {
            c.clear();
        }
        c.insert(key, t.clone());
    });
    Ok(t)
}

/// [`cached`], with a bad pattern raised as CPython raises it.
pub fn compiled(vm: &mut Vm, pattern: &str, flags: u32) -> PyResult<Rc<Compiled>> {
    cached(pattern, flags).map_err(|fault| match fault {
        PatternFault::Recursion => PyErr::new(ExcType::RecursionError, parse::TOO_DEEP),
        PatternFault::Overflow => PyErr::new(ExcType::OverflowError, parse::REPEAT_TOO_LARGE),
        PatternFault::Error(msg) => pattern_error(vm, msg),
    })
}

/// The compiled program of a pattern object's pattern.
pub fn engine(vm: &mut Vm, p: &PatternData) -> PyResult<Rc<Compiled>> {
    compiled(vm, &p.pattern, p.flags)
}

/// Raises `re.error` (`re.PatternError`) with `msg`.
pub fn pattern_error(vm: &mut Vm, msg: String) -> PyErr {
    let Ok(m) = vm.import_module("re") else {
        return PyErr::value_error(msg);
    };
    let cls = match vm.get_attr(m, "error") {
        Ok(Value::Ref(c)) => c,
        _ => return PyErr::value_error(msg),
    };
    let arg = vm.new_str(msg);
    let mut e = Exception::new(ExcType::Exception, vec![arg]);
    e.class = Some(cls);
    let v = vm.heap.new_value(Obj::Exception(Box::new(e)));
    PyErr::Raise(v)
}

/// Byte spans of every group of the first match at or after byte `pos`
/// in `text` (already cut at `endpos`); at `pos` only unless `mode` is
/// `Search`.
///
/// # Errors
/// A limit of the run, reached while matching.
pub fn find(
    vm: &mut Vm,
    re: &Compiled,
    text: &str,
    pos: usize,
    mode: Mode,
    must_advance: bool,
) -> PyResult<Option<Spans>> {
    // the budget's error waits here while the engine unwinds
    let mut stopped = None;
    let found = monty_re::exec::find(&re.program, text, pos, mode, must_advance, &mut || {
        vm.tick().map_err(|e| {
            stopped = Some(e);
            monty_re::exec::Stopped
        })
    });
    match (found, stopped) {
        (Ok(spans), _) => Ok(spans),
        (Err(_), Some(e)) => Err(e),
        (Err(_), None) => unreachable!("the engine stops only when tick says so"),
    }
}

/// Runs the iteration protocol of `findall`/`finditer`/`sub`/`split`: every
/// match from `pos`; after an empty match, the next may start at the same
/// place but not be empty there (`sre`'s `must_advance`). Stops after
/// `limit` matches when `limit > 0`.
pub fn each_match(
    vm: &mut Vm,
    re: &Compiled,
    text: &str,
    pos: usize,
    limit: usize,
    f: &mut dyn FnMut(Spans) -> PyResult<()>,
) -> PyResult<()> {
    let mut pos = pos;
    let mut must_advance = false;
    let mut count = 0;
    while pos <= text.len() && (limit == 0 || count < limit) {
        let Some(spans) = find(vm, re, text, pos, Mode::Search, must_advance)? else {
            break;
        };
        let (s, e) = spans[0].expect("group 0");
        f(spans)?;
        count += 1;
        must_advance = s == e;
        pos = e;
    }
    Ok(())
}

pub fn module_index() -> u16 {
    super::module_index("re")
}

pub const PATTERN_CLASS: u16 = 11;
pub const MATCH_CLASS: u16 = 12;

/// `isinstance(v, re.Pattern)` / `re.Match`.
pub fn isinstance(vm: &Vm, v: Value, t: NativeId) -> Option<bool> {
    if t.module != module_index() || !(t.func == PATTERN_CLASS || t.func == MATCH_CLASS) {
        return None;
    }
    let Value::Ref(id) = v else {
        return Some(false);
    };
    Some(matches!(
        (native_of(vm.heap.get(id)), t.func),
        (Some(NativeObj::RePattern(_)), PATTERN_CLASS) | (Some(NativeObj::ReMatch(_)), MATCH_CLASS)
    ))
}

pub fn pattern_of(vm: &Vm, v: Value) -> Option<&PatternData> {
    match v {
        Value::Ref(id) => match native_of(vm.heap.get(id)) {
            Some(NativeObj::RePattern(p)) => Some(p),
            _ => None,
        },
        _ => None,
    }
}

pub fn match_of(vm: &Vm, id: ObjId) -> &MatchData {
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::ReMatch(m)) => m,
        _ => unreachable!("a match"),
    }
}

fn flags_arg(vm: &Vm, v: Option<Value>) -> PyResult<u32> {
    match v {
        None => Ok(0),
        Some(Value::Int(i)) => Ok(i as u32),
        Some(Value::Bool(b)) => Ok(b as u32),
        Some(other) => Err(PyErr::type_error(format!(
            "unsupported operand type(s) for &: '{}' and 'int'",
            vm.class_name(other)
        ))),
    }
}

/// `re.compile(pattern, flags)`: a pattern object (or `pattern` itself).
pub fn compile_value(vm: &mut Vm, pattern: Value, flags: Option<Value>) -> PyResult<Value> {
    let fl = flags_arg(vm, flags)?;
    if pattern_of(vm, pattern).is_some() {
        if fl != 0 {
            return Err(PyErr::value_error(
                "cannot process flags argument with a compiled pattern",
            ));
        }
        return Ok(pattern);
    }
    let Some(text) = as_str(&vm.heap, pattern).map(str::to_string) else {
        return Err(PyErr::type_error(
            "first argument must be string or compiled pattern",
        ));
    };
    let t = compiled(vm, &text, fl)?;
    let data = PatternData {
        pattern: text,
        flags: t.flags,
        groups: t.groups,
        names: t.names.clone(),
    };
    Ok(vm
        .heap
        .new_value(Obj::from(NativeObj::RePattern(Box::new(data)))))
}

/// The subject string of a call.
pub fn subject(vm: &Vm, v: Value) -> PyResult<String> {
    as_str(&vm.heap, v).map(str::to_string).ok_or_else(|| {
        PyErr::type_error(format!(
            "expected string or bytes-like object, got '{}'",
            vm.class_name(v)
        ))
    })
}

/// `re.NAME(pattern, string, *extra, flags)`: the pattern's method `name`
/// with `string` and the `extra` arguments that were given.
fn module_call(
    vm: &mut Vm,
    name: &str,
    pattern: Value,
    string: Value,
    extra: &[(&str, Option<Value>)],
    flags: Option<Value>,
) -> PyResult<Value> {
    let pat = compile_value(vm, pattern, flags)?;
    let args = vec![string];
    let kw = extra
        .iter()
        .filter_map(|(p, v)| v.map(|v| (p.to_string(), v)))
        .collect();
    let Value::Ref(pid) = pat else { unreachable!() };
    super::re_match::pattern_method(vm, pid, name, args, kw)?
        .ok_or_else(|| PyErr::type_error("bad method"))
}

native! {
    /// `re.search(pattern, string, flags=0)`.
    def fn search(vm, pattern, string, flags?) {
        module_call(vm, "search", pattern, string, &[], flags)
    }

    /// `re.match(pattern, string, flags=0)`.
    def fn match_(vm, pattern, string, flags?) {
        module_call(vm, "match", pattern, string, &[], flags)
    }

    /// `re.fullmatch(pattern, string, flags=0)`.
    def fn fullmatch(vm, pattern, string, flags?) {
        module_call(vm, "fullmatch", pattern, string, &[], flags)
    }

    /// `re.findall(pattern, string, flags=0)`.
    def fn findall(vm, pattern, string, flags?) {
        module_call(vm, "findall", pattern, string, &[], flags)
    }

    /// `re.finditer(pattern, string, flags=0)`.
    def fn finditer(vm, pattern, string, flags?) {
        module_call(vm, "finditer", pattern, string, &[], flags)
    }

    /// `re.split(pattern, string, maxsplit=0, flags=0)`.
    def fn split(vm, pattern, string, maxsplit?, flags?) {
        module_call(vm, "split", pattern, string, &[("maxsplit", maxsplit)], flags)
    }

    /// `re.sub(pattern, repl, string, count=0, flags=0)`.
    def fn sub(vm, pattern, repl, string, count?, flags?) {
        sub_common(vm, "sub", pattern, repl, string, count, flags)
    }

    /// `re.subn(pattern, repl, string, count=0, flags=0)`.
    def fn subn(vm, pattern, repl, string, count?, flags?) {
        sub_common(vm, "subn", pattern, repl, string, count, flags)
    }

    /// `re.compile(pattern, flags=0)`.
    def fn compile(vm, pattern, flags?) {
        compile_value(vm, pattern, flags)
    }

    /// `re.escape(pattern)`.
    def fn escape(vm, pattern) {
        let Some(s) = as_str(&vm.heap, pattern) else {
            return Err(PyErr::type_error(format!(
                "decoding to str: need a bytes-like object, {} found",
                vm.class_name(pattern)
            )));
        };
        let out = parse::escape(s);
        Ok(vm.new_str(out))
    }

    /// `re.purge()`.
    def fn purge(vm) {
        COMPILED.with(|c| c.borrow_mut().clear());
        Ok(Value::None)
    }
}

/// `re.sub`/`re.subn`: the pattern's method with `repl`, `string` and
/// `count` when given.
fn sub_common(
    vm: &mut Vm,
    name: &str,
    pattern: Value,
    repl: Value,
    string: Value,
    count: Option<Value>,
    flags: Option<Value>,
) -> PyResult<Value> {
    let pat = compile_value(vm, pattern, flags)?;
    let Value::Ref(pid) = pat else { unreachable!() };
    let kw = count
        .map(|c| ("count".to_string(), c))
        .into_iter()
        .collect();
    super::re_match::pattern_method(vm, pid, name, vec![repl, string], kw)?
        .ok_or_else(|| PyErr::type_error("bad method"))
}

fn not_constructible(_vm: &mut Vm, a: Args) -> PyResult<Value> {
    Err(PyErr::type_error(format!(
        "cannot create 're.{}' instances",
        a.name
    )))
}

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    for (names, v) in [
        (&["NOFLAG"][..], 0),
        (&["I", "IGNORECASE"], parse::IGNORECASE),
        (&["L", "LOCALE"], parse::LOCALE),
        (&["M", "MULTILINE"], parse::MULTILINE),
        (&["S", "DOTALL"], parse::DOTALL),
        (&["U", "UNICODE"], parse::UNICODE),
        (&["X", "VERBOSE"], parse::VERBOSE),
        (&["A", "ASCII"], parse::ASCII),
        (&["DEBUG"], parse::DEBUG),
        (&["T", "TEMPLATE"], parse::TEMPLATE),
    ] {
        for n in names {
            attrs.push((n.to_string(), Value::Int(v as i64)));
        }
    }
    let ns = vm
        .heap
        .new_value(Obj::Dict(Box::new(crate::object::Dict::new())));
    let cls = vm
        .build_class(
            "PatternError".into(),
            "re.PatternError".into(),
            vec![Value::ExcType(ExcType::Exception)],
            ns,
        )
        .unwrap_or(Value::ExcType(ExcType::ValueError));
    attrs.push(("error".into(), cls));
    attrs.push(("PatternError".into(), cls));
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "re",
    funcs: natives_table![
        compile,
        search,
        "match" => match_,
        fullmatch,
        findall,
        finditer,
        sub,
        subn,
        split,
        escape,
        purge,
        // index PATTERN_CLASS
        Pattern = not_constructible,
        // index MATCH_CLASS
        Match = not_constructible,
    ],
    init,
};
