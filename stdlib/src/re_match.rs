//! Methods and attributes of `re.Pattern` and `re.Match` objects, and the
//! replacement templates of `sub` (`\1`, `\g<name>`, octal escapes).

mod matchobj;

pub use matchobj::MatchType;

use super::native::{call_method, has_method, receiver, Method};
use super::objects::NativeObj;
use super::re::{each_match, engine, find, pattern_error, subject, MatchData, Mode, PatternData};
use crate::builtins::Builtin;
use crate::object::{Dict, ExcType, HashKey, Obj, ObjId, Value};
use crate::objects::native_of;
use crate::vm::call::Kwargs;
use crate::vm::repr::str_repr;
use crate::vm::{as_str, PyErr, PyResult, Vm};
use monty_compile::bytecode::CmpOp;
use monty_re::offsets::CharPos;
use monty_re::parse;

fn pattern_data(vm: &Vm, id: ObjId) -> PatternData {
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::RePattern(p)) => (**p).clone(),
        _ => unreachable!("a pattern"),
    }
}

/// `pos`/`endpos` arguments (code points) clamped like CPython.
fn bounds(
    vm: &Vm,
    len: usize,
    pos: Option<Value>,
    endpos: Option<Value>,
) -> PyResult<(usize, usize)> {
    let clamp = |v: i64| -> usize { v.clamp(0, len as i64) as usize };
    let p = match pos {
        Some(v) => clamp(vm.index_arg(v)?),
        None => 0,
    };
    let e = match endpos {
        Some(v) => clamp(vm.index_arg(v)?),
        None => len,
    };
    Ok((p, e.max(p)))
}

fn new_match(
    vm: &mut Vm,
    pid: ObjId,
    string: Value,
    cp: &mut CharPos,
    pos: usize,
    endpos: usize,
    bspans: Vec<Option<(usize, usize)>>,
) -> Value {
    let spans = bspans
        .iter()
        .map(|s| s.map(|(a, b)| (cp.char_of(a), cp.char_of(b))))
        .collect();
    let m = MatchData {
        pattern: Value::Ref(pid),
        string,
        pos,
        endpos,
        spans,
        bspans,
    };
    vm.heap
        .new_value(Obj::from(NativeObj::ReMatch(Box::new(m))))
}

/// The methods of `re.Pattern`.
pub static PATTERN_METHODS: &[Method] = methods_table![
    search = p_search,
    "match" => p_match,
    fullmatch = p_fullmatch,
    findall = p_findall,
    finditer = p_finditer,
    sub = p_sub,
    subn = p_subn,
    split = p_split,
];

/// Calls a method of a pattern object (`re.search` and friends too).
pub fn pattern_method(
    vm: &mut Vm,
    pid: ObjId,
    name: &str,
    args: Vec<Value>,
    kw: Kwargs,
) -> PyResult<Option<Value>> {
    call_method(
        PATTERN_METHODS,
        "Pattern",
        vm,
        Value::Ref(pid),
        name,
        args,
        kw,
    )
}

native! {
    /// `Pattern.search(string, pos=0, endpos=sys.maxsize)`.
    clinic method p_search(vm, this, string, pos?, endpos?) {
        scan(vm, receiver(this), "search", string, pos, endpos)
    }

    /// `Pattern.match(string, pos=0, endpos=sys.maxsize)`.
    clinic method p_match(vm, this, string, pos?, endpos?) {
        scan(vm, receiver(this), "match", string, pos, endpos)
    }

    /// `Pattern.fullmatch(string, pos=0, endpos=sys.maxsize)`.
    clinic method p_fullmatch(vm, this, string, pos?, endpos?) {
        scan(vm, receiver(this), "fullmatch", string, pos, endpos)
    }

    /// `Pattern.findall(string, pos=0, endpos=sys.maxsize)`.
    clinic method p_findall(vm, this, string, pos?, endpos?) {
        scan(vm, receiver(this), "findall", string, pos, endpos)
    }

    /// `Pattern.finditer(string, pos=0, endpos=sys.maxsize)`.
    clinic method p_finditer(vm, this, string, pos?, endpos?) {
        scan(vm, receiver(this), "finditer", string, pos, endpos)
    }

    /// `Pattern.sub(repl, string, count=0)`.
    clinic method p_sub(vm, this, repl, string, count?) {
        sub_of(vm, receiver(this), false, repl, string, count)
    }

    /// `Pattern.subn(repl, string, count=0)`.
    clinic method p_subn(vm, this, repl, string, count?) {
        sub_of(vm, receiver(this), true, repl, string, count)
    }

    /// `Pattern.split(string, maxsplit=0)`.
    clinic method p_split(vm, this, string, maxsplit?) {
        split_of(vm, receiver(this), string, maxsplit)
    }
}

