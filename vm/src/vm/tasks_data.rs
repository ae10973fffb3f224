//! The scheduler's data: [`Awaitable`] (futures, tasks, gathers, sleeps;
//! held by the library's native objects), [`Task`] and [`Scheduler`] (a
//! field of the VM), with what they hold.
//!
//! Low in the crate: it names only the VM's frame types (`mod.rs`) and
//! values, not the scheduling code (`tasks.rs`), so the VM struct and the
//! `Stdlib` trait can hold these without a circle through the scheduler.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use crate::object::{ObjId, Value};

use super::{Frame, PendingCall};

/// The scheduler's objects, stored as the library's native objects
/// ([`Stdlib::wrap_awaitable`](crate::vm::stdlib::Stdlib::wrap_awaitable)) so they share its attribute and repr hooks.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Awaitable {
    /// A host call's result to come.
    Future { call_id: u64, state: FutState },
    /// A task (index into the scheduler's tasks).
    Task(u32),
    /// `asyncio.gather(...)`.
    Gather {
        children: Vec<Value>,
        return_exceptions: bool,
    },
    /// `asyncio.sleep(delay, result)`.
    Sleep { delay: f64, result: Value },
    /// `asyncio.wait_for(aw, timeout)`: `inner` is a task or future;
    /// awaiting this raises `TimeoutError` once `timeout` seconds of sandbox
    /// time pass first.
    WaitFor { inner: Value, timeout: f64 },
    /// `asyncio.as_completed(aws)`'s shared state: the awaitables not yet
    /// handed out.
    AsCompleted(Vec<Value>),
    /// One item `as_completed` yields: awaiting it gives the outcome of the
    /// next awaitable of its group to finish.
    NextCompleted(Value),
    /// `asyncio.wait(aws, timeout=, return_when=)`: done when `when` says
    /// so (or the timeout passes); gives `(done, pending)` sets.
    WaitSet {
        children: Vec<Value>,
        when: WaitWhen,
        timeout: Option<f64>,
    },
    /// A lock, semaphore, event or queue.
    Sync(SyncPrim),
    /// Awaiting it waits until `op` can be done on the primitive `on`
    /// (which it then does): the task blocks until then.
    SyncWait { on: Value, op: SyncOp },
    /// What an async generator's `__anext__`/`asend`/`athrow`/`aclose`
    /// return: awaiting it runs the generator's frame on the awaiting task
    /// until it yields (the await's result) or ends. Awaited once.
    AgenStep {
        gen: Value,
        step: AgenStep,
        awaited: bool,
        /// `anext(agen, default)`: the result instead of
        /// `StopAsyncIteration`.
        default: Option<Value>,
    },
    /// `asyncio.TaskGroup()` (`tasks_group.rs`).
    TaskGroup(Box<TaskGroup>),
    /// What `TaskGroup.__aexit__` returns: done when every task of
    /// `group` is; then gives `False` or raises what the group raises.
    /// `body_exc` is the exception that left the `async with` body.
    TaskGroupExit { group: Value, body_exc: Value },
    /// `asyncio.timeout(delay)` / `timeout_at(when)` (`tasks_timeout.rs`).
    Timeout(Box<TimeoutCm>),
    /// `asyncio.shield(aw)`: `inner`'s outcome; cancelling it leaves
    /// `inner` running.
    Shield(Value),
    /// `asyncio.get_running_loop()`: `time()` (the sandbox clock) and
    /// `create_task()`.
    EventLoop,
    /// `asyncio.Condition(lock)` (`tasks_cond.rs`): `lock` is a `Lock`;
    /// waits are numbered (`next_ticket`) and `notified` holds the
    /// numbers `notify()` picked that have not taken the lock back yet.
    Condition {
        lock: Value,
        next_ticket: u64,
        notified: Vec<u64>,
    },
}

/// Where an `asyncio.timeout` is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TimeoutState {
    Created,
    Entered,
    /// The deadline passed: the task was cancelled.
    Expiring,
    Expired,
    Exited,
}

/// `asyncio.timeout`'s state.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TimeoutCm {
    /// The deadline on the sandbox clock; None: never.
    pub when: Option<f64>,
    pub state: TimeoutState,
    /// The task inside the `async with`.
    pub task: u32,
    /// The frameless task whose timer is the deadline (its `group` is
    /// this object), or None.
    pub timer: Value,
}

/// Where a [`TaskGroup`] is in its `async with`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GroupPhase {
    New,
    Entered,
    /// In `__aexit__`, waiting for its tasks.
    Exiting,
    Done,
}

