//! `functools`: `reduce`, `partial`, `lru_cache`/`cache`, `wraps`/
//! `update_wrapper`, `cmp_to_key` and `total_ordering`.
//!
//! The callables these return are bound natives ([`Obj::BoundNative`]): a
//! hidden function of this module with the values it needs bound in front
//! of the call's arguments. A `partial` binds `[func, *args]` (or
//! `[func, keywords, *args]`); an `lru_cache` wrapper binds
//! `[func, state]`, where `state` is a list `[hits, misses, maxsize,
//! typed, cache, spill]`: `cache` maps argument keys to results (in least
//! recently used order), `spill` counts extra entries under one key.
//! `cmp_to_key` builds instances of a small native class, `KeyWrapper`,
//! whose comparison methods call the comparison function;
//! `total_ordering` adds the missing comparison methods to a class as
//! bound natives.

mod cache;
mod order;

use super::util::rooted;
use super::{ModuleDef, NativeId};
use crate::builtins::{Args, Builtin};
use crate::object::{Dict, ExcType, HashKey, Obj, ObjId, Value};
use crate::vm::call::Kwargs;
use crate::vm::{as_str, PyErr, PyResult, Vm};

const PARTIAL_CLASS: u16 = 1;
const PARTIAL: u16 = 8;
const PARTIAL_KW: u16 = 9;
const LRU_WRAPPER: u16 = 10;
const LRU_DECORATOR: u16 = 11;
const WRAPS_DECORATOR: u16 = 12;
const CMP_KEY: u16 = 13;
const KEY_CMP: u16 = 14;
const TOTAL_OP: u16 = 15;
const CACHE_INFO: u16 = 16;
const CACHE_CLEAR: u16 = 17;
const CACHE_PARAMETERS: u16 = 18;

fn id(func: u16) -> NativeId {
    NativeId {
        module: super::module_index("functools"),
        func,
    }
}

fn bound_native(vm: &mut Vm, func: u16, bound: Vec<Value>, name: &str) -> Value {
    vm.heap.new_value(Obj::BoundNative {
        func: id(func),
        bound,
        name: name.into(),
    })
}

/// Splits the `n` bound values off a hidden function's arguments (the
/// hidden functions are reachable as module attributes, so a direct call
/// with too few arguments must fail cleanly).
fn split(a: Args, n: usize) -> PyResult<(Vec<Value>, Args)> {
    if a.pos.len() < n {
        return Err(PyErr::type_error(format!(
            "{}() is an internal function",
            a.name
        )));
    }
    let mut pos = a.pos;
    let rest = pos.split_off(n);
    Ok((pos, Args::new(a.name, rest, a.kw)))
}

fn callable(vm: &mut Vm, v: Value) -> PyResult<bool> {
    let r = vm.call_value(Value::Builtin(Builtin::Callable), vec![v], Vec::new())?;
    Ok(r == Value::Bool(true))
}

/// The hidden function and bound values of a bound native of this module.
fn parts(vm: &Vm, v: Value) -> Option<(u16, Vec<Value>)> {
    match v {
        Value::Ref(r) => match vm.heap.get(r) {
            Obj::BoundNative { func, bound, .. } if *func == id(func.func) => {
                Some((func.func, bound.clone()))
            }
            _ => None,
        },
        _ => None,
    }
}

native! {
    /// `functools.reduce(function, iterable, /, initial=<unset>)` (3.14's
    /// signature: `initial` may be passed by keyword).
    clinic fn reduce(vm, function, iterable, /, initial?) {
        reduce_of(vm, function, iterable, initial)
    }

    /// `functools.partial(func, /, *args, **keywords)`: CPython words a
    /// missing `func` its own way ("type 'partial' takes at least one
    /// argument").
    builtin fn partial(vm, *args, **keywords) {
        let Some(&first) = args.first() else {
            return Err(PyErr::type_error(
                "type 'partial' takes at least one argument",
            ));
        };
        partial_of(vm, first, &args[1..], keywords)
    }

    /// `update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS,
    /// updated=WRAPPER_UPDATES)`: copies the attributes named in
    /// `assigned` that `wrapped` has, updates those in `updated` from
    /// `wrapped`'s, sets `__wrapped__`; returns `wrapper`.
    def fn update_wrapper(vm, wrapper, wrapped, assigned?, updated?) {
        update_wrapper_of(vm, wrapper, wrapped, assigned, updated)
    }

    /// `wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS,
    /// updated=WRAPPER_UPDATES)`: `partial(update_wrapper, wrapped=wrapped,
    /// ...)`.
    def fn wraps(vm, wrapped, assigned?, updated?) {
        let undef = |v: Option<Value>| v.unwrap_or(Value::None);
        Ok(bound_native(
            vm,
            WRAPS_DECORATOR,
            vec![wrapped, undef(assigned), undef(updated)],
            "functools.partial",
        ))
    }
}

