//! `collections`: `defaultdict`, `Counter` and `OrderedDict` (real dicts
//! with a [`DictKind`], so `isinstance(x, dict)` holds), `deque` (a native
//! object) and `namedtuple` (a class whose instances behave as tuples).

use std::collections::VecDeque;

use super::objects::NativeObj;
use super::{ModuleDef, NativeFn, NativeId};
use crate::builtins::Args;
use crate::compile::bytecode::CmpOp;
use crate::object::{Dict, DictKind, ExcType, HashKey, Obj, ObjId, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};

fn index() -> u16 {
    super::module_index("collections")
}

fn native(func: u16) -> NativeId {
    NativeId {
        module: index(),
        func,
    }
}

// Function indices in `MODULE.funcs` (used for isinstance and bound methods).
const F_DEFAULTDICT: u16 = 0;
const F_COUNTER: u16 = 1;
const F_ORDEREDDICT: u16 = 2;
const F_DEQUE: u16 = 3;
const F_NT_ASDICT: u16 = 5;
const F_NT_REPLACE: u16 = 6;
const F_NT_MAKE: u16 = 7;
const F_NT_GETNEWARGS: u16 = 8;

/// How deeply deque comparisons may nest (each level holds several native
/// frames on the Rust stack).
const MAX_DEQUE_COMPARE_NESTING: u32 = 200;

fn new_dict(vm: &mut Vm, kind: DictKind, a: &Args, skip: usize) -> PyResult<Value> {
    let mut d = Dict::new();
    d.kind = kind;
    let v = vm.heap.new_value(Obj::Dict(d));
    if let Some(&src) = a.pos.get(skip) {
        if kind == DictKind::Counter {
            if !src.is_none() {
                counter_update(vm, v, src, 1)?;
            }
        } else {
            vm.dict_update_any(v, src)?;
        }
    }
    if kind == DictKind::Counter {
        let entries = kw_entries(vm, &a.kw);
        counter_update_mapping(vm, v, entries, 1)?;
        return Ok(v);
    }
    for (k, x) in &a.kw {
        let key = vm.new_str(k.clone());
        if let Value::Ref(id) = v {
            if let Obj::Dict(d) = vm.heap.get_mut(id) {
                d.insert(HashKey::Str(k.as_str().into()), key, *x);
            }
        }
    }
    Ok(v)
}

fn defaultdict(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let factory = a.pos.first().copied().unwrap_or(Value::None);
    if !factory.is_none() {
        let c = crate::builtins::call_builtin(
            vm,
            crate::builtins::Builtin::Callable,
            vec![factory],
            Vec::new(),
        )?;
        if !matches!(c, Value::Bool(true)) {
            return Err(PyErr::type_error("first argument must be callable or None"));
        }
    }
    new_dict(vm, DictKind::DefaultDict(factory), &a, 1)
}

fn counter(vm: &mut Vm, a: Args) -> PyResult<Value> {
    if a.pos.len() > 1 {
        return Err(PyErr::type_error(format!(
            "expected at most 1 argument, got {}",
            a.pos.len()
        )));
    }
    new_dict(vm, DictKind::Counter, &a, 0)
}

fn ordereddict(vm: &mut Vm, a: Args) -> PyResult<Value> {
    if a.pos.len() > 1 {
        return Err(PyErr::type_error(format!(
            "expected at most 1 argument, got {}",
            a.pos.len()
        )));
    }
    new_dict(vm, DictKind::OrderedDict, &a, 0)
}

fn deque(vm: &mut Vm, a: Args) -> PyResult<Value> {
    if a.pos.len() + a.kw.len() > 2 {
        return Err(PyErr::type_error(format!(
            "deque() takes at most 2 arguments ({} given)",
            a.pos.len() + a.kw.len()
        )));
    }
    a.check(0, 2, &["iterable", "maxlen"])?;
    let maxlen = match a.get(1, "maxlen") {
        None | Some(Value::None) => None,
        Some(m) => {
            // maxlen is converted with PyLong_AsSsize_t: ints only
            let is_int = matches!(m, Value::Int(_) | Value::Bool(_))
                || matches!(m, Value::Ref(id) if matches!(vm.heap.get(id), Obj::BigInt(_)));
            if !is_int {
                return Err(PyErr::type_error("an integer is required"));
            }
            let n = vm.index_arg(m)?;
            if n < 0 {
                return Err(PyErr::value_error("maxlen must be non-negative"));
            }
            Some(n as usize)
        }
    };
    let mut items = VecDeque::new();
    if let Some(src) = a.get(0, "iterable") {
        for v in vm.collect_iterable(src)? {
            push_bounded(&mut items, maxlen, v, true);
        }
    }
    Ok(vm
        .heap
        .new_value(Obj::Native(NativeObj::Deque { items, maxlen })))
}

fn push_bounded(items: &mut VecDeque<Value>, maxlen: Option<usize>, v: Value, back: bool) {
    if maxlen == Some(0) {
        return;
    }
    if back {
        if maxlen.is_some_and(|m| items.len() >= m) {
            items.pop_front();
        }
        items.push_back(v);
    } else {
        if maxlen.is_some_and(|m| items.len() >= m) {
            items.pop_back();
        }
        items.push_front(v);
    }
}

fn is_identifier(s: &str) -> bool {
    crate::unicode::is_identifier(s)
}

