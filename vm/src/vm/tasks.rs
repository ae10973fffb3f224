//! asyncio inside the VM: tasks, futures of host calls, `gather`, `sleep`.
//!
//! Every task is the frames of one coroutine chain. Only the running
//! task's frames are on the VM's frame stack; a task that blocks (awaits a
//! host future, another task, a gather) has its frames, stack and handled
//! exceptions moved into its [`Task`], and the next ready task's are moved
//! back in. The main program is task 0 (its root frame is the module).
//! When no task can run, the execution pauses with a `wait` progress that
//! lists the host calls issued since the last one: the host runs them all
//! at once and answers in any order.
//!
//! Time is the host's. The scheduler keeps a sandbox clock (`vtime`); a
//! `wait` also reports how long until the earliest timer (`asyncio.sleep`,
//! a `wait_for` timeout), even when no call is pending. The host answers
//! with the results that arrived and, if it runs real time, how much time
//! passed (`elapsed`); a reply with neither jumps the clock to the next
//! timer (virtual time, the default). Timers due by the clock fire before
//! any task runs.

use crate::object::{ExcType, GenState, Obj, ObjId, Value};

pub use super::tasks_data::{Awaitable, FutState, Scheduler, Task, TaskState, WaitWhen};
use super::{Exit, PendingCall, PyErr, PyResult, Vm};

/// The methods of `Task` and `Future` objects.
pub const TASK_METHODS: &[&str] = &["done", "cancelled", "cancel", "result", "exception"];

/// Deepest nesting of gathers (`gather(gather(...))`) awaited or
/// cancelled: each level is a native call (8 MiB of wasm stack hold far
/// more; the native fuzz harnesses run on 1 MiB).
const MAX_AWAITABLE_NESTING: usize = 1000;

impl Vm {
    /// The awaitable `v` is, if it is one of the scheduler's objects.
    pub(super) fn native(&self, v: Value) -> Option<&Awaitable> {
        match v {
            Value::Ref(id) => self.awaitable_at(id),
            _ => None,
        }
    }

    pub(super) fn awaitable_at(&self, id: ObjId) -> Option<&Awaitable> {
        match self.heap.get(id) {
            Obj::Native(n) => n.awaitable(),
            _ => None,
        }
    }

    pub(super) fn awaitable_at_mut(&mut self, id: ObjId) -> Option<&mut Awaitable> {
        match self.heap.get_mut(id) {
            Obj::Native(n) => n.awaitable_mut(),
            _ => None,
        }
    }

    /// The outcome of an awaitable if it is finished, `None` if pending.
    pub(super) fn awaitable_outcome(&mut self, v: Value) -> PyResult<Option<Result<Value, Value>>> {
        self.nested_outcome(v, 0)
    }

