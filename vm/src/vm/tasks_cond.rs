//! `asyncio.Condition` on the scheduler's primitives.
//!
//! A condition is a `Lock` plus numbered waits. `wait()` releases the
//! lock and returns a `SyncWait` (`SyncOp::CondWait`) that `notify()`
//! marks; the marked wait is done when it can take the lock back, polled
//! like the other primitives' waits. `notify(n)` marks the `n` oldest
//! waits of tasks still blocked on them (a cancelled waiter is skipped).
//! `wait_for(predicate)` is Python code (its predicate runs between
//! waits): a coroutine function made once per run from [`WAIT_FOR_SOURCE`]
//! ([`Vm::snippet_function`]) and called with the condition.

use crate::object::{ExcType, ObjId, Value};

use super::tasks_data::{Awaitable, SemKind, SyncOp, SyncPrim, TaskState};
use super::{PyErr, PyResult, Vm};

/// A coroutine that awaits its argument: what `asyncio.run` runs for a
/// native awaitable that stands for a CPython coroutine.
const AWAIT_SOURCE: &str = "\
async def run(awaitable):
    return await awaitable
";

/// The methods of a condition.
pub const CONDITION_METHODS: &[&str] = &[
    "acquire",
    "release",
    "locked",
    "wait",
    "notify",
    "notify_all",
    "wait_for",
    "__aenter__",
    "__aexit__",
];

/// `Condition.wait_for(predicate)`, as CPython's.
const WAIT_FOR_SOURCE: &str = "\
async def wait_for(self, predicate):
    result = predicate()
    while not result:
        await self.wait()
        result = predicate()
    return result
";

impl Vm {
    /// Whether `v` is a native awaitable that CPython has as a coroutine
    /// object (`asyncio.sleep(...)`, `wait_for(...)`, `Lock.acquire()`, ...),
    /// as opposed to a future, task or gather.
    pub(super) fn is_native_coroutine(&self, v: Value) -> bool {
        matches!(
            self.native(v),
            Some(
                Awaitable::Sleep { .. }
                    | Awaitable::WaitFor { .. }
                    | Awaitable::SyncWait { .. }
                    | Awaitable::WaitSet { .. }
                    | Awaitable::NextCompleted(_)
                    | Awaitable::TaskGroupExit { .. }
            )
        )
    }

    /// A new coroutine that awaits `awaitable` and returns its result
    /// (compiled once per run by `exec`, as `wait_for` is).
    pub(super) fn await_in_coroutine(&mut self, awaitable: Value) -> PyResult<Value> {
        let f = self.snippet_function(AWAIT_SOURCE, "run")?;
        self.call_value(f, vec![awaitable], Vec::new())
    }

    /// `asyncio.Condition(lock=None)`.
    ///
    /// # Errors
    /// `TypeError` for a lock that is not an `asyncio.Lock`.
    pub fn new_condition(&mut self, lock: Option<Value>) -> PyResult<Value> {
        let lock = match lock {
            None | Some(Value::None) => self.new_semaphore(SemKind::Lock, 1)?,
            Some(l) => {
                let is_lock = matches!(l, Value::Ref(id) if matches!(self.prim(id),
                    Some(SyncPrim::Semaphore { kind: SemKind::Lock, .. })));
                if !is_lock {
                    return Err(PyErr::type_error(format!(
                        "Condition() expects an asyncio.Lock, not '{}'",
                        self.class_name(l)
                    )));
                }
                l
            }
        };
        Ok(self.new_awaitable(Awaitable::Condition {
            lock,
            next_ticket: 0,
            notified: Vec::new(),
        }))
    }

    /// Is `id` a condition?
    pub fn is_condition(&self, id: ObjId) -> bool {
        matches!(self.awaitable_at(id), Some(Awaitable::Condition { .. }))
    }

    fn condition_lock(&self, id: ObjId) -> ObjId {
        match self.awaitable_at(id) {
            Some(Awaitable::Condition {
                lock: Value::Ref(l),
                ..
            }) => *l,
            _ => unreachable!("a condition holds its lock"),
        }
    }

    fn lock_held(&self, lock: ObjId) -> bool {
        matches!(self.prim(lock), Some(SyncPrim::Semaphore { value: 0, .. }))
    }

