//! `contextlib`: `contextmanager` (a generator-based context manager),
//! `suppress`, `nullcontext`, `closing` and `ExitStack`.
//!
//! The classes are made at import as ordinary classes (so `isinstance`,
//! subclassing and instance attributes work as in CPython) whose methods
//! are natives bound to the instance (`Obj::BoundNative`, see
//! [`binds_as_method`]). Their state lives in instance attributes, so it
//! is plain data a snapshot holds. Resuming the generator goes through the
//! VM's `generator_next`/`generator_throw`/`generator_close`, which are
//! journal points: a host call inside the generator's body pauses the run.

use super::ModuleDef;
use crate::object::{Dict, ExcType, HashKey, Obj, Value};
use crate::vm::{Kwargs, PyErr, PyResult, Vm};
use crate::{ImportVm, NativeId};

use crate::native_class::err_value;

fn generator_id(vm: &Vm, gen: Value) -> Option<crate::object::ObjId> {
    match gen {
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::Generator(_)) => Some(id),
        _ => None,
    }
}

/// `next(gen)`: `None` when it is exhausted.
fn gen_next(vm: &mut Vm, gen: Value) -> PyResult<Option<Value>> {
    if let Some(id) = generator_id(vm, gen) {
        return vm.generator_next(id, Value::None);
    }
    let next = vm.builtin_by_name("next")?;
    match vm.call_value(next, vec![gen], Vec::new()) {
        Ok(v) => Ok(Some(v)),
        Err(e) if vm.is_exc_kind(&e, ExcType::StopIteration) => Ok(None),
        Err(e) => Err(e),
    }
}

/// `gen.throw(value)`: `None` when the generator returned.
fn gen_throw(vm: &mut Vm, gen: Value, value: Value) -> PyResult<Option<Value>> {
    if let Some(id) = generator_id(vm, gen) {
        return vm.generator_throw(id, value);
    }
    let throw = vm.get_attr(gen, "throw")?;
    match vm.call_value(throw, vec![value], Vec::new()) {
        Ok(v) => Ok(Some(v)),
        Err(e) if vm.is_exc_kind(&e, ExcType::StopIteration) => Ok(None),
        Err(e) => Err(e),
    }
}

fn gen_close(vm: &mut Vm, gen: Value) -> PyResult<()> {
    if let Some(id) = generator_id(vm, gen) {
        return vm.generator_close(id);
    }
    let close = vm.get_attr(gen, "close")?;
    vm.call_value(close, Vec::new(), Vec::new()).map(|_| ())
}

/// A module attribute (one of the classes made at import).
fn module_attr(vm: &mut Vm, name: &str) -> PyResult<Value> {
    let m = vm.import_module("contextlib")?;
    vm.get_attr(m, name)
}

fn exc_field(vm: &Vm, exc: Value, cause: bool) -> Value {
    match exc {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Exception(e) if cause => e.cause,
            Obj::Exception(e) => e.context,
            _ => Value::None,
        },
        _ => Value::None,
    }
}

fn set_context(vm: &mut Vm, exc: Value, ctx: Value) {
    if let Value::Ref(id) = exc {
        if let Obj::Exception(e) = vm.heap.get_mut(id) {
            e.context = ctx;
        }
    }
}

/// `type(v)`.
fn type_of(vm: &mut Vm, v: Value) -> PyResult<Value> {
    let ty = vm.builtin_by_name("type")?;
    vm.call_value(ty, vec![v], Vec::new())
}

/// A bound native of this module (`func` named in the table) with
/// `bound` values before the call's arguments.
fn bound(vm: &mut Vm, func: &str, bound: Vec<Value>, name: &str) -> Value {
    vm.heap.new_value(Obj::BoundNative {
        func: native_id(func),
        bound,
        name: name.to_string(),
    })
}

/// The exit callbacks of an `ExitStack` (a list attribute).
fn callbacks(vm: &mut Vm, this: Value) -> PyResult<Value> {
    vm.get_attr(this, "_exit_callbacks")
}

fn push_callback(vm: &mut Vm, this: Value, cb: Value) -> PyResult<()> {
    let list = callbacks(vm, this)?;
    crate::builtins::methods::call_method(vm, list, "append", vec![cb], Vec::new())?;
    Ok(())
}