/// `asyncio.TaskGroup`'s state.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TaskGroup {
    pub phase: GroupPhase,
    /// The task that entered it (cancelled when a child fails while the
    /// body still runs).
    pub parent: u32,
    /// Every task made by `create_task`, in order.
    pub tasks: Vec<Value>,
    /// What its tasks raised, in the order they failed.
    pub errors: Vec<Value>,
    /// A task failed or the body raised: the other tasks were cancelled.
    pub aborting: bool,
    /// The group cancelled its parent task (the `CancelledError` that
    /// leaves the body is then not propagated).
    pub parent_cancelled: bool,
}

/// `asyncio.wait`'s `return_when`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WaitWhen {
    FirstCompleted,
    FirstException,
    AllCompleted,
}

/// asyncio's synchronization primitives, shared by the tasks that wait on
/// them ([`Awaitable::Sync`]).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum SyncPrim {
    /// `Lock`, `Semaphore`, `BoundedSemaphore`: `value` permits are left;
    /// `initial` bounds a bounded semaphore's releases.
    Semaphore {
        kind: SemKind,
        value: i64,
        initial: i64,
    },
    Event {
        set: bool,
    },
    /// `Queue(maxsize)` (FIFO) and `LifoQueue`; `unfinished` counts the
    /// items put and not yet `task_done()`.
    Queue {
        items: VecDeque<Value>,
        maxsize: i64,
        unfinished: i64,
        kind: QueueKind,
    },
}

/// Which end a queue takes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum QueueKind {
    Fifo,
    Lifo,
    /// A binary min-heap, as `heapq` keeps it.
    Priority,
}

impl QueueKind {
    /// The class name.
    pub fn name(self) -> &'static str {
        match self {
            QueueKind::Fifo => "Queue",
            QueueKind::Lifo => "LifoQueue",
            QueueKind::Priority => "PriorityQueue",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SemKind {
    Lock,
    Semaphore,
    Bounded,
}

/// What a task waits for on a [`SyncPrim`] ([`Awaitable::SyncWait`]).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum SyncOp {
    /// `acquire()` (and `async with`).
    Acquire,
    /// `Event.wait()`.
    EventWait,
    /// `Queue.get()`.
    Get,
    /// `Queue.put(item)`.
    Put(Value),
    /// `Queue.join()`.
    Join,
    /// `Condition.wait()`, wait number `n`: done once notified and the
    /// lock is taken again.
    CondWait(u64),
}

/// What an [`Awaitable::AgenStep`] does to its generator.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum AgenStep {
    /// `__anext__()` (None) and `asend(value)`.
    Send(Value),
    /// `athrow(exc)`.
    Throw(Value),
    /// `aclose()`.
    Close,
}

impl Awaitable {
    /// Calls `f` on every value the awaitable holds.
    pub fn for_each_child(&self, f: &mut dyn FnMut(Value)) {
        match self {
            Awaitable::Future { state, .. } => state.for_each_child(f),
            Awaitable::Task(_) => {}
            Awaitable::Gather { children, .. } => children.iter().for_each(|v| f(*v)),
            Awaitable::Sleep { result, .. } => f(*result),
            Awaitable::WaitFor { inner, .. } => f(*inner),
            Awaitable::AsCompleted(items) => items.iter().for_each(|v| f(*v)),
            Awaitable::NextCompleted(group) => f(*group),
            Awaitable::WaitSet { children, .. } => children.iter().for_each(|v| f(*v)),
            Awaitable::Sync(SyncPrim::Queue { items, .. }) => items.iter().for_each(|v| f(*v)),
            Awaitable::Sync(_) => {}
            Awaitable::SyncWait { on, op } => {
                f(*on);
                if let SyncOp::Put(v) = op {
                    f(*v);
                }
            }
            Awaitable::TaskGroup(g) => {
                g.tasks.iter().for_each(|v| f(*v));
                g.errors.iter().for_each(|v| f(*v));
            }
            Awaitable::TaskGroupExit { group, body_exc } => {
                f(*group);
                f(*body_exc);
            }
            Awaitable::Timeout(t) => f(t.timer),
            Awaitable::Shield(inner) => f(*inner),
            Awaitable::EventLoop => {}
            Awaitable::Condition { lock, .. } => f(*lock),
            Awaitable::AgenStep {
                gen, step, default, ..
            } => {
                f(*gen);
                if let AgenStep::Send(v) | AgenStep::Throw(v) = step {
                    f(*v);
                }
                if let Some(d) = default {
                    f(*d);
                }
            }
        }
    }

