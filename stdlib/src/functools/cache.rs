//! `lru_cache` and `cache`. A wrapper is a bound native of the hidden
//! `_lru_cache_wrapper` with `[func, state]` bound, `state` a list
//! `[hits, misses, maxsize, typed, cache, spill]`. `cache` maps a key of
//! the call's arguments to the pair `(arguments, result)`, in least
//! recently used order; since keys of user objects can be equal while the
//! objects are not (their `__eq__` decides), one key can hold several
//! entries in numbered slots, and `spill` records the highest slot used.

use super::{bound_native, callable, kwargs_dict, split, LRU_DECORATOR, LRU_WRAPPER};
use crate::builtins::Args;
use crate::object::{Dict, HashKey, Obj, ObjId, Value};
use crate::util::rooted;
use crate::vm::call::Kwargs;
use crate::vm::{PyErr, PyResult, Vm};
use crate::ImportVm;
use monty_compile::bytecode::CmpOp;

native! {
    /// `functools.lru_cache(maxsize=128, typed=False)`.
    pub(super) def fn lru_cache(vm, maxsize?, typed?) {
        lru_cache_of(vm, maxsize, typed)
    }

    /// `functools.cache(user_function, /)`.
    pub(super) def fn cache(vm, user_function, /) {
        make_cached(vm, user_function, Value::None, Value::Bool(false))
    }

    /// The signature of the decorator `lru_cache(...)` returns:
    /// `decorating_function(user_function)`; returns the function.
    def fn decorating_function as "lru_cache.<locals>.decorating_function"(vm, user_function) {
        Ok(user_function)
    }
}

fn lru_cache_of(vm: &mut Vm, maxsize: Option<Value>, typed: Option<Value>) -> PyResult<Value> {
    let mut maxsize = maxsize.unwrap_or(Value::Int(128));
    let typed = typed.unwrap_or(Value::Bool(false));
    let is_int = match maxsize {
        Value::Int(_) | Value::Bool(_) => true,
        Value::Ref(r) => matches!(vm.heap.get(r), Obj::BigInt(_)),
        _ => false,
    };
    if is_int {
        if vm.compare_op(CmpOp::Lt, maxsize, Value::Int(0))? == Value::Bool(true) {
            maxsize = Value::Int(0);
        }
    } else if matches!(typed, Value::Bool(_)) && !maxsize.is_none() && callable(vm, maxsize)? {
        return make_cached(vm, maxsize, Value::Int(128), typed);
    } else if !maxsize.is_none() {
        return Err(PyErr::type_error(
            "Expected first argument to be an integer, a callable, or None",
        ));
    }
    Ok(bound_native(
        vm,
        LRU_DECORATOR,
        vec![maxsize, typed],
        "functools.lru_cache.<locals>.decorating_function",
    ))
}

/// `lru_cache(...)(user_function)`.
pub(super) fn lru_decorator(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (bound, inner) = split(a, 2)?;
    let user_function = decorating_function(vm, inner)?;
    make_cached(vm, user_function, bound[0], bound[1])
}

fn make_cached(vm: &mut Vm, func: Value, maxsize: Value, typed: Value) -> PyResult<Value> {
    if !callable(vm, func)? {
        return Err(PyErr::type_error("the first argument must be callable"));
    }
    let typed = Value::Bool(vm.truthy(typed)?);
    let table = vm.heap.new_value(Obj::Dict(Box::new(Dict::new())));
    let spill = vm.heap.new_value(Obj::Dict(Box::new(Dict::new())));
    let state = vm.new_list(vec![
        Value::Int(0),
        Value::Int(0),
        maxsize,
        typed,
        table,
        spill,
    ]);
    Ok(bound_native(
        vm,
        LRU_WRAPPER,
        vec![func, state],
        "functools._lru_cache_wrapper",
    ))
}

/// The fields of an `lru_cache` state list.
struct CacheState {
    list: ObjId,
    hits: i64,
    misses: i64,
    maxsize: Value,
    typed: bool,
    table: ObjId,
    /// The highest slot in use for keys with several entries.
    spill: ObjId,
}

fn cache_state(vm: &Vm, state: Value) -> Option<CacheState> {
    let list = state.as_ref()?;
    let Obj::List(l) = vm.heap.get(list) else {
        return None;
    };
    let int = |v: Value| if let Value::Int(i) = v { i } else { 0 };
    Some(CacheState {
        list,
        hits: int(l.get(0)?),
        misses: int(l.get(1)?),
        maxsize: l.get(2)?,
        typed: l.get(3)? == Value::Bool(true),
        table: l.get(4)?.as_ref()?,
        spill: l.get(5)?.as_ref()?,
    })
}

fn set_counter(vm: &mut Vm, list: ObjId, slot: usize, n: i64) {
    if let Obj::List(l) = vm.heap.get_mut(list) {
        l.set(slot, Value::Int(n));
    }
}

fn table(vm: &mut Vm, t: ObjId) -> &mut Dict {
    match vm.heap.get_mut(t) {
        Obj::Dict(d) => d,
        _ => unreachable!("the cache dict"),
    }
}

