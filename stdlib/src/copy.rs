//! `copy`: `copy` and `deepcopy` of builtin containers, class instances,
//! bound methods and bound natives (`functools.partial`, ...), with the
//! `__copy__`/`__deepcopy__` hooks and CPython's memo (a dict keyed by
//! `id()`), so shared references and cycles survive a deep copy.

use super::objects::NativeObj;
use super::ModuleDef;
use crate::builtins::Builtin;
use crate::collections::namedtuple::NamedtupleVm;
use crate::object::{Dict, DictKind, ExcType, Instance, Obj, ObjId, Value};
use crate::objects::native_of;
use crate::vm::{PyErr, PyResult, Vm};

fn cannot_pickle(vm: &Vm, x: Value) -> PyErr {
    PyErr::type_error(format!("cannot pickle '{}' object", vm.class_name(x)))
}

/// The class hook `name` (`__copy__`/`__deepcopy__`) of a user instance:
/// `None` when it is absent or set to `None` (which opts out).
fn hook(vm: &Vm, x: Value, name: &str) -> bool {
    let Some(cls) = vm.user_class_of(x) else {
        return false;
    };
    vm.class_lookup(cls, name).is_some_and(|v| !v.is_none())
}

native! {
    /// `copy.copy(x)`.
    def fn copy(vm, x) {
        shallow(vm, x)
    }

    /// `copy.deepcopy(x, memo=None, _nil=[])`.
    def fn deepcopy(vm, x, memo?, _nil?) {
        deepcopy_of(vm, x, memo)
    }
}

fn shallow(vm: &mut Vm, x: Value) -> PyResult<Value> {
    let Value::Ref(id) = x else {
        return Ok(x);
    };
    if hook(vm, x, "__copy__") {
        return Ok(vm
            .call_dunder(x, "__copy__", vec![])?
            .unwrap_or(Value::None));
    }
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::Decimal(_)) => return Ok(x),
        Some(NativeObj::DecSignals { .. }) => {
            return Err(PyErr::type_error("cannot pickle 'SignalDict' object"))
        }
        _ => {}
    }
    let new = match vm.heap.get(id) {
        Obj::List(l) => Obj::List(l.clone()),
        Obj::ByteArray(b) => Obj::ByteArray(b.clone()),
        Obj::Dict(d) => Obj::Dict(d.clone()),
        Obj::Set(d) => Obj::Set(d.clone()),
        Obj::Instance(i) => Obj::Instance(i.clone()),
        Obj::Exception(e) => Obj::Exception(e.clone()),
        Obj::BoundNative { .. } if atomic_bound_native(vm, x) => return Ok(x),
        Obj::BoundNative { .. } | Obj::Native(_) => vm.heap.get(id).clone(),
        Obj::Module(_)
        | Obj::Iter(_)
        | Obj::DictView(..)
        | Obj::Cell(_)
        | Obj::External(_)
        | Obj::Generator(_)
        | Obj::Super { .. } => return Err(cannot_pickle(vm, x)),
        _ => return Ok(x),
    };
    Ok(vm.heap.new_value(new))
}

fn deepcopy_of(vm: &mut Vm, x: Value, memo: Option<Value>) -> PyResult<Value> {
    let memo = match memo.filter(|m| !m.is_none()) {
        Some(m) => {
            if !matches!(m, Value::Ref(id) if matches!(vm.heap.get(id), Obj::Dict(_))) {
                return Err(PyErr::new(
                    ExcType::AttributeError,
                    format!("'{}' object has no attribute 'get'", vm.class_name(m)),
                ));
            }
            m
        }
        None => vm.heap.new_value(Obj::Dict(Box::new(Dict::new()))),
    };
    // the memo, and through it every copy, stays reachable while hooks run
    let mark = vm.stack.len();
    vm.stack.extend([x, memo]);
    let r = Deep { memo }.copy(vm, x, 0);
    vm.release_to(mark);
    r
}

fn callable(vm: &mut Vm, v: Value) -> PyResult<bool> {
    let r = vm.call_value(Value::Builtin(Builtin::Callable), vec![v], Vec::new())?;
    vm.truthy(r)
}

fn name_is_partial(vm: &Vm, v: Value) -> bool {
    matches!(v, Value::Ref(id) if matches!(vm.heap.get(id), Obj::BoundNative { name, .. } if name == "functools.partial"))
}

