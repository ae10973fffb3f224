//! `asyncio.timeout(delay)`, `asyncio.timeout_at(when)`,
//! `asyncio.shield(aw)` and the clock of `get_running_loop().time()` on
//! the scheduler.
//!
//! A timeout's deadline is a frameless timer task (as a gathered `sleep`
//! is) whose `group` is the timeout object: when the timer fires the task
//! inside the `async with` is cancelled, and `__aexit__` turns the
//! `CancelledError` that leaves the body into `TimeoutError`, as CPython
//! 3.13 does. Leaving the body first cancels the timer.

use crate::object::{ExcType, Obj, ObjId, Value};

use super::tasks_data::{Awaitable, TaskState, TimeoutCm, TimeoutState};
use super::{PyErr, PyResult, Vm};

/// The methods of a timeout.
pub const TIMEOUT_METHODS: &[&str] = &["when", "reschedule", "expired", "__aenter__", "__aexit__"];

impl Vm {
    /// `asyncio.timeout(delay)` (`absolute`: `timeout_at(when)`).
    ///
    /// # Errors
    /// `TypeError` for a delay that is not a number or None.
    pub fn new_timeout(&mut self, delay: Value, absolute: bool) -> PyResult<Value> {
        let when = if delay.is_none() {
            None
        } else {
            let d = self.float_arg(delay)?;
            Some(if absolute { d } else { self.sched.vtime + d })
        };
        Ok(self.new_awaitable(Awaitable::Timeout(Box::new(TimeoutCm {
            when,
            state: TimeoutState::Created,
            task: 0,
            timer: Value::None,
        }))))
    }

    /// `asyncio.shield(aw)`: a coroutine runs as a task of its own, which
    /// cancelling the shield does not reach.
    ///
    /// # Errors
    /// `TypeError` for something that cannot be awaited.
    pub fn new_shield(&mut self, aw: Value) -> PyResult<Value> {
        let inner = if self.as_coroutine(aw).is_some() {
            self.spawn_task(aw)?
        } else if matches!(aw, Value::Ref(id) if self.awaitable_at(id).is_some()) {
            aw
        } else {
            return Err(PyErr::type_error(
                "An asyncio.Future, a coroutine or an awaitable is required",
            ));
        };
        Ok(self.new_awaitable(Awaitable::Shield(inner)))
    }

    /// `asyncio.get_running_loop()`.
    ///
    /// # Errors
    /// `RuntimeError` outside a running event loop.
    pub fn running_loop(&mut self) -> PyResult<Value> {
        self.current_task()?;
        Ok(self.new_awaitable(Awaitable::EventLoop))
    }

    /// Is `id` the event loop object?
    pub fn is_event_loop(&self, id: ObjId) -> bool {
        matches!(self.awaitable_at(id), Some(Awaitable::EventLoop))
    }

    fn timeout_cm(&self, id: ObjId) -> Option<&TimeoutCm> {
        match self.awaitable_at(id) {
            Some(Awaitable::Timeout(t)) => Some(t),
            _ => None,
        }
    }

    fn timeout_cm_mut(&mut self, id: ObjId) -> Option<&mut TimeoutCm> {
        match self.awaitable_at_mut(id) {
            Some(Awaitable::Timeout(t)) => Some(t),
            _ => None,
        }
    }

    /// Is `id` an `asyncio.timeout`?
    pub fn is_timeout(&self, id: ObjId) -> bool {
        self.timeout_cm(id).is_some()
    }