/// `ExitStack.__exit__`: calls the callbacks last first, passing along
/// the exception in flight (replaced by one a callback raises, cleared by
/// one that returns true); true if the received exception was suppressed.
fn exit_stack_exit(vm: &mut Vm, this: Value, exc: Value) -> PyResult<bool> {
    let received = !exc.is_none();
    let list = callbacks(vm, this)?;
    let mut exc = exc;
    let mut suppressed = false;
    let mut pending = false;
    loop {
        let len = vm.len_of(list)?;
        if len == 0 {
            break;
        }
        let cb = crate::builtins::methods::call_method(vm, list, "pop", Vec::new(), Vec::new())?;
        let details = if exc.is_none() {
            vec![Value::None, Value::None, Value::None]
        } else {
            let ty = type_of(vm, exc)?;
            vec![ty, exc, Value::None]
        };
        match vm.call_value(cb, details, Vec::new()) {
            Ok(r) => {
                if vm.truthy(r)? {
                    suppressed = true;
                    pending = false;
                    exc = Value::None;
                }
            }
            Err(e) => {
                let new = err_value(vm, e)?;
                if !exc.is_none() && new != exc {
                    set_context(vm, new, exc);
                }
                pending = true;
                exc = new;
            }
        }
    }
    if pending {
        return Err(PyErr::Reraise(exc));
    }
    Ok(received && suppressed)
}