struct Deep {
    memo: Value,
}

fn is_same(a: Value, b: Value) -> bool {
    match (a, b) {
        (Value::Ref(x), Value::Ref(y)) => x == y,
        (Value::Float(x), Value::Float(y)) => x.to_bits() == y.to_bits(),
        _ => a == b,
    }
}

/// What a deep copy has to do with an object.
enum Kind {
    /// Shared, not copied (str, int, functions, classes, ...).
    Atomic,
    Hook,
    List,
    Tuple,
    Dict,
    Set,
    NamedTuple,
    Instance,
    Exception,
    BoundMethod,
    BoundNative,
    Deque,
    Native,
    Unpicklable,
}

// Each kind is copied by its own function, kept out of line so that the
// recursion (`copy` -> `copy_<kind>` -> `copy`) uses little stack per level.
impl Deep {
    #[inline(never)]
    fn key(vm: &mut Vm, x: Value) -> PyResult<(Value, crate::object::HashKey)> {
        let k = vm.call_value(Value::Builtin(Builtin::Id), vec![x], Vec::new())?;
        let hk = vm.hash_key(k)?;
        Ok((k, hk))
    }

    #[inline(never)]
    fn lookup(&self, vm: &mut Vm, x: Value) -> PyResult<Option<Value>> {
        let (_, hk) = Self::key(vm, x)?;
        Ok(match self.memo {
            Value::Ref(m) => match vm.heap.get(m) {
                Obj::Dict(d) => d.get(&hk),
                _ => None,
            },
            _ => None,
        })
    }

    #[inline(never)]
    fn remember(&self, vm: &mut Vm, x: Value, y: Value) -> PyResult<()> {
        let (k, hk) = Self::key(vm, x)?;
        // keep the source alive too, so its id is not reused mid-copy
        vm.stack.push(x);
        if let Value::Ref(m) = self.memo {
            if let Obj::Dict(d) = vm.heap.get_mut(m) {
                d.insert(hk, k, y);
            }
        }
        Ok(())
    }

    #[inline(never)]
    fn kind(vm: &Vm, x: Value, id: ObjId) -> Kind {
        if hook(vm, x, "__deepcopy__") {
            return Kind::Hook;
        }
        match vm.heap.get(id) {
            Obj::List(_) => Kind::List,
            Obj::Tuple(_) => Kind::Tuple,
            Obj::Dict(_) => Kind::Dict,
            Obj::Set(_) | Obj::FrozenSet(_) => Kind::Set,
            Obj::Instance(_) if vm.namedtuple_parts(x).is_some() => Kind::NamedTuple,
            Obj::Instance(_) => Kind::Instance,
            Obj::Exception(_) => Kind::Exception,
            Obj::BoundMethod { .. } => Kind::BoundMethod,
            Obj::BoundNative { .. } => Kind::BoundNative,
            Obj::Native(n) => match n.downcast_ref() {
                Some(NativeObj::Deque { .. }) => Kind::Deque,
                Some(NativeObj::Decimal(_)) => Kind::Atomic,
                Some(NativeObj::DecSignals { .. }) => Kind::Unpicklable,
                _ => Kind::Native,
            },
            Obj::ByteArray(_) => Kind::Native,
            Obj::Module(_)
            | Obj::Iter(_)
            | Obj::DictView(..)
            | Obj::Cell(_)
            | Obj::External(_)
            | Obj::Generator(_)
            | Obj::Super { .. } => Kind::Unpicklable,
            _ => Kind::Atomic,
        }
    }