/// The cache key of a call, and a tuple keeping its arguments alive. A
/// lone `int` or `str` argument is its own key, as in CPython.
fn cache_key(vm: &mut Vm, args: &[Value], kw: &Kwargs, typed: bool) -> PyResult<(HashKey, Value)> {
    if !typed && kw.is_empty() && args.len() == 1 {
        let fast = match args[0] {
            Value::Int(_) => true,
            Value::Ref(r) => matches!(vm.heap.get(r), Obj::Str(_) | Obj::BigInt(_)),
            _ => false,
        };
        if fast {
            return Ok((vm.hash_key(args[0])?, args[0]));
        }
    }
    let mut pos = Vec::with_capacity(args.len());
    let mut keep = args.to_vec();
    for a in args {
        pos.push(vm.hash_key(*a)?);
    }
    let mut named = Vec::with_capacity(kw.len() * 2);
    for (k, v) in kw {
        named.push(HashKey::Str(k.as_str().into()));
        named.push(vm.hash_key(*v)?);
        keep.push(*v);
    }
    let mut types = Vec::new();
    if typed {
        for v in keep.clone() {
            let t = vm.type_value(v);
            types.push(vm.hash_key(t)?);
        }
    }
    let key = HashKey::Tuple(
        [pos, named, types]
            .into_iter()
            .map(|k| HashKey::Tuple(k.into_boxed_slice()))
            .collect(),
    );
    Ok((key, vm.new_tuple(keep)))
}

/// The slot of the `k`-th entry whose arguments have key `base`. Keys
/// of user objects can be equal without the objects being equal (their
/// `__eq__` decides), so one key may need several entries; `spill[base]`
/// is then the highest `k` in use (absent for 0).
fn slot(base: &HashKey, k: i64) -> HashKey {
    HashKey::Tuple(vec![base.clone(), HashKey::Int(k)].into_boxed_slice())
}

fn spill_max(vm: &mut Vm, st: &CacheState, base: &HashKey) -> i64 {
    match table(vm, st.spill).get(base) {
        Some(Value::Int(n)) => n,
        _ => 0,
    }
}

/// The slot and result of the entry whose arguments equal `kept`. The
/// comparisons run `__eq__`, which may change the cache, so each probe
/// reads it afresh.
fn find(
    vm: &mut Vm,
    st: &CacheState,
    base: &HashKey,
    kept: Value,
) -> PyResult<Option<(HashKey, Value)>> {
    let mut k = 0;
    while k <= spill_max(vm, st, base) {
        let key = slot(base, k);
        k += 1;
        let Some((stored, value)) = entry(vm, st, &key) else {
            continue;
        };
        let equal =
            vm.is(stored, kept) || rooted(vm, &[stored, value, kept], |vm| vm.py_eq(stored, kept))?;
        if equal && table(vm, st.table).contains(&key) {
            return Ok(Some((key, value)));
        }
    }
    Ok(None)
}

/// The arguments and result stored in `key`'s slot (an entry's value is
/// the pair, so both are at hand).
fn entry(vm: &mut Vm, st: &CacheState, key: &HashKey) -> Option<(Value, Value)> {
    let pair = table(vm, st.table).get(key)?;
    match vm.heap.get(pair.as_ref()?) {
        Obj::Tuple(p) if p.len() == 2 => Some((p[0], p[1])),
        _ => None,
    }
}

/// Stores a new entry for `kept` in the first free slot of `base`.
fn store(vm: &mut Vm, st: &CacheState, base: &HashKey, kept: Value, result: Value) {
    let max = spill_max(vm, st, base);
    let k = (0..=max + 1)
        .find(|k| !table(vm, st.table).contains(&slot(base, *k)))
        .unwrap_or(max + 1);
    let pair = vm.new_tuple(vec![kept, result]);
    table(vm, st.table).insert(slot(base, k), kept, pair);
    if k > max {
        table(vm, st.spill).insert(base.clone(), Value::None, Value::Int(k));
    }
}

/// Calling an `lru_cache` wrapper: `(func, state, *args, **kw)`.
pub(super) fn call_cached(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let vals: Vec<Value> = a
        .pos
        .iter()
        .copied()
        .chain(a.kw.iter().map(|kv| kv.1))
        .collect();
    rooted(vm, &vals, |vm| call_cached_rooted(vm, a))
}