/// `search`, `match`, `fullmatch`, `findall` and `finditer` (`name`).
fn scan(
    vm: &mut Vm,
    pid: ObjId,
    name: &str,
    sv: Value,
    pos: Option<Value>,
    endpos: Option<Value>,
) -> PyResult<Value> {
    let p = pattern_data(vm, pid);
    let s = subject(vm, sv)?;
    let mut cp = CharPos::new(&s);
    let clen = cp.char_len();
    let (pos, endpos) = bounds(vm, clen, pos, endpos)?;
    let (bpos, bend) = (cp.byte_of(pos), cp.byte_of(endpos));
    let text = &s[..bend];
    let mode = match name {
        "match" => Mode::Match,
        "fullmatch" => Mode::Full,
        _ => Mode::Search,
    };
    let re = engine(vm, &p)?;
    if matches!(name, "findall" | "finditer") {
        let mut found = Vec::new();
        each_match(vm, &re, text, bpos, 0, &mut |spans| {
            found.push(spans);
            Ok(())
        })?;
        let mut out = Vec::with_capacity(found.len());
        for spans in found {
            out.push(if name == "finditer" {
                new_match(vm, pid, sv, &mut cp, pos, endpos, spans)
            } else {
                findall_item(vm, &s, &spans)
            });
        }
        let list = vm.new_list(out);
        return if name == "finditer" {
            vm.get_iter(list)
        } else {
            Ok(list)
        };
    }
    Ok(match find(vm, &re, text, bpos, mode, false)? {
        Some(spans) => new_match(vm, pid, sv, &mut cp, pos, endpos, spans),
        None => Value::None,
    })
}

/// `sub`, or `subn` when `with_count`.
fn sub_of(
    vm: &mut Vm,
    pid: ObjId,
    with_count: bool,
    repl: Value,
    string: Value,
    count: Option<Value>,
) -> PyResult<Value> {
    let p = pattern_data(vm, pid);
    let count = match count {
        Some(v) => vm.index_arg(v).or_else(|e| match v {
            Value::Ref(_) if vm.bigint_arg(v).is_ok() => Ok(i64::MAX),
            _ => Err(e),
        })?,
        None => 0,
    };
    let (n, v) = substitute(vm, pid, &p, repl, string, count)?;
    Ok(if with_count {
        vm.new_tuple(vec![v, Value::Int(n as i64)])
    } else {
        v
    })
}

fn split_of(vm: &mut Vm, pid: ObjId, string: Value, maxsplit: Option<Value>) -> PyResult<Value> {
    let p = pattern_data(vm, pid);
    let s = subject(vm, string)?;
    let maxsplit = match maxsplit {
        Some(v) => vm.index_arg(v)?,
        None => 0,
    };
    let mut parts: Vec<Option<(usize, usize)>> = Vec::new();
    if maxsplit >= 0 {
        let re = engine(vm, &p)?;
        let mut last = 0;
        each_match(vm, &re, &s, 0, maxsplit as usize, &mut |spans| {
            let (a, e) = spans[0].expect("group 0");
            parts.push(Some((last, a)));
            parts.extend(spans[1..].iter().copied());
            last = e;
            Ok(())
        })?;
        parts.push(Some((last, s.len())));
    } else {
        parts.push(Some((0, s.len())));
    }
    let out = parts
        .into_iter()
        .map(|x| match x {
            Some((a, e)) => vm.new_str(&s[a..e]),
            None => Value::None,
        })
        .collect();
    Ok(vm.new_list(out))
}