    fn copy(&mut self, vm: &mut Vm, x: Value, depth: usize) -> PyResult<Value> {
        let Value::Ref(id) = x else {
            return Ok(x);
        };
        if let Some(y) = self.lookup(vm, x)? {
            return Ok(y);
        }
        let kind = Self::kind(vm, x, id);
        if let Kind::Atomic = kind {
            return Ok(x);
        }
        let _nest = crate::vm::nesting::enter_nested(vm, depth + 1, "")?;
        let d = depth + 1;
        match kind {
            Kind::Atomic => Ok(x),
            Kind::Hook => self.copy_hooked(vm, x),
            Kind::List => self.copy_list(vm, x, id, d),
            Kind::Tuple => self.copy_tuple(vm, x, id, d),
            Kind::Dict => self.copy_dict(vm, x, id, d),
            Kind::Set => self.copy_set(vm, x, id, d),
            Kind::NamedTuple => self.copy_namedtuple(vm, x, id, d),
            Kind::Instance => self.copy_instance(vm, x, id, d),
            Kind::Exception => self.copy_exception(vm, x, id, d),
            Kind::BoundMethod => self.copy_bound_method(vm, x, id, d),
            Kind::BoundNative => self.copy_bound_native(vm, x, id, d),
            Kind::Deque => self.copy_deque(vm, x, id, d),
            Kind::Native => {
                let n = vm.heap.get(id).clone();
                let y = vm.heap.new_value(n);
                self.remember(vm, x, y)?;
                Ok(y)
            }
            Kind::Unpicklable => Err(cannot_pickle(vm, x)),
        }
    }

    #[inline(never)]
    fn copy_hooked(&mut self, vm: &mut Vm, x: Value) -> PyResult<Value> {
        let y = vm
            .call_dunder(x, "__deepcopy__", vec![self.memo])?
            .unwrap_or(Value::None);
        if !is_same(x, y) {
            self.remember(vm, x, y)?;
        }
        Ok(y)
    }

    #[inline(never)]
    fn copy_list(&mut self, vm: &mut Vm, x: Value, id: ObjId, d: usize) -> PyResult<Value> {
        let y = vm.new_list(Vec::new());
        self.remember(vm, x, y)?;
        let mut i = 0;
        // the source is re-read each step, as `for a in x` does
        while let Some(item) = match vm.heap.get(id) {
            Obj::List(l) => l.get(i),
            _ => None,
        } {
            let c = self.copy(vm, item, d)?;
            if let Value::Ref(yid) = y {
                if let Obj::List(out) = vm.heap.get_mut(yid) {
                    out.push(c);
                }
            }
            i += 1;
        }
        Ok(y)
    }

    /// Copies `items` one by one, keeping the copies reachable.
    fn copy_items(&mut self, vm: &mut Vm, items: &[Value], d: usize) -> PyResult<Vec<Value>> {
        let mut out = Vec::with_capacity(items.len());
        for &item in items {
            let c = self.copy(vm, item, d)?;
            vm.stack.push(c);
            out.push(c);
        }
        Ok(out)
    }

    #[inline(never)]
    fn copy_tuple(&mut self, vm: &mut Vm, x: Value, id: ObjId, d: usize) -> PyResult<Value> {
        let Obj::Tuple(items) = vm.heap.get(id) else {
            return Ok(x);
        };
        let items = items.clone();
        let out = self.copy_items(vm, &items, d)?;
        if let Some(y) = self.lookup(vm, x)? {
            return Ok(y);
        }
        if items.iter().zip(&out).all(|(a, b)| is_same(*a, *b)) {
            return Ok(x);
        }
        let y = vm.new_tuple(out);
        self.remember(vm, x, y)?;
        Ok(y)
    }

    #[inline(never)]
    fn copy_dict(&mut self, vm: &mut Vm, x: Value, id: ObjId, d: usize) -> PyResult<Value> {
        let (entries, y) = self.new_dict_like(vm, x, id, d)?;
        self.fill_dict(vm, id, entries, y, d)?;
        Ok(y)
    }

    /// The snapshot of dict `x` and its empty, memoized copy (of the same
    /// kind: a `defaultdict` gets a copy of its factory).
    #[inline(never)]
    fn new_dict_like(
        &mut self,
        vm: &mut Vm,
        x: Value,
        id: ObjId,
        d: usize,
    ) -> PyResult<(Vec<(Value, Value)>, Value)> {
        let Obj::Dict(src) = vm.heap.get(id) else {
            return Ok((Vec::new(), x));
        };
        let entries: Vec<(Value, Value)> = src.entries().collect();
        let mut kind = src.kind;
        if let DictKind::DefaultDict(factory) = kind {
            let f = self.copy(vm, factory, d)?;
            if !f.is_none() && !callable(vm, f)? {
                return Err(PyErr::type_error("first argument must be callable or None"));
            }
            kind = DictKind::DefaultDict(f);
        }
        let mut out = Dict::new();
        out.kind = kind;
        let y = vm.heap.new_value(Obj::Dict(Box::new(out)));
        self.remember(vm, x, y)?;
        Ok((entries, y))
    }

