//! `re`: Python regular expressions on the `fancy-regex` engine
//! (backreferences, lookaround, atomic groups). Patterns are translated from
//! Python syntax by `re_parse.rs`; `Pattern` and `Match` objects are native
//! objects holding plain data (the pattern text and flags, the match spans),
//! and the compiled engines live in a per-thread cache keyed by pattern and
//! flags, so a snapshot never holds one. Positions are code-point indices.
//!
//! A backtracking search is capped (`BACKTRACK_LIMIT` steps): a pattern that
//! backtracks catastrophically raises `RuntimeError` instead of hanging.

use std::cell::RefCell;
use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::objects::NativeObj;
pub use super::re_data::{MatchData, PatternData};
use super::re_parse::{self as parse, Translated};
use super::{ModuleDef, NativeId};
use crate::builtins::Args;
use crate::object::{ExcType, Exception, Obj, ObjId, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};
use crate::ImportVm;

/// Backtracking steps allowed per search before giving up.
pub const BACKTRACK_LIMIT: usize = 1_000_000;

/// Which engine to run: anywhere, anchored at `pos`, or spanning to the end.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mode {
    Search,
    Match,
    Full,
}

type Key = (String, u32);

thread_local! {
    static TRANSLATED: RefCell<FxHashMap<Key, Rc<Translated>>> =
        RefCell::new(FxHashMap::default());
    static ENGINES: RefCell<FxHashMap<(String, u32, u8), Rc<fancy_regex::Regex>>> =
        RefCell::new(FxHashMap::default());
}

const CACHE_MAX: usize = 512;

fn translated(vm: &mut Vm, pattern: &str, flags: u32) -> PyResult<Rc<Translated>> {
    let key = (pattern.to_string(), flags);
    if let Some(t) = TRANSLATED.with(|c| c.borrow().get(&key).cloned()) {
        return Ok(t);
    }
    let t = match parse::translate(pattern, flags) {
        Ok(t) => Rc::new(t),
        Err(e) if e.msg == parse::TOO_DEEP && e.pos.is_none() => {
            return Err(PyErr::new(ExcType::RecursionError, parse::TOO_DEEP))
        }
        Err(e) if e.msg == parse::REPEAT_TOO_LARGE && e.pos.is_none() => {
            return Err(PyErr::new(ExcType::OverflowError, parse::REPEAT_TOO_LARGE))
        }
        Err(e) => return Err(pattern_error(vm, e.render(pattern))),
    };
    TRANSLATED.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() > CACHE_MAX {
            c.clear();
        }
        c.insert(key, t.clone());
    });
    Ok(t)
}

/// The engine for a pattern in a mode, compiled once per thread.
pub fn engine(vm: &mut Vm, p: &PatternData, mode: Mode) -> PyResult<Rc<fancy_regex::Regex>> {
    let key = (p.pattern.clone(), p.flags, mode as u8);
    if let Some(r) = ENGINES.with(|c| c.borrow().get(&key).cloned()) {
        return Ok(r);
    }
    let t = translated(vm, &p.pattern, p.flags)?;
    let prefix = if t.flags & parse::IGNORECASE != 0 {
        "(?i)"
    } else {
        ""
    };
    let text = match mode {
        Mode::Search => format!("{prefix}{}", t.body),
        Mode::Match => format!("{prefix}\\G(?:{})", t.body),
        Mode::Full => format!("{prefix}\\G(?:{})\\z", t.body),
    };
    let built = fancy_regex::RegexBuilder::new(&text)
        .backtrack_limit(BACKTRACK_LIMIT)
        .build();
    let r = match built {
        Ok(r) => Rc::new(r),
        Err(e) => {
            let msg = match &e {
                fancy_regex::Error::CompileError(c)
                    if matches!(
                        **c,
                        fancy_regex::CompileError::LookBehindNotConst
                            | fancy_regex::CompileError::VariableLookBehindRequiresFeature
                    ) =>
                {
                    "look-behind requires fixed-width pattern".to_string()
                }
                other => format!("unsupported pattern: {other}"),
            };
            return Err(pattern_error(vm, msg));
        }
    };
    ENGINES.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() > CACHE_MAX {
            c.clear();
        }
        c.insert(key, r.clone());
    });
    Ok(r)
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

