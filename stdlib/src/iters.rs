//! Lazy iterators of native modules (`itertools`). Each is plain data in
//! [`NativeIter`]: the values it holds (sources, callables, buffered
//! items) are [`Value`]s, so the collector traces them and a paused run
//! serializes them. [`Vm::native_iter_next`] advances one; the stepping
//! itself lives in `itertools/step.rs` and `itertools/comb.rs`.
//!
//! This file also holds the hooks the VM core can call for native module
//! values: the CPython reprs of `count`/`repeat`
//! ([`Vm::native_iter_repr`]), attributes of native functions acting as
//! classes (`itertools.chain.from_iterable`, [`Vm::native_fn_getattr`]),
//! `isinstance` against them ([`Vm::native_fn_isinstance`]), and the
//! attributes and reprs of bound natives (`partial.func`,
//! `cached.cache_info`: [`Vm::bound_native_getattr`],
//! [`Vm::bound_native_repr`]).

use serde::{Deserialize, Serialize};

use super::NativeId;
use crate::object::{Iter, Obj, ObjId, Value};
use crate::vm::{PyResult, Vm};

/// The state of a native module's iterator. `Value::None` marks a
/// released source (CPython's `NULL`), `Value::Undef` an absent value.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum NativeIter {
    /// `count(start, step)`: `next` is the value to yield next.
    Count {
        next: Value,
        step: Value,
    },
    /// `repeat(obj, times)`: `left < 0` repeats forever.
    Repeat {
        obj: Value,
        left: i64,
    },
    /// `cycle(it)`: items are saved on the first pass, then replayed.
    Cycle {
        src: Value,
        saved: Vec<Value>,
        idx: usize,
    },
    Accumulate {
        src: Value,
        /// `None` adds.
        func: Value,
        total: Value,
        initial: Value,
    },
    /// `chain(*its)` and `chain.from_iterable(it)`: `source` yields the
    /// iterables, `active` is the iterator being drained. An iterator this
    /// chain made over a list, tuple or str (`owned`) is nowhere else, so
    /// once drained it is kept as `spare` and reused for the next one:
    /// flattening many small lists then allocates no iterator per list.
    Chain {
        source: Value,
        active: Value,
        spare: Value,
        owned: bool,
    },
    Compress {
        data: Value,
        sel: Value,
    },
    DropWhile {
        pred: Value,
        src: Value,
        done: bool,
    },
    TakeWhile {
        pred: Value,
        src: Value,
        stopped: bool,
    },
    FilterFalse {
        pred: Value,
        src: Value,
    },
    StarMap {
        func: Value,
        src: Value,
    },
    /// `islice`: `cnt` items read so far, `next` the index of the next
    /// item to yield, `stop == -1` for no stop.
    ISlice {
        src: Value,
        next: i64,
        stop: i64,
        step: i64,
        cnt: i64,
    },
    Pairwise {
        src: Value,
        old: Value,
    },
    Batched {
        src: Value,
        n: usize,
        strict: bool,
    },
    /// `zip_longest`: exhausted sources are `None`; `active` counts the
    /// live ones (it can go negative under re-entrant use, as in CPython).
    ZipLongest {
        iters: Vec<Value>,
        active: i64,
        fill: Value,
    },
    /// `groupby`: `cur` is the generation of the live group (0: none).
    GroupBy {
        src: Value,
        key: Value,
        tgtkey: Value,
        currkey: Value,
        currvalue: Value,
        cur: u64,
        gens: u64,
    },
    /// A group of a `groupby`, live while its parent's `cur` is `gen`.
    Grouper {
        parent: Value,
        tgtkey: Value,
        gen: u64,
    },
    /// A block of items a `tee` group has read, shared by its iterators;
    /// `next` is the following block once this one is full.
    TeeData {
        src: Value,
        values: Vec<Value>,
        next: Value,
        running: bool,
    },
    /// One iterator of a `tee` group: its block and position in it.
    Tee {
        data: Value,
        index: usize,
    },
    /// `product`: `pools` are the distinct argument pools, each used
    /// `repeat` times.
    Product {
        pools: Vec<Vec<Value>>,
        repeat: usize,
        indices: Vec<usize>,
        state: CombState,
    },
    Combinations {
        pool: Vec<Value>,
        r: usize,
        indices: Vec<usize>,
        state: CombState,
    },
    CombinationsWithReplacement {
        pool: Vec<Value>,
        r: usize,
        indices: Vec<usize>,
        state: CombState,
    },
    Permutations {
        pool: Vec<Value>,
        r: usize,
        indices: Vec<usize>,
        cycles: Vec<usize>,
        state: CombState,
    },
    /// `iter(deque)`: the position and the deque's state when made.
    DequeIter {
        deque: Value,
        index: usize,
        state: u64,
    },
}

