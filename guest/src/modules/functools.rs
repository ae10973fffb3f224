//! `functools`: `reduce`, `partial`, `lru_cache`/`cache`, `wraps`/
//! `update_wrapper`, `cmp_to_key` and `total_ordering`.
//!
//! The callables these return are bound natives ([`Obj::BoundNative`]): a
//! hidden function of this module with the values it needs bound in front
//! of the call's arguments. A `partial` binds `[func, *args]` (or
//! `[func, keywords, *args]`); an `lru_cache` wrapper binds
//! `[func, state]`, where `state` is a list `[hits, misses, maxsize,
//! typed, cache]` and `cache` a dict from argument keys to results.
//! `cmp_to_key` builds instances of a small native class, `KeyWrapper`,
//! whose comparison methods call the comparison function;
//! `total_ordering` adds the missing comparison methods to a class as
//! bound natives.

use super::util::{bind, rooted, Sig, Style};
use super::{ModuleDef, NativeFn, NativeId};
use crate::builtins::{Args, Builtin};
use crate::compile::bytecode::CmpOp;
use crate::object::{Dict, ExcType, HashKey, Instance, Obj, ObjId, Value};
use crate::vm::call::Kwargs;
use crate::vm::{as_str, PyErr, PyResult, Vm};

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

fn reduce(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let n = a.pos.len() + a.kw.len();
    if a.pos.len() < 2 {
        return Err(PyErr::type_error(format!(
            "reduce() takes at least 2 positional arguments ({} given)",
            a.pos.len()
        )));
    }
    if n > 3 {
        return Err(PyErr::type_error(format!(
            "reduce() takes at most 3 arguments ({n} given)"
        )));
    }
    let mut initial = a.pos.get(2).copied();
    for (k, v) in &a.kw {
        if k != "initial" || initial.is_some() {
            return Err(PyErr::type_error(if k == "initial" {
                "argument for reduce() given by name ('initial') and position (3)".to_string()
            } else {
                format!("reduce() got an unexpected keyword argument '{k}'")
            }));
        }
        initial = Some(*v);
    }
    let func = a.pos[0];
    let it = match vm.get_iter(a.pos[1]) {
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

fn partial(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let Some(&first) = a.pos.first() else {
        return Err(PyErr::type_error(
            "type 'partial' takes at least one argument",
        ));
    };
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
    args.extend_from_slice(&a.pos[1..]);
    merge_kwargs(&mut kw, a.kw);
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
    vm.heap.new_value(Obj::Dict(d))
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
    let mut pos = a.pos;
    let func = pos.remove(0);
    vm.call_value(func, pos, a.kw)
}

/// Calling `partial(func, *args, **kw)`: `(func, kw, *args, *call_args)`.
fn call_partial_kw(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let mut pos = a.pos;
    let func = pos.remove(0);
    let d = pos.remove(0);
    let mut kw = dict_kwargs(vm, d);
    merge_kwargs(&mut kw, a.kw);
    vm.call_value(func, pos, kw)
}

fn lru_cache(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = bind(
        &a,
        &Sig {
            name: "lru_cache",
            params: &["maxsize", "typed"],
            required: 0,
            kwonly: &[],
            method: false,
            style: Style::Def,
        },
    )?;
    let mut maxsize = s[0].unwrap_or(Value::Int(128));
    let typed = s[1].unwrap_or(Value::Bool(false));
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
fn lru_decorator(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (maxsize, typed) = (a.pos[0], a.pos[1]);
    let inner = Args::new(a.name, a.pos[2..].to_vec(), a.kw);
    let s = bind(
        &inner,
        &Sig {
            name: "lru_cache.<locals>.decorating_function",
            params: &["user_function"],
            required: 1,
            kwonly: &[],
            method: false,
            style: Style::Def,
        },
    )?;
    make_cached(vm, s[0].expect("required"), maxsize, typed)
}

fn cache(vm: &mut Vm, a: Args) -> PyResult<Value> {
    if let Some((k, _)) = a.kw.first() {
        return Err(PyErr::type_error(if k == "user_function" {
            "cache() got some positional-only arguments passed as keyword arguments: 'user_function'"
                .to_string()
        } else {
            format!("cache() got an unexpected keyword argument '{k}'")
        }));
    }
    match a.pos.len() {
        0 => Err(PyErr::type_error(
            "cache() missing 1 required positional argument: 'user_function'",
        )),
        1 => make_cached(vm, a.pos[0], Value::None, Value::Bool(false)),
        n => Err(PyErr::type_error(format!(
            "cache() takes 1 positional argument but {n} were given"
        ))),
    }
}

fn make_cached(vm: &mut Vm, func: Value, maxsize: Value, typed: Value) -> PyResult<Value> {
    if !callable(vm, func)? {
        return Err(PyErr::type_error("the first argument must be callable"));
    }
    let typed = Value::Bool(vm.truthy(typed)?);
    let table = vm.heap.new_value(Obj::Dict(Dict::new()));
    let state = vm.new_list(vec![Value::Int(0), Value::Int(0), maxsize, typed, table]);
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
}

fn cache_state(vm: &Vm, state: Value) -> Option<CacheState> {
    let list = state.as_ref()?;
    let Obj::List(l) = vm.heap.get(list) else {
        return None;
    };
    let int = |v: Value| if let Value::Int(i) = v { i } else { 0 };
    Some(CacheState {
        list,
        hits: int(l[0]),
        misses: int(l[1]),
        maxsize: l[2],
        typed: l[3] == Value::Bool(true),
        table: l[4].as_ref()?,
    })
}

fn set_counter(vm: &mut Vm, list: ObjId, slot: usize, n: i64) {
    if let Obj::List(l) = vm.heap.get_mut(list) {
        l[slot] = Value::Int(n);
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

/// The cached result for `key`, if the stored arguments also compare
/// equal to `kept`: equal keys of user objects need not be equal, their
/// `__eq__` decides (and may change the cache meanwhile). The entry moves
/// to the most recently used end; one that does not match is dropped,
/// to be replaced by the new result.
fn lookup(vm: &mut Vm, t: ObjId, key: &HashKey, kept: Value) -> PyResult<Option<Value>> {
    let Some((stored, value)) = table(vm, t).remove(key) else {
        return Ok(None);
    };
    let equal = vm.is(stored, kept)
        || rooted(vm, &[stored, value, kept], |vm| vm.py_eq(stored, kept))?;
    if !equal {
        return Ok(None);
    }
    let t = table(vm, t);
    if !t.contains(key) {
        t.insert(key.clone(), stored, value);
    }
    Ok(Some(value))
}

/// Calling an `lru_cache` wrapper: `(func, state, *args, **kw)`.
fn call_cached(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let mut args = a.pos;
    let func = args.remove(0);
    let state = args.remove(0);
    let Some(st) = cache_state(vm, state) else {
        return vm.call_value(func, args, a.kw);
    };
    let limit = match st.maxsize {
        Value::None => None,
        Value::Int(n) => Some(n.max(0) as usize),
        Value::Bool(b) => Some(b as usize),
        _ => None, // a big int: never reached
    };
    if limit == Some(0) {
        set_counter(vm, st.list, 1, st.misses + 1);
        return vm.call_value(func, args, a.kw);
    }
    let (key, kept) = cache_key(vm, &args, &a.kw, st.typed)?;
    if let Some(hit) = lookup(vm, st.table, &key, kept)? {
        let hits = cache_state(vm, state).map_or(0, |s| s.hits);
        set_counter(vm, st.list, 0, hits + 1);
        return Ok(hit);
    }
    let misses = cache_state(vm, state).map_or(0, |s| s.misses);
    set_counter(vm, st.list, 1, misses + 1);
    let result = rooted(vm, &[func, state, kept], |vm| {
        vm.call_value(func, args, a.kw)
    })?;
    // the call may have cleared the cache or filled this key itself
    let t = table(vm, st.table);
    match limit {
        None => t.insert(key, kept, result),
        Some(limit) => {
            if !t.contains(&key) {
                t.insert(key, kept, result);
                while t.len() > limit {
                    t.pop_first();
                }
            }
        }
    }
    Ok(result)
}

fn cache_info(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let state = a.pos[0];
    let extra = Args::new(a.name, a.pos[1..].to_vec(), a.kw);
    super::util::no_args(&extra, "_lru_cache_wrapper.cache_info")?;
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
        m.attrs.insert(HashKey::Str("_CacheInfo".into()), key, class);
    }
    Some(class)
}

fn cache_clear(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let state = a.pos[0];
    let extra = Args::new(a.name, a.pos[1..].to_vec(), a.kw);
    super::util::no_args(&extra, "_lru_cache_wrapper.cache_clear")?;
    if let Some(st) = cache_state(vm, state) {
        set_counter(vm, st.list, 0, 0);
        set_counter(vm, st.list, 1, 0);
        table(vm, st.table).clear();
    }
    Ok(Value::None)
}

fn cache_parameters(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let state = a.pos[0];
    let extra = Args::new(a.name, a.pos[1..].to_vec(), a.kw);
    super::util::no_args(&extra, "cache_parameters")?;
    let Some(st) = cache_state(vm, state) else {
        return Ok(Value::None);
    };
    let kw = vec![
        ("maxsize".to_string(), st.maxsize),
        ("typed".to_string(), Value::Bool(st.typed)),
    ];
    Ok(kwargs_dict(vm, &kw))
}

const WRAP_PARAMS: &[&str] = &["wrapper", "wrapped", "assigned", "updated"];

/// `update_wrapper(wrapper, wrapped, ...)`: function attributes cannot be
/// set in this VM, so the wrapper is returned unchanged.
fn update_wrapper(_vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = bind(
        &a,
        &Sig {
            name: "update_wrapper",
            params: WRAP_PARAMS,
            required: 2,
            kwonly: &[],
            method: false,
            style: Style::Def,
        },
    )?;
    Ok(s[0].expect("required"))
}

/// `wraps(wrapped, ...)`: a decorator returning its argument.
fn wraps(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = bind(
        &a,
        &Sig {
            name: "wraps",
            params: &WRAP_PARAMS[1..],
            required: 1,
            kwonly: &[],
            method: false,
            style: Style::Def,
        },
    )?;
    let wrapped = s[0].expect("required");
    Ok(bound_native(
        vm,
        WRAPS_DECORATOR,
        vec![wrapped],
        "functools.partial",
    ))
}

fn wraps_decorator(_vm: &mut Vm, a: Args) -> PyResult<Value> {
    match a.pos.get(1) {
        Some(w) if a.pos.len() == 2 && a.kw.is_empty() => Ok(*w),
        _ => Err(PyErr::type_error(
            "update_wrapper() takes 1 positional argument",
        )),
    }
}

/// The class of `cmp_to_key` keys, made once per import.
fn key_class(vm: &mut Vm) -> PyResult<ObjId> {
    let m = vm.import_module("functools")?;
    match vm.get_attr(m, "_KeyWrapper")? {
        Value::Ref(c) => Ok(c),
        _ => unreachable!("KeyWrapper is a class"),
    }
}

fn cmp_to_key(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = bind(
        &a,
        &Sig {
            name: "cmp_to_key",
            params: &["mycmp"],
            required: 1,
            kwonly: &[],
            method: false,
            style: Style::Clinic,
        },
    )?;
    let mycmp = s[0].expect("required");
    Ok(bound_native(
        vm,
        CMP_KEY,
        vec![mycmp],
        "functools.KeyWrapper",
    ))
}

/// `K(obj)`: a `KeyWrapper` instance holding `obj` and the function.
fn make_key(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let mycmp = a.pos[0];
    let extra = Args::new("K", a.pos[1..].to_vec(), a.kw);
    let s = bind(
        &extra,
        &Sig {
            name: "K",
            params: &["obj"],
            required: 1,
            kwonly: &[],
            method: false,
            style: Style::Clinic,
        },
    )?;
    let class = key_class(vm)?;
    let mut attrs = Dict::new();
    for (name, v) in [("obj", s[0].expect("required")), ("_cmp", mycmp)] {
        let k = vm.new_str(name);
        attrs.insert(HashKey::Str(name.into()), k, v);
    }
    Ok(vm.heap.new_value(Obj::Instance(Instance { class, attrs })))
}

fn key_attr(vm: &Vm, v: Value, name: &str) -> Option<Value> {
    match vm.heap.get(v.as_ref()?) {
        Obj::Instance(i) => i.attrs.get_str(name),
        _ => None,
    }
}

/// A comparison method of `KeyWrapper`: `(op, self, other)`.
fn key_compare(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let [Value::Int(op), this, other] = a.pos[..] else {
        return Err(PyErr::type_error("expected 1 argument"));
    };
    let (Some(x), Some(mycmp)) = (key_attr(vm, this, "obj"), key_attr(vm, this, "_cmp")) else {
        return Err(PyErr::type_error("other argument must be K instance"));
    };
    let Some(y) = key_attr(vm, other, "obj") else {
        return Err(PyErr::type_error("other argument must be K instance"));
    };
    let r = vm.call_value(mycmp, vec![x, y], Vec::new())?;
    vm.compare_op(CMP_OPS[op as usize].1, r, Value::Int(0))
}

const CMP_OPS: [(&str, CmpOp); 6] = [
    ("__lt__", CmpOp::Lt),
    ("__le__", CmpOp::Le),
    ("__gt__", CmpOp::Gt),
    ("__ge__", CmpOp::Ge),
    ("__eq__", CmpOp::Eq),
    ("__ne__", CmpOp::Ne),
];

fn set_class_attr(vm: &mut Vm, cls: ObjId, name: &str, v: Value) {
    let k = vm.new_str(name);
    if let Obj::Class(c) = vm.heap.get_mut(cls) {
        c.attrs.insert(HashKey::Str(name.into()), k, v);
    }
}

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    let mut ns = Dict::new();
    for (i, (name, _)) in CMP_OPS.iter().enumerate() {
        let m = bound_native(
            vm,
            KEY_CMP,
            vec![Value::Int(i as i64)],
            "functools.KeyWrapper",
        );
        let k = vm.new_str(*name);
        ns.insert(HashKey::Str((*name).into()), k, m);
    }
    let k = vm.new_str("__hash__");
    ns.insert(HashKey::Str("__hash__".into()), k, Value::None);
    let ns = vm.heap.new_value(Obj::Dict(ns));
    let class = vm
        .build_class("KeyWrapper".into(), "KeyWrapper".into(), Vec::new(), ns)
        .expect("a class without bases");
    attrs.push(("_KeyWrapper".into(), class));
}

/// How `total_ordering` derives an operation from the root one `r`:
/// `not r and a != b`, `r or a == b`, `not r`, `not r or a == b`,
/// `r and a != b`.
#[derive(Clone, Copy)]
enum Derive {
    NotAndNe,
    OrEq,
    Not,
    NotOrEq,
    AndNe,
}

const DERIVED: [(&str, [(&str, Derive); 3]); 4] = [
    (
        "__lt__",
        [
            ("__gt__", Derive::NotAndNe),
            ("__le__", Derive::OrEq),
            ("__ge__", Derive::Not),
        ],
    ),
    (
        "__le__",
        [
            ("__ge__", Derive::NotOrEq),
            ("__lt__", Derive::AndNe),
            ("__gt__", Derive::Not),
        ],
    ),
    (
        "__gt__",
        [
            ("__lt__", Derive::NotAndNe),
            ("__ge__", Derive::OrEq),
            ("__le__", Derive::Not),
        ],
    ),
    (
        "__ge__",
        [
            ("__le__", Derive::NotOrEq),
            ("__gt__", Derive::AndNe),
            ("__lt__", Derive::Not),
        ],
    ),
];

fn total_ordering(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = bind(
        &a,
        &Sig {
            name: "total_ordering",
            params: &["cls"],
            required: 1,
            kwonly: &[],
            method: false,
            style: Style::Def,
        },
    )?;
    let cls = s[0].expect("required");
    let Some(cid) = cls
        .as_ref()
        .filter(|c| matches!(vm.heap.get(*c), Obj::Class(_)))
    else {
        return Err(PyErr::type_error("total_ordering() expects a class"));
    };
    let roots: Vec<usize> = (0..4)
        .filter(|&i| vm.class_lookup(cid, DERIVED[i].0).is_some())
        .collect();
    let Some(&root) = roots.first() else {
        return Err(PyErr::value_error(
            "must define at least one ordering operation: < > <= >=",
        ));
    };
    for (i, (name, _)) in DERIVED[root].1.iter().enumerate() {
        if !roots.iter().any(|&r| DERIVED[r].0 == *name) {
            let m = bound_native(
                vm,
                TOTAL_OP,
                vec![Value::Int(root as i64), Value::Int(i as i64)],
                "functools.total_ordering",
            );
            set_class_attr(vm, cid, name, m);
        }
    }
    Ok(cls)
}

/// A method `total_ordering` added: `(root, which, self, other)`.
fn total_op(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let [Value::Int(root), Value::Int(which), this, other] = a.pos[..] else {
        return Err(PyErr::type_error("expected 1 argument"));
    };
    let (root_name, derived) = DERIVED[root as usize];
    let how = derived[which as usize].1;
    let Some(f) = vm
        .user_class_of(this)
        .and_then(|c| vm.class_lookup(c, root_name))
    else {
        return Ok(Value::Builtin(Builtin::NotImplemented));
    };
    let r = vm.call_value(f, vec![this, other], Vec::new())?;
    if r == Value::Builtin(Builtin::NotImplemented) {
        return Ok(r);
    }
    let truth = vm.truthy(r)?;
    Ok(match how {
        Derive::Not => Value::Bool(!truth),
        Derive::NotAndNe if truth => Value::Bool(false),
        Derive::AndNe if !truth => r,
        Derive::NotAndNe | Derive::AndNe => vm.compare_op(CmpOp::Ne, this, other)?,
        Derive::OrEq if truth => r,
        Derive::NotOrEq if !truth => Value::Bool(true),
        Derive::OrEq | Derive::NotOrEq => vm.compare_op(CmpOp::Eq, this, other)?,
    })
}

/// `isinstance(v, functools.partial)`.
pub(super) fn isinstance(vm: &mut Vm, v: Value, f: NativeId) -> Option<bool> {
    if MODULE.funcs[f.func as usize].name != "partial" {
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
        (PARTIAL, "keywords") => vm.heap.new_value(Obj::Dict(Dict::new())),
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
    funcs: &[
        NativeFn {
            name: "reduce",
            call: reduce,
        },
        NativeFn {
            name: "partial",
            call: partial,
        },
        NativeFn {
            name: "lru_cache",
            call: lru_cache,
        },
        NativeFn {
            name: "cache",
            call: cache,
        },
        NativeFn {
            name: "wraps",
            call: wraps,
        },
        NativeFn {
            name: "update_wrapper",
            call: update_wrapper,
        },
        NativeFn {
            name: "cmp_to_key",
            call: cmp_to_key,
        },
        NativeFn {
            name: "total_ordering",
            call: total_ordering,
        },
        // PARTIAL..
        NativeFn {
            name: "_partial",
            call: call_partial,
        },
        NativeFn {
            name: "_partial_kw",
            call: call_partial_kw,
        },
        NativeFn {
            name: "_lru_cache_wrapper",
            call: call_cached,
        },
        NativeFn {
            name: "_lru_decorator",
            call: lru_decorator,
        },
        NativeFn {
            name: "_wraps_decorator",
            call: wraps_decorator,
        },
        NativeFn {
            name: "_cmp_key",
            call: make_key,
        },
        NativeFn {
            name: "_key_compare",
            call: key_compare,
        },
        NativeFn {
            name: "_total_op",
            call: total_op,
        },
        NativeFn {
            name: "_cache_info",
            call: cache_info,
        },
        NativeFn {
            name: "_cache_clear",
            call: cache_clear,
        },
        NativeFn {
            name: "_cache_parameters",
            call: cache_parameters,
        },
    ],
    init,
};