native! {
    /// `contextmanager(func)`: a function returning a
    /// `_GeneratorContextManager` over `func(*args, **kwds)`.
    def fn contextmanager(vm, func) {
        let name = vm.get_attr(func, "__name__").ok();
        let name = match name {
            Some(n) => vm.str_of(n).unwrap_or_default(),
            None => "helper".into(),
        };
        Ok(bound(vm, "_helper", vec![func], &name))
    }

    /// The function `contextmanager` returns (bound to the decorated one).
    builtin fn _helper(vm, func, /, *args, **kwds) {
        let gen = vm.call_value(func, args.clone(), kwds)?;
        let cls = module_attr(vm, "_GeneratorContextManager")?;
        let args = vm.new_tuple(args);
        vm.call_value(cls, vec![gen, func, args], Vec::new())
    }

    /// `_GeneratorContextManager.__init__(self, gen, func, args)`.
    def fn _gcm_init as "_GeneratorContextManager.__init__"(vm, this, gen, func, args) {
        vm.set_attr(this, "gen", gen)?;
        vm.set_attr(this, "func", func)?;
        vm.set_attr(this, "args", args)?;
        Ok(Value::None)
    }

    /// `__enter__`: runs the generator to its `yield`.
    def fn _gcm_enter as "_GeneratorContextManager.__enter__"(vm, this) {
        let gen = vm.get_attr(this, "gen")?;
        match gen_next(vm, gen)? {
            Some(v) => Ok(v),
            None => Err(PyErr::new(ExcType::RuntimeError, "generator didn't yield")),
        }
    }

    /// `__exit__`: resumes the generator, or throws the exception into it.
    def fn _gcm_exit as "_GeneratorContextManager.__exit__"(vm, this, typ, value, traceback) {
        let _ = traceback;
        let gen = vm.get_attr(this, "gen")?;
        if typ.is_none() {
            return match gen_next(vm, gen)? {
                None => Ok(Value::Bool(false)),
                Some(_) => {
                    gen_close(vm, gen)?;
                    Err(PyErr::new(ExcType::RuntimeError, "generator didn't stop"))
                }
            };
        }
        let value = if value.is_none() {
            vm.call_value(typ, Vec::new(), Vec::new())?
        } else {
            value
        };
        match gen_throw(vm, gen, value) {
            // the generator returned: the exception was swallowed
            Ok(None) => Ok(Value::Bool(true)),
            Ok(Some(_)) => {
                gen_close(vm, gen)?;
                Err(PyErr::new(
                    ExcType::RuntimeError,
                    "generator didn't stop after throw()",
                ))
            }
            Err(e) => {
                let exc = err_value(vm, e)?;
                if exc == value {
                    return Ok(Value::Bool(false));
                }
                let stop = Value::ExcType(ExcType::StopIteration);
                if vm.exception_matches(value, stop)? && exc_field(vm, exc, true) == value {
                    return Ok(Value::Bool(false));
                }
                Err(PyErr::Reraise(exc))
            }
        }
    }

    /// `suppress.__init__(self, *exceptions)`.
    builtin fn _suppress_init as "suppress.__init__"(vm, this, /, *exceptions) {
        let t = vm.new_tuple(exceptions);
        vm.set_attr(this, "_exceptions", t)?;
        Ok(Value::None)
    }

    /// `suppress.__exit__`: true if the exception is one of those given.
    def fn _suppress_exit as "suppress.__exit__"(vm, this, exctype, excinst, exctb) {
        let _ = exctb;
        if exctype.is_none() {
            return Ok(Value::None);
        }
        let excs = vm.get_attr(this, "_exceptions")?;
        let exc = if excinst.is_none() {
            vm.call_value(exctype, Vec::new(), Vec::new())?
        } else {
            excinst
        };
        Ok(Value::Bool(vm.exception_matches(exc, excs)?))
    }

    /// `nullcontext.__init__(self, enter_result=None)`.
    def fn _null_init as "nullcontext.__init__"(vm, this, enter_result?) {
        vm.set_attr(this, "enter_result", enter_result.unwrap_or(Value::None))?;
        Ok(Value::None)
    }

    /// `nullcontext.__enter__`: the `enter_result`.
    def fn _null_enter as "nullcontext.__enter__"(vm, this) {
        vm.get_attr(this, "enter_result")
    }

    /// `__exit__(*excinfo)` that does nothing (`nullcontext`, and
    /// `AbstractContextManager`'s default).
    builtin fn _null_exit as "nullcontext.__exit__"(vm, this, /, *excinfo) {
        let _ = (vm, this, excinfo);
        Ok(Value::None)
    }

    /// `__enter__` returning the manager itself.
    def fn _self_enter as "__enter__"(vm, this) {
        let _ = vm;
        Ok(this)
    }

    /// `closing.__init__(self, thing)`.
    def fn _closing_init as "closing.__init__"(vm, this, thing) {
        vm.set_attr(this, "thing", thing)?;
        Ok(Value::None)
    }

    /// `closing.__enter__`: the thing.
    def fn _closing_enter as "closing.__enter__"(vm, this) {
        vm.get_attr(this, "thing")
    }

    /// `closing.__exit__`: `thing.close()`.
    builtin fn _closing_exit as "closing.__exit__"(vm, this, /, *excinfo) {
        let _ = excinfo;
        let thing = vm.get_attr(this, "thing")?;
        let close = vm.get_attr(thing, "close")?;
        vm.call_value(close, Vec::new(), Vec::new())?;
        Ok(Value::None)
    }

    /// `ExitStack.__init__(self)`.
    def fn _es_init as "ExitStack.__init__"(vm, this) {
        let list = vm.new_list(Vec::new());
        vm.set_attr(this, "_exit_callbacks", list)?;
        Ok(Value::None)
    }

    /// `ExitStack.__exit__(self, *exc_details)`.
    builtin fn _es_exit as "ExitStack.__exit__"(vm, this, /, *exc_details) {
        let exc = exc_details.get(1).copied().unwrap_or(Value::None);
        exit_stack_exit(vm, this, exc).map(Value::Bool)
    }

    /// `ExitStack.close(self)`.
    def fn _es_close as "ExitStack.close"(vm, this) {
        exit_stack_exit(vm, this, Value::None)?;
        Ok(Value::None)
    }

    /// `ExitStack.enter_context(self, cm)`: enters `cm` and pushes its
    /// `__exit__`.
    def fn _es_enter_context as "ExitStack.enter_context"(vm, this, cm) {
        let (enter, exit) = match (vm.get_attr(cm, "__enter__"), vm.get_attr(cm, "__exit__")) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(PyErr::Suspend), _) | (_, Err(PyErr::Suspend)) => return Err(PyErr::Suspend),
            _ => {
                let cls = type_of(vm, cm)?;
                let module = match vm.get_attr(cls, "__module__") {
                    Ok(m) => vm.str_of(m)?,
                    Err(PyErr::Suspend) => return Err(PyErr::Suspend),
                    Err(_) => "builtins".into(),
                };
                let qual = vm.get_attr(cls, "__qualname__")?;
                let qual = vm.str_of(qual)?;
                return Err(PyErr::type_error(format!(
                    "'{module}.{qual}' object does not support the context manager protocol"
                )));
            }
        };
        let result = vm.call_value(enter, Vec::new(), Vec::new())?;
        push_callback(vm, this, exit)?;
        Ok(result)
    }

    /// `ExitStack.push(self, exit)`: an object's `__exit__`, or a callable
    /// taking the exception details.
    def fn _es_push as "ExitStack.push"(vm, this, exit) {
        let cb = match vm.get_attr(exit, "__exit__") {
            Ok(m) => m,
            Err(PyErr::Suspend) => return Err(PyErr::Suspend),
            Err(_) => exit,
        };
        push_callback(vm, this, cb)?;
        Ok(exit)
    }

    /// `ExitStack.callback(self, callback, /, *args, **kwds)`.
    builtin fn _es_callback as "ExitStack.callback"(vm, this, callback, /, *args, **kwds) {
        let args = vm.new_tuple(args);
        let mut d = Dict::new();
        for (k, v) in kwds {
            let key = vm.new_str(k.clone());
            d.insert(HashKey::Str(k.as_str().into()), key, v);
        }
        let kw = vm.heap.new_value(Obj::Dict(Box::new(d)));
        let cb = bound(vm, "_exit_wrapper", vec![callback, args, kw], "_exit_wrapper");
        push_callback(vm, this, cb)?;
        Ok(callback)
    }

    /// `ExitStack.pop_all(self)`: a new stack holding the callbacks.
    def fn _es_pop_all as "ExitStack.pop_all"(vm, this) {
        let cls = type_of(vm, this)?;
        let new = vm.call_value(cls, Vec::new(), Vec::new())?;
        let list = callbacks(vm, this)?;
        vm.set_attr(new, "_exit_callbacks", list)?;
        let empty = vm.new_list(Vec::new());
        vm.set_attr(this, "_exit_callbacks", empty)?;
        Ok(new)
    }

    /// What `ExitStack.callback` pushes: calls the callback with its
    /// arguments, ignoring the exception details.
    builtin fn _exit_wrapper(vm, callback, args, kwds, /, *exc_details) {
        let _ = exc_details;
        let args = vm.collect_iterable(args)?;
        let mut kw: Kwargs = Vec::new();
        let keys = vm.collect_iterable(kwds)?;
        for k in keys {
            let v = vm.get_item(kwds, k)?;
            kw.push((vm.str_of(k)?, v));
        }
        vm.call_value(callback, args, kw)?;
        Ok(Value::None)
    }
}