    #[inline(never)]
    fn copy_set(&mut self, vm: &mut Vm, x: Value, id: ObjId, d: usize) -> PyResult<Value> {
        let (frozen, items): (bool, Vec<Value>) = match vm.heap.get(id) {
            Obj::Set(src) => (false, src.keys().collect()),
            Obj::FrozenSet(src) => (true, src.keys().collect()),
            _ => return Ok(x),
        };
        let copies = self.copy_items(vm, &items, d)?;
        let mut out = Dict::with_capacity(copies.len());
        for c in copies {
            let hk = vm.hash_key(c)?;
            out.insert(hk, c, Value::None);
        }
        let y = vm.heap.new_value(if frozen {
            Obj::FrozenSet(Box::new(out))
        } else {
            Obj::Set(Box::new(out))
        });
        self.remember(vm, x, y)?;
        Ok(y)
    }

    /// A named tuple is rebuilt from its copied items, as `cls(*items)`:
    /// memoized only once they are done, and (unlike a tuple) without
    /// looking in the memo again, so a cycle opens out as in CPython.
    #[inline(never)]
    fn copy_namedtuple(&mut self, vm: &mut Vm, x: Value, id: ObjId, d: usize) -> PyResult<Value> {
        let Obj::Instance(inst) = vm.heap.get(id) else {
            return Ok(x);
        };
        let class = inst.class;
        let mut attrs = crate::object::Attrs::new();
        for (name, v) in vm.instance_pairs(id) {
            let c = self.copy(vm, v, d)?;
            vm.stack.push(c);
            attrs.insert_str(name, c);
        }
        let y = vm.heap.new_value(Obj::Instance(Instance { class, attrs }));
        self.remember(vm, x, y)?;
        Ok(y)
    }

    #[inline(never)]
    fn copy_instance(&mut self, vm: &mut Vm, x: Value, id: ObjId, d: usize) -> PyResult<Value> {
        let Obj::Instance(inst) = vm.heap.get(id) else {
            return Ok(x);
        };
        let class = inst.class;
        let entries = vm.instance_entries(id);
        let y = vm.heap.new_value(Obj::Instance(Instance {
            class,
            attrs: Default::default(),
        }));
        self.remember(vm, x, y)?;
        self.fill_dict(vm, id, entries, y, d)?;
        Ok(y)
    }

    #[inline(never)]
    fn copy_exception(&mut self, vm: &mut Vm, x: Value, id: ObjId, d: usize) -> PyResult<Value> {
        let Obj::Exception(e) = vm.heap.get(id) else {
            return Ok(x);
        };
        let mut e = e.clone();
        e.args = self.copy_items(vm, &e.args.clone(), d)?;
        let y = vm.heap.new_value(Obj::Exception(e));
        self.remember(vm, x, y)?;
        Ok(y)
    }

    #[inline(never)]
    fn copy_bound_method(&mut self, vm: &mut Vm, x: Value, id: ObjId, d: usize) -> PyResult<Value> {
        let Obj::BoundMethod { func, recv } = vm.heap.get(id) else {
            return Ok(x);
        };
        let (func, recv) = (*func, *recv);
        let recv = self.copy(vm, recv, d)?;
        let y = vm.heap.new_value(Obj::BoundMethod { func, recv });
        self.remember(vm, x, y)?;
        Ok(y)
    }

    /// A bound native (`functools.partial`, `operator.itemgetter`, ...):
    /// memoized first, then its bound values copied (a partial's callable
    /// must stay callable).
    #[inline(never)]
    fn copy_bound_native(&mut self, vm: &mut Vm, x: Value, id: ObjId, d: usize) -> PyResult<Value> {
        if atomic_bound_native(vm, x) {
            return Ok(x);
        }
        let Obj::BoundNative { func, bound, name } = vm.heap.get(id) else {
            return Ok(x);
        };
        let (func, bound, name) = (*func, bound.clone(), name.clone());
        let y = vm.heap.new_value(Obj::BoundNative {
            func,
            bound: Vec::new(),
            name,
        });
        self.remember(vm, x, y)?;
        let is_partial = name_is_partial(vm, y);
        for (i, b) in bound.into_iter().enumerate() {
            let c = self.copy(vm, b, d)?;
            if i == 0 && is_partial && !callable(vm, c)? {
                return Err(PyErr::type_error("the first argument must be callable"));
            }
            if let Value::Ref(yid) = y {
                if let Obj::BoundNative { bound, .. } = vm.heap.get_mut(yid) {
                    bound.push(c);
                }
            }
        }
        Ok(y)
    }