fn findall_item(vm: &mut Vm, s: &str, spans: &[Option<(usize, usize)>]) -> Value {
    let text = |vm: &mut Vm, g: Option<(usize, usize)>| match g {
        Some((a, e)) => vm.new_str(&s[a..e]),
        None => vm.new_str(""),
    };
    match spans.len() {
        1 => text(vm, spans[0]),
        2 => text(vm, spans[1]),
        _ => {
            let items = spans[1..].iter().map(|g| text(vm, *g)).collect();
            vm.new_tuple(items)
        }
    }
}

/// A piece of a replacement template.
pub(super) enum Piece {
    Lit(String),
    Group(usize),
}

/// Parses a replacement template against a pattern's groups.
pub(super) fn template(vm: &mut Vm, p: &PatternData, repl: &str) -> PyResult<Vec<Piece>> {
    let chars: Vec<char> = repl.chars().collect();
    let mut out = Vec::new();
    let mut lit = String::new();
    let mut i = 0;
    let fail = |vm: &mut Vm, msg: String, pos: usize| -> PyErr {
        let e = parse::ReError {
            msg,
            pos: Some(pos),
        };
        pattern_error(vm, e.render(repl))
    };
    while i < chars.len() {
        let c = chars[i];
        if c != '\\' {
            lit.push(c);
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        let Some(&e) = chars.get(i) else {
            return Err(fail(vm, "bad escape (end of pattern)".into(), start));
        };
        i += 1;
        let group = |g: usize, out: &mut Vec<Piece>, lit: &mut String| {
            if !lit.is_empty() {
                out.push(Piece::Lit(std::mem::take(lit)));
            }
            out.push(Piece::Group(g));
        };
        match e {
            'g' => {
                if chars.get(i) != Some(&'<') {
                    return Err(fail(vm, "missing <".into(), i));
                }
                let name_start = i + 1;
                let Some(close) = chars[name_start..].iter().position(|&c| c == '>') else {
                    return Err(fail(vm, "missing >, unterminated name".into(), name_start));
                };
                let name: String = chars[name_start..name_start + close].iter().collect();
                i = name_start + close + 1;
                if name.is_empty() {
                    return Err(fail(vm, "missing group name".into(), name_start));
                }
                let g = if name.chars().all(|c| c.is_ascii_digit()) {
                    let g: usize = name.parse().unwrap_or(usize::MAX);
                    if g > p.groups {
                        return Err(fail(
                            vm,
                            format!("invalid group reference {name}"),
                            name_start,
                        ));
                    }
                    g
                } else {
                    let ok = monty_vm::unicode::is_identifier(&name);
                    if !ok {
                        return Err(fail(
                            vm,
                            format!(
                                "bad character in group name {}",
                                crate::vm::repr::str_repr(&name)
                            ),
                            name_start,
                        ));
                    }
                    match p.names.iter().find(|(n, _)| *n == name) {
                        Some(&(_, g)) => g,
                        None => {
                            return Err(PyErr::new(
                                ExcType::IndexError,
                                format!("unknown group name '{name}'"),
                            ))
                        }
                    }
                };
                group(g, &mut out, &mut lit);
            }
            '0' => {
                let mut v = 0u32;
                for _ in 0..2 {
                    match chars.get(i).and_then(|c| c.to_digit(8)) {
                        Some(d) => {
                            v = v * 8 + d;
                            i += 1;
                        }
                        None => break,
                    }
                }
                lit.push(char::from_u32(v).expect("octal"));
            }
            '1'..='9' => {
                let d1 = e.to_digit(10).expect("digit");
                let d2 = chars.get(i).and_then(|c| c.to_digit(10));
                let d3 = chars.get(i + 1).and_then(|c| c.to_digit(10));
                let octal = |d: u32| d < 8;
                if let (Some(b), Some(c)) = (d2, d3) {
                    if octal(d1) && octal(b) && octal(c) {
                        let v = d1 * 64 + b * 8 + c;
                        if v > 0o377 {
                            return Err(fail(
                                vm,
                                format!("octal escape value \\{d1}{b}{c} outside of range 0-0o377"),
                                start,
                            ));
                        }
                        lit.push(char::from_u32(v).expect("octal"));
                        i += 2;
                        continue;
                    }
                }
                let mut g = d1 as usize;
                if let Some(b) = d2 {
                    g = g * 10 + b as usize;
                    i += 1;
                }
                if g > p.groups {
                    return Err(fail(vm, format!("invalid group reference {g}"), start + 1));
                }
                group(g, &mut out, &mut lit);
            }
            'a' => lit.push('\x07'),
            'b' => lit.push('\x08'),
            'f' => lit.push('\x0c'),
            'n' => lit.push('\n'),
            'r' => lit.push('\r'),
            't' => lit.push('\t'),
            'v' => lit.push('\x0b'),
            '\\' => lit.push('\\'),
            c if c.is_ascii_alphabetic() => {
                return Err(fail(vm, format!("bad escape \\{c}"), start));
            }
            c => {
                lit.push('\\');
                lit.push(c);
            }
        }
    }
    if !lit.is_empty() {
        out.push(Piece::Lit(lit));
    }
    Ok(out)
}

fn substitute(
    vm: &mut Vm,
    pid: ObjId,
    p: &PatternData,
    repl: Value,
    string: Value,
    count: i64,
) -> PyResult<(usize, Value)> {
    let callable = |vm: &mut Vm| -> PyResult<bool> {
        let r = vm.call_value(Value::Builtin(Builtin::Callable), vec![repl], Vec::new())?;
        Ok(r == Value::Bool(true))
    };
    let pieces = match as_str(&vm.heap, repl).map(str::to_string) {
        Some(r) => Some(template(vm, p, &r)?),
        None if callable(vm)? => None,
        None => {
            return Err(PyErr::type_error(format!(
                "decoding to str: need a bytes-like object, {} found",
                vm.class_name(repl)
            )))
        }
    };
    let s = subject(vm, string)?;
    if count < 0 {
        return Ok((0, string));
    }
    let re = engine(vm, p)?;
    let mut found = Vec::new();
    each_match(vm, &re, &s, 0, count as usize, &mut |spans| {
        found.push(spans);
        Ok(())
    })?;
    if found.is_empty() {
        return Ok((0, string));
    }
    let mut out = String::with_capacity(s.len());
    let mut last = 0;
    let mut cp = CharPos::new(&s);
    let clen = cp.char_len();
    let n = found.len();
    let mut items = 0;
    for spans in found {
        let (a, e) = spans[0].expect("group 0");
        if a > last {
            items += 1;
        }
        out.push_str(&s[last..a]);
        match &pieces {
            Some(pieces) => {
                for piece in pieces {
                    match piece {
                        Piece::Lit(l) => out.push_str(l),
                        Piece::Group(g) => {
                            if let Some((x, y)) = spans[*g] {
                                out.push_str(&s[x..y]);
                            }
                        }
                    }
                }
            }
            None => {
                let m = new_match(vm, pid, string, &mut cp, 0, clen, spans);
                // the callback may collect: keep our values reachable
                let mark = vm.stack.len();
                vm.stack.extend([repl, string, Value::Ref(pid), m]);
                let r = vm.call_value(repl, vec![m], Vec::new());
                vm.release_to(mark);
                let r = r?;
                match as_str(&vm.heap, r) {
                    Some(t) => out.push_str(t),
                    None => {
                        return Err(PyErr::type_error(format!(
                            "sequence item {items}: expected str instance, {} found",
                            vm.class_name(r)
                        )))
                    }
                }
            }
        }
        items += 1;
        last = e;
    }
    out.push_str(&s[last..]);
    Ok((n, vm.new_str(out)))
}

/// Attributes of a pattern object.
pub fn pattern_getattr(vm: &mut Vm, id: ObjId, name: &str) -> Option<Value> {
    let p = pattern_data(vm, id);
    Some(match name {
        "pattern" => vm.new_str(p.pattern),
        "flags" => Value::Int(p.flags as i64),
        "groups" => Value::Int(p.groups as i64),
        "groupindex" => {
            let mut d = Dict::new();
            for (n, g) in &p.names {
                let k = vm.new_str(n.clone());
                d.insert(HashKey::Str(n.as_str().into()), k, Value::Int(*g as i64));
            }
            vm.heap.new_value(Obj::Dict(Box::new(d)))
        }
        _ => return None,
    })
}

pub fn pattern_repr(vm: &Vm, id: ObjId) -> String {
    let Some(NativeObj::RePattern(p)) = native_of(vm.heap.get(id)) else {
        unreachable!()
    };
    let text: String = p.pattern.chars().take(200).collect();
    let mut out = format!("re.compile({}", str_repr(&text));
    let mut flags = p.flags & !parse::UNICODE;
    if flags != 0 {
        let names = [
            (parse::TEMPLATE, "re.TEMPLATE"),
            (parse::IGNORECASE, "re.IGNORECASE"),
            (parse::LOCALE, "re.LOCALE"),
            (parse::MULTILINE, "re.MULTILINE"),
            (parse::DOTALL, "re.DOTALL"),
            (parse::UNICODE, "re.UNICODE"),
            (parse::VERBOSE, "re.VERBOSE"),
            (parse::DEBUG, "re.DEBUG"),
            (parse::ASCII, "re.ASCII"),
        ];
        let mut parts = Vec::new();
        for (bit, n) in names {
            if flags & bit != 0 {
                parts.push(n.to_string());
                flags &= !bit;
            }
        }
        if flags != 0 {
            parts.push(format!("0x{flags:x}"));
        }
        out.push_str(", ");
        out.push_str(&parts.join("|"));
    }
    out.push(')');
    out
}

/// `==` between patterns: same text and flags.
pub fn compare(vm: &Vm, op: CmpOp, a: Value, b: Value) -> Option<bool> {
    let (Value::Ref(x), Value::Ref(y)) = (a, b) else {
        return None;
    };
    let native_at = |id| native_of(vm.heap.get(id));
    let eq = match (native_at(x), native_at(y)) {
        (Some(NativeObj::RePattern(p)), Some(NativeObj::RePattern(q))) => {
            p.pattern == q.pattern && p.flags == q.flags
        }
        (Some(NativeObj::ReMatch(_)), _) | (_, Some(NativeObj::ReMatch(_))) => x == y,
        _ => return None,
    };
    match op {
        CmpOp::Eq => Some(eq),
        CmpOp::Ne => Some(!eq),
        _ => None,
    }
}

pub fn pattern_hash(vm: &Vm, id: ObjId) -> HashKey {
    let Some(NativeObj::RePattern(p)) = native_of(vm.heap.get(id)) else {
        unreachable!()
    };
    HashKey::Tuple(
        vec![
            HashKey::Str("\0re.Pattern".into()),
            HashKey::Str(p.pattern.as_str().into()),
            HashKey::Int(p.flags as i64),
        ]
        .into_boxed_slice(),
    )
}

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// `re.Pattern`.
pub struct PatternType;

impl np::NativeType for PatternType {
    fn type_name(_: &np::NativeObj) -> &'static str {
        "re.Pattern"
    }

    fn getattr(vm: &mut np::Vm, id: np::ObjId, name: &str) -> np::PyResult<Option<np::Value>> {
        Ok(pattern_getattr(vm, id, name))
    }

    fn has_method(_: &np::Vm, _: np::ObjId, name: &str) -> bool {
        has_method(PATTERN_METHODS, name)
    }

    fn call_method(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        args: Vec<np::Value>,
        kw: np::Kwargs,
    ) -> np::PyResult<Option<np::Value>> {
        call_method(
            PATTERN_METHODS,
            "Pattern",
            vm,
            np::Value::Ref(id),
            name,
            args,
            kw,
        )
    }

    fn repr(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        Ok(pattern_repr(vm, id))
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
        Ok(Some(pattern_hash(vm, id)))
    }
}
