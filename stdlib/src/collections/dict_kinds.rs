//! The dict kinds of `collections`: `defaultdict`, `Counter` and
//! `OrderedDict` are real dicts tagged with a [`DictKind`], so every plain
//! dict operation applies; this file owns their constructors, `__missing__`,
//! `repr()`, and each kind's method table ([`methods_of`]): the methods
//! only they have (`most_common`, `elements`, `subtract`, `total`,
//! `move_to_end`), their overrides of dict's (`Counter.update`,
//! `OrderedDict.popitem`) and `Counter`'s operators as special methods
//! (their arithmetic is in `counter_ops.rs`), which the VM finds there.

use super::counter_ops::CounterVm;
use crate::builtins::native::Method;
use crate::builtins::Args;
use crate::object::{Dict, DictKind, ExcType, HashKey, Obj, ObjId, Value};
use crate::vm::{PyErr, PyResult, Vm};
use monty_compile::bytecode::{BinOp, CmpOp};

fn new_dict(vm: &mut Vm, kind: DictKind, a: &Args, skip: usize) -> PyResult<Value> {
    let mut d = Dict::new();
    d.kind = kind;
    let v = vm.heap.new_value(Obj::Dict(Box::new(d)));
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

pub(super) fn defaultdict(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let factory = a.pos.first().copied().unwrap_or(Value::None);
    if !factory.is_none() {
        let c = crate::builtins::dispatch::call_builtin(
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

pub(super) fn counter(vm: &mut Vm, a: Args) -> PyResult<Value> {
    new_dict_from_one_source(vm, DictKind::Counter, &a)
}

pub(super) fn ordereddict(vm: &mut Vm, a: Args) -> PyResult<Value> {
    new_dict_from_one_source(vm, DictKind::OrderedDict, &a)
}

/// `Counter(...)` / `OrderedDict(...)`: at most one positional source,
/// then keyword items.
fn new_dict_from_one_source(vm: &mut Vm, kind: DictKind, a: &Args) -> PyResult<Value> {
    if a.pos.len() > 1 {
        return Err(PyErr::type_error(format!(
            "expected at most 1 argument, got {}",
            a.pos.len()
        )));
    }
    new_dict(vm, kind, a, 0)
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
    use monty_compile::bytecode::BinOp;
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
    use monty_compile::bytecode::BinOp;
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

/// The dict subclasses on the VM (`OrderedDict`, `defaultdict`,
/// `Counter`): methods, repr, `__missing__`.
///
/// An extension trait: the VM type lives in `monty-vm`, so the library
/// adds its methods through traits (brought into scope where used).
pub trait DictKindsVm {
    /// What a `dict` subclass does for a missing key: `None` to raise
    /// `KeyError` (plain dicts and OrderedDict).
    fn dict_missing(&mut self, id: ObjId, key: Value) -> PyResult<Option<Value>>;

    /// The class name of a `dict` subclass.
    fn dict_kind_name(kind: DictKind) -> &'static str;

    /// `repr()` of a `dict` subclass, given the plain dict repr.
    fn dict_kind_repr(&mut self, kind: DictKind, id: ObjId, plain: String) -> PyResult<String>;

    /// Counter entries by descending count (stable for ties).
    fn most_common(&mut self, id: ObjId, n: Option<usize>) -> PyResult<Vec<(Value, Value)>>;
}

impl DictKindsVm for Vm {
    fn dict_missing(&mut self, id: ObjId, key: Value) -> PyResult<Option<Value>> {
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

    fn dict_kind_name(kind: DictKind) -> &'static str {
        match kind {
            DictKind::Plain => "dict",
            DictKind::DefaultDict(_) => "collections.defaultdict",
            DictKind::Counter => "Counter",
            DictKind::OrderedDict => "OrderedDict",
        }
    }

    fn dict_kind_repr(&mut self, kind: DictKind, id: ObjId, plain: String) -> PyResult<String> {
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
}

/// The method table of a dict kind: what it has beyond dict, its
/// overrides, its operators. Empty for a plain dict.
pub(crate) fn methods_of(kind: DictKind) -> &'static [Method] {
    match kind {
        DictKind::Counter => counter_methods(),
        DictKind::OrderedDict => ordereddict_methods(),
        DictKind::DefaultDict(_) => defaultdict_methods(),
        DictKind::Plain => &[],
    }
}

monty_vm::native_methods! {
    fn counter_methods;
    most_common, elements, update = counter_update_method, subtract, total, __missing__,
    __add__, __sub__, __or__, __and__, __iadd__, __isub__, __ior__, __iand__,
    __pos__, __neg__, __eq__, __ne__, __lt__, __le__, __gt__, __ge__,
}

monty_vm::native_methods! { fn ordereddict_methods; move_to_end, popitem }

monty_vm::native_methods! { fn defaultdict_methods; __missing__ }

/// The dict a kind's method was called on.
fn receiver(this: Value) -> ObjId {
    match this {
        Value::Ref(id) => id,
        _ => unreachable!("a dict kind's method receiver"),
    }
}

/// A result of `NotImplemented` for an operator's special method.
fn or_not_implemented(v: Option<Value>) -> Value {
    v.unwrap_or(Value::Builtin(crate::builtins::Builtin::NotImplemented))
}

/// `Counter.update` / `Counter.subtract`: Python-level methods in CPython,
/// `update(self, iterable=None, /, **kwds)`.
fn counter_add_from(
    vm: &mut Vm,
    this: Value,
    name: &str,
    pos: &[Value],
    kw: &[(String, Value)],
    sign: i64,
) -> PyResult<Value> {
    if pos.len() > 1 {
        return Err(PyErr::type_error(format!(
            "Counter.{name}() takes from 1 to 2 positional arguments but {} were given",
            pos.len() + 1
        )));
    }
    if let Some(&src) = pos.first().filter(|v| !v.is_none()) {
        counter_update(vm, this, src, sign)?;
    }
    if !kw.is_empty() {
        let entries = kw_entries(vm, kw);
        counter_update_mapping(vm, this, entries, sign)?;
    }
    Ok(Value::None)
}

native! {
    /// `Counter.most_common(n=None)`.
    def_method method most_common as "Counter.most_common"(vm, this, n?) {
        let n = match n {
            None | Some(Value::None) => None,
            Some(v) => {
                let b = vm.bigint_arg(v)?;
                Some(
                    num_traits::ToPrimitive::to_usize(&b.max(num_bigint::BigInt::from(0)))
                        .unwrap_or(usize::MAX),
                )
            }
        };
        let items = vm.most_common(receiver(this), n)?;
        let tuples: Vec<Value> = items
            .into_iter()
            .map(|(k, v)| vm.new_tuple(vec![k, v]))
            .collect();
        Ok(vm.new_list(tuples))
    }

    /// `Counter.elements()`.
    def_method method elements as "Counter.elements"(vm, this) {
        let entries: Vec<(Value, Value)> = match vm.heap.get(receiver(this)) {
            Obj::Dict(d) => d.entries().collect(),
            _ => Vec::new(),
        };
        let mut out = Vec::new();
        for (k, n) in entries {
            let n = vm.index_arg(n)?;
            for _ in 0..n.max(0) {
                out.push(k);
            }
        }
        let l = vm.new_list(out);
        vm.get_iter(l)
    }

    /// `defaultdict.__missing__(key, /)`, `Counter.__missing__(key, /)`.
    builtin method __missing__(vm, this, key, /) {
        match vm.dict_missing(receiver(this), key)? {
            Some(v) => Ok(v),
            None => Err(PyErr::New(ExcType::KeyError, vec![key])),
        }
    }

    /// `Counter.update(iterable=None, /, **kwds)`.
    builtin method counter_update_method(vm, this, *pos, **kwds) {
        counter_add_from(vm, this, "update", &pos, &kwds, 1)
    }

    /// `Counter.subtract(iterable=None, /, **kwds)`.
    builtin method subtract(vm, this, *pos, **kwds) {
        counter_add_from(vm, this, "subtract", &pos, &kwds, -1)
    }

    /// `Counter.total()`.
    def_method method total as "Counter.total"(vm, this) {
        let counts: Vec<Value> = match vm.heap.get(receiver(this)) {
            Obj::Dict(d) => d.entries().map(|e| e.1).collect(),
            _ => Vec::new(),
        };
        let mut t = Value::Int(0);
        for c in counts {
            t = vm.binary_op(BinOp::Add, t, c, false)?;
        }
        Ok(t)
    }

    /// `Counter.__add__(other, /)`: `NotImplemented` unless a Counter.
    builtin method __add__(vm, this, other, /) {
        Ok(or_not_implemented(vm.counter_binary(BinOp::Add, this, other, false)?))
    }

    /// `Counter.__sub__(other, /)`.
    builtin method __sub__(vm, this, other, /) {
        Ok(or_not_implemented(vm.counter_binary(BinOp::Sub, this, other, false)?))
    }

    /// `Counter.__or__(other, /)`.
    builtin method __or__(vm, this, other, /) {
        Ok(or_not_implemented(vm.counter_binary(BinOp::BitOr, this, other, false)?))
    }

    /// `Counter.__and__(other, /)`.
    builtin method __and__(vm, this, other, /) {
        Ok(or_not_implemented(vm.counter_binary(BinOp::BitAnd, this, other, false)?))
    }

    /// `Counter.__iadd__(other, /)`: any mapping on the right.
    builtin method __iadd__(vm, this, other, /) {
        Ok(or_not_implemented(vm.counter_binary(BinOp::Add, this, other, true)?))
    }

    /// `Counter.__isub__(other, /)`.
    builtin method __isub__(vm, this, other, /) {
        Ok(or_not_implemented(vm.counter_binary(BinOp::Sub, this, other, true)?))
    }

    /// `Counter.__ior__(other, /)`.
    builtin method __ior__(vm, this, other, /) {
        Ok(or_not_implemented(vm.counter_binary(BinOp::BitOr, this, other, true)?))
    }

    /// `Counter.__iand__(other, /)`.
    builtin method __iand__(vm, this, other, /) {
        Ok(or_not_implemented(vm.counter_binary(BinOp::BitAnd, this, other, true)?))
    }

    /// `+counter`: the positive counts.
    builtin method __pos__(vm, this) {
        Ok(or_not_implemented(vm.counter_unary(this, false)?))
    }

    /// `-counter`: the negative counts, negated.
    builtin method __neg__(vm, this) {
        Ok(or_not_implemented(vm.counter_unary(this, true)?))
    }

    /// `Counter.__eq__(other, /)`: `NotImplemented` unless a Counter.
    builtin method __eq__(vm, this, other, /) {
        counter_cmp(vm, CmpOp::Eq, this, other)
    }

    /// `Counter.__ne__(other, /)`.
    builtin method __ne__(vm, this, other, /) {
        counter_cmp(vm, CmpOp::Ne, this, other)
    }

    /// `Counter.__lt__(other, /)`.
    builtin method __lt__(vm, this, other, /) {
        counter_cmp(vm, CmpOp::Lt, this, other)
    }

    /// `Counter.__le__(other, /)`.
    builtin method __le__(vm, this, other, /) {
        counter_cmp(vm, CmpOp::Le, this, other)
    }

    /// `Counter.__gt__(other, /)`.
    builtin method __gt__(vm, this, other, /) {
        counter_cmp(vm, CmpOp::Gt, this, other)
    }

    /// `Counter.__ge__(other, /)`.
    builtin method __ge__(vm, this, other, /) {
        counter_cmp(vm, CmpOp::Ge, this, other)
    }

    /// `OrderedDict.move_to_end(key, last=True)`.
    clinic method move_to_end(vm, this, key, last?) {
        let id = receiver(this);
        let last = match last {
            Some(v) => vm.truthy(v)?,
            None => true,
        };
        let hk = vm.hash_key_in(id, key)?;
        let moved = match vm.heap.get_mut(id) {
            Obj::Dict(d) => d.move_to_end(&hk, last),
            _ => false,
        };
        if !moved {
            return Err(PyErr::New(ExcType::KeyError, vec![key]));
        }
        Ok(Value::None)
    }

    /// `OrderedDict.popitem(last=True)`.
    clinic method popitem(vm, this, last?) {
        let last = match last {
            Some(v) => vm.truthy(v)?,
            None => true,
        };
        let item = match vm.heap.get_mut(receiver(this)) {
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
            Some((k, v)) => Ok(vm.new_tuple(vec![k, v])),
            None => Err(PyErr::new(ExcType::KeyError, "dictionary is empty")),
        }
    }
}

/// A Counter comparison's result, `NotImplemented` unless both are Counters.
fn counter_cmp(vm: &mut Vm, op: CmpOp, this: Value, other: Value) -> PyResult<Value> {
    Ok(or_not_implemented(
        vm.counter_compare(op, this, other)?.map(Value::Bool),
    ))
}