    /// [`Vm::awaitable_outcome`] of an awaitable `depth` gathers deep:
    /// gathers of gathers recurse on the native stack, so their nesting is
    /// bounded (a snapshot could even hold a gather among its own children).
    fn nested_outcome(&mut self, v: Value, depth: usize) -> PyResult<Option<Result<Value, Value>>> {
        if depth > MAX_AWAITABLE_NESTING {
            return Err(PyErr::new(
                ExcType::RecursionError,
                "maximum recursion depth exceeded while awaiting nested gathers",
            ));
        }
        if let Some(Awaitable::SyncWait { .. }) = self.native(v) {
            let Value::Ref(id) = v else { unreachable!() };
            return Ok(self.sync_poll(id));
        }
        if let Some(Awaitable::WaitSet { children, when, .. }) = self.native(v) {
            let (children, when) = (children.clone(), *when);
            return self.wait_set_outcome(&children, when, depth, false);
        }
        if let Some(Awaitable::Shield(inner)) = self.native(v) {
            let inner = *inner;
            return self.nested_outcome(inner, depth + 1);
        }
        if let Some(Awaitable::TaskGroupExit { .. }) = self.native(v) {
            let Value::Ref(id) = v else { unreachable!() };
            return self.task_group_exit_outcome(id);
        }
        let Some(n) = self.native(v) else {
            return Ok(None);
        };
        Ok(match n {
            Awaitable::Future { state, .. } => match state {
                FutState::Pending => None,
                FutState::Done(x) => Some(Ok(*x)),
                FutState::Failed(e) => Some(Err(*e)),
            },
            Awaitable::Task(i) => self.sched.tasks[*i as usize].result,
            Awaitable::Gather {
                children,
                return_exceptions,
            } => {
                let (children, return_exceptions) = (children.clone(), *return_exceptions);
                let mut results = Vec::with_capacity(children.len());
                let mut outcome = None;
                let mut pending = false;
                for c in children {
                    match self.nested_outcome(c, depth + 1)? {
                        None => pending = true,
                        Some(Ok(x)) => results.push(x),
                        Some(Err(e)) if return_exceptions => results.push(e),
                        Some(Err(e)) => {
                            // Without return_exceptions a failure settles
                            // the gather at once, whatever is still running.
                            outcome = Some(Err(e));
                            break;
                        }
                    }
                }
                if pending && outcome.is_none() {
                    return Ok(None);
                }
                let outcome = outcome.unwrap_or_else(|| Ok(self.new_list(results)));
                // A finished gather is a done future: every later await
                // gets the same list object (or exception), as in CPython.
                if let Value::Ref(id) = v {
                    let state = match outcome {
                        Ok(x) => FutState::Done(x),
                        Err(e) => FutState::Failed(e),
                    };
                    *self.heap.get_mut(id) = Obj::Native(
                        crate::lib().wrap_awaitable(Awaitable::Future { call_id: 0, state }),
                    );
                }
                Some(outcome)
            }
            Awaitable::NextCompleted(group) => {
                let group = *group;
                let pending = match self.native(group) {
                    Some(Awaitable::AsCompleted(items)) => items.clone(),
                    _ => return Ok(None),
                };
                for (i, item) in pending.into_iter().enumerate() {
                    if let Some(outcome) = self.nested_outcome(item, depth + 1)? {
                        if let Value::Ref(g) = group {
                            if let Some(Awaitable::AsCompleted(items)) = self.awaitable_at_mut(g) {
                                items.remove(i);
                            }
                        }
                        return Ok(Some(outcome));
                    }
                }
                None
            }
            Awaitable::Sleep { .. } => None,
            _ => None,
        })
    }

    /// `asyncio.wait`'s result, `(done, pending)`, once `when` holds
    /// (`timed_out`: at once).
    fn wait_set_outcome(
        &mut self,
        children: &[Value],
        when: WaitWhen,
        depth: usize,
        timed_out: bool,
    ) -> PyResult<Option<Result<Value, Value>>> {
        let mut done = Vec::new();
        let mut pending = Vec::new();
        let mut failed = false;
        for &c in children {
            match self.nested_outcome(c, depth + 1)? {
                Some(outcome) => {
                    if let Err(e) = outcome {
                        failed |= !self.is_cancelled_error(e);
                    }
                    done.push(c);
                }
                None => pending.push(c),
            }
        }
        let ready = timed_out
            || pending.is_empty()
            || match when {
                WaitWhen::FirstCompleted => !done.is_empty(),
                WaitWhen::FirstException => failed,
                WaitWhen::AllCompleted => false,
            };
        if !ready {
            return Ok(None);
        }
        let done = self.new_set_of(done, false)?;
        let pending = self.new_set_of(pending, false)?;
        Ok(Some(Ok(self.new_tuple(vec![done, pending]))))
    }