    #[inline(never)]
    fn copy_deque(&mut self, vm: &mut Vm, x: Value, id: ObjId, d: usize) -> PyResult<Value> {
        let deque = |vm: &Vm| match native_of(vm.heap.get(id)) {
            Some(NativeObj::Deque { items, maxlen, .. }) => Some((items.len(), *maxlen)),
            _ => None,
        };
        let Some((n, maxlen)) = deque(vm) else {
            return Ok(x);
        };
        let mut out = std::collections::VecDeque::with_capacity(n);
        for i in 0..n {
            let item = match native_of(vm.heap.get(id)) {
                Some(NativeObj::Deque { items, .. }) => items[i],
                _ => Value::None,
            };
            let c = self.copy(vm, item, d)?;
            vm.stack.push(c);
            out.push_back(c);
            if deque(vm).map(|(len, _)| len) != Some(n) {
                return Err(PyErr::new(
                    ExcType::RuntimeError,
                    "deque mutated during iteration",
                ));
            }
        }
        let y = vm.heap.new_value(Obj::from(NativeObj::Deque {
            items: out,
            maxlen,
            state: 0,
        }));
        self.remember(vm, x, y)?;
        Ok(y)
    }

    /// Copies `entries` (a snapshot of the dict or `__dict__` of `src`)
    /// into the dict or instance `y`, failing like CPython's dict iterator
    /// if `src` changes size meanwhile.
    #[inline(always)]
    fn fill_dict(
        &mut self,
        vm: &mut Vm,
        src: ObjId,
        entries: Vec<(Value, Value)>,
        y: Value,
        depth: usize,
    ) -> PyResult<()> {
        let n = entries.len();
        for (k, v) in entries {
            let k2 = self.copy(vm, k, depth)?;
            vm.stack.push(k2);
            let v2 = self.copy(vm, v, depth)?;
            store(vm, src, n, y, k2, v2)?;
        }
        Ok(())
    }
}

/// Stores a copied pair into the dict or instance `y`, failing like
/// CPython's dict iterator if the source `src` no longer has `n` entries.
#[inline(never)]
fn store(vm: &mut Vm, src: ObjId, n: usize, y: Value, k: Value, v: Value) -> PyResult<()> {
    let len = match vm.heap.get(src) {
        Obj::Dict(d) => d.len(),
        Obj::Instance(i) => i.attrs.len(),
        _ => 0,
    };
    if len != n {
        return Err(PyErr::new(
            ExcType::RuntimeError,
            "dictionary changed size during iteration",
        ));
    }
    let hk = vm.hash_key(k)?;
    // (an instance's names are the VM's interned ones)
    let name = match (&hk, y) {
        (crate::object::HashKey::Str(s), Value::Ref(yid))
            if matches!(vm.heap.get(yid), Obj::Instance(_)) =>
        {
            Some(vm.attr_key(s).1)
        }
        _ => None,
    };
    if let Value::Ref(yid) = y {
        match vm.heap.get_mut(yid) {
            Obj::Dict(out) => out.insert(hk, k, v),
            Obj::Instance(i) => {
                if let Some(name) = name {
                    i.attrs.insert_str(name, v);
                }
            }
            _ => {}
        }
    }
    Ok(())
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "copy",
    funcs: natives_table![copy, deepcopy,],
    init: super::no_init,
};

/// A bound native copied as itself: an `lru_cache` wrapper (its
/// `__copy__`/`__deepcopy__` return it) and what stands for a function (a
/// dataclass's generated methods; functions are atomic to `copy`).
fn atomic_bound_native(vm: &Vm, x: Value) -> bool {
    let Value::Ref(id) = x else { return false };
    let lru = crate::functools::type_of(vm, x)
        .and_then(crate::functools::class_name)
        .is_some_and(|n| n == "functools._lru_cache_wrapper");
    lru || matches!(vm.heap.get(id), Obj::BoundNative { func, .. } if crate::dataclasses::is_function(*func))
}
