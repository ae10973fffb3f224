//! `itertools`: the lazy iterator building blocks. Each constructor here
//! checks its arguments the way CPython does (with its error messages),
//! resolves what CPython resolves eagerly, and returns a native iterator
//! ([`NativeIter`]); `step.rs` advances the adaptors and `comb.rs` the
//! combinatoric iterators. Sources are stepped one item at a time, so the
//! infinite ones (`count`, `cycle`, `repeat`) stay lazy.

mod comb;
mod step;

use super::iters::{CombState, NativeIter};
use super::util::{keep, rooted};
use super::{ModuleDef, NativeFn, NativeId};
use crate::builtins::Args;
use crate::iters::NativeIterVm;
use crate::object::{ExcType, Iter, Obj, ObjId, Value};
use crate::vm::{PyErr, PyResult, Vm};

pub(super) use step::step;

/// Binds arguments the way CPython's Argument Clinic does: `params` are
/// the parameter names (the first `maxpos` positional-or-keyword, the rest
/// keyword-only), the first `minpos` required.
fn clinic(
    a: &Args,
    name: &str,
    params: &[&str],
    maxpos: usize,
    minpos: usize,
) -> PyResult<Vec<Option<Value>>> {
    let (npos, nkw) = (a.pos.len(), a.kw.len());
    let max = params.len();
    if npos + nkw > max {
        return Err(PyErr::type_error(format!(
            "{name}() takes at most {max} {}argument{} ({} given)",
            if npos == 0 { "keyword " } else { "" },
            if max == 1 { "" } else { "s" },
            npos + nkw
        )));
    }
    if npos > maxpos {
        return Err(PyErr::type_error(format!(
            "{name}() takes {} {maxpos} positional argument{} ({npos} given)",
            if minpos < maxpos {
                "at most"
            } else {
                "exactly"
            },
            if maxpos == 1 { "" } else { "s" },
        )));
    }
    let mut slots: Vec<Option<Value>> = a.pos.iter().map(|v| Some(*v)).collect();
    let mut used = 0;
    for (i, p) in params.iter().enumerate().skip(npos) {
        match a.kwarg(p) {
            Some(v) => {
                slots.push(Some(v));
                used += 1;
            }
            None if i < minpos => {
                return Err(PyErr::type_error(format!(
                    "{name}() missing required argument '{p}' (pos {})",
                    i + 1
                )))
            }
            None => slots.push(None),
        }
    }
    if used < nkw {
        for (i, p) in params.iter().enumerate().take(npos) {
            if a.kwarg(p).is_some() {
                return Err(PyErr::type_error(format!(
                    "argument for {name}() given by name ('{p}') and position ({})",
                    i + 1
                )));
            }
        }
        let k =
            a.kw.iter()
                .find(|(k, _)| !params.contains(&k.as_str()))
                .map(|(k, _)| k.clone())
                .unwrap_or_default();
        return Err(PyErr::type_error(format!(
            "{name}() got an unexpected keyword argument '{k}'"
        )));
    }
    Ok(slots)
}

/// `PyArg_UnpackTuple` after `_PyArg_NoKeywords`: `min..=max` positional
/// arguments and no keywords (`pairwise expected 1 argument, got 0`).
fn unpack(a: &Args, min: usize, max: usize) -> PyResult<()> {
    let name = a.name;
    if !a.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "{name}() takes no keyword arguments"
        )));
    }
    let n = a.pos.len();
    let (bound, how) = if n < min {
        (min, "at least ")
    } else if n > max {
        (max, "at most ")
    } else {
        return Ok(());
    };
    Err(PyErr::type_error(format!(
        "{name} expected {}{bound} argument{}, got {n}",
        if min == max { "" } else { how },
        if bound == 1 { "" } else { "s" }
    )))
}

/// The call's arguments, to keep rooted while a constructor runs Python
/// code (`__iter__`, `__index__`): native arguments are off the VM stack.
fn arg_values(a: &Args) -> Vec<Value> {
    a.pos
        .iter()
        .copied()
        .chain(a.kw.iter().map(|kv| kv.1))
        .collect()
}