    /// Calls method `name` of condition `id`.
    ///
    /// # Errors
    /// CPython's `RuntimeError`s for waiting or notifying without the lock;
    /// `TypeError` for wrong arguments.
    pub fn condition_method(&mut self, id: ObjId, name: &str, args: Vec<Value>) -> PyResult<Value> {
        let lock = self.condition_lock(id);
        match name {
            "acquire" | "release" | "locked" | "__aenter__" | "__aexit__" => {
                self.sync_method(lock, name, args)
            }
            "wait" => {
                expect_none(name, &args)?;
                if !self.lock_held(lock) {
                    return Err(PyErr::new(
                        ExcType::RuntimeError,
                        "cannot wait on un-acquired lock",
                    ));
                }
                self.sync_method(lock, "release", Vec::new())?;
                let ticket = match self.awaitable_at_mut(id) {
                    Some(Awaitable::Condition { next_ticket, .. }) => {
                        *next_ticket += 1;
                        *next_ticket
                    }
                    _ => 0,
                };
                Ok(self.wait_on(id, SyncOp::CondWait(ticket)))
            }
            "wait_for" => {
                let [predicate] = args[..] else {
                    return Err(PyErr::type_error(format!(
                        "Condition.wait_for() takes 2 positional arguments but {} were given",
                        args.len() + 1
                    )));
                };
                let f = self.snippet_function(WAIT_FOR_SOURCE, "wait_for")?;
                self.call_value(f, vec![Value::Ref(id), predicate], Vec::new())
            }
            "notify" | "notify_all" => {
                let n = match (name, args.as_slice()) {
                    ("notify", []) => 1,
                    ("notify", [n]) => self.index_arg(*n)?.max(0) as usize,
                    ("notify_all", []) => usize::MAX,
                    _ => {
                        return Err(PyErr::type_error(format!(
                            "{name}() takes too many positional arguments"
                        )))
                    }
                };
                if !self.lock_held(lock) {
                    return Err(PyErr::new(
                        ExcType::RuntimeError,
                        "cannot notify on un-acquired lock",
                    ));
                }
                let mut waiting = self.condition_waiting(id);
                waiting.truncate(n);
                if let Some(Awaitable::Condition { notified, .. }) = self.awaitable_at_mut(id) {
                    notified.extend(waiting);
                }
                Ok(Value::None)
            }
            _ => Err(PyErr::new(
                ExcType::AttributeError,
                format!("'Condition' object has no attribute '{name}'"),
            )),
        }
    }

    /// The numbers of the waits on condition `id` that tasks are blocked
    /// on and `notify` has not picked, oldest first.
    fn condition_waiting(&self, id: ObjId) -> Vec<u64> {
        let notified = match self.awaitable_at(id) {
            Some(Awaitable::Condition { notified, .. }) => notified.clone(),
            _ => return Vec::new(),
        };
        let mut out: Vec<u64> = self
            .sched
            .tasks
            .iter()
            .filter(|t| t.state == TaskState::Blocked)
            .filter_map(|t| match t.waiting_on {
                Value::Ref(w) => match self.awaitable_at(w) {
                    Some(Awaitable::SyncWait {
                        on,
                        op: SyncOp::CondWait(n),
                    }) if *on == Value::Ref(id) && !notified.contains(n) => Some(*n),
                    _ => None,
                },
                _ => None,
            })
            .collect();
        crate::cold_sort::sort(&mut out);
        out
    }

    /// Wait `ticket` of condition `id`: once notified, takes the lock
    /// back if it is free (true: the wait is over).
    pub(super) fn condition_reacquire(&mut self, id: ObjId, ticket: u64) -> bool {
        let notified = matches!(self.awaitable_at(id),
            Some(Awaitable::Condition { notified, .. }) if notified.contains(&ticket));
        if !notified {
            return false;
        }
        let lock = self.condition_lock(id);
        match self.prim_mut(lock) {
            Some(SyncPrim::Semaphore { value, .. }) if *value > 0 => *value -= 1,
            _ => return false,
        }
        if let Some(Awaitable::Condition { notified, .. }) = self.awaitable_at_mut(id) {
            notified.retain(|&t| t != ticket);
        }
        true
    }

    /// `repr(cond)`: `<asyncio.locks.Condition object at 0x... [locked, waiters:1]>`.
    pub fn condition_repr(&self, id: ObjId, addr: &str) -> String {
        let lock = self.condition_lock(id);
        let state = if self.lock_held(lock) {
            "locked"
        } else {
            "unlocked"
        };
        let waiters = self.condition_waiting(id).len();
        let waiting = if waiters > 0 {
            format!(", waiters:{waiters}")
        } else {
            String::new()
        };
        format!("<asyncio.locks.Condition object at {addr} [{state}{waiting}]>")
    }
}

fn expect_none(name: &str, args: &[Value]) -> PyResult<()> {
    if args.is_empty() {
        return Ok(());
    }
    Err(PyErr::type_error(format!(
        "Condition.{name}() takes 1 positional argument but {} were given",
        args.len() + 1
    )))
}
