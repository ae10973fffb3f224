//! Raising and unwinding: turning errors into exception objects, recording
//! traceback entries as an exception travels outward through frames,
//! finding handlers (`traceback.rs` prints them).

use crate::object::{ExcType, Exception, Obj, TbEntry, Value};

pub use super::pyerr::PyErr;
use super::{Handler, Vm};

impl Vm {
    /// Materializes `err` as an exception object, records the current frame
    /// in its traceback (unless re-raised) and sets its context.
    pub fn raise_prep(&mut self, err: PyErr) -> Value {
        let (exc, add_tb) = match err {
            PyErr::New(kind, args) => (self.new_exception(Exception::new(kind, args)), true),
            PyErr::Msg(kind, msg) => {
                let args = if msg.is_empty() {
                    vec![]
                } else {
                    vec![self.new_str(msg)]
                };
                (self.new_exception(Exception::new(kind, args)), true)
            }
            PyErr::Raise(v) => (v, true),
            PyErr::Reraise(v) => (v, false),
            PyErr::Suspend => unreachable!("a pause is not an exception: execute() stops it"),
            // (native code that materializes every error: the run is over,
            // and the next instruction meets the limit again)
            PyErr::Limit => (
                self.new_exception(Exception::new(ExcType::RuntimeError, vec![])),
                false,
            ),
        };
        if add_tb {
            self.add_traceback_here(exc);
            if let Some(&ctx) = self.exc_stack.last() {
                if ctx != exc {
                    if let Value::Ref(id) = exc {
                        if let Obj::Exception(e) = self.heap.get_mut(id) {
                            if e.context.is_none() {
                                e.context = ctx;
                            }
                        }
                    }
                }
            }
        }
        exc
    }

    /// Records the innermost frame's current line at the front of the
    /// exception's traceback.
    fn add_traceback_here(&mut self, exc: Value) {
        let Some(frame) = self.frames.last() else {
            return;
        };
        if frame.code == super::consumer_data::CONSUMER_CODE {
            return;
        }
        let code = &self.program.codes[frame.code as usize];
        let ip = frame.ip.saturating_sub(1) as usize;
        let line = code.lines.get(ip).copied().unwrap_or(code.first_line);
        let entry = TbEntry {
            code: frame.code,
            line,
        };
        if let Value::Ref(id) = exc {
            if let Obj::Exception(e) = self.heap.get_mut(id) {
                e.traceback.push_front(entry);
            }
        }
    }

    /// Unwinds frames down to (not past) the innermost native boundary,
    /// looking for a handler. On success the handling frame is ready to run
    /// its handler; otherwise every frame above the boundary and the
    /// boundary frame itself are popped and the exception (possibly
    /// replaced on the way, see PEP 479) is returned.
    ///
    /// # Errors
    /// The exception when no handler caught it.
    pub fn unwind(&mut self, mut exc: Value) -> Result<(), Value> {
        loop {
            let Some(frame) = self.frames.last_mut() else {
                return Err(exc);
            };
            if let Some(h) = frame.handlers.pop() {
                let Handler {
                    target,
                    stack_len,
                    exc_depth,
                } = h;
                frame.ip = target;
                self.stack.truncate(stack_len as usize);
                self.stack.push(exc);
                self.exc_stack.truncate(exc_depth as usize);
                self.exc_stack.push(exc);
                return Ok(());
            }
            let frame = self.frames.pop().expect("a frame");
            self.stack.truncate(frame.ret_to as usize);
            self.exc_stack.truncate(frame.exc_depth as usize);
            if let super::OnReturn::Generator(g) = frame.on_return {
                let is_async_gen = self.program.codes[frame.code as usize].is_async_generator();
                self.finish_generator(g);
                if is_async_gen && self.agen_close_done(g, exc) {
                    return Ok(());
                }
                exc = self.pep479(exc, is_async_gen);
                if self.frames.is_empty() && self.in_spawned_task() {
                    // a task's coroutine raised: the task fails, others go on
                    self.finish_current_task(Err(exc));
                    return Ok(());
                }
            }
            match frame.boundary {
                super::Boundary::Native => return Err(exc),
                super::Boundary::Orphan => {
                    // the native caller unwound at a pause: its instruction
                    // runs again and meets this exception
                    self.deliver(super::journal::Outcome::Raised(exc));
                    return Ok(());
                }
                super::Boundary::No if self.frames.is_empty() => return Err(exc),
                super::Boundary::No => {}
            }
            self.add_traceback_here(exc);
        }
    }

    /// A `StopIteration` escaping a generator (or a `StopAsyncIteration`
    /// an async one) becomes `RuntimeError` (PEP 479), with the original
    /// as its cause.
    fn pep479(&mut self, exc: Value, is_async_gen: bool) -> Value {
        let kind = match exc {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Exception(e) => Some(e.kind),
                _ => None,
            },
            _ => None,
        };
        let msg = match (kind, is_async_gen) {
            (Some(ExcType::StopIteration), false) => "generator raised StopIteration",
            (Some(ExcType::StopIteration), true) => "async generator raised StopIteration",
            (Some(ExcType::StopAsyncIteration), true) => {
                "async generator raised StopAsyncIteration"
            }
            _ => return exc,
        };
        let msg = self.new_str(msg);
        let mut e = Exception::new(ExcType::RuntimeError, vec![msg]);
        e.cause = exc;
        e.suppress_context = true;
        e.context = exc;
        let tb = match exc {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Exception(x) => x.traceback.clone(),
                _ => Default::default(),
            },
            _ => Default::default(),
        };
        e.traceback = tb;
        self.new_exception(e)
    }

    pub fn exception_type_and_str(&mut self, exc: Value) -> (String, String) {
        let kind = match exc {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Exception(e) => match e.class {
                    Some(c) => self.class(c).name.clone(),
                    None => e.kind.name().to_string(),
                },
                _ => "Exception".to_string(),
            },
            _ => "Exception".to_string(),
        };
        let msg = self.str_of(exc).unwrap_or_default();
        (kind, msg)
    }
}
