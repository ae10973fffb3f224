//! `asyncio`: `run`, `gather`, `create_task`, `sleep`, `wait_for`,
//! `as_completed`, `iscoroutine`. The scheduling itself is the VM's
//! (`vm/tasks.rs`); this module only builds the awaitables.

use super::objects::NativeObj;
use super::{ModuleDef, NativeId};
use crate::builtins::Args;
use crate::object::Value;
use crate::objects::native_of;
use crate::vm::tasks::Awaitable;
use crate::vm::tasks_data::{QueueKind, SemKind, WaitWhen};
use crate::vm::{PyErr, PyResult, Vm};

fn run(_vm: &mut Vm, _a: Args) -> PyResult<Value> {
    // Handled by the VM when called from Python code (it must run frames).
    Err(PyErr::new(
        crate::object::ExcType::RuntimeError,
        "asyncio.run() cannot be called from inside a callback of a builtin",
    ))
}

/// Coroutines become tasks; futures, tasks and gathers are used as they are.
fn as_awaitable(vm: &mut Vm, v: Value) -> PyResult<Value> {
    if vm.as_coroutine(v).is_some() {
        return vm.spawn_task(v);
    }
    match v {
        Value::Ref(id)
            if matches!(native_of(vm.heap.get(id)),
                Some(NativeObj::Awaitable(a)) if a.is_future_like()
            ) =>
        {
            Ok(v)
        }
        Value::Ref(id)
            if matches!(native_of(vm.heap.get(id)),
                Some(NativeObj::Awaitable(a)) if matches!(
                    **a,
                    Awaitable::Sleep { .. } | Awaitable::WaitFor { .. } | Awaitable::SyncWait { .. }
                )
            ) =>
        {
            // a gathered sleep or wait_for is a task that waits out its timer
            vm.spawn_task(v)
        }
        _ => Err(PyErr::type_error(
            "An asyncio.Future, a coroutine or an awaitable is required",
        )),
    }
}