    /// The `Await` op. Returns true if the frame stack changed (a coroutine
    /// frame was pushed or another task now runs); otherwise the result was
    /// pushed, or `Some(exit)` when every task is blocked.
    pub(super) fn await_value(&mut self, v: Value) -> PyResult<(bool, Option<Exit>)> {
        if let Some(Awaitable::AgenStep { .. }) = self.native(v) {
            let Value::Ref(id) = v else { unreachable!() };
            return Ok((self.await_agen_step(id)?, None));
        }
        if let Some(c) = self.as_coroutine(v) {
            if self.gen_state(c) != GenState::Created {
                return Err(PyErr::new(
                    ExcType::RuntimeError,
                    "cannot reuse already awaited coroutine",
                ));
            }
            self.resume_generator(c, Value::None, false)?;
            return Ok((true, None));
        }
        if let Some(Awaitable::WaitSet {
            timeout: Some(t), ..
        }) = self.native(v)
        {
            let t = *t;
            return match self.awaitable_outcome(v)? {
                Some(Ok(x)) => {
                    self.stack.push(x);
                    Ok((false, None))
                }
                Some(Err(e)) => Err(PyErr::Raise(e)),
                None => {
                    // the timer's wake-up computes the sets then
                    self.block_current(v, Some(self.sched.vtime + t.max(0.0)))?;
                    Ok((true, self.switch()?))
                }
            };
        }
        if let Some(Awaitable::WaitFor { inner, timeout }) = self.native(v) {
            let (inner, timeout) = (*inner, *timeout);
            return match self.awaitable_outcome(inner)? {
                Some(Ok(x)) => {
                    self.stack.push(x);
                    Ok((false, None))
                }
                Some(Err(e)) => Err(PyErr::Raise(e)),
                None => {
                    self.block_current(v, Some(self.sched.vtime + timeout.max(0.0)))?;
                    let exc = self.raise_prep_detached(PyErr::New(ExcType::TimeoutError, vec![]));
                    let me = self.sched.current as usize;
                    self.sched.tasks[me].wake = Some(Err(exc));
                    Ok((true, self.switch()?))
                }
            };
        }
        let kind = match self.native(v) {
            Some(Awaitable::Sleep { delay, result }) => Some((*delay, *result)),
            Some(
                Awaitable::Future { .. }
                | Awaitable::Task(_)
                | Awaitable::Gather { .. }
                | Awaitable::NextCompleted(_)
                | Awaitable::SyncWait { .. }
                | Awaitable::WaitSet { .. }
                | Awaitable::TaskGroupExit { .. }
                | Awaitable::Shield(_),
            ) => None,
            _ => {
                return Err(PyErr::type_error(format!(
                    "'{}' object can't be awaited",
                    self.class_name(v)
                )))
            }
        };
        if let Some((delay, result)) = kind {
            self.block_current(v, Some(self.sched.vtime + delay.max(0.0)))?;
            let me = self.sched.current as usize;
            self.sched.tasks[me].wake = Some(Ok(result));
            if delay <= 0.0 {
                // sleep(0): go to the back of the ready queue
                self.sched.tasks[me].state = TaskState::Ready;
                self.sched.tasks[me].wake_at = None;
                self.sched.ready.push_back(me as u32);
            }
            return Ok((true, self.switch()?));
        }
        match self.awaitable_outcome(v)? {
            Some(Ok(x)) => {
                self.stack.push(x);
                Ok((false, None))
            }
            Some(Err(e)) => Err(PyErr::Raise(e)),
            None => {
                self.block_current(v, None)?;
                Ok((true, self.switch()?))
            }
        }
    }

    /// Moves the running task's frames into it and marks it blocked.
    fn block_current(&mut self, on: Value, wake_at: Option<f64>) -> PyResult<()> {
        if self.native_depth > 0 {
            return Err(PyErr::new(
                ExcType::RuntimeError,
                "cannot wait inside a callback of a builtin (key=, map, a property, ...)",
            ));
        }
        self.ensure_main_task();
        let me = self.sched.current as usize;
        let frames = std::mem::take(&mut self.frames);
        let stack = std::mem::take(&mut self.stack);
        let exc = std::mem::take(&mut self.exc_stack);
        let t = &mut self.sched.tasks[me];
        t.frames = frames;
        t.stack = stack;
        t.exc = exc;
        t.state = TaskState::Blocked;
        t.waiting_on = on;
        t.wake_at = wake_at;
        Ok(())
    }

    /// A task's root coroutine returned or raised (its frames are gone).
    pub(super) fn finish_current_task(&mut self, outcome: Result<Value, Value>) {
        let me = self.sched.current as usize;
        let t = &mut self.sched.tasks[me];
        t.state = TaskState::Done;
        t.result = Some(outcome);
        if !t.group.is_none() {
            self.task_group_child_done(me);
        }
    }

