//! `asyncio.TaskGroup` on the scheduler.
//!
//! A group ([`TaskGroup`]) records the task that entered it and the tasks
//! its `create_task` made (each task points back at its group). When one
//! of them fails, `task_group_child_done` (called as the task finishes)
//! records the error and, the first time, cancels the others and, while
//! the `async with` body still runs, the parent task too, so that the
//! body stops at its current `await`. `__aexit__` returns a
//! `TaskGroupExit`, polled like any awaitable: done once every task of
//! the group is, it then raises `BaseExceptionGroup('unhandled errors in a
//! TaskGroup', errors)` (the body's own exception last), or propagates a
//! cancellation that did not come from the group, as CPython 3.13 does.

use crate::object::{ExcType, Obj, ObjId, Value};

use super::tasks_data::{Awaitable, FutState, GroupPhase, TaskGroup, TaskState};
use super::{Kwargs, PyErr, PyResult, Vm};

/// The methods of a `TaskGroup`.
pub const TASK_GROUP_METHODS: &[&str] = &["create_task", "__aenter__", "__aexit__"];

impl Vm {
    /// `asyncio.TaskGroup()`.
    pub fn new_task_group(&mut self) -> Value {
        self.new_awaitable(Awaitable::TaskGroup(Box::new(TaskGroup {
            phase: GroupPhase::New,
            parent: 0,
            tasks: Vec::new(),
            errors: Vec::new(),
            aborting: false,
            parent_cancelled: false,
        })))
    }

    fn group(&self, id: ObjId) -> Option<&TaskGroup> {
        match self.awaitable_at(id) {
            Some(Awaitable::TaskGroup(g)) => Some(g),
            _ => None,
        }
    }

    fn group_mut(&mut self, id: ObjId) -> Option<&mut TaskGroup> {
        match self.awaitable_at_mut(id) {
            Some(Awaitable::TaskGroup(g)) => Some(g),
            _ => None,
        }
    }

    /// Is `id` a `TaskGroup`?
    pub fn is_task_group(&self, id: ObjId) -> bool {
        self.group(id).is_some()
    }

    /// The group's tasks that have not finished.
    fn group_pending(&self, id: ObjId) -> usize {
        self.group(id).map_or(0, |g| {
            g.tasks
                .iter()
                .filter(|&&t| {
                    self.task_of(t)
                        .is_some_and(|i| self.sched.tasks[i].state != TaskState::Done)
                })
                .count()
        })
    }

    /// Calls method `name` of task group `id`.
    ///
    /// # Errors
    /// CPython's `RuntimeError`s for a group not entered, entered twice,
    /// finished or shutting down; `TypeError` for wrong arguments.
    pub fn task_group_method(
        &mut self,
        id: ObjId,
        name: &str,
        args: Vec<Value>,
        kwargs: Kwargs,
    ) -> PyResult<Value> {
        match name {
            "create_task" => self.group_create_task(id, args, kwargs),
            "__aenter__" => {
                no_keywords(name, &kwargs)?;
                expect_args(name, &args, 0)?;
                let phase = self.group(id).map(|g| g.phase);
                if phase != Some(GroupPhase::New) {
                    let r = self.task_group_repr(id);
                    return Err(PyErr::new(
                        ExcType::RuntimeError,
                        format!("TaskGroup {r} has already been entered"),
                    ));
                }
                let parent = self.current_task_index()?;
                if let Some(g) = self.group_mut(id) {
                    g.phase = GroupPhase::Entered;
                    g.parent = parent;
                }
                Ok(self.done_future(Value::Ref(id)))
            }
            "__aexit__" => {
                no_keywords(name, &kwargs)?;
                expect_args(name, &args, 3)?;
                let body_exc = args[1];
                let mut abort = false;
                if let Some(g) = self.group_mut(id) {
                    g.phase = GroupPhase::Exiting;
                    abort = !body_exc.is_none() && !g.aborting;
                }
                if abort {
                    self.abort_group(id, false);
                }
                Ok(self.new_awaitable(Awaitable::TaskGroupExit {
                    group: Value::Ref(id),
                    body_exc,
                }))
            }
            _ => Err(PyErr::new(
                ExcType::AttributeError,
                format!("'TaskGroup' object has no attribute '{name}'"),
            )),
        }
    }