    /// `type(x).__name__`.
    pub fn type_name(&self) -> &'static str {
        match self {
            Awaitable::Future { .. } => "Future",
            Awaitable::Task(_) => "Task",
            Awaitable::Gather { .. } => "_GatheringFuture",
            Awaitable::AsCompleted(_) => "_AsCompletedIterator",
            Awaitable::Sync(SyncPrim::Semaphore { kind, .. }) => match kind {
                SemKind::Lock => "Lock",
                SemKind::Semaphore => "Semaphore",
                SemKind::Bounded => "BoundedSemaphore",
            },
            Awaitable::Sync(SyncPrim::Event { .. }) => "Event",
            Awaitable::Sync(SyncPrim::Queue { kind, .. }) => kind.name(),
            Awaitable::AgenStep {
                step: AgenStep::Send(_),
                ..
            } => "async_generator_asend",
            Awaitable::AgenStep { .. } => "async_generator_athrow",
            Awaitable::TaskGroup(_) => "TaskGroup",
            Awaitable::Timeout(_) => "Timeout",
            Awaitable::EventLoop => "_UnixSelectorEventLoop",
            Awaitable::Condition { .. } => "Condition",
            _ => "coroutine",
        }
    }

    /// Whether it has `done()`, `result()`, ... (futures, tasks, gathers).
    pub fn is_future_like(&self) -> bool {
        matches!(
            self,
            Awaitable::Future { .. }
                | Awaitable::Task(_)
                | Awaitable::Gather { .. }
                | Awaitable::Shield(_)
        )
    }
}

/// The state of a host call's future.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum FutState {
    Pending,
    Done(Value),
    /// The exception the host reported.
    Failed(Value),
}

impl FutState {
    pub fn for_each_child(&self, f: &mut dyn FnMut(Value)) {
        match self {
            FutState::Pending => {}
            FutState::Done(v) | FutState::Failed(v) => f(*v),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TaskState {
    Ready,
    Running,
    Blocked,
    Done,
}

/// One task.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Task {
    /// The root coroutine (None for the main program).
    pub coro: Value,
    pub state: TaskState,
    /// What a blocked task awaits.
    pub waiting_on: Value,
    /// When sleeping: the virtual time to wake at.
    pub wake_at: Option<f64>,
    /// The result of a finished task (`Err` holds the exception).
    pub result: Option<Result<Value, Value>>,
    /// Delivered to the task's `await` when it runs again.
    pub wake: Option<Result<Value, Value>>,
    pub started: bool,
    pub frames: Vec<Frame>,
    pub stack: Vec<Value>,
    pub exc: Vec<Value>,
    /// `Task-<n>`, or `create_task(name=)`/`set_name()`'s.
    pub name: Option<String>,
    /// The `TaskGroup` that made it, or the `asyncio.timeout` whose
    /// timer it is, or None: told when the task finishes.
    pub group: Value,
    /// The task's object (`create_task`'s result, `current_task()`), once
    /// made: one object per task.
    pub handle: Option<Value>,
}

impl Task {
    /// A task of `coro` in `state`, with nothing else yet.
    pub fn new(coro: Value, state: TaskState) -> Task {
        Task {
            coro,
            state,
            waiting_on: Value::None,
            wake_at: None,
            result: None,
            wake: None,
            started: false,
            frames: Vec::new(),
            stack: Vec::new(),
            exc: Vec::new(),
            name: None,
            handle: None,
            group: Value::None,
        }
    }
}

/// The scheduler's state (part of the VM, so snapshots include it).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Scheduler {
    pub tasks: Vec<Task>,
    pub current: u32,
    pub ready: VecDeque<u32>,
    /// Async host calls issued and not yet announced in a `wait`.
    pub unannounced: Vec<PendingCall>,
    /// Issued host calls without an answer: call id → future.
    pub outstanding: Vec<(u64, ObjId)>,
    /// The announced ones among them (re-announced after a restore).
    pub announced: Vec<PendingCall>,
    pub vtime: f64,
    /// Inside `asyncio.run(...)`.
    pub loop_running: bool,
    /// Tasks given a default name so far (`Task-<n>`, as CPython counts:
    /// a task named at creation takes no number).
    pub unnamed: u32,
    /// Cancellations a failing `TaskGroup` task asked for, of tasks that
    /// were ready to run then: each runs its step first (CPython calls the
    /// group's done callback after the steps already scheduled), and is
    /// cancelled at the first switch after it ran (`true`).
    pub deferred_cancels: Vec<(u32, bool)>,
}

impl Scheduler {
    pub fn for_each_root(&self, f: &mut dyn FnMut(Value)) {
        for t in &self.tasks {
            f(t.coro);
            f(t.waiting_on);
            for r in [&t.result, &t.wake].into_iter().flatten() {
                match r {
                    Ok(v) | Err(v) => f(*v),
                }
            }
            t.stack.iter().for_each(|v| f(*v));
            t.exc.iter().for_each(|v| f(*v));
            if let Some(h) = t.handle {
                f(h);
            }
            f(t.group);
        }
        for c in &self.unannounced {
            c.args.iter().for_each(|v| f(*v));
            c.kwargs.iter().for_each(|kv| f(kv.1));
        }
        for (_, id) in &self.outstanding {
            f(Value::Ref(*id));
        }
        for c in &self.announced {
            c.args.iter().for_each(|v| f(*v));
            c.kwargs.iter().for_each(|kv| f(kv.1));
        }
    }
}