/// A `Py_ssize_t` argument: an int or an object with `__index__`.
fn ssize(vm: &mut Vm, v: Value) -> PyResult<i64> {
    if matches!(v, Value::Ref(id) if matches!(vm.heap.get(id), Obj::Instance(_))) {
        if let Some(r) = vm.call_dunder(v, "__index__", vec![])? {
            return vm.index_arg(r);
        }
    }
    vm.index_arg(v)
}

/// `PyNumber_AsSsize_t(v, NULL)` for `islice`: big ints clip, and
/// anything that is not an integer is `None`.
fn ssize_clipped(vm: &mut Vm, v: Value) -> PyResult<Option<i64>> {
    if let Value::Ref(id) = v {
        if let Obj::BigInt(b) = vm.heap.get(id) {
            let neg = b.sign() == num_bigint::Sign::Minus;
            return Ok(Some(if neg { i64::MIN } else { i64::MAX }));
        }
    }
    match ssize(vm, v) {
        Ok(i) => Ok(Some(i)),
        Err(e) if vm.is_exc_kind(&e, ExcType::TypeError) => Ok(None),
        Err(e) => Err(e),
    }
}

fn is_number(vm: &Vm, v: Value) -> bool {
    match v {
        Value::Int(_) | Value::Bool(_) | Value::Float(_) => true,
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::BigInt(_) | Obj::Complex(_) => true,
            Obj::Instance(i) => ["__index__", "__int__", "__float__"]
                .iter()
                .any(|m| vm.class_lookup(i.class, m).is_some()),
            _ => false,
        },
        _ => false,
    }
}

fn widen(v: Value) -> Value {
    match v {
        Value::Bool(b) => Value::Int(b as i64),
        v => v,
    }
}

fn count(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = clinic(&a, "count", &["start", "step"], 2, 0)?;
    let start = s[0].unwrap_or(Value::Int(0));
    let step = s[1].unwrap_or(Value::Int(1));
    if !is_number(vm, start) || !is_number(vm, step) {
        return Err(PyErr::type_error("a number is required"));
    }
    Ok(vm.new_native_iter(NativeIter::Count {
        next: widen(start),
        step: widen(step),
    }))
}

fn cycle(vm: &mut Vm, a: Args) -> PyResult<Value> {
    unpack(&a, 1, 1)?;
    let src = vm.get_iter(a.pos[0])?;
    Ok(vm.new_native_iter(NativeIter::Cycle {
        src,
        saved: Vec::new(),
        idx: 0,
    }))
}

fn repeat(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = clinic(&a, "repeat", &["object", "times"], 2, 1)?;
    let left = match s[1] {
        Some(t) => rooted(vm, &arg_values(&a), |vm| ssize(vm, t))?.max(0),
        None => -1,
    };
    Ok(vm.new_native_iter(NativeIter::Repeat {
        obj: s[0].expect("required"),
        left,
    }))
}

fn accumulate(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = clinic(&a, "accumulate", &["iterable", "func", "initial"], 2, 1)?;
    let src = rooted(vm, &arg_values(&a), |vm| {
        vm.get_iter(s[0].expect("required"))
    })?;
    let initial = match s[2] {
        Some(Value::None) | None => Value::Undef,
        Some(v) => v,
    };
    Ok(vm.new_native_iter(NativeIter::Accumulate {
        src,
        func: s[1].unwrap_or(Value::None),
        total: Value::Undef,
        initial,
    }))
}

fn chain(vm: &mut Vm, a: Args) -> PyResult<Value> {
    unpack(&a, 0, usize::MAX)?;
    let args = vm.new_tuple(a.pos);
    let source = vm.get_iter(args)?;
    Ok(vm.new_native_iter(NativeIter::Chain {
        source,
        active: Value::None,
        spare: Value::None,
        owned: false,
    }))
}