/// The classes: name, and (attribute, native) methods.
const CLASSES: &[(&str, &[(&str, &str)])] = &[
    (
        "AbstractContextManager",
        &[("__enter__", "_self_enter"), ("__exit__", "_null_exit")],
    ),
    (
        "_GeneratorContextManager",
        &[
            ("__init__", "_gcm_init"),
            ("__enter__", "_gcm_enter"),
            ("__exit__", "_gcm_exit"),
        ],
    ),
    (
        "suppress",
        &[
            ("__init__", "_suppress_init"),
            ("__enter__", "_null_exit"),
            ("__exit__", "_suppress_exit"),
        ],
    ),
    (
        "nullcontext",
        &[
            ("__init__", "_null_init"),
            ("__enter__", "_null_enter"),
            ("__exit__", "_null_exit"),
        ],
    ),
    (
        "closing",
        &[
            ("__init__", "_closing_init"),
            ("__enter__", "_closing_enter"),
            ("__exit__", "_closing_exit"),
        ],
    ),
    (
        "ExitStack",
        &[
            ("__init__", "_es_init"),
            ("__enter__", "_self_enter"),
            ("__exit__", "_es_exit"),
            ("close", "_es_close"),
            ("enter_context", "_es_enter_context"),
            ("push", "_es_push"),
            ("callback", "_es_callback"),
            ("pop_all", "_es_pop_all"),
        ],
    ),
];

fn index() -> u16 {
    crate::module_index("contextlib")
}

fn native_id(name: &str) -> NativeId {
    MODULE.native_id(name)
}

/// Whether `f` is one of the classes' methods, which bind the instance
/// they are looked up through.
pub(crate) fn binds_as_method(f: NativeId) -> bool {
    f.module == index()
        && MODULE.funcs.get(f.func as usize).is_some_and(|d| {
            CLASSES
                .iter()
                .any(|(_, ms)| ms.iter().any(|(_, n)| *n == d.name))
        })
}

fn make_class(vm: &mut Vm, name: &str, methods: &[(&str, &str)]) -> PyResult<Value> {
    let mut ns = Dict::new();
    let put = |vm: &mut Vm, ns: &mut Dict, k: &str, v: Value| {
        let key = vm.new_str(k);
        ns.insert(HashKey::Str(k.into()), key, v);
    };
    let module = vm.new_str("contextlib");
    put(vm, &mut ns, "__module__", module);
    for (attr, func) in methods {
        let v = bound(vm, func, Vec::new(), &format!("{name}.{attr}"));
        put(vm, &mut ns, attr, v);
    }
    let ns = vm.heap.new_value(Obj::Dict(Box::new(ns)));
    vm.build_class(name.into(), name.into(), Vec::new(), ns)
}

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    for (name, methods) in CLASSES {
        if let Ok(cls) = make_class(vm, name, methods) {
            attrs.push(((*name).into(), cls));
        }
    }
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "contextlib",
    funcs: natives_table![
        contextmanager,
        _helper,
        _gcm_init,
        _gcm_enter,
        _gcm_exit,
        _suppress_init,
        _suppress_exit,
        _null_init,
        _null_enter,
        _null_exit,
        _self_enter,
        _closing_init,
        _closing_enter,
        _closing_exit,
        _es_init,
        _es_exit,
        _es_close,
        _es_enter_context,
        _es_push,
        _es_callback,
        _es_pop_all,
        _exit_wrapper,
    ],
    init,
};