/// Python's hard keywords (`keyword.kwlist`).
fn is_keyword(s: &str) -> bool {
    matches!(
        s,
        "False"
            | "None"
            | "True"
            | "and"
            | "as"
            | "assert"
            | "async"
            | "await"
            | "break"
            | "class"
            | "continue"
            | "def"
            | "del"
            | "elif"
            | "else"
            | "except"
            | "finally"
            | "for"
            | "from"
            | "global"
            | "if"
            | "import"
            | "in"
            | "is"
            | "lambda"
            | "nonlocal"
            | "not"
            | "or"
            | "pass"
            | "raise"
            | "return"
            | "try"
            | "while"
            | "with"
            | "yield"
    )
}

pub(crate) fn namedtuple(vm: &mut Vm, a: Args) -> PyResult<Value> {
    a.check(2, 2, &["defaults", "rename", "module"])?;
    // CPython coerces the typename with str()
    let name = vm.str_of(a.pos[0])?;
    let fields: Vec<String> = match as_str(&vm.heap, a.pos[1]) {
        Some(s) => s
            .replace(',', " ")
            .split_whitespace()
            .map(str::to_string)
            .collect(),
        None => {
            let items = vm.collect_iterable(a.pos[1])?;
            items
                .into_iter()
                .map(|i| as_str(&vm.heap, i).map(str::to_string))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| PyErr::type_error("Type names and field names must be strings"))?
        }
    };
    let mut fields = fields;
    let rename = match a.kwarg("rename") {
        Some(r) => vm.truthy(r)?,
        None => false,
    };
    if rename {
        // As CPython: invalid, keyword, underscored or repeated names
        // become `_<index>`.
        let mut seen = std::collections::HashSet::new();
        for (i, f) in fields.iter_mut().enumerate() {
            if !is_identifier(f) || is_keyword(f) || f.starts_with('_') || !seen.insert(f.clone()) {
                *f = format!("_{i}");
            }
        }
    }
    for n in std::iter::once(&name).chain(&fields) {
        if !is_identifier(n) {
            return Err(PyErr::value_error(format!(
                "Type names and field names must be valid identifiers: {}",
                crate::vm::repr::str_repr(n)
            )));
        }
        if is_keyword(n) {
            return Err(PyErr::value_error(format!(
                "Type names and field names cannot be a keyword: {}",
                crate::vm::repr::str_repr(n)
            )));
        }
    }
    let mut seen = std::collections::HashSet::new();
    for f in &fields {
        if f.starts_with('_') && !rename {
            return Err(PyErr::value_error(format!(
                "Field names cannot start with an underscore: {}",
                crate::vm::repr::str_repr(f)
            )));
        }
        if !seen.insert(f.as_str()) {
            return Err(PyErr::value_error(format!(
                "Encountered duplicate field name: {}",
                crate::vm::repr::str_repr(f)
            )));
        }
    }
    let defaults = match a.kwarg("defaults") {
        Some(d) if !d.is_none() => vm.collect_iterable(d)?,
        _ => Vec::new(),
    };
    if defaults.len() > fields.len() {
        return Err(PyErr::type_error(
            "Got more default values than field names",
        ));
    }
    let ns = vm.heap.new_value(Obj::Dict(Dict::new()));
    let cls = vm.build_class(name.clone(), name, Vec::new(), ns)?;
    let Value::Ref(cid) = cls else {
        unreachable!("a class")
    };
    let field_values: Vec<Value> = fields.iter().map(|f| vm.new_str(f.clone())).collect();
    let tuple = vm.new_tuple(field_values);
    let key = vm.new_str("_fields");
    let doc = if fields.len() == 1 {
        format!("{}({},)", c_name(vm, cid), fields[0])
    } else {
        format!("{}({})", c_name(vm, cid), fields.join(", "))
    };
    let doc = vm.new_str(doc);
    let doc_key = vm.new_str("__doc__");
    let module = match a.kwarg("module") {
        Some(m) if !m.is_none() => m,
        _ => vm.new_str("__main__"),
    };
    let module_key = vm.new_str("__module__");
    // `_field_defaults`: the last fields' names → their defaults
    let mut field_defaults = Dict::new();
    for (f, d) in fields[fields.len() - defaults.len()..]
        .iter()
        .zip(&defaults)
    {
        let k = vm.new_str(f.clone());
        field_defaults.insert(HashKey::Str(f.as_str().into()), k, *d);
    }
    let field_defaults = vm.heap.new_value(Obj::Dict(field_defaults));
    let field_defaults_key = vm.new_str("_field_defaults");
    if let Obj::Class(c) = vm.heap.get_mut(cid) {
        c.attrs.insert(
            HashKey::Str("_field_defaults".into()),
            field_defaults_key,
            field_defaults,
        );
        c.attrs.insert(HashKey::Str("_fields".into()), key, tuple);
        c.attrs.insert(HashKey::Str("__doc__".into()), doc_key, doc);
        c.attrs
            .insert(HashKey::Str("__module__".into()), module_key, module);
        c.namedtuple = Some((fields, defaults));
    }
    Ok(cls)
}

fn c_name(vm: &Vm, cid: ObjId) -> String {
    vm.class(cid).name.clone()
}

fn nt_asdict(vm: &mut Vm, a: Args) -> PyResult<Value> {
    a.check(1, 1, &[])?;
    let (fields, values) = vm
        .namedtuple_parts(a.pos[0])
        .ok_or_else(|| PyErr::type_error("_asdict() needs a namedtuple"))?;
    let mut d = Dict::new();
    for (f, v) in fields.into_iter().zip(values) {
        let k = vm.new_str(f.clone());
        d.insert(HashKey::Str(f.into()), k, v);
    }
    Ok(vm.heap.new_value(Obj::Dict(d)))
}