fn chain_from_iterable(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let outer = super::util::one_arg(&a, "chain.from_iterable")?;
    let source = vm.get_iter(outer)?;
    Ok(vm.new_native_iter(NativeIter::Chain {
        source,
        active: Value::None,
        spare: Value::None,
        owned: false,
    }))
}

fn compress(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = clinic(&a, "compress", &["data", "selectors"], 2, 2)?;
    rooted(vm, &arg_values(&a), |vm| {
        let data = vm.get_iter(s[0].expect("required"))?;
        keep(vm, data);
        let sel = vm.get_iter(s[1].expect("required"))?;
        Ok(vm.new_native_iter(NativeIter::Compress { data, sel }))
    })
}

/// `(predicate, iterable)` of `takewhile`, `dropwhile`, `filterfalse`
/// and `starmap`, with the iterable resolved.
fn pred_and_iter(vm: &mut Vm, a: &Args) -> PyResult<(Value, Value)> {
    unpack(a, 2, 2)?;
    let src = rooted(vm, &a.pos, |vm| vm.get_iter(a.pos[1]))?;
    Ok((a.pos[0], src))
}

fn dropwhile(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (pred, src) = pred_and_iter(vm, &a)?;
    Ok(vm.new_native_iter(NativeIter::DropWhile {
        pred,
        src,
        done: false,
    }))
}

fn takewhile(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (pred, src) = pred_and_iter(vm, &a)?;
    Ok(vm.new_native_iter(NativeIter::TakeWhile {
        pred,
        src,
        stopped: false,
    }))
}

fn filterfalse(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (pred, src) = pred_and_iter(vm, &a)?;
    Ok(vm.new_native_iter(NativeIter::FilterFalse { pred, src }))
}

fn starmap(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (func, src) = pred_and_iter(vm, &a)?;
    Ok(vm.new_native_iter(NativeIter::StarMap { func, src }))
}

fn islice(vm: &mut Vm, a: Args) -> PyResult<Value> {
    unpack(&a, 2, 4)?;
    rooted(vm, &a.pos.clone(), |vm| islice_rooted(vm, a))
}

fn islice_rooted(vm: &mut Vm, a: Args) -> PyResult<Value> {
    const INDICES: &str = "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.";
    let (mut start, mut stop, mut step) = (0i64, -1i64, 1i64);
    let stop_arg = if a.pos.len() == 2 {
        a.pos[1]
    } else {
        if !a.pos[1].is_none() {
            start = ssize_clipped(vm, a.pos[1])?.unwrap_or(-1);
        }
        a.pos[2]
    };
    if !stop_arg.is_none() {
        stop = ssize_clipped(vm, stop_arg)?.unwrap_or(-1);
        if stop == -1 {
            return Err(PyErr::value_error(
                "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.",
            ));
        }
    }
    if start < 0 || stop < -1 {
        return Err(PyErr::value_error(INDICES));
    }
    if let Some(&s) = a.pos.get(3) {
        if !s.is_none() {
            step = ssize_clipped(vm, s)?.unwrap_or(-1);
        }
    }
    if step < 1 {
        return Err(PyErr::value_error(
            "Step for islice() must be a positive integer or None.",
        ));
    }
    let src = vm.get_iter(a.pos[0])?;
    Ok(vm.new_native_iter(NativeIter::ISlice {
        src,
        next: start,
        stop,
        step,
        cnt: 0,
    }))
}

fn pairwise(vm: &mut Vm, a: Args) -> PyResult<Value> {
    unpack(&a, 1, 1)?;
    let src = vm.get_iter(a.pos[0])?;
    Ok(vm.new_native_iter(NativeIter::Pairwise {
        src,
        old: Value::Undef,
    }))
}

fn batched(vm: &mut Vm, a: Args) -> PyResult<Value> {
    rooted(vm, &arg_values(&a), |vm| batched_rooted(vm, a))
}

