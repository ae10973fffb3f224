//! The asynchronous protocols: `async for` (`GetAIter`, `GetANext`,
//! `EndAsyncFor`), `async with` (`AsyncWith*`), and async generators,
//! whose `__anext__`/`asend`/`athrow`/`aclose` return an
//! [`Awaitable::AgenStep`]. Awaiting one pushes the generator's frame on
//! the awaiting task like a coroutine's, so the generator's own `await`s
//! (host calls among them) block the task as usual; its `yield` hands the
//! value to the awaiting frame (`Op::Yield`), its end raises
//! `StopAsyncIteration` there (`returns.rs`).

use crate::object::{ExcType, GenState, Obj, ObjId, Value};

use super::tasks_data::{AgenStep, Awaitable};
use super::{PyErr, PyResult, Vm};

impl Vm {
    /// `aiter(v)`: an async generator itself, or what `__aiter__` returns.
    ///
    /// # Errors
    /// `TypeError` for objects without `__aiter__`.
    pub fn get_aiter(&mut self, v: Value) -> PyResult<Value> {
        if self.as_async_generator(v).is_some() {
            return Ok(v);
        }
        match self.call_dunder(v, "__aiter__", vec![])? {
            Some(it) => Ok(it),
            None => Err(PyErr::type_error(format!(
                "'async for' requires an object with __aiter__ method, got {}",
                self.class_name(v)
            ))),
        }
    }

    /// Whether `v`'s class (a user class) defines `name`.
    pub fn has_special_method(&self, v: Value, name: &str) -> bool {
        self.user_class_of(v)
            .is_some_and(|cls| self.class_lookup(cls, name).is_some())
    }

    /// `anext(it)` without a default: the awaitable of the next item.
    ///
    /// # Errors
    /// `TypeError` for objects without `__anext__`.
    pub fn get_anext(&mut self, it: Value) -> PyResult<Value> {
        if let Some(g) = self.as_async_generator(it) {
            return Ok(self.agen_step(g, AgenStep::Send(Value::None), None));
        }
        match self.call_dunder(it, "__anext__", vec![])? {
            Some(aw) => Ok(aw),
            None => Err(PyErr::type_error(format!(
                "'async for' received an object from __aiter__ that does not implement __anext__: {}",
                self.class_name(it)
            ))),
        }
    }

    /// A new awaitable stepping the async generator `gen`.
    pub fn agen_step(&mut self, gen: ObjId, step: AgenStep, default: Option<Value>) -> Value {
        self.new_awaitable(Awaitable::AgenStep {
            gen: Value::Ref(gen),
            step,
            awaited: false,
            default,
        })
    }

    /// `await` of an [`Awaitable::AgenStep`] (`aw`): pushes the generator's
    /// frame and returns true, or pushes the result at once (a finished
    /// generator, `aclose()` of one not started) and returns false.
    ///
    /// # Errors
    /// A second await, a generator already running, a throw into one not
    /// started, `StopAsyncIteration` of a finished one.
    pub(super) fn await_agen_step(&mut self, aw: ObjId) -> PyResult<bool> {
        let Some(Awaitable::AgenStep {
            gen,
            step,
            awaited,
            default,
        }) = self.awaitable_step_mut(aw)
        else {
            unreachable!("checked by the caller")
        };
        if *awaited {
            let what = match step {
                AgenStep::Send(_) => "__anext__()/asend()",
                _ => "aclose()/athrow()",
            };
            return Err(PyErr::new(
                ExcType::RuntimeError,
                format!("cannot reuse already awaited {what}"),
            ));
        }
        *awaited = true;
        let (gen, step, default) = (*gen, step.clone(), *default);
        let Some(g) = self.as_async_generator(gen) else {
            // (only a forged snapshot holds another object here)
            return Err(PyErr::type_error(
                "an async generator step of a non-generator",
            ));
        };
        let state = self.gen_state(g);
        if state == GenState::Running {
            let what = match step {
                AgenStep::Send(_) => "anext(): asynchronous generator is already running",
                AgenStep::Throw(_) => "athrow(): asynchronous generator is already running",
                AgenStep::Close => "aclose(): asynchronous generator is already running",
            };
            return Err(PyErr::new(ExcType::RuntimeError, what));
        }
        let not_started = state == GenState::Created;
        match step {
            AgenStep::Send(_) | AgenStep::Throw(_) if state == GenState::Done => {
                match (default, &step) {
                    (Some(d), AgenStep::Send(_)) => {
                        self.stack.push(d);
                        Ok(false)
                    }
                    _ => Err(PyErr::New(ExcType::StopAsyncIteration, vec![])),
                }
            }
            AgenStep::Send(v) => {
                if not_started && !v.is_none() {
                    return Err(PyErr::type_error(
                        "can't send non-None value to a just-started async generator",
                    ));
                }
                self.set_agen_default(g, default);
                self.resume_generator(g, v, false)?;
                Ok(true)
            }
            AgenStep::Throw(exc) => {
                if not_started {
                    // thrown before it ran: it ends without running
                    self.finish_generator(g);
                    return Err(PyErr::Raise(exc));
                }
                self.resume_generator(g, Value::None, false)?;
                self.pending_throw = Some(exc);
                Ok(true)
            }
            AgenStep::Close => {
                if not_started || state == GenState::Done {
                    self.finish_generator(g);
                    self.stack.push(Value::None);
                    return Ok(false);
                }
                self.resume_generator(g, Value::None, false)?;
                if let Obj::Generator(gn) = self.heap.get_mut(g) {
                    gn.closing = true;
                }
                let exit = self.raise_prep_detached(PyErr::New(ExcType::GeneratorExit, vec![]));
                self.pending_throw = Some(exit);
                Ok(true)
            }
        }
    }