fn runtime(e: fancy_regex::Error) -> PyErr {
    match e {
        fancy_regex::Error::RuntimeError(fancy_regex::RuntimeError::BacktrackLimitExceeded) => {
            PyErr::new(
                ExcType::RuntimeError,
                format!(
                    "regular expression backtracking limit exceeded ({BACKTRACK_LIMIT} steps): \
                     the pattern backtracks catastrophically on this input"
                ),
            )
        }
        other => PyErr::new(
            ExcType::RuntimeError,
            format!("regular expression error: {other}"),
        ),
    }
}

/// Byte spans of the groups of a match (`None`: the group did not take part).
pub type Spans = Vec<Option<(usize, usize)>>;

/// Byte spans of every group of the first match at or after byte `pos`
/// in `text` (already cut at `endpos`).
pub fn find(re: &fancy_regex::Regex, text: &str, pos: usize) -> PyResult<Option<Spans>> {
    let caps = re.captures_from_pos(text, pos).map_err(runtime)?;
    Ok(caps.map(|c| {
        (0..c.len())
            .map(|i| c.get(i).map(|m| (m.start(), m.end())))
            .collect()
    }))
}

/// Converts byte offsets of one string into code-point offsets, cheaply
/// for increasing offsets.
pub struct CharPos<'a> {
    s: &'a str,
    ascii: bool,
    last: (usize, usize),
}

impl<'a> CharPos<'a> {
    pub fn new(s: &'a str) -> CharPos<'a> {
        CharPos {
            s,
            ascii: s.is_ascii(),
            last: (0, 0),
        }
    }

    pub fn char_of(&mut self, b: usize) -> usize {
        if self.ascii {
            return b;
        }
        let (lb, lc) = if b >= self.last.0 { self.last } else { (0, 0) };
        let c = lc + self.s[lb..b].chars().count();
        self.last = (b, c);
        c
    }

    /// The byte offset of code point `c` (clamped to the end).
    pub fn byte_of(&self, c: usize) -> usize {
        if self.ascii {
            return c.min(self.s.len());
        }
        self.s
            .char_indices()
            .nth(c)
            .map_or(self.s.len(), |(b, _)| b)
    }
}

/// Runs the iteration protocol of `findall`/`finditer`/`sub`/`split`: every
/// match from `pos`, an empty match never right after another at the same
/// place. Stops after `limit` matches when `limit > 0`.
pub fn each_match(
    re: &fancy_regex::Regex,
    text: &str,
    pos: usize,
    limit: usize,
    f: &mut dyn FnMut(Spans) -> PyResult<()>,
) -> PyResult<()> {
    let mut pos = pos;
    let mut must_advance = false;
    let mut count = 0;
    while pos <= text.len() && (limit == 0 || count < limit) {
        let Some(spans) = find(re, text, pos)? else {
            break;
        };
        let (s, e) = spans[0].expect("group 0");
        if must_advance && s == pos && e == pos {
            match text[pos..].chars().next() {
                Some(c) => {
                    pos += c.len_utf8();
                    must_advance = false;
                    continue;
                }
                None => break,
            }
        }
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
        (vm.heap.get(id), t.func),
        (Obj::Native(NativeObj::RePattern(_)), PATTERN_CLASS)
            | (Obj::Native(NativeObj::ReMatch(_)), MATCH_CLASS)
    ))
}

pub fn pattern_of(vm: &Vm, v: Value) -> Option<&PatternData> {
    match v {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Native(NativeObj::RePattern(p)) => Some(p),
            _ => None,
        },
        _ => None,
    }
}

pub fn match_of(vm: &Vm, id: ObjId) -> &MatchData {
    match vm.heap.get(id) {
        Obj::Native(NativeObj::ReMatch(m)) => m,
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
    let t = translated(vm, &text, fl)?;
    let data = PatternData {
        pattern: text,
        flags: t.flags,
        groups: t.groups,
        names: t.names.clone(),
    };
    Ok(vm
        .heap
        .new_value(Obj::Native(NativeObj::RePattern(Box::new(data)))))
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
        TRANSLATED.with(|c| c.borrow_mut().clear());
        ENGINES.with(|c| c.borrow_mut().clear());
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