fn batched_rooted(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = clinic(&a, "batched", &["iterable", "n", "strict"], 2, 2)?;
    let n = ssize(vm, s[1].expect("required"))?;
    if n < 1 {
        return Err(PyErr::value_error("n must be at least one"));
    }
    let strict = match s[2] {
        Some(v) => vm.truthy(v)?,
        None => false,
    };
    let src = vm.get_iter(s[0].expect("required"))?;
    Ok(vm.new_native_iter(NativeIter::Batched {
        src,
        n: n as usize,
        strict,
    }))
}

fn zip_longest(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let mut fill = Value::None;
    if !a.kw.is_empty() {
        match a.kwarg("fillvalue") {
            Some(v) if a.kw.len() == 1 => fill = v,
            _ => {
                return Err(PyErr::type_error(
                    "zip_longest() got an unexpected keyword argument",
                ))
            }
        }
    }
    let mut iters = Vec::with_capacity(a.pos.len());
    rooted(vm, &arg_values(&a), |vm| {
        for v in &a.pos {
            let it = vm.get_iter(*v)?;
            iters.push(keep(vm, it));
        }
        Ok(())
    })?;
    let active = iters.len() as i64;
    Ok(vm.new_native_iter(NativeIter::ZipLongest {
        iters,
        active,
        fill,
    }))
}

fn groupby(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = clinic(&a, "groupby", &["iterable", "key"], 2, 1)?;
    let src = rooted(vm, &arg_values(&a), |vm| {
        vm.get_iter(s[0].expect("required"))
    })?;
    Ok(vm.new_native_iter(NativeIter::GroupBy {
        src,
        key: s[1].unwrap_or(Value::None),
        tgtkey: Value::Undef,
        currkey: Value::Undef,
        currvalue: Value::Undef,
        cur: 0,
        gens: 0,
    }))
}

/// A tee iterator `id`, if `v` is one.
fn as_tee(vm: &mut Vm, v: Value) -> Option<(Value, usize)> {
    let id = v.as_ref()?;
    super::iters::get!(vm, id, NativeIter::Tee { data, index } => (*data, *index))
}

fn tee(vm: &mut Vm, a: Args) -> PyResult<Value> {
    if !a.kw.is_empty() {
        return Err(PyErr::type_error(
            "itertools.tee() takes no keyword arguments",
        ));
    }
    unpack(&a, 1, 2)?;
    let n = match a.pos.get(1) {
        Some(v) => vm.index_arg(*v)?,
        None => 2,
    };
    if n < 0 {
        return Err(PyErr::value_error("n must be >= 0"));
    }
    vm.check_alloc(n as u128 * 64)?;
    if n == 0 {
        return Ok(vm.new_tuple(Vec::new()));
    }
    let it = vm.get_iter(a.pos[0])?;
    let (data, index) = match as_tee(vm, it) {
        Some(pos) => pos,
        None => {
            let data = vm.new_native_iter(NativeIter::TeeData {
                src: it,
                values: Vec::new(),
                next: Value::None,
                running: false,
            });
            (data, 0)
        }
    };
    let mut out = Vec::with_capacity(n as usize);
    for _ in 0..n {
        let t = vm.new_native_iter(NativeIter::Tee { data, index });
        out.push(t);
    }
    Ok(vm.new_tuple(out))
}

fn product(vm: &mut Vm, a: Args) -> PyResult<Value> {
    rooted(vm, &arg_values(&a), |vm| product_rooted(vm, a))
}