fn nt_replace(vm: &mut Vm, a: Args) -> PyResult<Value> {
    a.check(1, 1, &["*"]).or_else(|_| {
        if a.pos.len() == 1 {
            Ok(())
        } else {
            Err(PyErr::type_error(
                "_replace() takes no positional arguments",
            ))
        }
    })?;
    let obj = a.pos[0];
    let (fields, mut values) = vm
        .namedtuple_parts(obj)
        .ok_or_else(|| PyErr::type_error("_replace() needs a namedtuple"))?;
    let mut unexpected = Vec::new();
    for (k, v) in &a.kw {
        match fields.iter().position(|f| f == k) {
            Some(i) => values[i] = *v,
            None => unexpected.push(crate::vm::repr::str_repr(k)),
        }
    }
    if !unexpected.is_empty() {
        // a TypeError since Python 3.14 (a ValueError before)
        return Err(PyErr::type_error(format!(
            "Got unexpected field names: [{}]",
            unexpected.join(", ")
        )));
    }
    let cls = vm.user_class_of(obj).expect("an instance");
    vm.call_value(Value::Ref(cls), values, Vec::new())
}

fn nt_make(vm: &mut Vm, a: Args) -> PyResult<Value> {
    a.check(2, 2, &[])?;
    let values = vm.collect_iterable(a.pos[1])?;
    // `tuple.__new__(cls, iterable)`, then the length check of CPython's `_make`
    let fields = match a.pos[0] {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Class(c) => c.namedtuple.as_ref().map(|(f, _)| f.len()),
            _ => None,
        },
        _ => None,
    };
    if let Some(n) = fields.filter(|&n| n != values.len()) {
        return Err(PyErr::type_error(format!(
            "Expected {n} arguments, got {}",
            values.len()
        )));
    }
    vm.call_value(a.pos[0], values, Vec::new())
}

/// `nt.__getnewargs__()`: the values as a plain tuple.
fn nt_getnewargs(vm: &mut Vm, a: Args) -> PyResult<Value> {
    a.check(1, 1, &[])?;
    let (_, values) = vm
        .namedtuple_parts(a.pos[0])
        .ok_or_else(|| PyErr::type_error("__getnewargs__() needs a namedtuple"))?;
    Ok(vm.new_tuple(values))
}

fn init(_vm: &mut Vm, _attrs: &mut Vec<(String, Value)>) {}

pub static MODULE: ModuleDef = ModuleDef {
    name: "collections",
    funcs: &[
        NativeFn {
            name: "defaultdict",
            call: defaultdict,
        },
        NativeFn {
            name: "Counter",
            call: counter,
        },
        NativeFn {
            name: "OrderedDict",
            call: ordereddict,
        },
        NativeFn {
            name: "deque",
            call: deque,
        },
        NativeFn {
            name: "namedtuple",
            call: namedtuple,
        },
        NativeFn {
            name: "_asdict",
            call: nt_asdict,
        },
        NativeFn {
            name: "_replace",
            call: nt_replace,
        },
        NativeFn {
            name: "_make",
            call: nt_make,
        },
        NativeFn {
            name: "__getnewargs__",
            call: nt_getnewargs,
        },
    ],
    init,
};

pub(super) fn dict_kind(vm: &Vm, v: Value) -> Option<DictKind> {
    match v {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Dict(d) => Some(d.kind),
            _ => None,
        },
        _ => None,
    }
}

/// `Counter.update` (`sign` 1) / `subtract` (-1) from a mapping's
/// entries, as CPython: an empty counter takes an update's counts as they
/// are, otherwise `self[k] = count + self.get(k, 0)` (update) or
/// `self[k] = self.get(k, 0) - count` (subtract).
fn counter_update_mapping(
    vm: &mut Vm,
    counter: Value,
    entries: Vec<(Value, Value)>,
    sign: i64,
) -> PyResult<()> {
    use crate::compile::bytecode::BinOp;
    let Value::Ref(id) = counter else {
        return Ok(());
    };
    let empty = matches!(vm.heap.get(id), Obj::Dict(d) if d.is_empty());
    for (k, n) in entries {
        let hk = vm.hash_key_in(id, k)?;
        let new = if sign > 0 && empty {
            n
        } else {
            let cur = match vm.heap.get(id) {
                Obj::Dict(d) => d.get(&hk).unwrap_or(Value::Int(0)),
                _ => Value::Int(0),
            };
            if sign > 0 {
                vm.binary_op(BinOp::Add, n, cur, false)?
            } else {
                vm.binary_op(BinOp::Sub, cur, n, false)?
            }
        };
        if let Obj::Dict(d) = vm.heap.get_mut(id) {
            d.insert(hk, k, new);
        }
    }
    Ok(())
}

/// Counts the items of an iterable (`self[e] = self.get(e, 0) + 1`, or
/// `- 1` to subtract), or adds a mapping's counts.
fn counter_update(vm: &mut Vm, counter: Value, src: Value, sign: i64) -> PyResult<()> {
    use crate::compile::bytecode::BinOp;
    if let Value::Ref(sid) = src {
        if let Obj::Dict(d) = vm.heap.get(sid) {
            let entries: Vec<(Value, Value)> = d.entries().collect();
            return counter_update_mapping(vm, counter, entries, sign);
        }
    }
    let Value::Ref(id) = counter else {
        return Ok(());
    };
    for item in vm.collect_iterable(src)? {
        let hk = vm.hash_key_in(id, item)?;
        let cur = match vm.heap.get(id) {
            Obj::Dict(d) => d.get(&hk).unwrap_or(Value::Int(0)),
            _ => Value::Int(0),
        };
        let op = if sign > 0 { BinOp::Add } else { BinOp::Sub };
        let new = vm.binary_op(op, cur, Value::Int(1), false)?;
        if let Obj::Dict(d) = vm.heap.get_mut(id) {
            d.insert(hk, item, new);
        }
    }
    Ok(())
}

