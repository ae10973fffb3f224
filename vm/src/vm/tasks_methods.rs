//! `Task` and `Future` objects as programs see them: their methods
//! (`done`, `cancelled`, `cancel`, `result`, `exception`) and the reprs
//! of the scheduler's objects. The scheduling itself is `tasks.rs`.

use crate::object::{ExcType, Obj, ObjId, Value};

use super::tasks::TASK_METHODS;
use super::tasks_data::{Awaitable, FutState, TaskState};
use super::{PyErr, PyResult, Vm};

impl Vm {
    /// `Task`/`Future` methods: `done`, `cancelled`, `result`, `exception`
    /// and `cancel`; `None` for other names.
    #[inline(never)]
    pub fn task_method(&mut self, id: ObjId, name: &str, argc: usize) -> PyResult<Option<Value>> {
        if !TASK_METHODS.contains(&name) {
            return Ok(None);
        }
        if argc != 0 {
            return Err(PyErr::type_error(format!(
                "{name}() takes no arguments ({argc} given)"
            )));
        }
        let me = Value::Ref(id);
        let outcome = self.awaitable_outcome(me)?;
        let cancelled = matches!(outcome, Some(Err(e)) if self.is_cancelled_error(e));
        Ok(Some(match name {
            "done" => Value::Bool(outcome.is_some()),
            "cancelled" => Value::Bool(cancelled),
            "cancel" => {
                let was_pending = outcome.is_none();
                if was_pending {
                    self.cancel(me);
                }
                Value::Bool(was_pending)
            }
            "result" => match outcome {
                Some(Ok(v)) => v,
                Some(Err(e)) => return Err(PyErr::Raise(e)),
                None => return Err(PyErr::new(ExcType::InvalidStateError, "Result is not set.")),
            },
            _ => match outcome {
                Some(Ok(_)) => Value::None,
                Some(Err(e)) if cancelled => return Err(PyErr::Raise(e)),
                Some(Err(e)) => e,
                None => {
                    return Err(PyErr::new(
                        ExcType::InvalidStateError,
                        "Exception is not set.",
                    ))
                }
            },
        }))
    }

    pub(super) fn is_cancelled_error(&self, exc: Value) -> bool {
        matches!(exc, Value::Ref(id) if matches!(self.heap.get(id),
            Obj::Exception(e) if e.kind == ExcType::CancelledError))
    }

    #[inline(never)]
    pub fn task_obj_repr(&mut self, id: ObjId) -> PyResult<String> {
        let addr = format!("0x{:012x}", 0x7f00_0000_0000u64 + (id.0 as u64) * 0x40);
        if let Some(s) = self.sync_repr(id, Some(&addr))? {
            return Ok(s);
        }
        Ok(self.scheduler_obj_repr(id, &addr))
    }

    /// `str()` of a scheduler object: a queue's leaves out its address.
    ///
    /// # Errors
    /// What the repr of a queued item raised.
    pub fn task_obj_str(&mut self, id: ObjId) -> PyResult<String> {
        match self.sync_repr(id, None)? {
            Some(s)
                if ["<Queue", "<LifoQueue", "<PriorityQueue"]
                    .iter()
                    .any(|p| s.starts_with(p)) =>
            {
                Ok(s)
            }
            _ => self.task_obj_repr(id),
        }
    }

    fn scheduler_obj_repr(&mut self, id: ObjId, addr: &str) -> String {
        match self.awaitable_at(id) {
            Some(Awaitable::Future { state, .. }) => {
                let s = match state {
                    FutState::Pending => "pending",
                    _ => "finished",
                };
                format!("<Future {s}>")
            }
            Some(Awaitable::Task(i)) => {
                let done = self.sched.tasks[*i as usize].state == TaskState::Done;
                let name = self.task_name(id).unwrap_or_default();
                format!(
                    "<Task {} name='{name}'>",
                    if done { "finished" } else { "pending" },
                )
            }
            Some(Awaitable::Gather { .. }) => {
                format!("<_GatheringFuture pending at {addr}>")
            }
            Some(Awaitable::WaitFor { .. }) => {
                format!("<coroutine object wait_for at {addr}>")
            }
            Some(Awaitable::SyncWait { op, .. }) => {
                let name = match op {
                    super::tasks_data::SyncOp::Acquire => "Lock.acquire",
                    super::tasks_data::SyncOp::EventWait => "Event.wait",
                    super::tasks_data::SyncOp::Get => "Queue.get",
                    super::tasks_data::SyncOp::Put(_) => "Queue.put",
                    super::tasks_data::SyncOp::Join => "Queue.join",
                    super::tasks_data::SyncOp::CondWait(_) => "Condition.wait",
                };
                format!("<coroutine object {name} at {addr}>")
            }
            Some(Awaitable::AgenStep { .. }) => {
                format!("<async_generator_asend object at {addr}>")
            }
            Some(Awaitable::TaskGroup(_)) => self.task_group_repr(id),
            Some(Awaitable::Timeout(_)) => self.timeout_repr(id),
            Some(Awaitable::Shield(_)) => format!("<Future pending at {addr}>"),
            Some(Awaitable::Condition { .. }) => self.condition_repr(id, addr),
            Some(Awaitable::EventLoop) => {
                "<_UnixSelectorEventLoop running=True closed=False debug=False>".into()
            }
            Some(Awaitable::TaskGroupExit { .. }) => {
                format!("<coroutine object TaskGroup.__aexit__ at {addr}>")
            }
            _ => format!("<coroutine object sleep at {addr}>"),
        }
    }
}
