//! `re.Match` objects: their groups (`m[g]`, `group`, `groups`,
//! `groupdict`), spans, attributes, `expand`, repr and the native type.

use super::{compare, template, Piece};
use crate::native::{call_method, has_method, receiver, Method};
use crate::object::{Dict, ExcType, HashKey, Obj, ObjId, Value};
use crate::re::{match_of, MatchData};
use crate::vm::{as_str, PyErr, PyResult, Vm};

/// The group index named by `v` (an int, a bool or a group name).
fn group_index(vm: &Vm, m: &MatchData, v: Value) -> PyResult<usize> {
    let no = || PyErr::new(ExcType::IndexError, "no such group");
    let n = match v {
        Value::Int(i) => i,
        Value::Bool(b) => b as i64,
        _ => match as_str(&vm.heap, v) {
            Some(name) => {
                let p = crate::re::pattern_of(vm, m.pattern).ok_or_else(no)?;
                return p
                    .names
                    .iter()
                    .find(|(n, _)| n == name)
                    .map(|(_, g)| *g)
                    .ok_or_else(no);
            }
            None => return Err(no()),
        },
    };
    if n < 0 || n as usize >= m.spans.len() {
        return Err(no());
    }
    Ok(n as usize)
}

fn group_value(vm: &mut Vm, m: &MatchData, g: usize, default: Value) -> Value {
    match m.bspans[g] {
        Some((a, e)) => {
            let s = as_str(&vm.heap, m.string).unwrap_or("")[a..e].to_string();
            vm.new_str(s)
        }
        None => default,
    }
}

/// `m[g]`.
pub fn match_getitem(vm: &mut Vm, id: ObjId, idx: Value) -> PyResult<Value> {
    let m = match_of(vm, id).clone();
    let g = group_index(vm, &m, idx)?;
    Ok(group_value(vm, &m, g, Value::None))
}

pub fn match_getattr(vm: &mut Vm, id: ObjId, name: &str) -> Option<Value> {
    let m = match_of(vm, id).clone();
    Some(match name {
        "string" => m.string,
        "re" => m.pattern,
        "pos" => Value::Int(m.pos as i64),
        "endpos" => Value::Int(m.endpos as i64),
        "lastindex" | "lastgroup" => {
            let mut best: Option<(usize, usize)> = None;
            for (i, s) in m.spans.iter().enumerate().skip(1) {
                if let Some((_, e)) = s {
                    if best.is_none_or(|(_, be)| *e > be) {
                        best = Some((i, *e));
                    }
                }
            }
            match (best, name) {
                (None, _) => Value::None,
                (Some((i, _)), "lastindex") => Value::Int(i as i64),
                (Some((i, _)), _) => {
                    let p = crate::re::pattern_of(vm, m.pattern)?;
                    match p.names.iter().find(|(_, g)| *g == i) {
                        Some((n, _)) => {
                            let n = n.clone();
                            vm.new_str(n)
                        }
                        None => Value::None,
                    }
                }
            }
        }
        "regs" => {
            let items = m
                .spans
                .iter()
                .map(|s| {
                    let (a, e) = s.map_or((-1, -1), |(a, e)| (a as i64, e as i64));
                    vm.new_tuple(vec![Value::Int(a), Value::Int(e)])
                })
                .collect();
            vm.new_tuple(items)
        }
        _ => return None,
    })
}

pub fn match_repr(vm: &mut Vm, id: ObjId) -> PyResult<String> {
    let m = match_of(vm, id).clone();
    let (a, e) = m.spans[0].unwrap_or((0, 0));
    let text = group_value(vm, &m, 0, Value::None);
    let r = vm.repr(text)?;
    Ok(format!("<re.Match object; span=({a}, {e}), match={r}>"))
}

/// The methods of `re.Match`.
static MATCH_METHODS: &[Method] = methods_table![
    group = m_group,
    groups = m_groups,
    groupdict = m_groupdict,
    start = m_start,
    end = m_end,
    span = m_span,
    expand = m_expand,
];