/// Where a combinatoric iterator is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CombState {
    First,
    Running,
    Done,
}

impl NativeIter {
    pub fn for_each_child(&self, f: &mut dyn FnMut(Value)) {
        use NativeIter::*;
        match self {
            Count { next, step } => {
                f(*next);
                f(*step);
            }
            Repeat { obj, .. } => f(*obj),
            Cycle { src, saved, .. } => {
                f(*src);
                saved.iter().for_each(|v| f(*v));
            }
            Accumulate {
                src,
                func,
                total,
                initial,
            } => [*src, *func, *total, *initial].into_iter().for_each(f),
            Chain {
                source,
                active,
                spare,
                ..
            } => {
                f(*source);
                f(*active);
                f(*spare);
            }
            Compress { data: a, sel: b }
            | DropWhile {
                pred: a, src: b, ..
            }
            | TakeWhile {
                pred: a, src: b, ..
            }
            | FilterFalse { pred: a, src: b }
            | StarMap { func: a, src: b }
            | Pairwise { src: a, old: b }
            | Grouper {
                parent: a,
                tgtkey: b,
                ..
            } => {
                f(*a);
                f(*b);
            }
            ISlice { src, .. } | Batched { src, .. } => f(*src),
            ZipLongest { iters, fill, .. } => {
                iters.iter().for_each(|v| f(*v));
                f(*fill);
            }
            GroupBy {
                src,
                key,
                tgtkey,
                currkey,
                currvalue,
                ..
            } => [*src, *key, *tgtkey, *currkey, *currvalue]
                .into_iter()
                .for_each(f),
            TeeData {
                src, values, next, ..
            } => {
                f(*src);
                values.iter().for_each(|v| f(*v));
                f(*next);
            }
            Tee { data, .. } => f(*data),
            Product { pools, .. } => pools.iter().flatten().for_each(|v| f(*v)),
            Combinations { pool, .. }
            | CombinationsWithReplacement { pool, .. }
            | Permutations { pool, .. } => pool.iter().for_each(|v| f(*v)),
            DequeIter { deque, .. } => f(*deque),
        }
    }

    /// The class name reprs and errors use (CPython's `tp_name`).
    pub fn class_name(&self) -> &'static str {
        use NativeIter::*;
        match self {
            Count { .. } => "itertools.count",
            Repeat { .. } => "itertools.repeat",
            Cycle { .. } => "itertools.cycle",
            Accumulate { .. } => "itertools.accumulate",
            Chain { .. } => "itertools.chain",
            Compress { .. } => "itertools.compress",
            DropWhile { .. } => "itertools.dropwhile",
            TakeWhile { .. } => "itertools.takewhile",
            FilterFalse { .. } => "itertools.filterfalse",
            StarMap { .. } => "itertools.starmap",
            ISlice { .. } => "itertools.islice",
            Pairwise { .. } => "itertools.pairwise",
            Batched { .. } => "itertools.batched",
            ZipLongest { .. } => "itertools.zip_longest",
            GroupBy { .. } => "itertools.groupby",
            Grouper { .. } => "itertools._grouper",
            TeeData { .. } => "itertools._tee_dataobject",
            Tee { .. } => "itertools._tee",
            Product { .. } => "itertools.product",
            Combinations { .. } => "itertools.combinations",
            CombinationsWithReplacement { .. } => "itertools.combinations_with_replacement",
            Permutations { .. } => "itertools.permutations",
            DequeIter { .. } => "collections._deque_iterator",
        }
    }
}

/// Reads from the state of native iterator `$id` if it matches `$pat`:
/// `Some($e)`, else `None`.
macro_rules! get {
    ($vm:expr, $id:expr, $pat:pat => $e:expr) => {
        match $vm.native_state($id) {
            Some($pat) => Some($e),
            _ => None,
        }
    };
}