    /// `tg.create_task(coro, *, name=None, context=None)`.
    fn group_create_task(
        &mut self,
        id: ObjId,
        args: Vec<Value>,
        kwargs: Kwargs,
    ) -> PyResult<Value> {
        let mut name = Value::None;
        for (k, v) in kwargs {
            match k.as_str() {
                "name" => name = v,
                "context" => {}
                _ => {
                    return Err(PyErr::type_error(format!(
                        "TaskGroup.create_task() got an unexpected keyword argument '{k}'"
                    )))
                }
            }
        }
        let [coro] = args[..] else {
            return Err(PyErr::type_error(format!(
                "TaskGroup.create_task() takes 2 positional arguments but {} were given",
                args.len() + 1
            )));
        };
        let Some((phase, aborting)) = self.group(id).map(|g| (g.phase, g.aborting)) else {
            return Err(PyErr::type_error("not a TaskGroup"));
        };
        let refusal = match phase {
            GroupPhase::New => Some("has not been entered"),
            GroupPhase::Done => Some("is finished"),
            GroupPhase::Exiting if self.group_pending(id) == 0 => Some("is finished"),
            _ if aborting => Some("is shutting down"),
            _ => None,
        };
        if let Some(why) = refusal {
            let r = self.task_group_repr(id);
            if let Some(c) = self.as_coroutine(coro) {
                // never to run: closed, as CPython closes it
                self.finish_generator(c);
            }
            return Err(PyErr::new(
                ExcType::RuntimeError,
                format!("TaskGroup {r} {why}"),
            ));
        }
        let task = if name.is_none() {
            self.spawn_task(coro)?
        } else {
            self.spawn_named_task(coro, name)?
        };
        if let Some(i) = self.task_of(task) {
            self.sched.tasks[i].group = Value::Ref(id);
        }
        if let Some(g) = self.group_mut(id) {
            g.tasks.push(task);
        }
        Ok(task)
    }

    /// The running task's index (the main program is task 0).
    fn current_task_index(&mut self) -> PyResult<u32> {
        self.current_task()?;
        Ok(self.sched.current)
    }

    /// Cancels the group's unfinished tasks; with `defer`, those ready to
    /// run first take their step (see `Scheduler::deferred_cancels`).
    fn abort_group(&mut self, id: ObjId, defer: bool) {
        let tasks = match self.group_mut(id) {
            Some(g) => {
                g.aborting = true;
                g.tasks.clone()
            }
            None => return,
        };
        for t in tasks {
            if let Some(i) = self.task_of(t) {
                self.cancel_task_maybe_deferred(i, defer);
            }
        }
    }

    fn cancel_task_maybe_deferred(&mut self, idx: usize, defer: bool) {
        match self.sched.tasks[idx].state {
            TaskState::Done => {}
            TaskState::Ready if defer => self.sched.deferred_cancels.push((idx as u32, false)),
            _ => self.cancel_task(idx),
        }
    }

    /// Cancels the deferred tasks that have run their step since.
    pub(super) fn run_deferred_cancels(&mut self) {
        if self.sched.deferred_cancels.is_empty() {
            return;
        }
        let (due, later): (Vec<_>, Vec<_>) = std::mem::take(&mut self.sched.deferred_cancels)
            .into_iter()
            .partition(|d| d.1);
        self.sched.deferred_cancels = later;
        for (idx, _) in due {
            let Some(t) = self.sched.tasks.get(idx as usize) else {
                continue;
            };
            // a parent already in `__aexit__` waits for the group there
            let in_exit = matches!(
                self.native(t.waiting_on),
                Some(Awaitable::TaskGroupExit { .. })
            );
            if !in_exit {
                self.cancel_task(idx as usize);
            }
        }
    }

    /// Task `idx`, made by a group, has just finished: a failure is
    /// recorded and, the first time, aborts the group.
    pub(super) fn task_group_child_done(&mut self, idx: usize) {
        let Value::Ref(gid) = self.sched.tasks[idx].group else {
            return;
        };
        if self.is_timeout(gid) {
            return self.timeout_fired(gid);
        }
        let Some(Err(exc)) = self.sched.tasks[idx].result else {
            return;
        };
        if self.is_cancelled_error(exc) {
            return;
        }
        let Some(g) = self.group_mut(gid) else { return };
        g.errors.push(exc);
        if g.aborting || g.parent_cancelled {
            return;
        }
        let (phase, parent) = (g.phase, g.parent as usize);
        let cancel_parent = phase == GroupPhase::Entered
            && self
                .sched
                .tasks
                .get(parent)
                .is_some_and(|t| t.state != TaskState::Done);
        if let Some(g) = self.group_mut(gid) {
            g.parent_cancelled = cancel_parent;
        }
        self.abort_group(gid, true);
        if cancel_parent {
            // the body stops at its current `await` (`__aexit__` then
            // swallows this CancelledError)
            self.cancel_task_maybe_deferred(parent, true);
        }
    }

