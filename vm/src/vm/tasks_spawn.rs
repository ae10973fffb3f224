//! Making tasks and futures, and what identifies them: the heap object
//! of an awaitable, an async host call's future, `create_task` (a task's
//! name, its handle object), and the main program as task 0. The
//! scheduling itself is `tasks.rs`.

use crate::object::{ExcType, Obj, ObjId, Value};

use super::tasks_data::{Awaitable, FutState, Task, TaskState};
use super::{PendingCall, PyErr, PyResult, Vm};

impl Vm {
    /// A new heap object for an awaitable.
    pub fn new_awaitable(&mut self, a: Awaitable) -> Value {
        self.heap
            .new_value(Obj::Native(crate::lib().wrap_awaitable(a)))
    }

    /// An async host call: a future, announced at the next `wait`.
    pub fn issue_async_call(&mut self, call: PendingCall) -> Value {
        let f = self.heap.alloc(Obj::Native(crate::lib().wrap_awaitable(
            Awaitable::Future {
                call_id: call.id,
                state: FutState::Pending,
            },
        )));
        self.sched.outstanding.push((call.id, f));
        self.sched.unannounced.push(call);
        Value::Ref(f)
    }

    /// Starts a task running `coro` (or waiting out an `asyncio.sleep`);
    /// returns the Task object.
    pub fn spawn_task(&mut self, coro: Value) -> PyResult<Value> {
        let task = self.spawn_task_unnamed(coro)?;
        if let Value::Ref(id) = task {
            if let Some(i) = self.task_index(id) {
                if self.sched.tasks[i].name.is_none() {
                    self.sched.tasks[i].name = Some(self.default_task_name());
                }
            }
        }
        Ok(task)
    }

    /// `asyncio.create_task(coro, name=...)`.
    ///
    /// # Errors
    /// As [`Vm::spawn_task`]; what `str(name)` raised.
    pub fn spawn_named_task(&mut self, coro: Value, name: Value) -> PyResult<Value> {
        let task = self.spawn_task_unnamed(coro)?;
        if let Value::Ref(id) = task {
            self.set_task_name(id, name)?;
        }
        Ok(task)
    }

    fn default_task_name(&mut self) -> String {
        self.sched.unnamed += 1;
        format!("Task-{}", self.sched.unnamed)
    }

    fn spawn_task_unnamed(&mut self, coro: Value) -> PyResult<Value> {
        if let Some(Awaitable::Sleep { delay, result }) = self.native(coro) {
            let (delay, result) = (*delay, *result);
            return Ok(self.spawn_timer_task(coro, delay, Ok(result)));
        }
        if let Some(Awaitable::WaitFor { timeout, .. }) = self.native(coro) {
            let timeout = *timeout;
            let exc = self.raise_prep_detached(PyErr::New(ExcType::TimeoutError, vec![]));
            return Ok(self.spawn_timer_task(coro, timeout, Err(exc)));
        }
        if let Some(Awaitable::SyncWait { .. } | Awaitable::Future { .. }) = self.native(coro) {
            // a frameless task that wakes when the wait can be done (or
            // the host call's future is answered)
            self.ensure_main_task();
            let idx = self.sched.tasks.len() as u32;
            self.sched.tasks.push(Task {
                waiting_on: coro,
                started: true,
                ..Task::new(coro, TaskState::Blocked)
            });
            return Ok(self.task_handle(idx));
        }
        if self.as_coroutine(coro).is_none() {
            return Err(PyErr::type_error(format!(
                "a coroutine was expected, got {}",
                self.repr(coro)?
            )));
        }
        self.ensure_main_task();
        let idx = self.sched.tasks.len() as u32;
        self.sched.tasks.push(Task::new(coro, TaskState::Ready));
        self.sched.ready.push_back(idx);
        Ok(self.task_handle(idx))
    }

    /// A task that only waits out a timer (a gathered or wrapped
    /// `asyncio.sleep` or `wait_for`): it has no frames, is blocked from the
    /// start, and finishes with `result` when the timer fires (a `wait_for`
    /// finishes earlier with its inner awaitable's outcome).
    pub(super) fn spawn_timer_task(
        &mut self,
        sleep: Value,
        delay: f64,
        result: Result<Value, Value>,
    ) -> Value {
        self.ensure_main_task();
        let idx = self.sched.tasks.len() as u32;
        self.sched.tasks.push(Task {
            waiting_on: sleep,
            wake_at: Some(self.sched.vtime + delay.max(0.0)),
            wake: Some(result),
            started: true,
            ..Task::new(sleep, TaskState::Blocked)
        });
        self.task_handle(idx)
    }

    /// Task `idx`'s object (made once: `current_task() is task`).
    fn task_handle(&mut self, idx: u32) -> Value {
        if let Some(h) = self.sched.tasks[idx as usize].handle {
            return h;
        }
        let h = self.new_awaitable(Awaitable::Task(idx));
        self.sched.tasks[idx as usize].handle = Some(h);
        h
    }

    /// `asyncio.current_task()`.
    ///
    /// # Errors
    /// `RuntimeError` outside a running event loop.
    pub fn current_task(&mut self) -> PyResult<Value> {
        // (a coroutine's frame runs: `asyncio.run`, a task, top-level await)
        let in_coroutine = self.frames.iter().any(|f| {
            matches!(f.on_return, super::OnReturn::Generator(_))
                && self.program.codes[f.code as usize].is_coroutine
        });
        if !in_coroutine && !self.in_spawned_task() {
            return Err(PyErr::new(ExcType::RuntimeError, "no running event loop"));
        }
        self.ensure_main_task();
        Ok(self.task_handle(self.sched.current))
    }

    /// The task object `id` stands for, if it is one.
    pub(super) fn task_index(&self, id: ObjId) -> Option<usize> {
        match self.awaitable_at(id) {
            Some(Awaitable::Task(i)) => Some(*i as usize),
            _ => None,
        }
    }

    /// The index of the task object `v` stands for, if it is one.
    pub(super) fn task_of(&self, v: Value) -> Option<usize> {
        match v {
            Value::Ref(id) => self.task_index(id),
            _ => None,
        }
    }

    /// `Task.get_name()`.
    pub fn task_name(&self, id: ObjId) -> Option<String> {
        let i = self.task_index(id)?;
        // (every task is named when made; a forged snapshot may not be)
        Some(
            self.sched.tasks[i]
                .name
                .clone()
                .unwrap_or_else(|| format!("Task-{}", i + 1)),
        )
    }

    /// `Task.set_name(value)` (and `create_task(name=)`).
    ///
    /// # Errors
    /// What `str(value)` raised.
    pub fn set_task_name(&mut self, id: ObjId, value: Value) -> PyResult<()> {
        let name = self.str_of(value)?;
        if let Some(i) = self.task_index(id) {
            self.sched.tasks[i].name = Some(name);
        }
        Ok(())
    }

    pub(super) fn ensure_main_task(&mut self) {
        if self.sched.tasks.is_empty() {
            let name = self.default_task_name();
            self.sched.tasks.push(Task {
                started: true,
                name: Some(name),
                ..Task::new(Value::None, TaskState::Running)
            });
            self.sched.current = 0;
        }
    }
}