    fn awaitable_step_mut(&mut self, id: ObjId) -> Option<&mut Awaitable> {
        match self.heap.get_mut(id) {
            Obj::Native(n) => n
                .awaitable_mut()
                .filter(|a| matches!(a, Awaitable::AgenStep { .. })),
            _ => None,
        }
    }

    /// `anext(agen, default)`: remembered on the generator's frame run, so
    /// its end gives `default` (kept in the generator's return slot, which
    /// async generators do not otherwise use).
    fn set_agen_default(&mut self, g: ObjId, default: Option<Value>) {
        if let Obj::Generator(gn) = self.heap.get_mut(g) {
            gn.ret = default.unwrap_or(Value::Undef);
        }
    }

    /// An async generator's frame returned (`returns.rs`): the awaiting
    /// frame gets `StopAsyncIteration`, the `anext` default, or (closing)
    /// None.
    ///
    /// # Errors
    /// `StopAsyncIteration` in the awaiting frame.
    pub(super) fn agen_returned(&mut self, g: ObjId) -> PyResult<()> {
        let (closing, default) = match self.heap.get_mut(g) {
            Obj::Generator(gn) => (
                std::mem::take(&mut gn.closing),
                std::mem::replace(&mut gn.ret, Value::None),
            ),
            _ => (false, Value::Undef),
        };
        self.finish_generator(g);
        if closing {
            self.stack.push(Value::None);
            return Ok(());
        }
        if default != Value::Undef {
            self.stack.push(default);
            return Ok(());
        }
        Err(PyErr::New(ExcType::StopAsyncIteration, vec![]))
    }

    /// An exception left an async generator's frame (`unwind`): true when
    /// it completes an `aclose()` (`GeneratorExit` or `StopAsyncIteration`
    /// while closing: the awaiting frame gets None).
    pub(super) fn agen_close_done(&mut self, g: ObjId, exc: Value) -> bool {
        let closing = match self.heap.get_mut(g) {
            Obj::Generator(gn) => std::mem::take(&mut gn.closing),
            _ => false,
        };
        let raised = PyErr::Raise(exc);
        let ends_close = closing
            && (self.is_exc_kind(&raised, ExcType::GeneratorExit)
                || self.is_exc_kind(&raised, ExcType::StopAsyncIteration));
        if ends_close {
            self.stack.push(Value::None);
        }
        ends_close
    }

    /// `Op::EndAsyncFor` (stack: aiter, exc): true when `exc` is a
    /// `StopAsyncIteration` (both popped, the handled exception dropped).
    pub(super) fn end_async_for(&mut self) -> bool {
        let n = self.stack.len();
        let exc = self.stack[n - 1];
        let stop = self.is_exc_kind(&PyErr::Raise(exc), ExcType::StopAsyncIteration);
        if stop {
            self.stack.truncate(n - 2);
            self.exc_stack.pop();
        }
        stop
    }

    /// `async with`: `mgr.__aenter__()` or `mgr.__aexit__(...)`.
    ///
    /// # Errors
    /// `TypeError` for objects without the asynchronous context manager
    /// protocol; what the method raised.
    pub(super) fn async_context_call(
        &mut self,
        mgr: Value,
        name: &str,
        args: Vec<Value>,
    ) -> PyResult<Value> {
        let supported = self.user_class_of(mgr).is_some_and(|cls| {
            self.class_lookup(cls, "__aenter__").is_some()
                && self.class_lookup(cls, "__aexit__").is_some()
        }) || (self.is_native_obj(mgr)
            && matches!(mgr, Value::Ref(id) if crate::lib().native_obj_has_method(self, id, name)));
        if !supported {
            return Err(PyErr::type_error(format!(
                "'{}' object does not support the asynchronous context manager protocol",
                self.class_name(mgr)
            )));
        }
        self.context_call(mgr, name, args)
    }
}