/// Updates the state of native iterator `$id` if it matches `$pat`.
macro_rules! upd {
    ($vm:expr, $id:expr, $pat:pat => $e:expr) => {
        if let Some($pat) = $vm.native_state($id) {
            $e;
        }
    };
}

pub(crate) use {get, upd};

/// The library's iterators and bound natives on the VM: stepping, repr,
/// attributes.
///
/// An extension trait: the VM type lives in `monty-vm`, so the library
/// adds its methods through traits (brought into scope where used).
pub trait NativeIterVm {
    /// The state of native iterator `id`, if it is one.
    fn native_state(&mut self, id: ObjId) -> Option<&mut NativeIter>;

    /// A new iterator object holding `state`.
    fn new_native_iter(&mut self, state: NativeIter) -> Value;

    /// One step of the native iterator stored at `id`. The iterator stays
    /// rooted while the step calls back into Python.
    fn native_iter_next(&mut self, id: ObjId) -> PyResult<Option<Value>>;

    /// CPython's repr of a native iterator where it is not the default
    /// `<itertools.X object at 0x...>`: `count(5, 2)`, `repeat('a', 2)`.
    /// Hook for `repr.rs` (`Obj::Iter(Iter::Native(_))`).
    fn native_iter_repr(&mut self, id: ObjId) -> PyResult<Option<String>>;

    /// Attribute `name` of native function `f` acting as a class
    /// (`itertools.chain.from_iterable`). Hook for
    /// `objects/classes.rs::native_type_getattr`.
    fn native_fn_getattr(&mut self, f: NativeId, name: &str) -> PyResult<Option<Value>>;

    /// `isinstance(v, f)` for native function `f` acting as a class
    /// (`itertools.count`, `functools.partial`); `None` if `f` is not one.
    /// Hook for `objects/classes.rs::native_type_isinstance`.
    fn native_fn_isinstance(&mut self, v: Value, f: NativeId) -> Option<bool>;

    /// The native function acting as the class of `v`, for `type(v)`:
    /// `itertools.count` for a count, `itertools._grouper` for a group,
    /// `functools.partial` for a partial. Hook for `type()`.
    fn native_type_of(&self, v: Value) -> Option<NativeId>;

    /// The qualified class name of a native function acting as a class
    /// (`itertools.count`), for `repr(itertools.count)` and `type(v)`'s
    /// repr: `<class 'itertools.count'>`; `None` for plain functions.
    fn native_class_name(&self, f: NativeId) -> Option<String>;

    /// Attributes of a bound native of these modules (`partial.func`,
    /// `partial.args`, `cached.cache_info`, ...). Hook for `attr.rs`
    /// (`Obj::BoundNative`).
    fn bound_native_getattr(&mut self, id: ObjId, name: &str) -> PyResult<Option<Value>>;

    /// Whether bound native `id` binds like a function when it is a class
    /// attribute looked up on an instance (`self.cached_method(x)`): true
    /// for `lru_cache` wrappers. Hook for `class.rs::bind_attr`.
    fn bound_native_binds(&self, id: ObjId) -> bool;

    /// The repr of a bound native where it is not `name(bound...)`
    /// (`functools.partial(f, 1, x=2)`, an `lru_cache` wrapper). Hook for
    /// `modules::bound_repr`.
    fn bound_native_repr(
        &mut self,
        func: NativeId,
        bound: &[Value],
        id: ObjId,
    ) -> PyResult<Option<String>>;
}

impl NativeIterVm for Vm {
    fn native_state(&mut self, id: ObjId) -> Option<&mut NativeIter> {
        match self.heap.get_mut(id) {
            Obj::Iter(Iter::Native(s)) => s.downcast_mut(),
            _ => None,
        }
    }

    fn new_native_iter(&mut self, state: NativeIter) -> Value {
        self.heap.new_value(Obj::Iter(Iter::Native(
            crate::vm::library_data::LibData::new(state),
        )))
    }

    fn native_iter_next(&mut self, id: ObjId) -> PyResult<Option<Value>> {
        let mark = self.stack.len();
        self.stack.push(Value::Ref(id));
        let r = super::itertools::step(self, id);
        self.release_to(mark);
        r
    }

    fn native_iter_repr(&mut self, id: ObjId) -> PyResult<Option<String>> {
        super::itertools::repr(self, id)
    }