    /// Is the running task one spawned by `gather`/`create_task`?
    pub(super) fn in_spawned_task(&self) -> bool {
        !self.sched.tasks.is_empty() && self.sched.current != 0
    }

    /// Blocked tasks whose awaitable finished become ready.
    fn wake_finished(&mut self) -> PyResult<()> {
        for i in 0..self.sched.tasks.len() {
            if self.sched.tasks[i].state != TaskState::Blocked {
                continue;
            }
            // A `wait_for` is done when its inner awaitable is; a sleep only
            // by its timer.
            let mut on = self.sched.tasks[i].waiting_on;
            if let Some(Awaitable::WaitFor { inner, .. }) = self.native(on) {
                on = *inner;
            } else if let Some(Awaitable::WaitSet { .. }) = self.native(on) {
                // (done early, or by its timer)
            } else if self.sched.tasks[i].wake_at.is_some() {
                continue;
            }
            if let Some(outcome) = self.awaitable_outcome(on)? {
                let t = &mut self.sched.tasks[i];
                t.state = TaskState::Ready;
                t.wake_at = None;
                t.wake = Some(outcome);
                self.sched.ready.push_back(i as u32);
            }
        }
        Ok(())
    }

    /// Fires the timers due by the sandbox clock: sleepers wake with their
    /// result, a `wait_for` raises `TimeoutError` and cancels what it waited on.
    fn fire_due_timers(&mut self) {
        let now = self.sched.vtime;
        let mut due: Vec<usize> = (0..self.sched.tasks.len())
            .filter(|&i| {
                let t = &self.sched.tasks[i];
                t.state == TaskState::Blocked && t.wake_at.is_some_and(|at| at <= now)
            })
            .collect();
        crate::cold_sort::sort_by(&mut due, |a, b| {
            let (x, y) = (self.sched.tasks[*a].wake_at, self.sched.tasks[*b].wake_at);
            x.partial_cmp(&y).unwrap_or(std::cmp::Ordering::Equal)
        });
        for i in due {
            let on = self.sched.tasks[i].waiting_on;
            if let Some(Awaitable::WaitSet { children, when, .. }) = self.native(on) {
                // timed out: the sets as they are now
                let (children, when) = (children.clone(), *when);
                let wake = match self.wait_set_outcome(&children, when, 0, true) {
                    Ok(o) => o,
                    Err(e) => Some(Err(self.raise_prep_detached(e))),
                };
                self.sched.tasks[i].wake = wake;
            }
            let on = self.sched.tasks[i].waiting_on;
            if let Some(Awaitable::WaitFor { inner, .. }) = self.native(on) {
                let inner = *inner;
                self.cancel(inner);
            }
            let t = &mut self.sched.tasks[i];
            t.state = TaskState::Ready;
            t.wake_at = None;
            self.sched.ready.push_back(i as u32);
        }
    }