fn reduce_of(vm: &mut Vm, func: Value, iterable: Value, initial: Option<Value>) -> PyResult<Value> {
    let it = match vm.get_iter(iterable) {
        Ok(it) => it,
        Err(e) if vm.is_exc_kind(&e, ExcType::TypeError) => {
            return Err(PyErr::type_error("reduce() arg 2 must support iteration"))
        }
        Err(e) => return Err(e),
    };
    // the accumulator lives in a stack slot between calls
    let slot = vm.stack.len() + 2;
    rooted(vm, &[func, it, initial.unwrap_or(Value::None)], |vm| {
        let mut acc = initial;
        while let Some(item) = vm.iter_next(it)? {
            let next = match acc {
                None => item,
                Some(acc) => vm.call_value(func, vec![acc, item], Vec::new())?,
            };
            vm.stack[slot] = next;
            acc = Some(next);
        }
        acc.ok_or_else(|| PyErr::type_error("reduce() of empty iterable with no initial value"))
    })
}

/// `partial(first, *args, **kw)`.
fn partial_of(vm: &mut Vm, first: Value, more: &[Value], more_kw: Kwargs) -> PyResult<Value> {
    if !callable(vm, first)? {
        return Err(PyErr::type_error("the first argument must be callable"));
    }
    let (mut func, mut args, mut kw) = (first, Vec::new(), Vec::new());
    // a partial of a partial is flattened
    if let Some((which @ (PARTIAL | PARTIAL_KW), bound)) = parts(vm, first) {
        func = bound[0];
        let skip = if which == PARTIAL_KW {
            kw = dict_kwargs(vm, bound[1]);
            2
        } else {
            1
        };
        args.extend_from_slice(&bound[skip..]);
    }
    args.extend_from_slice(more);
    merge_kwargs(&mut kw, more_kw);
    Ok(make_partial(vm, func, args, kw))
}