fn product_rooted(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let mut repeat = 1;
    for (k, v) in &a.kw {
        if k != "repeat" {
            return Err(PyErr::type_error(format!(
                "product() got an unexpected keyword argument '{k}'"
            )));
        }
        repeat = ssize(vm, *v)?;
        if repeat < 0 {
            return Err(PyErr::value_error("repeat argument cannot be negative"));
        }
    }
    let repeat = repeat as u64;
    let nargs = if repeat == 0 { 0 } else { a.pos.len() as u64 };
    if nargs > 0 && nargs > (i64::MAX as u64 / 8) / repeat {
        return Err(PyErr::new(
            ExcType::OverflowError,
            "repeat argument too large",
        ));
    }
    let mut pools = Vec::with_capacity(nargs as usize);
    for v in a.pos.iter().take(nargs as usize) {
        let pool = vm.collect_iterable(*v)?;
        vm.stack.extend_from_slice(&pool);
        pools.push(pool);
    }
    if pools.iter().all(|p| !p.is_empty()) {
        vm.check_alloc((nargs * repeat) as u128 * 16)?;
    }
    Ok(vm.new_native_iter(NativeIter::Product {
        pools,
        repeat: repeat as usize,
        indices: Vec::new(),
        state: CombState::First,
    }))
}

/// `(pool, r)` of `combinations` and `combinations_with_replacement`:
/// `r`'s type is checked before the pool is read, its sign after.
fn pool_and_r(vm: &mut Vm, a: &Args, name: &str) -> PyResult<(Vec<Value>, usize)> {
    let s = clinic(a, name, &["iterable", "r"], 2, 2)?;
    let r = rooted(vm, &arg_values(a), |vm| ssize(vm, s[1].expect("required")))?;
    let pool = vm.collect_iterable(s[0].expect("required"))?;
    if r < 0 {
        return Err(PyErr::value_error("r must be non-negative"));
    }
    Ok((pool, r as usize))
}

fn combinations(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (pool, r) = pool_and_r(vm, &a, "combinations")?;
    Ok(vm.new_native_iter(NativeIter::Combinations {
        pool,
        r,
        indices: Vec::new(),
        state: CombState::First,
    }))
}

fn combinations_with_replacement(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let (pool, r) = pool_and_r(vm, &a, "combinations_with_replacement")?;
    vm.check_alloc(r as u128 * 16)?;
    Ok(vm.new_native_iter(NativeIter::CombinationsWithReplacement {
        pool,
        r,
        indices: Vec::new(),
        state: CombState::First,
    }))
}

fn permutations(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let s = clinic(&a, "permutations", &["iterable", "r"], 2, 1)?;
    let pool = vm.collect_iterable(s[0].expect("required"))?;
    let r = match s[1] {
        None | Some(Value::None) => pool.len() as i64,
        Some(v @ (Value::Int(_) | Value::Bool(_))) => vm.index_arg(v)?,
        Some(Value::Ref(id)) if matches!(vm.heap.get(id), Obj::BigInt(_)) => {
            vm.index_arg(Value::Ref(id))?
        }
        Some(_) => return Err(PyErr::type_error("Expected int as r")),
    };
    if r < 0 {
        return Err(PyErr::value_error("r must be non-negative"));
    }
    Ok(vm.new_native_iter(NativeIter::Permutations {
        pool,
        r: r as usize,
        indices: Vec::new(),
        cycles: Vec::new(),
        state: CombState::First,
    }))
}

/// `itertools._grouper` and `itertools._tee`: types that cannot be built.
fn grouper_type(_vm: &mut Vm, _a: Args) -> PyResult<Value> {
    Err(PyErr::type_error(
        "cannot create 'itertools._grouper' instances",
    ))
}

fn tee_type(_vm: &mut Vm, _a: Args) -> PyResult<Value> {
    Err(PyErr::type_error(
        "cannot create 'itertools._tee' instances",
    ))
}

/// `count`'s and `repeat`'s CPython reprs; the rest use the default.
pub(super) fn repr(vm: &mut Vm, id: ObjId) -> PyResult<Option<String>> {
    match vm.heap.get(id) {
        Obj::Iter(Iter::Native(s)) => match **s {
            NativeIter::Count { next, step } => {
                let start = vm.repr(next)?;
                if matches!(step, Value::Int(1)) {
                    Ok(Some(format!("count({start})")))
                } else {
                    let step = vm.repr(step)?;
                    Ok(Some(format!("count({start}, {step})")))
                }
            }
            NativeIter::Repeat { obj, left } => {
                let r = vm.repr(obj)?;
                if left < 0 {
                    Ok(Some(format!("repeat({r})")))
                } else {
                    Ok(Some(format!("repeat({r}, {left})")))
                }
            }
            _ => Ok(None),
        },
        _ => Ok(None),
    }
}