native! {
    /// `asyncio.gather(*aws, return_exceptions=False)`.
    builtin fn gather(vm, *aws, return_exceptions?) {
        let return_exceptions = match return_exceptions {
            Some(v) => vm.truthy(v)?,
            None => false,
        };
        // As CPython, an awaitable passed twice to one gather becomes one task.
        let mut seen: Vec<(Value, Value)> = Vec::new();
        let mut children = Vec::with_capacity(aws.len());
        for v in aws {
            let child = match seen.iter().find(|(arg, _)| vm.same_object(*arg, v)) {
                Some(&(_, task)) => task,
                None => {
                    let task = as_awaitable(vm, v)?;
                    seen.push((v, task));
                    task
                }
            };
            children.push(child);
        }
        Ok(vm.new_awaitable(Awaitable::Gather {
            children,
            return_exceptions,
        }))
    }

    /// `asyncio.create_task(coro, *, name=None, context=None)` (and
    /// `ensure_future`, whose `loop` keyword no Rust name can bind).
    def fn create_task(vm, coro, *, name?, context?) {
        if let Value::Ref(id) = coro {
            if matches!(native_of(vm.heap.get(id)), Some(NativeObj::Awaitable(a)) if matches!(**a, Awaitable::Future { .. })) {
                // an async host function's call (a coroutine in the
                // program's eyes) is already scheduled: its future is the task
                return Ok(coro);
            }
        }
        match name {
            Some(name) if !name.is_none() => vm.spawn_named_task(coro, name),
            _ => vm.spawn_task(coro),
        }
    }

    /// `asyncio.current_task()`.
    def fn current_task(vm) {
        vm.current_task()
    }

    /// `asyncio.sleep(delay, result=None)` (an `async def` in CPython).
    def fn sleep(vm, delay, result?) {
        // CPython compares `delay <= 0` first, so only real numbers pass.
        let delay = match delay {
            Value::Int(_) | Value::Bool(_) | Value::Float(_) => vm.float_arg(delay)?,
            v if vm.as_num(v).is_some() => vm.float_arg(v)?,
            v => {
                return Err(PyErr::type_error(format!(
                    "'<=' not supported between instances of '{}' and 'int'",
                    vm.class_name(v)
                )))
            }
        };
        if delay.is_nan() {
            return Err(PyErr::value_error("Invalid delay: NaN (not a number)"));
        }
        let result = result.unwrap_or(Value::None);
        Ok(vm.new_awaitable(Awaitable::Sleep { delay, result }))
    }

    /// `asyncio.wait_for(fut, timeout)`: `fut` (a coroutine becomes a
    /// task) bounded by `timeout` seconds of sandbox time; `None` waits
    /// without a bound. Under virtual time a host call takes no time, so
    /// only sleeps can expire it.
    def fn wait_for(vm, fut, timeout) {
        let inner = if vm.as_coroutine(fut).is_some() {
            vm.spawn_task(fut)?
        } else {
            as_awaitable(vm, fut)?
        };
        let timeout = match timeout {
            Value::None => return Ok(inner),
            t => vm.float_arg(t)?,
        };
        Ok(vm.new_awaitable(Awaitable::WaitFor { inner, timeout }))
    }

    /// `asyncio.as_completed(fs, *, timeout=None)`: an iterator of as many
    /// awaitables as `fs` has; the k-th gives the outcome of the k-th of
    /// them to finish.
    def fn as_completed(vm, fs, *, timeout?) {
        let items = vm.collect_iterable(fs)?;
        let mut tasks = Vec::with_capacity(items.len());
        for v in items {
            tasks.push(as_awaitable(vm, v)?);
        }
        let n = tasks.len();
        let group = vm.new_awaitable(Awaitable::AsCompleted(tasks));
        let slots = (0..n)
            .map(|_| vm.new_awaitable(Awaitable::NextCompleted(group)))
            .collect();
        let l = vm.new_list(slots);
        vm.get_iter(l)
    }

    /// `asyncio.wait(aws, *, timeout=None, return_when=ALL_COMPLETED)`:
    /// awaiting it gives the sets `(done, pending)`.
    def fn wait(vm, fs, *, timeout?, return_when?) {
        let items = vm.collect_iterable(fs)?;
        if items.is_empty() {
            return Err(PyErr::value_error("Set of Tasks/Futures is empty."));
        }
        let mut children = Vec::with_capacity(items.len());
        for v in items {
            if vm.as_coroutine(v).is_some() {
                return Err(PyErr::type_error(
                    "Passing coroutines is forbidden, use tasks explicitly.",
                ));
            }
            children.push(as_awaitable(vm, v)?);
        }
        let when = match return_when {
            None => WaitWhen::AllCompleted,
            Some(v) => match crate::vm::as_str(&vm.heap, v) {
                Some("FIRST_COMPLETED") => WaitWhen::FirstCompleted,
                Some("FIRST_EXCEPTION") => WaitWhen::FirstException,
                Some("ALL_COMPLETED") => WaitWhen::AllCompleted,
                _ => {
                    let r = vm.repr(v)?;
                    return Err(PyErr::value_error(format!("Invalid return_when value: {r}")));
                }
            },
        };
        let timeout = match timeout {
            None | Some(Value::None) => None,
            Some(t) => Some(vm.float_arg(t)?),
        };
        Ok(vm.new_awaitable(Awaitable::WaitSet {
            children,
            when,
            timeout,
        }))
    }

    /// `asyncio.timeout(delay)`.
    def fn timeout(vm, delay) {
        vm.new_timeout(delay, false)
    }

    /// `asyncio.timeout_at(when)`.
    def fn timeout_at(vm, when) {
        vm.new_timeout(when, true)
    }

    /// `asyncio.get_running_loop()`.
    def fn get_running_loop(vm) {
        vm.running_loop()
    }

    /// `asyncio.shield(aw)`.
    def fn shield(vm, aw) {
        vm.new_shield(aw)
    }

    /// `asyncio.TaskGroup()`.
    def fn task_group(vm) {
        Ok(vm.new_task_group())
    }

    /// `asyncio.Lock()`.
    def fn lock(vm) {
        vm.new_semaphore(SemKind::Lock, 1)
    }

    /// `asyncio.Semaphore(value=1)`.
    def fn semaphore(vm, value?) {
        let value = match value {
            Some(v) => vm.index_arg(v)?,
            None => 1,
        };
        vm.new_semaphore(SemKind::Semaphore, value)
    }

    /// `asyncio.BoundedSemaphore(value=1)`.
    def fn bounded_semaphore(vm, value?) {
        let value = match value {
            Some(v) => vm.index_arg(v)?,
            None => 1,
        };
        vm.new_semaphore(SemKind::Bounded, value)
    }

    /// `asyncio.Event()`.
    def fn event(vm) {
        Ok(vm.new_event())
    }

    /// `asyncio.Queue(maxsize=0)`.
    def fn queue(vm, maxsize?) {
        let maxsize = match maxsize {
            Some(v) => vm.index_arg(v)?,
            None => 0,
        };
        Ok(vm.new_queue(maxsize, QueueKind::Fifo))
    }

    /// `asyncio.LifoQueue(maxsize=0)`.
    def fn lifo_queue(vm, maxsize?) {
        let maxsize = match maxsize {
            Some(v) => vm.index_arg(v)?,
            None => 0,
        };
        Ok(vm.new_queue(maxsize, QueueKind::Lifo))
    }

    /// `asyncio.Condition(lock=None)`.
    def fn condition(vm, lock?) {
        vm.new_condition(lock)
    }

    /// `asyncio.PriorityQueue(maxsize=0)`: `get()` takes the smallest item.
    def fn priority_queue(vm, maxsize?) {
        let maxsize = match maxsize {
            Some(v) => vm.index_arg(v)?,
            None => 0,
        };
        Ok(vm.new_queue(maxsize, QueueKind::Priority))
    }

    /// `asyncio.iscoroutine(obj)`.
    def fn iscoroutine(vm, obj) {
        Ok(Value::Bool(vm.as_coroutine(obj).is_some()))
    }
}

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    use crate::object::ExcType;
    attrs.push((
        "CancelledError".into(),
        Value::ExcType(ExcType::CancelledError),
    ));
    attrs.push(("TimeoutError".into(), Value::ExcType(ExcType::TimeoutError)));
    attrs.push(("QueueEmpty".into(), Value::ExcType(ExcType::QueueEmpty)));
    for when in ["FIRST_COMPLETED", "FIRST_EXCEPTION", "ALL_COMPLETED"] {
        let v = vm.new_str(when);
        attrs.push((when.into(), v));
    }
    attrs.push(("QueueFull".into(), Value::ExcType(ExcType::QueueFull)));
    attrs.push((
        "InvalidStateError".into(),
        Value::ExcType(ExcType::InvalidStateError),
    ));
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "asyncio",
    funcs: natives_table![
        run,
        gather,
        create_task,
        sleep,
        wait_for,
        as_completed,
        iscoroutine,
        ensure_future = create_task,
        wait,
        current_task,
        TaskGroup = task_group,
        timeout,
        timeout_at,
        shield,
        get_running_loop,
        get_event_loop = get_running_loop,
        Lock = lock,
        Semaphore = semaphore,
        BoundedSemaphore = bounded_semaphore,
        Event = event,
        Queue = queue,
        LifoQueue = lifo_queue,
        PriorityQueue = priority_queue,
        Condition = condition,
    ],
    init,
};