fn call_cached_rooted(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (bound, a) = split(a, 2)?;
    let (func, state, args) = (bound[0], bound[1], a.pos);
    let Some(st) = cache_state(vm, state) else {
        return vm.call_value(func, args, a.kw);
    };
    let limit = match st.maxsize {
        Value::None => None,
        Value::Int(n) => Some(n.max(0) as usize),
        Value::Bool(b) => Some(b as usize),
        _ => None, // a big int: never reached
    };
    let count = |vm: &mut Vm, slot: usize| {
        if let Some(now) = cache_state(vm, state) {
            let n = if slot == 0 { now.hits } else { now.misses };
            set_counter(vm, now.list, slot, n + 1);
        }
    };
    // a miss is counted once the call ends (CPython counts it before the
    // call; the order shows only inside the call): a call that pauses
    // runs again when the run resumes and must not count twice
    let counted = |vm: &mut Vm, r: PyResult<Value>| {
        if !matches!(r, Err(PyErr::Suspend)) {
            count(vm, 1);
        }
        r
    };
    if limit == Some(0) {
        let r = vm.call_value(func, args, a.kw);
        return counted(vm, r);
    }
    let (base, kept) = cache_key(vm, &args, &a.kw, st.typed)?;
    if let Some((key, hit)) = rooted(vm, &[kept], |vm| find(vm, &st, &base, kept))? {
        count(vm, 0);
        if limit.is_some() {
            // most recently used last
            let t = table(vm, st.table);
            if let Some((k, v)) = t.remove(&key) {
                t.insert(key, k, v);
            }
        }
        return Ok(hit);
    }
    let result = rooted(vm, &[func, state, kept], |vm| {
        vm.call_value(func, args, a.kw)
    });
    let result = counted(vm, result)?;
    // the call may have filled this entry itself (recursion): a bounded
    // cache keeps that result, an unbounded one takes the new one
    let again = rooted(vm, &[func, state, kept, result], |vm| {
        find(vm, &st, &base, kept)
    })?;
    match (again, limit) {
        (Some(_), Some(_)) => {}
        (Some((key, _)), None) => {
            let pair = vm.new_tuple(vec![kept, result]);
            table(vm, st.table).insert(key, kept, pair);
        }
        (None, _) => {
            store(vm, &st, &base, kept, result);
            let t = table(vm, st.table);
            while t.len() > limit.unwrap_or(usize::MAX) {
                t.pop_first();
            }
        }
    }
    Ok(result)
}

/// `_lru_cache_wrapper.cache_info`, `cache_clear` and `cache_parameters`:
/// the cache's state is bound, and is their receiver.
pub(super) fn cache_info(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (bound, extra) = split(a, 1)?;
    cache_info_of(vm, bound[0], extra)
}

pub(super) fn cache_clear(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (bound, extra) = split(a, 1)?;
    cache_clear_of(vm, bound[0], extra)
}

pub(super) fn cache_parameters(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (bound, extra) = split(a, 1)?;
    cache_parameters_of(vm, bound[0], extra)
}

native! {
    /// `_lru_cache_wrapper.cache_info()`.
    builtin method cache_info_of as "cache_info" in "_lru_cache_wrapper" (vm, state) {
        cache_info_state(vm, state)
    }

    /// `_lru_cache_wrapper.cache_clear()`.
    builtin method cache_clear_of as "cache_clear" in "_lru_cache_wrapper" (vm, state) {
        if let Some(st) = cache_state(vm, state) {
            set_counter(vm, st.list, 0, 0);
            set_counter(vm, st.list, 1, 0);
            table(vm, st.table).clear();
            table(vm, st.spill).clear();
        }
        Ok(Value::None)
    }

    /// `cache_parameters()`.
    builtin method cache_parameters_of as "cache_parameters" (vm, state) {
        let Some(st) = cache_state(vm, state) else {
            return Ok(Value::None);
        };
        let kw = vec![
            ("maxsize".to_string(), st.maxsize),
            ("typed".to_string(), Value::Bool(st.typed)),
        ];
        Ok(kwargs_dict(vm, &kw))
    }
}

fn cache_info_state(vm: &mut Vm, state: Value) -> PyResult<Value> {
    let Some(st) = cache_state(vm, state) else {
        return Ok(Value::None);
    };
    let size = table(vm, st.table).len() as i64;
    let fields = vec![
        Value::Int(st.hits),
        Value::Int(st.misses),
        st.maxsize,
        Value::Int(size),
    ];
    match cache_info_class(vm) {
        Some(class) => vm.call_value(class, fields, Vec::new()),
        None => Ok(vm.new_tuple(fields)),
    }
}

/// `CacheInfo`, a `collections.namedtuple` made on first use and kept in
/// the module as `_CacheInfo`; `None` if namedtuples are unavailable.
fn cache_info_class(vm: &mut Vm) -> Option<Value> {
    let module = vm.import_module("functools").ok()?;
    let mid = module.as_ref()?;
    if let Obj::Module(m) = vm.heap.get(mid) {
        if let Some(c) = m.attrs.get_str("_CacheInfo") {
            return Some(c);
        }
    }
    let collections = vm.import_module("collections").ok()?;
    let namedtuple = vm.get_attr(collections, "namedtuple").ok()?;
    let name = vm.new_str("CacheInfo");
    let fields = vm.new_str("hits misses maxsize currsize");
    let class = vm
        .call_value(namedtuple, vec![name, fields], Vec::new())
        .ok()?;
    let key = vm.new_str("_CacheInfo");
    if let Obj::Module(m) = vm.heap.get_mut(mid) {
        m.attrs
            .insert(HashKey::Str("_CacheInfo".into()), key, class);
    }
    Some(class)
}