/// Keyword arguments as mapping entries (`Counter(a=1)`).
fn kw_entries(vm: &mut Vm, kw: &[(String, Value)]) -> Vec<(Value, Value)> {
    kw.iter()
        .map(|(k, v)| (vm.new_str(k.clone()), *v))
        .collect()
}

impl Vm {
    /// What a `dict` subclass does for a missing key: `None` to raise
    /// `KeyError` (plain dicts and OrderedDict).
    pub fn dict_missing(&mut self, id: ObjId, key: Value) -> PyResult<Option<Value>> {
        let kind = match self.heap.get(id) {
            Obj::Dict(d) => d.kind,
            _ => return Ok(None),
        };
        match kind {
            DictKind::Counter => Ok(Some(Value::Int(0))),
            DictKind::DefaultDict(f) if !f.is_none() => {
                let v = self.call_value(f, Vec::new(), Vec::new())?;
                let hk = self.hash_key_in(id, key)?;
                if let Obj::Dict(d) = self.heap.get_mut(id) {
                    d.insert(hk, key, v);
                }
                Ok(Some(v))
            }
            _ => Ok(None),
        }
    }

    /// The class name of a `dict` subclass.
    pub fn dict_kind_name(kind: DictKind) -> &'static str {
        match kind {
            DictKind::Plain => "dict",
            DictKind::DefaultDict(_) => "collections.defaultdict",
            DictKind::Counter => "Counter",
            DictKind::OrderedDict => "OrderedDict",
        }
    }

    /// `repr()` of a `dict` subclass, given the plain dict repr.
    pub fn dict_kind_repr(&mut self, kind: DictKind, id: ObjId, plain: String) -> PyResult<String> {
        Ok(match kind {
            DictKind::Plain => plain,
            DictKind::DefaultDict(f) => {
                let fr = self.repr(f)?;
                format!("defaultdict({fr}, {plain})")
            }
            DictKind::OrderedDict => {
                if plain == "{}" {
                    "OrderedDict()".into()
                } else {
                    format!("OrderedDict({plain})")
                }
            }
            DictKind::Counter => {
                let items = self.most_common(id, None)?;
                if items.is_empty() {
                    return Ok("Counter()".into());
                }
                let mut out = String::from("Counter({");
                for (i, (k, v)) in items.into_iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push_str(&self.repr(k)?);
                    out.push_str(": ");
                    out.push_str(&self.repr(v)?);
                }
                out.push_str("})");
                out
            }
        })
    }

    /// Counter entries by descending count (stable for ties).
    fn most_common(&mut self, id: ObjId, n: Option<usize>) -> PyResult<Vec<(Value, Value)>> {
        let entries: Vec<(Value, Value)> = match self.heap.get(id) {
            Obj::Dict(d) => d.entries().collect(),
            _ => Vec::new(),
        };
        if n == Some(0) {
            return Ok(Vec::new());
        }
        let mut idx: Vec<usize> = (0..entries.len()).collect();
        let mut err = None;
        let counts: Vec<Value> = entries.iter().map(|e| e.1).collect();
        crate::builtins::sort::merge_sort(&mut idx, &mut |a: &usize, b: &usize| match self
            .compare_op(CmpOp::Gt, counts[*a], counts[*b])
        {
            Ok(v) => Ok(matches!(v, Value::Bool(true))),
            Err(e) => {
                err = Some(e.clone());
                Err(e)
            }
        })?;
        if let Some(e) = err {
            return Err(e);
        }
        // below the length CPython ranks with heapq.nlargest over the live
        // items, whose iterator sees a resize made by a comparison
        let live = match self.heap.get(id) {
            Obj::Dict(d) => d.len(),
            _ => 0,
        };
        if n.is_some_and(|n| n < entries.len()) && live != entries.len() {
            return Err(PyErr::new(
                ExcType::RuntimeError,
                "dictionary changed size during iteration",
            ));
        }
        let mut out: Vec<(Value, Value)> = idx.into_iter().map(|i| entries[i]).collect();
        if let Some(n) = n {
            out.truncate(n);
        }
        Ok(out)
    }

    /// Whether a `dict` subclass has method `name`.
    pub fn dict_kind_has_method(kind: DictKind, name: &str) -> bool {
        match kind {
            DictKind::Counter => matches!(
                name,
                "most_common" | "elements" | "subtract" | "total" | "__missing__"
            ),
            DictKind::OrderedDict => name == "move_to_end",
            DictKind::DefaultDict(_) => name == "__missing__",
            DictKind::Plain => false,
        }
    }

    /// Methods specific to `Counter`/`OrderedDict` (and their overrides of
    /// `update`/`popitem`); `None` to use the plain dict method.
    pub fn dict_kind_method(&mut self, id: ObjId, name: &str, a: &Args) -> PyResult<Option<Value>> {
        let Some(kind) = dict_kind(self, Value::Ref(id)) else {
            return Ok(None);
        };
        let me = Value::Ref(id);
        Ok(Some(match (kind, name) {
            (DictKind::Counter, "most_common") => {
                a.check(0, 1, &["n"])?;
                let n = match a.get(0, "n") {
                    None | Some(Value::None) => None,
                    Some(v) => {
                        let b = self.bigint_arg(v)?;
                        Some(
                            num_traits::ToPrimitive::to_usize(&b.max(num_bigint::BigInt::from(0)))
                                .unwrap_or(usize::MAX),
                        )
                    }
                };
                let items = self.most_common(id, n)?;
                let tuples: Vec<Value> = items
                    .into_iter()
                    .map(|(k, v)| self.new_tuple(vec![k, v]))
                    .collect();
                self.new_list(tuples)
            }
            (DictKind::Counter, "elements") => {
                a.check(0, 0, &[])?;
                let entries: Vec<(Value, Value)> = match self.heap.get(id) {
                    Obj::Dict(d) => d.entries().collect(),
                    _ => Vec::new(),
                };
                let mut out = Vec::new();
                for (k, n) in entries {
                    let n = self.index_arg(n)?;
                    for _ in 0..n.max(0) {
                        out.push(k);
                    }
                }
                let l = self.new_list(out);
                self.get_iter(l)?
            }
            (DictKind::DefaultDict(_) | DictKind::Counter, "__missing__") => {
                a.check(1, 1, &[])?;
                match self.dict_missing(id, a.pos[0])? {
                    Some(v) => v,
                    None => return Err(PyErr::New(ExcType::KeyError, vec![a.pos[0]])),
                }
            }
            (DictKind::Counter, "update" | "subtract") => {
                // Python-level methods in CPython: `update(self, iterable=None, /, **kwds)`
                if a.pos.len() > 1 {
                    return Err(PyErr::type_error(format!(
                        "Counter.{name}() takes from 1 to 2 positional arguments but {} were given",
                        a.pos.len() + 1
                    )));
                }
                let sign = if name == "update" { 1 } else { -1 };
                if let Some(&src) = a.pos.first().filter(|v| !v.is_none()) {
                    counter_update(self, me, src, sign)?;
                }
                if !a.kw.is_empty() {
                    let entries = kw_entries(self, &a.kw);
                    counter_update_mapping(self, me, entries, sign)?;
                }
                Value::None
            }
            (DictKind::Counter, "total") => {
                a.check(0, 0, &[])?;
                let counts: Vec<Value> = match self.heap.get(id) {
                    Obj::Dict(d) => d.entries().map(|e| e.1).collect(),
                    _ => Vec::new(),
                };
                let mut t = Value::Int(0);
                for c in counts {
                    t = self.binary_op(crate::compile::bytecode::BinOp::Add, t, c, false)?;
                }
                t
            }
            (DictKind::OrderedDict, "move_to_end") => {
                a.check(1, 2, &["last"])?;
                let last = match a.get(1, "last") {
                    Some(v) => self.truthy(v)?,
                    None => true,
                };
                let hk = self.hash_key_in(id, a.pos[0])?;
                let moved = match self.heap.get_mut(id) {
                    Obj::Dict(d) => d.move_to_end(&hk, last),
                    _ => false,
                };
                if !moved {
                    return Err(PyErr::New(ExcType::KeyError, vec![a.pos[0]]));
                }
                Value::None
            }
            (DictKind::OrderedDict, "popitem") => {
                a.check(0, 1, &["last"])?;
                let last = match a.get(0, "last") {
                    Some(v) => self.truthy(v)?,
                    None => true,
                };
                let item = match self.heap.get_mut(id) {
                    Obj::Dict(d) => {
                        if last {
                            d.pop_last()
                        } else {
                            d.pop_first()
                        }
                    }
                    _ => None,
                };
                match item {
                    Some((k, v)) => self.new_tuple(vec![k, v]),
                    None => return Err(PyErr::new(ExcType::KeyError, "dictionary is empty")),
                }
            }
            _ => return Ok(None),
        }))
    }

    /// The class of a dict of a `collections` kind (`type(Counter())`).
    /// (See [`dict_class_kind`] for the reverse.)
    pub fn dict_kind_class(kind: DictKind) -> Option<NativeId> {
        Some(native(match kind {
            DictKind::Plain => return None,
            DictKind::DefaultDict(_) => F_DEFAULTDICT,
            DictKind::Counter => F_COUNTER,
            DictKind::OrderedDict => F_ORDEREDDICT,
        }))
    }

    /// `isinstance(v, collections.X)`.
    pub fn collections_isinstance(&mut self, v: Value, t: NativeId) -> Option<bool> {
        if t.module != index() {
            return None;
        }
        let kind = dict_kind(self, v);
        Some(match t.func {
            F_DEFAULTDICT => matches!(kind, Some(DictKind::DefaultDict(_))),
            F_COUNTER => kind == Some(DictKind::Counter),
            F_ORDEREDDICT => kind == Some(DictKind::OrderedDict),
            F_DEQUE => {
                matches!(v, Value::Ref(id) if matches!(self.heap.get(id), Obj::Native(NativeObj::Deque { .. })))
            }
            _ => return None,
        })
    }

    /// The namedtuple fields and values of an instance, if it is one.
    pub fn namedtuple_parts(&self, v: Value) -> Option<(Vec<String>, Vec<Value>)> {
        let cls = self.user_class_of(v)?;
        let fields = self
            .class(cls)
            .mro
            .iter()
            .find_map(|c| self.class(*c).namedtuple.clone())?
            .0;
        let Value::Ref(id) = v else { return None };
        let Obj::Instance(i) = self.heap.get(id) else {
            return None;
        };
        let values = fields
            .iter()
            .map(|f| i.attrs.get_str(f).unwrap_or(Value::None))
            .collect();
        Some((fields, values))
    }

    /// A namedtuple instance as a plain tuple, for `+`/`*` (unless its
    /// class defines the operator itself); `None` for other values.
    pub fn namedtuple_as_tuple(
        &mut self,
        v: Value,
        op: crate::compile::bytecode::BinOp,
    ) -> Option<Value> {
        let cls = self.user_class_of(v)?;
        let (_, values) = self.namedtuple_parts(v)?;
        let dunders: &[&str] = match op {
            crate::compile::bytecode::BinOp::Add => &["__add__", "__radd__"],
            _ => &["__mul__", "__rmul__"],
        };
        if dunders.iter().any(|d| self.class_lookup(cls, d).is_some()) {
            return None;
        }
        Some(self.new_tuple(values))
    }

    /// The namedtuple info of a class (or of an ancestor).
    pub fn namedtuple_info(&self, cls: ObjId) -> Option<(Vec<String>, Vec<Value>)> {
        self.class(cls)
            .mro
            .iter()
            .find_map(|c| self.class(*c).namedtuple.clone())
    }

    /// Creating a namedtuple instance: binds arguments to fields.
    pub fn namedtuple_init(
        &mut self,
        cls: ObjId,
        inst: Value,
        args: Vec<Value>,
        kwargs: Vec<(String, Value)>,
    ) -> PyResult<()> {
        let (fields, defaults) = self.namedtuple_info(cls).expect("a namedtuple class");
        let name = self.class(cls).name.clone();
        if args.len() > fields.len() {
            return Err(PyErr::type_error(format!(
                "{name}.__new__() takes {} positional arguments but {} were given",
                fields.len() + 1,
                args.len() + 1
            )));
        }
        let mut values: Vec<Option<Value>> = vec![None; fields.len()];
        for (i, v) in args.into_iter().enumerate() {
            values[i] = Some(v);
        }
        for (k, v) in kwargs {
            match fields.iter().position(|f| *f == k) {
                Some(i) if values[i].is_none() => values[i] = Some(v),
                Some(_) => {
                    return Err(PyErr::type_error(format!(
                        "{name}.__new__() got multiple values for argument '{k}'"
                    )))
                }
                None => {
                    return Err(PyErr::type_error(format!(
                        "{name}.__new__() got an unexpected keyword argument '{k}'"
                    )))
                }
            }
        }
        let first_default = fields.len() - defaults.len();
        let mut missing = Vec::new();
        for (i, v) in values.iter_mut().enumerate() {
            if v.is_none() {
                if i >= first_default {
                    *v = Some(defaults[i - first_default]);
                } else {
                    missing.push(format!("'{}'", fields[i]));
                }
            }
        }
        if !missing.is_empty() {
            let list = match missing.len() {
                1 => missing[0].clone(),
                2 => format!("{} and {}", missing[0], missing[1]),
                n => format!("{}, and {}", missing[..n - 1].join(", "), missing[n - 1]),
            };
            let s = if missing.len() == 1 { "" } else { "s" };
            return Err(PyErr::type_error(format!(
                "{name}.__new__() missing {} required positional argument{s}: {list}",
                missing.len()
            )));
        }
        for (f, v) in fields.iter().zip(values) {
            self.raw_set_attr(inst, f, v.expect("filled"));
        }
        Ok(())
    }

    /// Tuple behaviour of namedtuple instances for special methods the
    /// class does not define; `None` if not applicable.
    pub fn namedtuple_dunder(
        &mut self,
        obj: Value,
        name: &str,
        args: &[Value],
    ) -> PyResult<Option<Value>> {
        let Some((fields, values)) = self.namedtuple_parts(obj) else {
            return Ok(None);
        };
        let t = self.new_tuple(values.clone());
        Ok(Some(match name {
            "__getitem__" => self.get_item(t, args[0])?,
            "__len__" => Value::Int(values.len() as i64),
            "__iter__" => self.get_iter(t)?,
            "__contains__" => Value::Bool(self.contains(t, args[0])?),
            "__hash__" => {
                let k = self.hash_key(t)?;
                let mut h = rustc_hash::FxHasher::default();
                std::hash::Hash::hash(&k, &mut h);
                Value::Int((std::hash::Hasher::finish(&h) >> 2) as i64)
            }
            "__eq__" | "__lt__" | "__le__" | "__gt__" | "__ge__" | "__ne__" => {
                let other = match self.namedtuple_parts(args[0]) {
                    Some((_, ov)) => self.new_tuple(ov),
                    None => args[0],
                };
                // tuple's comparisons take tuples only: anything else is
                // NotImplemented, so the error names the original operands
                let other_is_tuple =
                    matches!(other, Value::Ref(id) if matches!(self.heap.get(id), Obj::Tuple(_)));
                if !other_is_tuple {
                    return Ok(Some(Value::Builtin(
                        crate::builtins::Builtin::NotImplemented,
                    )));
                }
                let op = match name {
                    "__eq__" => CmpOp::Eq,
                    "__ne__" => CmpOp::Ne,
                    "__lt__" => CmpOp::Lt,
                    "__le__" => CmpOp::Le,
                    "__gt__" => CmpOp::Gt,
                    _ => CmpOp::Ge,
                };
                self.compare_op(op, t, other)?
            }
            "__repr__" => {
                let cname = self.class_name(obj);
                let mut out = format!("{cname}(");
                for (i, (f, v)) in fields.iter().zip(values).enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push_str(f);
                    out.push('=');
                    out.push_str(&self.repr(v)?);
                }
                out.push(')');
                self.new_str(out)
            }
            _ => return Ok(None),
        }))
    }

    /// `nt._asdict` / `nt._replace` bound to the instance, `Cls._make`.
    pub fn namedtuple_attr(&mut self, obj: Value, name: &str) -> Option<Value> {
        let func = match name {
            "_asdict" => F_NT_ASDICT,
            "_replace" => F_NT_REPLACE,
            "_make" => F_NT_MAKE,
            "__getnewargs__" => F_NT_GETNEWARGS,
            "index" | "count" => {
                // the tuple methods, run on the instance's values
                let (_, values) = self.namedtuple_parts(obj)?;
                let t = self.new_tuple(values);
                return Some(self.heap.new_value(Obj::BuiltinMethod(t, name.to_string())));
            }
            _ => return None,
        };
        let is_nt = match obj {
            Value::Ref(id) if matches!(self.heap.get(id), Obj::Class(_)) => {
                self.namedtuple_info(id).is_some()
            }
            _ => self.namedtuple_parts(obj).is_some(),
        };
        if !is_nt {
            return None;
        }
        Some(self.heap.new_value(Obj::BoundNative {
            func: native(func),
            bound: vec![obj],
            name: name.to_string(),
        }))
    }
}