    fn native_fn_getattr(&mut self, f: NativeId, name: &str) -> PyResult<Option<Value>> {
        if f.module == super::module_index("itertools") {
            return Ok(super::itertools::type_getattr(f, name));
        }
        Ok(None)
    }

    fn native_fn_isinstance(&mut self, v: Value, f: NativeId) -> Option<bool> {
        if f == super::types::generic_alias_class() {
            return Some(super::generic::type_of(self, v).is_some());
        }
        if f.module == super::module_index("itertools") {
            return super::itertools::isinstance(self, v, f);
        }
        if f.module == super::module_index("functools") {
            return super::functools::isinstance(self, v, f);
        }
        None
    }

    fn native_type_of(&self, v: Value) -> Option<NativeId> {
        super::itertools::type_of(self, v)
            .or_else(|| super::functools::type_of(self, v))
            .or_else(|| super::generic::type_of(self, v))
    }

    fn native_class_name(&self, f: NativeId) -> Option<String> {
        if f.module == super::module_index("itertools") {
            return super::itertools::class_name(f);
        }
        if f.module == super::module_index("functools") {
            return super::functools::class_name(f);
        }
        if f == super::types::generic_alias_class() {
            return Some("types.GenericAlias".into());
        }
        if let Some(name) = super::typing::class_name(f) {
            return Some(name);
        }
        None
    }

    fn bound_native_getattr(&mut self, id: ObjId, name: &str) -> PyResult<Option<Value>> {
        let Obj::BoundNative { func, bound, .. } = self.heap.get(id) else {
            return Ok(None);
        };
        let (func, bound) = (*func, bound.clone());
        if func.module == super::module_index("functools") {
            return super::functools::bound_getattr(self, func, &bound, name);
        }
        if func.module == super::module_index("<host>") {
            return Ok(super::host_object::bound_getattr(self, id, name));
        }
        Ok(None)
    }

    fn bound_native_binds(&self, id: ObjId) -> bool {
        match self.heap.get(id) {
            Obj::BoundNative { func, .. } if func.module == super::module_index("functools") => {
                super::functools::binds_as_method(*func)
            }
            Obj::BoundNative { func, .. } if func.module == super::module_index("collections") => {
                super::collections::binds_as_method(*func)
            }
            Obj::BoundNative { func, .. } if func.module == super::module_index("dataclasses") => {
                super::dataclasses::binds_as_method(*func)
            }
            Obj::BoundNative { func, .. } if func.module == super::module_index("string") => {
                super::string::binds_as_method(*func)
            }
            Obj::BoundNative { func, .. } if func.module == super::module_index("contextlib") => {
                super::contextlib::binds_as_method(*func)
            }
            Obj::BoundNative { func, .. } if func.module == super::module_index("abc") => {
                super::abc::binds_as_method(*func)
            }
            Obj::BoundNative { func, .. } if func.module == super::module_index("enum") => {
                super::enums::binds_as_method(*func)
            }
            Obj::BoundNative { func, .. } if func.module == super::module_index("os") => {
                super::os_dir::binds_as_method(&super::os::MODULE, *func)
            }
            Obj::BoundNative { func, .. } if func.module == super::module_index("types") => {
                super::types::binds_as_method(*func)
            }
            Obj::BoundNative { func, .. } if func.module == super::module_index("urllib.parse") => {
                super::urllib_result::binds_as_method(*func)
            }
            Obj::BoundNative { func, .. } if func.module == super::module_index("logging") => {
                super::logging::binds_as_method(*func)
            }
            Obj::BoundNative { func, .. } if func.module == super::module_index("warnings") => {
                super::warnings::binds_as_method(*func)
            }
            Obj::BoundNative { func, .. } if func.module == super::module_index("<host>") => {
                super::host_object::binds_as_method(*func)
            }
            Obj::BoundNative { func, .. } if func.module == super::module_index("difflib") => {
                super::difflib::binds_as_method(*func)
            }
            Obj::BoundNative { func, .. } if func.module == super::module_index("calendar") => {
                super::calendar::binds_as_method(*func)
            }
            _ => false,
        }
    }

    fn bound_native_repr(
        &mut self,
        func: NativeId,
        bound: &[Value],
        id: ObjId,
    ) -> PyResult<Option<String>> {
        if func.module == super::module_index("functools") {
            return super::functools::bound_repr(self, func, bound, id);
        }
        Ok(None)
    }
}