/// Is `id` `asyncio.run`?
pub fn is_run(id: NativeId) -> bool {
    id.func == 0 && id.module == super::module_index("asyncio")
}

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// The VM scheduler's awaitables (`vm/tasks.rs`); futures, tasks and
/// gathers have `done()`, `result()`, ...
pub struct AwaitableType;

fn awaitable_of(o: &np::NativeObj) -> Option<&Awaitable> {
    match o {
        np::NativeObj::Awaitable(a) => Some(a),
        _ => None,
    }
}

impl np::NativeType for AwaitableType {
    fn type_name(o: &np::NativeObj) -> &'static str {
        awaitable_of(o).map_or("coroutine", Awaitable::type_name)
    }

    fn for_each_child(o: &np::NativeObj, f: &mut dyn FnMut(np::Value)) {
        if let Some(a) = awaitable_of(o) {
            a.for_each_child(f);
        }
    }

    fn getattr(vm: &mut np::Vm, id: np::ObjId, name: &str) -> np::PyResult<Option<np::Value>> {
        Ok(vm.sync_getattr(id, name))
    }

    fn has_method(vm: &np::Vm, id: np::ObjId, name: &str) -> bool {
        if vm.is_task_group(id) {
            return crate::vm::tasks_group::TASK_GROUP_METHODS.contains(&name);
        }
        if vm.is_timeout(id) {
            return crate::vm::tasks_timeout::TIMEOUT_METHODS.contains(&name);
        }
        if vm.is_event_loop(id) {
            return matches!(name, "time" | "create_task");
        }
        if vm.is_condition(id) {
            return crate::vm::tasks_cond::CONDITION_METHODS.contains(&name);
        }
        if vm.sync_has_method(id, name)
            || (matches!(name, "get_name" | "set_name") && vm.task_name(id).is_some())
        {
            return true;
        }
        awaitable_of(np::obj(vm, id)).is_some_and(Awaitable::is_future_like)
            && crate::vm::tasks::TASK_METHODS.contains(&name)
    }

    fn call_method(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        args: Vec<np::Value>,
        kw: np::Kwargs,
    ) -> np::PyResult<Option<np::Value>> {
        if vm.is_task_group(id) {
            if !crate::vm::tasks_group::TASK_GROUP_METHODS.contains(&name) {
                return Ok(None);
            }
            return vm.task_group_method(id, name, args, kw).map(Some);
        }
        if vm.is_condition(id) {
            if !crate::vm::tasks_cond::CONDITION_METHODS.contains(&name) {
                return Ok(None);
            }
            if !kw.is_empty() {
                return Err(PyErr::type_error(format!(
                    "{name}() takes no keyword arguments"
                )));
            }
            return vm.condition_method(id, name, args).map(Some);
        }
        if vm.is_event_loop(id) {
            return match (name, args.as_slice()) {
                ("time", []) => Ok(Some(Value::Float(vm.sched.vtime))),
                ("create_task", [coro]) => {
                    let name = kw.iter().find(|(k, _)| k == "name").map(|kv| kv.1);
                    match name {
                        Some(n) if !n.is_none() => vm.spawn_named_task(*coro, n).map(Some),
                        _ => vm.spawn_task(*coro).map(Some),
                    }
                }
                ("time" | "create_task", _) => Err(PyErr::type_error(format!(
                    "{name}() got {} arguments",
                    args.len()
                ))),
                _ => Ok(None),
            };
        }
        if vm.is_timeout(id) {
            if !crate::vm::tasks_timeout::TIMEOUT_METHODS.contains(&name) {
                return Ok(None);
            }
            if !kw.is_empty() {
                return Err(PyErr::type_error(format!(
                    "{name}() takes no keyword arguments"
                )));
            }
            return vm.timeout_method(id, name, args).map(Some);
        }
        if matches!(name, "get_name" | "set_name") && vm.task_name(id).is_some() {
            return match (name, args.as_slice()) {
                ("get_name", []) => {
                    let n = vm.task_name(id).unwrap_or_default();
                    Ok(Some(vm.new_str(n)))
                }
                ("set_name", [v]) => {
                    vm.set_task_name(id, *v)?;
                    Ok(Some(Value::None))
                }
                _ => Err(PyErr::type_error(format!(
                    "{name}() takes {} positional argument{} ({} given)",
                    if name == "get_name" {
                        "no"
                    } else {
                        "exactly one"
                    },
                    if name == "get_name" { "s" } else { "" },
                    args.len()
                ))),
            };
        }
        if vm.sync_has_method(id, name) {
            if !kw.is_empty() {
                return Err(PyErr::type_error(format!(
                    "{name}() takes no keyword arguments"
                )));
            }
            return vm.sync_method(id, name, args).map(Some);
        }
        if !awaitable_of(np::obj(vm, id)).is_some_and(Awaitable::is_future_like) {
            return Ok(None);
        }
        vm.task_method(id, name, args.len() + kw.len())
    }

    fn repr(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        vm.task_obj_repr(id)
    }

    fn str(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        vm.task_obj_str(id)
    }
}