/// A dict of keyword arguments as call keywords.
fn dict_kwargs(vm: &Vm, d: Value) -> Kwargs {
    match d {
        Value::Ref(r) => match vm.heap.get(r) {
            Obj::Dict(d) => d
                .entries()
                .map(|(k, v)| (as_str(&vm.heap, k).unwrap_or("").to_string(), v))
                .collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// `kw.update(more)`: replaced keys keep their place.
fn merge_kwargs(kw: &mut Kwargs, more: Kwargs) {
    for (k, v) in more {
        match kw.iter_mut().find(|(x, _)| *x == k) {
            Some(e) => e.1 = v,
            None => kw.push((k, v)),
        }
    }
}

fn kwargs_dict(vm: &mut Vm, kw: &Kwargs) -> Value {
    let mut d = Dict::new();
    for (k, v) in kw {
        let key = vm.new_str(k.as_str());
        d.insert(HashKey::Str(k.as_str().into()), key, *v);
    }
    vm.heap.new_value(Obj::Dict(Box::new(d)))
}

fn make_partial(vm: &mut Vm, func: Value, args: Vec<Value>, kw: Kwargs) -> Value {
    let mut bound = vec![func];
    let which = if kw.is_empty() {
        PARTIAL
    } else {
        let d = kwargs_dict(vm, &kw);
        bound.push(d);
        PARTIAL_KW
    };
    bound.extend(args);
    bound_native(vm, which, bound, "functools.partial")
}

/// Calling `partial(func, *args)`: `(func, *args, *call_args)`.
fn call_partial(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (bound, call) = split(a, 1)?;
    vm.call_value(bound[0], call.pos, call.kw)
}

/// Calling `partial(func, *args, **kw)`: `(func, kw, *args, *call_args)`.
fn call_partial_kw(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (bound, call) = split(a, 2)?;
    let mut kw = dict_kwargs(vm, bound[1]);
    merge_kwargs(&mut kw, call.kw);
    vm.call_value(bound[0], call.pos, kw)
}

fn wraps_decorator(vm: &mut Vm, a: Args) -> PyResult<Value> {
    match a.pos[..] {
        [wrapped, assigned, updated, wrapper] if a.kw.is_empty() => {
            let given = |v: Value| (!v.is_none()).then_some(v);
            update_wrapper_of(vm, wrapper, wrapped, given(assigned), given(updated))
        }
        _ => Err(PyErr::type_error(
            "update_wrapper() takes 1 positional argument",
        )),
    }
}

/// `WRAPPER_ASSIGNMENTS`.
const ASSIGNMENTS: &[&str] = &[
    "__module__",
    "__name__",
    "__qualname__",
    "__doc__",
    "__annotations__",
    "__type_params__",
];

/// The names of `assigned`/`updated`, or the defaults.
fn names_of(vm: &mut Vm, v: Option<Value>, default: &[&str]) -> PyResult<Vec<String>> {
    let Some(v) = v else {
        return Ok(default.iter().map(|s| (*s).to_owned()).collect());
    };
    let mut out = Vec::new();
    for n in vm.collect_iterable(v)? {
        out.push(vm.str_of(n)?);
    }
    Ok(out)
}

/// `getattr(obj, name)`, `None` on `AttributeError`.
fn attr_or_none(vm: &mut Vm, obj: Value, name: &str) -> PyResult<Option<Value>> {
    match vm.get_attr(obj, name) {
        Ok(v) => Ok(Some(v)),
        Err(e) if vm.is_exc_kind(&e, ExcType::AttributeError) => Ok(None),
        Err(e) => Err(e),
    }
}

/// `setattr(obj, name, v)`; an object that takes no attributes (a native
/// callable here, which CPython's would take) is left alone.
fn set_attr_lenient(vm: &mut Vm, obj: Value, name: &str, v: Value) -> PyResult<()> {
    match vm.set_attr(obj, name, v) {
        Err(e) if vm.is_exc_kind(&e, ExcType::AttributeError) => Ok(()),
        r => r,
    }
}

fn update_wrapper_of(
    vm: &mut Vm,
    wrapper: Value,
    wrapped: Value,
    assigned: Option<Value>,
    updated: Option<Value>,
) -> PyResult<Value> {
    for name in names_of(vm, assigned, ASSIGNMENTS)? {
        if let Some(v) = attr_or_none(vm, wrapped, &name)? {
            set_attr_lenient(vm, wrapper, &name, v)?;
        }
    }
    for name in names_of(vm, updated, &["__dict__"])? {
        let Some(target) = attr_or_none(vm, wrapper, &name)? else {
            continue;
        };
        if let Some(src) = attr_or_none(vm, wrapped, &name)? {
            crate::builtins::methods::call_method(vm, target, "update", vec![src], Vec::new())?;
        }
    }
    set_attr_lenient(vm, wrapper, "__wrapped__", wrapped)?;
    Ok(wrapper)
}

/// `type(v)` for a partial (`functools.partial`) or a cached function
/// (`functools._lru_cache_wrapper`, the hidden function of that name).
pub(super) fn type_of(vm: &Vm, v: Value) -> Option<NativeId> {
    match parts(vm, v)?.0 {
        PARTIAL | PARTIAL_KW => Some(id(PARTIAL_CLASS)),
        LRU_WRAPPER => Some(id(LRU_WRAPPER)),
        _ => None,
    }
}

/// The functions that stand for classes: `functools.partial` and
/// `functools._lru_cache_wrapper`.
pub(super) fn class_name(f: NativeId) -> Option<String> {
    match f.func {
        PARTIAL_CLASS => Some("functools.partial".into()),
        LRU_WRAPPER => Some("functools._lru_cache_wrapper".into()),
        _ => None,
    }
}

/// Cached functions bind to instances as methods do (CPython's
/// `_lru_cache_wrapper.__get__`); partials do not (they do from 3.14).
pub(super) fn binds_as_method(f: NativeId) -> bool {
    f.func == LRU_WRAPPER
}

/// `isinstance(v, functools.partial)`.
pub(super) fn isinstance(vm: &mut Vm, v: Value, f: NativeId) -> Option<bool> {
    if f.func != PARTIAL_CLASS {
        return None;
    }
    Some(matches!(parts(vm, v), Some((PARTIAL | PARTIAL_KW, _))))
}

/// Attributes of partials (`func`, `args`, `keywords`) and cached
/// functions (`cache_info`, `cache_clear`, `cache_parameters`,
/// `__wrapped__`, and the wrapped function's name and docs).
pub(super) fn bound_getattr(
    vm: &mut Vm,
    func: NativeId,
    bound: &[Value],
    name: &str,
) -> PyResult<Option<Value>> {
    Ok(Some(match (func.func, name) {
        (PARTIAL | PARTIAL_KW, "func") => bound[0],
        (PARTIAL, "args") => vm.new_tuple(bound[1..].to_vec()),
        (PARTIAL_KW, "args") => vm.new_tuple(bound[2..].to_vec()),
        (PARTIAL, "keywords") => vm.heap.new_value(Obj::Dict(Box::new(Dict::new()))),
        (PARTIAL_KW, "keywords") => {
            let kw = dict_kwargs(vm, bound[1]);
            kwargs_dict(vm, &kw)
        }
        (LRU_WRAPPER, "cache_info") => bound_native(vm, CACHE_INFO, vec![bound[1]], "cache_info"),
        (LRU_WRAPPER, "cache_clear") => {
            bound_native(vm, CACHE_CLEAR, vec![bound[1]], "cache_clear")
        }
        (LRU_WRAPPER, "cache_parameters") => {
            bound_native(vm, CACHE_PARAMETERS, vec![bound[1]], "cache_parameters")
        }
        (LRU_WRAPPER, "__wrapped__") => bound[0],
        (LRU_WRAPPER, "__name__" | "__qualname__" | "__doc__" | "__module__") => {
            return vm.get_attr(bound[0], name).map(Some)
        }
        _ => return Ok(None),
    }))
}

thread_local! {
    /// The partials whose repr is being built, innermost last: a partial
    /// reached again inside its own repr shows as `...`, as in CPython.
    static IN_REPR: std::cell::RefCell<Vec<u32>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// `functools.partial(f, 1, x=2)` and `<functools._lru_cache_wrapper
/// object at 0x...>`.
pub(super) fn bound_repr(
    vm: &mut Vm,
    func: NativeId,
    bound: &[Value],
    id: ObjId,
) -> PyResult<Option<String>> {
    match func.func {
        PARTIAL | PARTIAL_KW => {
            if IN_REPR.with(|s| s.borrow().contains(&id.0)) {
                return Ok(Some("...".into()));
            }
            IN_REPR.with(|s| s.borrow_mut().push(id.0));
            let r = partial_repr(vm, func.func, bound);
            IN_REPR.with(|s| s.borrow_mut().retain(|x| *x != id.0));
            r.map(Some)
        }
        LRU_WRAPPER => Ok(Some(format!(
            "<functools._lru_cache_wrapper object at 0x{:012x}>",
            0x7f00_0000_0000u64 + (id.0 as u64) * 0x40
        ))),
        _ => Ok(None),
    }
}

fn partial_repr(vm: &mut Vm, which: u16, bound: &[Value]) -> PyResult<String> {
    let mut out = format!("functools.partial({}", vm.repr(bound[0])?);
    let (args, kw) = if which == PARTIAL_KW {
        (&bound[2..], dict_kwargs(vm, bound[1]))
    } else {
        (&bound[1..], Vec::new())
    };
    for v in args {
        out.push_str(", ");
        out.push_str(&vm.repr(*v)?);
    }
    for (k, v) in kw {
        out.push_str(&format!(", {k}={}", vm.repr(v)?));
    }
    out.push(')');
    Ok(out)
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "functools",
    funcs: natives_table![
        reduce,
        partial,
        lru_cache = cache::lru_cache,
        cache = cache::cache,
        wraps,
        update_wrapper,
        cmp_to_key = order::cmp_to_key,
        total_ordering = order::total_ordering,
        // PARTIAL..
        _partial = call_partial,
        _partial_kw = call_partial_kw,
        _lru_cache_wrapper = cache::call_cached,
        _lru_decorator = cache::lru_decorator,
        _wraps_decorator = wraps_decorator,
        _cmp_key = order::make_key,
        _key_compare = order::key_compare,
        _total_op = order::total_op,
        _cache_info = cache::cache_info,
        _cache_clear = cache::cache_clear,
        _cache_parameters = cache::cache_parameters,
    ],
    init: order::init,
};