    /// The earliest timer, as sandbox time from now.
    fn next_timer(&self) -> Option<f64> {
        self.sched
            .tasks
            .iter()
            .filter(|t| t.state == TaskState::Blocked)
            .filter_map(|t| t.wake_at)
            .min_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal))
            .map(|at| (at - self.sched.vtime).max(0.0))
    }

    /// Cancels what `awaitable` stands for, as `Task.cancel()` does: a task
    /// that has run gets `CancelledError` raised at its await (its handlers
    /// and `finally` blocks run); one that never ran ends cancelled; a
    /// gather cancels its children; a host call's future fails at once.
    pub(super) fn cancel(&mut self, awaitable: Value) {
        self.cancel_nested(awaitable, 0);
    }

    /// [`Vm::cancel`] of an awaitable `depth` gathers deep (bounded, as in
    /// [`Vm::nested_outcome`]: deeper children are left as they are).
    fn cancel_nested(&mut self, awaitable: Value, depth: usize) {
        match self.native(awaitable) {
            Some(Awaitable::Task(idx)) => {
                let idx = *idx as usize;
                self.cancel_task(idx);
            }
            Some(Awaitable::Gather { .. }) if depth >= MAX_AWAITABLE_NESTING => {}
            Some(Awaitable::Gather { children, .. }) => {
                for child in children.clone() {
                    self.cancel_nested(child, depth + 1);
                }
            }
            Some(Awaitable::WaitFor { inner, .. }) => {
                let inner = *inner;
                self.cancel_nested(inner, depth + 1);
            }
            Some(Awaitable::Future {
                call_id,
                state: FutState::Pending,
            }) => {
                // The host's answer, if it still comes, is ignored; a call
                // not yet announced is never made.
                let call_id = *call_id;
                let exc = self.raise_prep_detached(PyErr::New(ExcType::CancelledError, vec![]));
                self.sched.outstanding.retain(|(c, _)| *c != call_id);
                self.sched.announced.retain(|c| c.id != call_id);
                self.sched.unannounced.retain(|c| c.id != call_id);
                if let Value::Ref(id) = awaitable {
                    if let Some(Awaitable::Future { state, .. }) = self.awaitable_at_mut(id) {
                        *state = FutState::Failed(exc);
                    }
                }
            }
            _ => {}
        }
    }

    /// Cancels task `idx` (see [`Vm::cancel`]).
    pub(super) fn cancel_task(&mut self, idx: usize) {
        // A running task's frames are live on the VM: it cannot be cut off
        // here (CPython too only delivers a cancel at the task's next await).
        if matches!(
            self.sched.tasks[idx].state,
            TaskState::Done | TaskState::Running
        ) {
            return;
        }
        // what it awaits is cancelled with it (a gather's children, a
        // task, a host call), as CPython cancels the task's waiter; a
        // shield's inner work is not
        let waiting_on = self.sched.tasks[idx].waiting_on;
        if self.sched.tasks[idx].state == TaskState::Blocked && !waiting_on.is_none() {
            self.cancel(waiting_on);
        }
        let exc = self.raise_prep_detached(PyErr::New(ExcType::CancelledError, vec![]));
        self.sched.ready.retain(|&r| r as usize != idx);
        let coro = self.sched.tasks[idx].coro;
        // (task 0 is the main program: frames, but no coroutine object)
        let frameless = idx != 0 && self.as_coroutine(coro).is_none();
        let t = &mut self.sched.tasks[idx];
        t.wake_at = None;
        t.waiting_on = Value::None;
        if !t.started || frameless {
            // Never ran (or only waits out a timer): it ends cancelled.
            t.started = true;
            t.state = TaskState::Done;
            t.result = Some(Err(exc));
            if !frameless {
                // the coroutine is closed without running, as CPython does
                if let Some(c) = self.as_coroutine(coro) {
                    self.finish_generator(c);
                }
            }
            return;
        }
        // CancelledError is raised at the await it is blocked in, so its
        // `except` and `finally` blocks run (and may even suppress it).
        t.state = TaskState::Ready;
        t.wake = Some(Err(exc));
        self.sched.ready.push_back(idx as u32);
    }

    /// Moves the sandbox clock after a `wait` reply: by `elapsed` seconds
    /// when the host runs real time, else (no results, no elapsed) to the
    /// earliest timer; results alone take no time.
    pub fn advance_clock(&mut self, elapsed: Option<f64>, had_results: bool) {
        match elapsed {
            Some(e) if e.is_finite() && e > 0.0 => self.sched.vtime += e,
            Some(_) => {}
            None if !had_results => {
                if let Some(wait) = self.next_timer() {
                    self.sched.vtime += wait;
                }
            }
            None => {}
        }
    }

    /// The `wait` to report again after a restore: the announced calls and
    /// the earliest timer, or `None` if the execution is not at a wait.
    #[inline(never)]
    pub fn current_wait(&self) -> Option<(Vec<PendingCall>, Option<f64>)> {
        let timer = self.next_timer();
        if self.sched.announced.is_empty() && timer.is_none() {
            return None;
        }
        Some((self.sched.announced.clone(), timer))
    }

    /// Runs the next ready task, or reports why none can run: `Some(Wait)`
    /// with the calls to announce.
    pub(super) fn switch(&mut self) -> PyResult<Option<Exit>> {
        loop {
            self.run_deferred_cancels();
            self.wake_finished()?;
            self.fire_due_timers();
            if let Some(t) = self.sched.ready.pop_front() {
                if self.enter_task(t)? {
                    return Ok(None);
                }
                continue;
            }
            let timer = self.next_timer();
            if !self.sched.unannounced.is_empty()
                || !self.sched.outstanding.is_empty()
                || timer.is_some()
            {
                let calls = std::mem::take(&mut self.sched.unannounced);
                self.sched.announced.extend(calls.iter().cloned());
                return Ok(Some(Exit::Wait(calls, timer)));
            }
            return Err(PyErr::new(
                ExcType::RuntimeError,
                "deadlock: every task is waiting and nothing is pending",
            ));
        }
    }

    /// Makes task `idx` the running one. Returns false if it could not
    /// start (its coroutine was already awaited elsewhere): it then holds
    /// that `RuntimeError` as its result, for whoever awaits it, as a
    /// CPython task does.
    fn enter_task(&mut self, idx: u32) -> PyResult<bool> {
        self.sched.current = idx;
        for d in &mut self.sched.deferred_cancels {
            d.1 |= d.0 == idx;
        }
        let t = &mut self.sched.tasks[idx as usize];
        t.state = TaskState::Running;
        self.frames = std::mem::take(&mut t.frames);
        self.stack = std::mem::take(&mut t.stack);
        self.exc_stack = std::mem::take(&mut t.exc);
        let wake = t.wake.take();
        let coro = t.coro;
        if self.as_coroutine(coro).is_none() && self.native(coro).is_some() {
            // A timer or wait task woke: its outcome is in `wake`.
            self.finish_current_task(wake.unwrap_or(Ok(Value::None)));
            return Ok(false);
        }
        let t = &mut self.sched.tasks[idx as usize];
        if !t.started {
            t.started = true;
            let coro = t.coro;
            let c = self.as_coroutine(coro).expect("a task runs a coroutine");
            if self.gen_state(c) != GenState::Created {
                let exc = self.raise_prep_detached(PyErr::new(
                    ExcType::RuntimeError,
                    "cannot reuse already awaited coroutine",
                ));
                self.finish_current_task(Err(exc));
                return Ok(false);
            }
            self.resume_generator(c, Value::None, false)?;
            return Ok(true);
        }
        match wake {
            Some(Ok(v)) => self.stack.push(v),
            Some(Err(e)) => self.pending_throw = Some(e),
            None => self.stack.push(Value::None),
        }
        Ok(true)
    }

    /// The host's answers to async calls (a `wait` reply).
    #[inline(never)]
    pub fn resolve_calls(&mut self, results: Vec<(u64, Result<Value, PyErr>)>) -> PyResult<()> {
        for (id, r) in results {
            let Some(pos) = self.sched.outstanding.iter().position(|(c, _)| *c == id) else {
                continue;
            };
            let (_, fut) = self.sched.outstanding.remove(pos);
            self.sched.announced.retain(|c| c.id != id);
            let state = match r {
                Ok(v) => FutState::Done(v),
                Err(e) => {
                    let exc = self.raise_prep_detached(e);
                    FutState::Failed(exc)
                }
            };
            if let Some(Awaitable::Future { state: s, .. }) = self.awaitable_at_mut(fut) {
                *s = state;
            }
        }
        Ok(())
    }

    /// An exception object for an error, without traceback or context.
    /// (Also what a journal records a call raised: `journal.rs`.)
    pub(super) fn raise_prep_detached(&mut self, e: PyErr) -> Value {
        match e {
            PyErr::New(kind, args) => self.new_exception(crate::object::Exception::new(kind, args)),
            PyErr::Msg(kind, msg) => {
                let args = if msg.is_empty() {
                    vec![]
                } else {
                    vec![self.new_str(msg)]
                };
                self.new_exception(crate::object::Exception::new(kind, args))
            }
            PyErr::Raise(v) | PyErr::Reraise(v) => v,
            PyErr::Suspend => unreachable!("a pause is not an exception"),
            PyErr::Limit => {
                self.new_exception(crate::object::Exception::new(ExcType::RuntimeError, vec![]))
            }
        }
    }
}