/// Methods of `deque`.
pub const DEQUE_METHODS: &[&str] = &[
    "append",
    "appendleft",
    "pop",
    "popleft",
    "extend",
    "extendleft",
    "rotate",
    "clear",
    "count",
    "index",
    "remove",
    "reverse",
    "copy",
    "insert",
];

impl Vm {
    fn deque_items(&mut self, id: ObjId) -> (&mut VecDeque<Value>, Option<usize>) {
        match self.heap.get_mut(id) {
            Obj::Native(NativeObj::Deque { items, maxlen }) => (items, *maxlen),
            _ => unreachable!("a deque"),
        }
    }

    pub fn deque_method(
        &mut self,
        id: ObjId,
        name: &str,
        pos: Vec<Value>,
        kw: crate::vm::call::Kwargs,
    ) -> PyResult<Option<Value>> {
        let a = Args::new("deque", pos, kw);
        let empty =
            |what: &str| PyErr::new(ExcType::IndexError, format!("{what} from an empty deque"));
        Ok(Some(match name {
            "append" | "appendleft" => {
                a.check(1, 1, &[])?;
                let (items, maxlen) = self.deque_items(id);
                push_bounded(items, maxlen, a.pos[0], name == "append");
                Value::None
            }
            "extend" | "extendleft" => {
                a.check(1, 1, &[])?;
                let new = self.collect_iterable(a.pos[0])?;
                let (items, maxlen) = self.deque_items(id);
                for v in new {
                    push_bounded(items, maxlen, v, name == "extend");
                }
                Value::None
            }
            "pop" => {
                a.check(0, 0, &[])?;
                self.deque_items(id)
                    .0
                    .pop_back()
                    .ok_or_else(|| empty("pop"))?
            }
            "popleft" => {
                a.check(0, 0, &[])?;
                self.deque_items(id)
                    .0
                    .pop_front()
                    .ok_or_else(|| empty("pop"))?
            }
            "rotate" => {
                a.check(0, 1, &[])?;
                let n = match a.pos.first() {
                    Some(v) => self.index_arg(*v)?,
                    None => 1,
                };
                let items = self.deque_items(id).0;
                let len = items.len() as i64;
                if len > 0 {
                    let k = n.rem_euclid(len) as usize;
                    items.rotate_right(k);
                }
                Value::None
            }
            "clear" => {
                a.check(0, 0, &[])?;
                self.deque_items(id).0.clear();
                Value::None
            }
            "reverse" => {
                a.check(0, 0, &[])?;
                let items = self.deque_items(id).0;
                let v: Vec<Value> = items.drain(..).rev().collect();
                items.extend(v);
                Value::None
            }
            "copy" => {
                a.check(0, 0, &[])?;
                let (items, maxlen) = self.deque_items(id);
                let items = items.clone();
                self.heap
                    .new_value(Obj::Native(NativeObj::Deque { items, maxlen }))
            }
            "insert" => {
                a.check(2, 2, &[])?;
                let i = self.index_arg(a.pos[0])?;
                let (items, maxlen) = self.deque_items(id);
                if maxlen.is_some_and(|m| items.len() >= m) {
                    return Err(PyErr::new(
                        ExcType::IndexError,
                        "deque already at its maximum size",
                    ));
                }
                let n = items.len() as i64;
                let at = if i < 0 { (i + n).max(0) } else { i.min(n) } as usize;
                items.insert(at, a.pos[1]);
                Value::None
            }
            "count" | "index" | "remove" => {
                a.check(1, if name == "index" { 3 } else { 1 }, &[])?;
                let mut pos = vec![a.pos[0]];
                pos.extend(crate::builtins::methods::list::sequence_bounds(
                    self,
                    &a.pos[1..],
                )?);
                let bounds = Args::new(a.name, pos, Vec::new());
                let n = self.deque_items(id).0.len();
                let (start, end) = crate::builtins::methods::clamp_range(self, &bounds, 1, n)?;
                let (start, end) = if name == "index" {
                    (start, end)
                } else {
                    (0, n)
                };
                let mut found = None;
                let mut count = 0;
                // Items are compared live, as CPython does; an `__eq__` that
                // resizes the deque ends the search with an error.
                for i in start..end.min(n) {
                    let Some(v) = self.deque_items(id).0.get(i).copied() else {
                        break;
                    };
                    let eq = self.same_object(v, a.pos[0]) || self.py_eq(v, a.pos[0])?;
                    if eq && name == "index" {
                        found = Some(i);
                        break;
                    }
                    if self.deque_items(id).0.len() != n {
                        let kind = if name == "remove" {
                            ExcType::IndexError
                        } else {
                            ExcType::RuntimeError
                        };
                        return Err(PyErr::new(kind, DEQUE_MUTATED));
                    }
                    if eq {
                        count += 1;
                        if name == "remove" {
                            found = Some(i);
                            break;
                        }
                    }
                }
                match name {
                    "count" => Value::Int(count),
                    "index" => match found {
                        Some(i) => Value::Int(i as i64),
                        None => {
                            return Err(PyErr::value_error("deque.index(x): x not in deque"));
                        }
                    },
                    _ => match found {
                        Some(i) => {
                            self.deque_items(id).0.remove(i);
                            Value::None
                        }
                        None => return Err(PyErr::value_error("deque.remove(x): x not in deque")),
                    },
                }
            }
            _ => return Ok(None),
        }))
    }