const FROM_ITERABLE: u16 = 5;

/// `itertools.chain.from_iterable`.
pub(super) fn type_getattr(f: NativeId, name: &str) -> Option<Value> {
    (MODULE.funcs[f.func as usize].name == "chain" && name == "from_iterable").then_some(
        Value::Native(NativeId {
            module: f.module,
            func: FROM_ITERABLE,
        }),
    )
}

/// `isinstance(v, itertools.X)`: every name but `tee` is a class.
pub(super) fn isinstance(vm: &mut Vm, v: Value, f: NativeId) -> Option<bool> {
    let name = MODULE.funcs[f.func as usize].name;
    if !is_class(name) {
        return None;
    }
    let is = match v {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Iter(Iter::Native(s)) => s.class_name().strip_prefix("itertools.") == Some(name),
            _ => false,
        },
        _ => false,
    };
    Some(is)
}

/// The names of this module's functions that are classes in CPython.
fn is_class(name: &str) -> bool {
    !matches!(name, "tee" | "_chain_from_iterable")
}

/// `type(v)` for this module's iterators: the function named like its
/// class.
pub(super) fn type_of(vm: &Vm, v: Value) -> Option<NativeId> {
    let id = v.as_ref()?;
    let Obj::Iter(Iter::Native(s)) = vm.heap.get(id) else {
        return None;
    };
    let name = s.class_name().strip_prefix("itertools.")?;
    let func = MODULE
        .funcs
        .iter()
        .position(|f| f.name == name && is_class(name))?;
    Some(NativeId {
        module: super::module_index("itertools"),
        func: func as u16,
    })
}

/// `itertools.count` for the class `count`.
pub(super) fn class_name(f: NativeId) -> Option<String> {
    let name = MODULE.funcs.get(f.func as usize)?.name;
    is_class(name).then(|| format!("itertools.{name}"))
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "itertools",
    funcs: &[
        NativeFn {
            name: "count",
            call: count,
        },
        NativeFn {
            name: "cycle",
            call: cycle,
        },
        NativeFn {
            name: "repeat",
            call: repeat,
        },
        NativeFn {
            name: "accumulate",
            call: accumulate,
        },
        NativeFn {
            name: "chain",
            call: chain,
        },
        // FROM_ITERABLE
        NativeFn {
            name: "_chain_from_iterable",
            call: chain_from_iterable,
        },
        NativeFn {
            name: "compress",
            call: compress,
        },
        NativeFn {
            name: "dropwhile",
            call: dropwhile,
        },
        NativeFn {
            name: "takewhile",
            call: takewhile,
        },
        NativeFn {
            name: "filterfalse",
            call: filterfalse,
        },
        NativeFn {
            name: "starmap",
            call: starmap,
        },
        NativeFn {
            name: "islice",
            call: islice,
        },
        NativeFn {
            name: "pairwise",
            call: pairwise,
        },
        NativeFn {
            name: "batched",
            call: batched,
        },
        NativeFn {
            name: "zip_longest",
            call: zip_longest,
        },
        NativeFn {
            name: "groupby",
            call: groupby,
        },
        NativeFn {
            name: "tee",
            call: tee,
        },
        NativeFn {
            name: "product",
            call: product,
        },
        NativeFn {
            name: "combinations",
            call: combinations,
        },
        NativeFn {
            name: "combinations_with_replacement",
            call: combinations_with_replacement,
        },
        NativeFn {
            name: "permutations",
            call: permutations,
        },
        NativeFn {
            name: "_grouper",
            call: grouper_type,
        },
        NativeFn {
            name: "_tee",
            call: tee_type,
        },
    ],
    init: super::no_init,
};