native! {
    /// `Match.group([group1, ...])`.
    getargs method m_group(vm, this, *groups) {
        let m = match_of(vm, receiver(this)).clone();
        if groups.len() <= 1 {
            let g = match groups.first() {
                Some(v) => group_index(vm, &m, *v)?,
                None => 0,
            };
            return Ok(group_value(vm, &m, g, Value::None));
        }
        let mut out = Vec::new();
        for v in groups {
            let g = group_index(vm, &m, v)?;
            out.push(group_value(vm, &m, g, Value::None));
        }
        Ok(vm.new_tuple(out))
    }

    /// `Match.groups(default=None)`.
    clinic method m_groups(vm, this, default?) {
        let m = match_of(vm, receiver(this)).clone();
        let d = default.unwrap_or(Value::None);
        let out = (1..m.spans.len())
            .map(|g| group_value(vm, &m, g, d))
            .collect();
        Ok(vm.new_tuple(out))
    }

    /// `Match.groupdict(default=None)`.
    clinic method m_groupdict(vm, this, default?) {
        let m = match_of(vm, receiver(this)).clone();
        let d = default.unwrap_or(Value::None);
        let names = crate::re::pattern_of(vm, m.pattern)
            .map(|p| p.names.clone())
            .unwrap_or_default();
        let mut out = Dict::new();
        for (n, g) in names {
            let v = group_value(vm, &m, g, d);
            let k = vm.new_str(n.clone());
            out.insert(HashKey::Str(n.into()), k, v);
        }
        Ok(vm.heap.new_value(Obj::Dict(Box::new(out))))
    }

    /// `Match.start(group=0, /)`.
    builtin method m_start(vm, this, group?, /) {
        let (a, _) = span_of(vm, this, group)?;
        Ok(Value::Int(a))
    }

    /// `Match.end(group=0, /)`.
    builtin method m_end(vm, this, group?, /) {
        let (_, e) = span_of(vm, this, group)?;
        Ok(Value::Int(e))
    }

    /// `Match.span(group=0, /)`.
    builtin method m_span(vm, this, group?, /) {
        let (a, e) = span_of(vm, this, group)?;
        Ok(vm.new_tuple(vec![Value::Int(a), Value::Int(e)]))
    }

    /// `Match.expand(template)`.
    clinic method m_expand(vm, this, template) {
        expand(vm, receiver(this), template)
    }
}

/// The span of `group` (0 when not given), `(-1, -1)` if it did not match.
fn span_of(vm: &mut Vm, this: Value, group: Option<Value>) -> PyResult<(i64, i64)> {
    let m = match_of(vm, receiver(this)).clone();
    let g = match group {
        Some(v) => group_index(vm, &m, v)?,
        None => 0,
    };
    Ok(m.spans[g].map_or((-1, -1), |(a, e)| (a as i64, e as i64)))
}

fn expand(vm: &mut Vm, id: ObjId, t: Value) -> PyResult<Value> {
    let m = match_of(vm, id).clone();
    let Some(text) = as_str(&vm.heap, t).map(str::to_string) else {
        return Err(PyErr::type_error(format!(
            "expected str instance, {} found",
            vm.class_name(t)
        )));
    };
    let Some(p) = crate::re::pattern_of(vm, m.pattern).cloned() else {
        return Err(PyErr::type_error("the match's pattern is gone"));
    };
    let pieces = template(vm, &p, &text)?;
    let s = as_str(&vm.heap, m.string).unwrap_or("").to_string();
    let mut out = String::new();
    for piece in pieces {
        match piece {
            Piece::Lit(l) => out.push_str(&l),
            Piece::Group(g) => {
                if let Some((x, y)) = m.bspans[g] {
                    out.push_str(&s[x..y]);
                }
            }
        }
    }
    Ok(vm.new_str(out))
}

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// `re.Match`.
pub struct MatchType;

impl np::NativeType for MatchType {
    fn type_name(_: &np::NativeObj) -> &'static str {
        "re.Match"
    }

    fn for_each_child(o: &np::NativeObj, f: &mut dyn FnMut(np::Value)) {
        if let np::NativeObj::ReMatch(m) = o {
            f(m.pattern);
            f(m.string);
        }
    }

    fn getattr(vm: &mut np::Vm, id: np::ObjId, name: &str) -> np::PyResult<Option<np::Value>> {
        Ok(match_getattr(vm, id, name))
    }

    fn has_method(_: &np::Vm, _: np::ObjId, name: &str) -> bool {
        has_method(MATCH_METHODS, name)
    }

    fn call_method(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        args: Vec<np::Value>,
        kw: np::Kwargs,
    ) -> np::PyResult<Option<np::Value>> {
        call_method(
            MATCH_METHODS,
            "Match",
            vm,
            np::Value::Ref(id),
            name,
            args,
            kw,
        )
    }

    fn repr(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        match_repr(vm, id)
    }

    fn compare(
        vm: &mut np::Vm,
        op: np::CmpOp,
        a: np::Value,
        b: np::Value,
    ) -> np::PyResult<Option<bool>> {
        Ok(compare(vm, op, a, b))
    }

    fn getitem(vm: &mut np::Vm, id: np::ObjId, idx: np::Value) -> np::PyResult<Option<np::Value>> {
        match_getitem(vm, id, idx).map(Some)
    }
}