    /// The outcome of `__aexit__`'s awaitable `id`: `None` while a task of
    /// the group runs. Settled once: the object becomes a done future.
    ///
    /// # Errors
    /// What building the exception group raised.
    pub(super) fn task_group_exit_outcome(
        &mut self,
        id: ObjId,
    ) -> PyResult<Option<Result<Value, Value>>> {
        let Some(Awaitable::TaskGroupExit { group, body_exc }) = self.awaitable_at(id) else {
            return Ok(None);
        };
        let (group, body_exc) = (*group, *body_exc);
        let Value::Ref(gid) = group else {
            return Ok(None);
        };
        if self.group_pending(gid) > 0 {
            return Ok(None);
        }
        let Some(g) = self.group_mut(gid) else {
            return Ok(None);
        };
        g.phase = GroupPhase::Done;
        let (mut errors, parent_cancelled) = (g.errors.clone(), g.parent_cancelled);
        let is_base = |vm: &Self, e: Value| {
            matches!(e, Value::Ref(x) if matches!(vm.heap.get(x), Obj::Exception(ex)
                if matches!(ex.kind, ExcType::SystemExit | ExcType::KeyboardInterrupt)))
        };
        let body_cancelled = !body_exc.is_none() && self.is_cancelled_error(body_exc);
        let outcome = if let Some(&base) = errors
            .iter()
            .chain(std::iter::once(&body_exc))
            .find(|&&e| is_base(self, e))
        {
            Err(base)
        } else if body_cancelled && !parent_cancelled && errors.is_empty() {
            Err(body_exc)
        } else {
            if !body_exc.is_none() && !body_cancelled {
                errors.push(body_exc);
            }
            if errors.is_empty() {
                Ok(Value::None)
            } else {
                let msg = self.new_str("unhandled errors in a TaskGroup");
                let list = self.new_list(errors);
                let eg =
                    self.new_exception_group(ExcType::BaseExceptionGroup, None, vec![msg, list])?;
                if let Value::Ref(e) = eg {
                    if let Obj::Exception(x) = self.heap.get_mut(e) {
                        // `raise ... from None`
                        x.suppress_context = true;
                    }
                }
                Err(eg)
            }
        };
        let state = match outcome {
            Ok(v) => FutState::Done(v),
            Err(e) => FutState::Failed(e),
        };
        *self.heap.get_mut(id) =
            Obj::Native(crate::lib().wrap_awaitable(Awaitable::Future { call_id: 0, state }));
        Ok(Some(outcome))
    }

    /// `repr(tg)`: `<TaskGroup tasks=2 entered>`.
    pub fn task_group_repr(&self, id: ObjId) -> String {
        let Some(g) = self.group(id) else {
            return "<TaskGroup>".into();
        };
        let mut out = String::from("<TaskGroup");
        let pending = self.group_pending(id);
        if pending > 0 {
            out.push_str(&format!(" tasks={pending}"));
        }
        if !g.errors.is_empty() {
            out.push_str(&format!(" errors={}", g.errors.len()));
        }
        if g.aborting {
            out.push_str(" cancelling");
        } else if g.phase != GroupPhase::New {
            out.push_str(" entered");
        }
        out.push('>');
        out
    }
}

fn no_keywords(name: &str, kwargs: &Kwargs) -> PyResult<()> {
    if kwargs.is_empty() {
        Ok(())
    } else {
        Err(PyErr::type_error(format!(
            "{name}() takes no keyword arguments"
        )))
    }
}

fn expect_args(name: &str, args: &[Value], n: usize) -> PyResult<()> {
    if args.len() == n {
        return Ok(());
    }
    Err(PyErr::type_error(format!(
        "TaskGroup.{name}() takes {} positional argument{} but {} were given",
        n + 1,
        if n == 0 { "" } else { "s" },
        args.len() + 1
    )))
}