    pub fn deque_repr(&mut self, id: ObjId) -> PyResult<String> {
        let (items, maxlen) = self.deque_items(id);
        let items: Vec<Value> = items.iter().copied().collect();
        let l = self.new_list(items);
        let inner = self.repr(l)?;
        Ok(match maxlen {
            Some(m) => format!("deque({inner}, maxlen={m})"),
            None => format!("deque({inner})"),
        })
    }

    /// `x in deque`: items compared live; after a compare that did not
    /// match, a resized deque raises `RuntimeError` (as CPython).
    pub fn deque_contains(&mut self, id: ObjId, x: Value) -> PyResult<bool> {
        let n = self.deque_items(id).0.len();
        for i in 0..n {
            let Some(v) = self.deque_items(id).0.get(i).copied() else {
                break;
            };
            if self.same_object(v, x) || self.py_eq(v, x)? {
                return Ok(true);
            }
            if self.deque_items(id).0.len() != n {
                return Err(PyErr::new(ExcType::RuntimeError, DEQUE_MUTATED));
            }
        }
        Ok(false)
    }

    /// `deque == deque` and the orderings, as CPython: sizes first for
    /// `==`/`!=`, then the first pair of unequal items decides; stepping
    /// past an item of a deque that was resized meanwhile (by an item's
    /// `__eq__`) raises `RuntimeError`.
    pub fn deque_compare(&mut self, op: CmpOp, a: Value, b: Value) -> PyResult<Option<bool>> {
        let deque_id = |vm: &Vm, v: Value| match v {
            Value::Ref(id) if matches!(vm.heap.get(id), Obj::Native(NativeObj::Deque { .. })) => {
                Some(id)
            }
            _ => None,
        };
        let (Some(x), Some(y)) = (deque_id(self, a), deque_id(self, b)) else {
            return Ok(None);
        };
        let (nx, ny) = (self.deque_items(x).0.len(), self.deque_items(y).0.len());
        if nx != ny && matches!(op, CmpOp::Eq | CmpOp::Ne) {
            return Ok(Some(op == CmpOp::Ne));
        }
        // deques of deques recurse through this hook: bound it
        if self.compare_nesting >= MAX_DEQUE_COMPARE_NESTING {
            return Err(PyErr::new(
                ExcType::RecursionError,
                "maximum recursion depth exceeded in comparison",
            ));
        }
        self.compare_nesting += 1;
        let r = self.deque_compare_items(op, (x, nx), (y, ny));
        self.compare_nesting -= 1;
        r.map(Some)
    }

