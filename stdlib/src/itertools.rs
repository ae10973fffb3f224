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
use super::{ModuleDef, NativeId};
use crate::builtins::Args;
use crate::iters::NativeIterVm;
use crate::object::{ExcType, Iter, Obj, ObjId, Value};
use crate::vm::{PyErr, PyResult, Vm};

pub(super) use step::step;

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

native! {
    /// `itertools.count(start=0, step=1)`.
    clinic fn count(vm, start?, step?) {
        let start = start.unwrap_or(Value::Int(0));
        let step = step.unwrap_or(Value::Int(1));
        if !is_number(vm, start) || !is_number(vm, step) {
            return Err(PyErr::type_error("a number is required"));
        }
        Ok(vm.new_native_iter(NativeIter::Count {
            next: widen(start),
            step: widen(step),
        }))
    }

    /// `itertools.cycle(iterable, /)`.
    unpack fn cycle(vm, iterable, /) {
        let src = vm.get_iter(iterable)?;
        Ok(vm.new_native_iter(NativeIter::Cycle {
            src,
            saved: Vec::new(),
            idx: 0,
        }))
    }

    /// `itertools.repeat(object, times=<forever>)`.
    clinic fn repeat(vm, object, times?) {
        let left = match times {
            Some(t) => rooted(vm, &[object, t], |vm| ssize(vm, t))?.max(0),
            None => -1,
        };
        Ok(vm.new_native_iter(NativeIter::Repeat { obj: object, left }))
    }

    /// `itertools.accumulate(iterable, func=None, *, initial=None)`.
    clinic fn accumulate(vm, iterable, func?, *, initial?) {
        let func = func.unwrap_or(Value::None);
        let initial = match initial {
            Some(Value::None) | None => Value::Undef,
            Some(v) => v,
        };
        let src = rooted(vm, &[iterable, func, initial], |vm| vm.get_iter(iterable))?;
        Ok(vm.new_native_iter(NativeIter::Accumulate {
            src,
            func,
            total: Value::Undef,
            initial,
        }))
    }

    /// `itertools.chain(*iterables)`.
    builtin fn chain(vm, *iterables) {
        let args = vm.new_tuple(iterables);
        chain_of(vm, args)
    }

    /// `itertools.chain.from_iterable(iterable, /)`.
    builtin fn chain_from_iterable as "from_iterable" in "chain" (vm, iterable, /) {
        chain_of(vm, iterable)
    }

    /// `itertools.compress(data, selectors)`.
    clinic fn compress(vm, data, selectors) {
        rooted(vm, &[data, selectors], |vm| {
            let data = vm.get_iter(data)?;
            keep(vm, data);
            let sel = vm.get_iter(selectors)?;
            Ok(vm.new_native_iter(NativeIter::Compress { data, sel }))
        })
    }

    /// `itertools.dropwhile(predicate, iterable, /)`.
    builtin fn dropwhile(vm, predicate, iterable, /) {
        let src = rooted(vm, &[predicate, iterable], |vm| vm.get_iter(iterable))?;
        Ok(vm.new_native_iter(NativeIter::DropWhile {
            pred: predicate,
            src,
            done: false,
        }))
    }

    /// `itertools.takewhile(predicate, iterable, /)`.
    builtin fn takewhile(vm, predicate, iterable, /) {
        let src = rooted(vm, &[predicate, iterable], |vm| vm.get_iter(iterable))?;
        Ok(vm.new_native_iter(NativeIter::TakeWhile {
            pred: predicate,
            src,
            stopped: false,
        }))
    }

    /// `itertools.filterfalse(function, iterable, /)`.
    builtin fn filterfalse(vm, function, iterable, /) {
        let src = rooted(vm, &[function, iterable], |vm| vm.get_iter(iterable))?;
        Ok(vm.new_native_iter(NativeIter::FilterFalse { pred: function, src }))
    }

    /// `itertools.starmap(function, iterable, /)`.
    builtin fn starmap(vm, function, iterable, /) {
        let src = rooted(vm, &[function, iterable], |vm| vm.get_iter(iterable))?;
        Ok(vm.new_native_iter(NativeIter::StarMap { func: function, src }))
    }

    /// `itertools.islice(iterable, stop)` or `islice(iterable, start,
    /// stop[, step])`.
    builtin fn islice(vm, iterable, a, b?, c?, /) {
        let vals = [iterable, a, b.unwrap_or(Value::None), c.unwrap_or(Value::None)];
        rooted(vm, &vals, |vm| islice_rooted(vm, iterable, a, b, c))
    }

    /// `itertools.pairwise(iterable, /)`.
    unpack fn pairwise(vm, iterable, /) {
        let src = vm.get_iter(iterable)?;
        Ok(vm.new_native_iter(NativeIter::Pairwise {
            src,
            old: Value::Undef,
        }))
    }

    /// `itertools.batched(iterable, n, *, strict=False)`.
    clinic fn batched(vm, iterable, n, *, strict?) {
        let vals = [iterable, n, strict.unwrap_or(Value::None)];
        rooted(vm, &vals, |vm| batched_rooted(vm, iterable, n, strict))
    }

    /// `itertools.zip_longest(*iterables, fillvalue=None)`: CPython checks
    /// the keywords by hand ("zip_longest() got an unexpected keyword
    /// argument", no name).
    builtin fn zip_longest(vm, *iterables, **kw) {
        let mut fill = Value::None;
        if !kw.is_empty() {
            match kw.first() {
                Some((k, v)) if kw.len() == 1 && k == "fillvalue" => fill = *v,
                _ => {
                    return Err(PyErr::type_error(
                        "zip_longest() got an unexpected keyword argument",
                    ))
                }
            }
        }
        let mut iters = Vec::with_capacity(iterables.len());
        let mut vals = iterables.clone();
        vals.push(fill);
        rooted(vm, &vals, |vm| {
            for v in &iterables {
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

    /// `itertools.groupby(iterable, key=None)`.
    clinic fn groupby(vm, iterable, key?) {
        let key = key.unwrap_or(Value::None);
        let src = rooted(vm, &[iterable, key], |vm| vm.get_iter(iterable))?;
        Ok(vm.new_native_iter(NativeIter::GroupBy {
            src,
            key,
            tgtkey: Value::Undef,
            currkey: Value::Undef,
            currvalue: Value::Undef,
            cur: 0,
            gens: 0,
        }))
    }

    /// `itertools.tee(iterable, n=2, /)`.
    builtin fn tee in "itertools" (vm, iterable, n?, /) {
        tee_of(vm, iterable, n)
    }

    /// `itertools.product(*iterables, repeat=1)`.
    builtin fn product(vm, *iterables, repeat?) {
        let mut vals = iterables.clone();
        vals.extend(repeat);
        rooted(vm, &vals, |vm| product_rooted(vm, iterables, repeat))
    }

    /// `itertools.combinations(iterable, r)`.
    clinic fn combinations(vm, iterable, r) {
        let (pool, r) = pool_and_r(vm, iterable, r)?;
        Ok(vm.new_native_iter(NativeIter::Combinations {
            pool,
            r,
            indices: Vec::new(),
            state: CombState::First,
        }))
    }

    /// `itertools.combinations_with_replacement(iterable, r)`.
    clinic fn combinations_with_replacement(vm, iterable, r) {
        let (pool, r) = pool_and_r(vm, iterable, r)?;
        Ok(vm.new_native_iter(NativeIter::CombinationsWithReplacement {
            pool,
            r,
            indices: Vec::new(),
            state: CombState::First,
        }))
    }

    /// `itertools.permutations(iterable, r=None)`.
    clinic fn permutations(vm, iterable, r?) {
        permutations_of(vm, iterable, r)
    }
}

/// A `chain` over the iterables `source` yields.
fn chain_of(vm: &mut Vm, source: Value) -> PyResult<Value> {
    let source = vm.get_iter(source)?;
    Ok(vm.new_native_iter(NativeIter::Chain {
        source,
        active: Value::None,
        spare: Value::None,
        owned: false,
    }))
}

/// `islice(iterable, a)` (`a` the stop) or `islice(iterable, a, b, c)`
/// (start, stop, step).
fn islice_rooted(
    vm: &mut Vm,
    iterable: Value,
    a: Value,
    b: Option<Value>,
    c: Option<Value>,
) -> PyResult<Value> {
    const INDICES: &str = "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.";
    let (mut start, mut stop, mut step) = (0i64, -1i64, 1i64);
    let stop_arg = match b {
        None => a,
        Some(b) => {
            if !a.is_none() {
                start = ssize_clipped(vm, a)?.unwrap_or(-1);
            }
            b
        }
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
    if let Some(s) = c {
        if !s.is_none() {
            step = ssize_clipped(vm, s)?.unwrap_or(-1);
        }
    }
    if step < 1 {
        return Err(PyErr::value_error(
            "Step for islice() must be a positive integer or None.",
        ));
    }
    let src = vm.get_iter(iterable)?;
    Ok(vm.new_native_iter(NativeIter::ISlice {
        src,
        next: start,
        stop,
        step,
        cnt: 0,
    }))
}

fn batched_rooted(
    vm: &mut Vm,
    iterable: Value,
    n: Value,
    strict: Option<Value>,
) -> PyResult<Value> {
    let n = ssize(vm, n)?;
    if n < 1 {
        return Err(PyErr::value_error("n must be at least one"));
    }
    let strict = match strict {
        Some(v) => vm.truthy(v)?,
        None => false,
    };
    let src = vm.get_iter(iterable)?;
    Ok(vm.new_native_iter(NativeIter::Batched {
        src,
        // (saturating: `as` would wrap on a 32-bit target)
        n: usize::try_from(n).unwrap_or(usize::MAX),
        strict,
    }))
}

/// A tee iterator `id`, if `v` is one.
fn as_tee(vm: &mut Vm, v: Value) -> Option<(Value, usize)> {
    let id = v.as_ref()?;
    super::iters::get!(vm, id, NativeIter::Tee { data, index } => (*data, *index))
}

fn tee_of(vm: &mut Vm, iterable: Value, n: Option<Value>) -> PyResult<Value> {
    let n = match n {
        Some(v) => vm.index_arg(v)?,
        None => 2,
    };
    if n < 0 {
        return Err(PyErr::value_error("n must be >= 0"));
    }
    vm.check_alloc(n as u128 * 64)?;
    if n == 0 {
        return Ok(vm.new_tuple(Vec::new()));
    }
    let it = vm.get_iter(iterable)?;
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

fn product_rooted(vm: &mut Vm, iterables: Vec<Value>, repeat: Option<Value>) -> PyResult<Value> {
    let mut times = 1;
    if let Some(v) = repeat {
        times = ssize(vm, v)?;
        if times < 0 {
            return Err(PyErr::value_error("repeat argument cannot be negative"));
        }
    }
    let repeat = times as u64;
    let nargs = if repeat == 0 {
        0
    } else {
        iterables.len() as u64
    };
    if nargs > 0 && nargs > (i64::MAX as u64 / 8) / repeat {
        return Err(PyErr::new(
            ExcType::OverflowError,
            "repeat argument too large",
        ));
    }
    // CPython allocates the indices first, even when a pool is empty
    vm.check_alloc((nargs * repeat) as u128 * 16)?;
    let mut pools = Vec::with_capacity(nargs as usize);
    for v in iterables.iter().take(nargs as usize) {
        let pool = vm.collect_iterable(*v)?;
        vm.stack.extend_from_slice(&pool);
        pools.push(pool);
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
fn pool_and_r(vm: &mut Vm, iterable: Value, r: Value) -> PyResult<(Vec<Value>, usize)> {
    let r = rooted(vm, &[iterable, r], |vm| ssize(vm, r))?;
    let pool = vm.collect_iterable(iterable)?;
    if r < 0 {
        return Err(PyErr::value_error("r must be non-negative"));
    }
    Ok((pool, indices_len(vm, r)?))
}

/// `r` as the length of the vector of indices a combinatoric iterator
/// steps: CPython allocates it up front (even when `r` exceeds the pool),
/// so a huge `r` is `MemoryError` at construction. Checked before the
/// cast, which would wrap on a 32-bit target.
fn indices_len(vm: &Vm, r: i64) -> PyResult<usize> {
    vm.check_alloc(r as u128 * 16)?;
    usize::try_from(r).map_err(|_| PyErr::new(ExcType::MemoryError, ""))
}

fn permutations_of(vm: &mut Vm, iterable: Value, r: Option<Value>) -> PyResult<Value> {
    let pool = vm.collect_iterable(iterable)?;
    let r = match r {
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
    let r = indices_len(vm, r)?;
    Ok(vm.new_native_iter(NativeIter::Permutations {
        pool,
        r,
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
        Obj::Iter(Iter::Native(s)) => match s.downcast_ref::<NativeIter>() {
            Some(&NativeIter::Count { next, step }) => {
                let start = vm.repr(next)?;
                if matches!(step, Value::Int(1)) {
                    Ok(Some(format!("count({start})")))
                } else {
                    let step = vm.repr(step)?;
                    Ok(Some(format!("count({start}, {step})")))
                }
            }
            Some(&NativeIter::Repeat { obj, left }) => {
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
            Obj::Iter(Iter::Native(s)) => s.type_name().strip_prefix("itertools.") == Some(name),
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
    let name = s.type_name().strip_prefix("itertools.")?;
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
    funcs: natives_table![
        count,
        cycle,
        repeat,
        accumulate,
        chain,
        // FROM_ITERABLE
        _chain_from_iterable = chain_from_iterable,
        compress,
        dropwhile,
        takewhile,
        filterfalse,
        starmap,
        islice,
        pairwise,
        batched,
        zip_longest,
        groupby,
        tee,
        product,
        combinations,
        combinations_with_replacement,
        permutations,
        _grouper = grouper_type,
        _tee = tee_type,
    ],
    init: super::no_init,
};