    /// Calls method `name` of timeout `id`.
    ///
    /// # Errors
    /// CPython's `RuntimeError`s for a timeout used out of order;
    /// `TypeError` for wrong arguments; `TimeoutError` from `__aexit__`
    /// when the deadline cancelled the body.
    pub fn timeout_method(&mut self, id: ObjId, name: &str, args: Vec<Value>) -> PyResult<Value> {
        let want = match name {
            "reschedule" => 1,
            "__aexit__" => 3,
            _ => 0,
        };
        if args.len() != want {
            return Err(PyErr::type_error(format!(
                "Timeout.{name}() takes {} positional argument{} but {} were given",
                want + 1,
                if want == 0 { "" } else { "s" },
                args.len() + 1
            )));
        }
        let Some(t) = self.timeout_cm(id) else {
            return Err(PyErr::type_error("not a Timeout"));
        };
        let (state, when, timer) = (t.state, t.when, t.timer);
        match name {
            "when" => Ok(when.map_or(Value::None, Value::Float)),
            "expired" => Ok(Value::Bool(matches!(
                state,
                TimeoutState::Expiring | TimeoutState::Expired
            ))),
            "reschedule" => {
                match state {
                    TimeoutState::Entered => {}
                    TimeoutState::Created => {
                        return Err(PyErr::new(
                            ExcType::RuntimeError,
                            "Timeout has not been entered",
                        ))
                    }
                    other => {
                        return Err(PyErr::new(
                            ExcType::RuntimeError,
                            format!("Cannot change state of {} Timeout", state_name(other)),
                        ))
                    }
                }
                let when = if args[0].is_none() {
                    None
                } else {
                    Some(self.float_arg(args[0])?)
                };
                self.timeout_arm(id, when);
                Ok(Value::None)
            }
            "__aenter__" => {
                if state != TimeoutState::Created {
                    return Err(PyErr::new(
                        ExcType::RuntimeError,
                        "Timeout has already been entered",
                    ));
                }
                self.current_task()?;
                let task = self.sched.current;
                if let Some(t) = self.timeout_cm_mut(id) {
                    t.state = TimeoutState::Entered;
                    t.task = task;
                }
                self.timeout_arm(id, when);
                Ok(self.done_future(Value::Ref(id)))
            }
            _ => {
                // __aexit__
                self.timeout_disarm(timer);
                let exc = args[1];
                let expiring = state == TimeoutState::Expiring;
                if let Some(t) = self.timeout_cm_mut(id) {
                    t.state = if expiring {
                        TimeoutState::Expired
                    } else {
                        TimeoutState::Exited
                    };
                    t.timer = Value::None;
                }
                if expiring && !exc.is_none() && self.is_cancelled_error(exc) {
                    let e = self.new_exception(crate::object::Exception::new(
                        ExcType::TimeoutError,
                        vec![],
                    ));
                    if let Value::Ref(x) = e {
                        if let Obj::Exception(ex) = self.heap.get_mut(x) {
                            ex.cause = exc;
                            ex.suppress_context = true;
                        }
                    }
                    return Err(PyErr::Raise(e));
                }
                Ok(self.done_future(Value::None))
            }
        }
    }

    /// Sets the deadline of timeout `id` to `when`, replacing its timer.
    fn timeout_arm(&mut self, id: ObjId, when: Option<f64>) {
        let old = self.timeout_cm(id).map_or(Value::None, |t| t.timer);
        self.timeout_disarm(old);
        let timer = match when {
            None => Value::None,
            Some(at) => {
                let delay = (at - self.sched.vtime).max(0.0);
                let sleep = self.new_awaitable(Awaitable::Sleep {
                    delay,
                    result: Value::None,
                });
                let timer = self.spawn_timer_task(sleep, delay, Ok(Value::None));
                if let Some(i) = self.task_of(timer) {
                    self.sched.tasks[i].group = Value::Ref(id);
                }
                timer
            }
        };
        if let Some(t) = self.timeout_cm_mut(id) {
            t.when = when;
            t.timer = timer;
        }
    }

    /// Stops a timeout's timer task (it then never fires).
    fn timeout_disarm(&mut self, timer: Value) {
        if let Some(i) = self.task_of(timer) {
            self.sched.tasks[i].group = Value::None;
            self.cancel_task(i);
        }
    }

    /// Timeout `id`'s timer fired: the task inside is cancelled.
    pub(super) fn timeout_fired(&mut self, id: ObjId) {
        let Some(t) = self.timeout_cm_mut(id) else {
            return;
        };
        if t.state != TimeoutState::Entered {
            return;
        }
        t.state = TimeoutState::Expiring;
        t.timer = Value::None;
        let task = t.task as usize;
        if self
            .sched
            .tasks
            .get(task)
            .is_some_and(|t| t.state != TaskState::Done)
        {
            self.cancel_task(task);
        }
    }

    /// `repr(timeout)`: `<Timeout [active] when=12.5>`.
    pub fn timeout_repr(&self, id: ObjId) -> String {
        let Some(t) = self.timeout_cm(id) else {
            return "<Timeout>".into();
        };
        let mut out = format!("<Timeout [{}]", state_name(t.state));
        if t.state == TimeoutState::Entered {
            match t.when {
                Some(w) => out.push_str(&format!(" when={}", crate::object::float::repr(w))),
                None => out.push_str(" when=None"),
            }
        }
        out.push('>');
        out
    }
}

/// CPython's `_State` values.
fn state_name(s: TimeoutState) -> &'static str {
    match s {
        TimeoutState::Created => "created",
        TimeoutState::Entered => "active",
        TimeoutState::Expiring => "expiring",
        TimeoutState::Expired => "expired",
        TimeoutState::Exited => "finished",
    }
}