    fn deque_compare_items(
        &mut self,
        op: CmpOp,
        (x, nx): (ObjId, usize),
        (y, ny): (ObjId, usize),
    ) -> PyResult<bool> {
        let mut i = 0;
        loop {
            let next = |vm: &mut Vm, id: ObjId, n: usize| -> PyResult<Option<Value>> {
                let items = vm.deque_items(id).0;
                if items.len() != n {
                    return Err(PyErr::new(ExcType::RuntimeError, DEQUE_MUTATED));
                }
                Ok(items.get(i).copied())
            };
            let u = next(self, x, nx)?;
            let v = next(self, y, ny)?;
            let (Some(u), Some(v)) = (u, v) else { break };
            let mark = self.stack.len();
            self.stack.extend([u, v]);
            let eq = if self.same_object(u, v) {
                Ok(true)
            } else {
                self.py_eq(u, v)
            };
            let r = match eq {
                Ok(true) => None,
                Ok(false) => Some(self.compare_op(op, u, v).and_then(|r| self.truthy(r))),
                Err(e) => Some(Err(e)),
            };
            self.stack.truncate(mark);
            if let Some(r) = r {
                return r;
            }
            i += 1;
        }
        Ok(crate::vm::ops::cmp_ints(op, nx as i64, ny as i64))
    }
}

/// CPython's message when a deque changes size under a search or compare.
const DEQUE_MUTATED: &str = "deque mutated during iteration";

/// The dict kind `collections` class `t` makes, if it is one of the dict
/// classes.
pub fn dict_class_kind(t: NativeId) -> Option<DictKind> {
    if t.module != index() {
        return None;
    }
    Some(match t.func {
        F_DEFAULTDICT => DictKind::DefaultDict(Value::None),
        F_COUNTER => DictKind::Counter,
        F_ORDEREDDICT => DictKind::OrderedDict,
        _ => return None,
    })
}
