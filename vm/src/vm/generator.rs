//! Generators: a generator's frame is saved as plain data when it yields
//! and pushed back when resumed. A `for` loop resumes it as an ordinary
//! frame (so code inside may still pause for host calls); native consumers
//! (`list(gen)`, `next(gen)`) resume it in a nested dispatch loop.

use crate::object::{ExcType, GenState, Generator, Obj, ObjId, Value};

use super::journal::{Opened, Outcome};
use super::{Frame, Handler, OnReturn, PyErr, PyResult, Vm};

impl Vm {
    /// Creates a generator from a frame that `push_frame` just laid out at
    /// `base` (its slots on the stack), instead of running it.
    pub(super) fn make_generator(&mut self, code: u32, base: usize, ret_to: usize) -> Value {
        let saved = self.stack.split_off(base);
        self.stack.truncate(ret_to);
        self.heap.new_value(Obj::Generator(Box::new(Generator {
            code,
            state: GenState::Created,
            saved,
            ip: 0,
            handlers: Vec::new(),
            exc_saved: Vec::new(),
            ret: Value::None,
            closing: false,
        })))
    }

    /// The `StopIteration` that a finished generator's step raises: with
    /// the value its frame returned, the first time.
    pub fn stop_iteration_of(&mut self, it: Value) -> PyErr {
        let ret = match it {
            Value::Ref(id) => match self.heap.get_mut(id) {
                Obj::Generator(g) => std::mem::replace(&mut g.ret, Value::None),
                _ => Value::None,
            },
            _ => Value::None,
        };
        let args = if ret.is_none() { vec![] } else { vec![ret] };
        PyErr::New(ExcType::StopIteration, args)
    }

    /// Records what a generator's frame returned.
    pub(super) fn gen_ret(&mut self, id: ObjId, v: Value) {
        self.gen(id).ret = v;
    }

    /// Takes the value a finished generator's frame returned.
    pub fn take_generator_return(&mut self, id: ObjId) -> Value {
        std::mem::replace(&mut self.gen(id).ret, Value::None)
    }

    /// A generator (not a coroutine).
    pub fn as_generator(&self, v: Value) -> Option<ObjId> {
        match v {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Generator(g) if !self.program.codes[g.code as usize].is_coroutine => Some(id),
                _ => None,
            },
            _ => None,
        }
    }

    /// A coroutine (what calling an `async def` function returns).
    pub fn as_coroutine(&self, v: Value) -> Option<ObjId> {
        match v {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Generator(g)
                    if self.program.codes[g.code as usize].is_coroutine
                        && !self.program.codes[g.code as usize].is_generator =>
                {
                    Some(id)
                }
                _ => None,
            },
            _ => None,
        }
    }

    /// An async generator (what calling an `async def` with `yield`
    /// returns).
    pub fn as_async_generator(&self, v: Value) -> Option<ObjId> {
        match v {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Generator(g) if self.program.codes[g.code as usize].is_async_generator() => {
                    Some(id)
                }
                _ => None,
            },
            _ => None,
        }
    }

    fn gen(&mut self, id: ObjId) -> &mut Generator {
        match self.heap.get_mut(id) {
            Obj::Generator(g) => g,
            _ => unreachable!("a generator"),
        }
    }

    pub fn gen_state(&self, id: ObjId) -> GenState {
        match self.heap.get(id) {
            Obj::Generator(g) => g.state,
            _ => GenState::Done,
        }
    }

    /// Pushes the generator's frame back, with `send` as the value of the
    /// `yield` expression it stopped at. `native` frames return to a nested
    /// loop; others deliver to the `for` loop of the frame below.
    pub(super) fn resume_generator(
        &mut self,
        id: ObjId,
        send: Value,
        native: bool,
    ) -> PyResult<()> {
        let state = self.gen_state(id);
        match state {
            GenState::Running => return Err(PyErr::value_error("generator already executing")),
            GenState::Done => unreachable!("callers check for a finished generator"),
            GenState::Created if !send.is_none() => {
                return Err(PyErr::type_error(
                    "can't send non-None value to a just-started generator",
                ));
            }
            _ => {}
        }
        if self.frames.len() >= self.limits.max_recursion_depth {
            return Err(PyErr::new(
                ExcType::RecursionError,
                "maximum recursion depth exceeded",
            ));
        }
        let base = self.stack.len();
        let exc_depth = self.exc_stack.len();
        let g = self.gen(id);
        g.state = GenState::Running;
        let saved = std::mem::take(&mut g.saved);
        let exc_saved = std::mem::take(&mut g.exc_saved);
        let handlers: Vec<Handler> = g
            .handlers
            .drain(..)
            .map(|(target, rel, exc_rel)| Handler {
                target,
                stack_len: base as u32 + rel,
                exc_depth: exc_depth as u32 + exc_rel,
            })
            .collect();
        let (code, ip) = (g.code, g.ip);
        self.stack.extend(saved);
        if state == GenState::Suspended {
            self.stack.push(send);
        }
        self.exc_stack.extend(exc_saved);
        self.frames.push(Frame {
            code,
            ip,
            base: base as u32,
            ret_to: base as u32,
            handlers,
            exc_depth: exc_depth as u32,
            boundary: if native {
                super::Boundary::Native
            } else {
                super::Boundary::No
            },
            on_return: OnReturn::Generator(id),
            journal: None,
        });
        self.frame_pushes += 1;
        Ok(())
    }

    /// The `Yield` op: saves the top frame into its generator and pops it.
    /// Returns whether the frame was resumed natively.
    pub(super) fn suspend_generator(&mut self) -> super::Boundary {
        let frame = self.frames.pop().expect("a generator frame");
        let OnReturn::Generator(id) = frame.on_return else {
            unreachable!("Yield outside a generator frame")
        };
        let base = frame.base as usize;
        let saved = self.stack.split_off(base);
        let exc_saved = self.exc_stack.split_off(frame.exc_depth as usize);
        let handlers = frame
            .handlers
            .iter()
            .map(|h| {
                (
                    h.target,
                    h.stack_len - base as u32,
                    h.exc_depth - frame.exc_depth,
                )
            })
            .collect();
        let g = self.gen(id);
        g.saved = saved;
        g.exc_saved = exc_saved;
        g.handlers = handlers;
        g.ip = frame.ip;
        g.state = GenState::Suspended;
        if std::mem::take(&mut g.closing) {
            // an async generator that yields while `aclose()` runs: the
            // close fails in the awaiting frame
            let e = PyErr::new(
                ExcType::RuntimeError,
                "async generator ignored GeneratorExit",
            );
            let exc = self.raise_prep_detached(e);
            self.pending_throw = Some(exc);
        }
        frame.boundary
    }

    /// The generator that `id`, suspended in a `yield from`, delegates to
    /// (the top of its saved stack, at the `Yield` after a `Send`).
    fn delegate_of(&self, id: ObjId) -> Option<ObjId> {
        let Obj::Generator(g) = self.heap.get(id) else {
            return None;
        };
        let ops = &self.program.codes[g.code as usize].ops;
        let at = (g.ip as usize).checked_sub(2)?;
        let in_yield_from = g.state == GenState::Suspended
            && matches!(ops.get(at), Some(monty_compile::bytecode::Op::Send(_)))
            && matches!(ops.get(at + 1), Some(monty_compile::bytecode::Op::Yield));
        if !in_yield_from {
            return None;
        }
        self.as_generator(*g.saved.last()?)
    }

    /// Marks a generator finished (its frame returned or raised).
    pub(super) fn finish_generator(&mut self, id: ObjId) {
        let g = self.gen(id);
        g.state = GenState::Done;
        g.saved = Vec::new();
        g.exc_saved = Vec::new();
        g.handlers = Vec::new();
    }

    /// Runs the generator natively until it yields (`Some`) or finishes.
    /// A journal point (`journal.rs`): a host call inside pauses the run.
    pub fn generator_next(&mut self, id: ObjId, send: Value) -> PyResult<Option<Value>> {
        let callee = Value::Ref(id);
        let start = match self.point_open(callee)? {
            Opened::Served(out) => return generator_served(out),
            Opened::Live(start) => start,
        };
        let r = if self.gen_state(id) == GenState::Done {
            Ok(None)
        } else {
            match self.resume_generator(id, send, true) {
                Ok(()) => self.run_generator_frame(callee),
                Err(e) => Err(e),
            }
        };
        self.generator_point_finish(start, callee, &r);
        r
    }

    fn generator_point_finish(&mut self, start: usize, callee: Value, r: &PyResult<Option<Value>>) {
        let outcome = match r {
            Ok(Some(v)) => Outcome::Yielded(*v),
            Ok(None) => Outcome::Returned(Value::None),
            Err(PyErr::Suspend) => return self.point_abandon(),
            Err(e) => Outcome::Raised(self.raise_prep_detached(e.clone())),
        };
        self.point_close(start, callee, outcome);
    }

    fn run_generator_frame(&mut self, callee: Value) -> PyResult<Option<Value>> {
        self.gen_yielded = false;
        match self.run_boundary_frame(callee)? {
            super::Exit::Return(v) => Ok(if std::mem::take(&mut self.gen_yielded) {
                Some(v)
            } else {
                None
            }),
            super::Exit::Pause | super::Exit::Wait(..) => Err(PyErr::new(
                ExcType::RuntimeError,
                "cannot pause inside a generator driven by a builtin",
            )),
            super::Exit::Limit(_) => Err(PyErr::Limit),
        }
    }

    /// `gen.throw(exc)`: raises `exc` at the yield the generator stopped at.
    /// A journal point, as [`Vm::generator_next`].
    pub fn generator_throw(&mut self, id: ObjId, exc: Value) -> PyResult<Option<Value>> {
        let callee = Value::Ref(id);
        let start = match self.point_open(callee)? {
            Opened::Served(out) => return generator_served(out),
            Opened::Live(start) => start,
        };
        let r = self.generator_throw_live(id, exc);
        self.generator_point_finish(start, callee, &r);
        r
    }

    fn generator_throw_live(&mut self, id: ObjId, mut exc: Value) -> PyResult<Option<Value>> {
        match self.gen_state(id) {
            GenState::Done => return Err(PyErr::Raise(exc)),
            GenState::Created => {
                self.finish_generator(id);
                return Err(PyErr::Raise(exc));
            }
            _ => {}
        }
        if let Some(sub) = self.delegate_of(id) {
            // suspended in `yield from` a generator: it gets the exception
            // first (PEP 380)
            match self.generator_throw(sub, exc) {
                Ok(Some(y)) => return Ok(Some(y)),
                Ok(None) => {
                    // it returned: the `Send` takes its return value
                    self.resume_generator(id, Value::None, true)?;
                    return self.run_generator_frame(Value::Ref(id));
                }
                Err(PyErr::Suspend) => return Err(PyErr::Suspend),
                Err(e) => exc = self.raise_prep_detached(e),
            }
        }
        self.resume_generator(id, Value::None, true)?;
        // The yield expression's value is replaced by the exception.
        self.stack.pop();
        self.pending_throw = Some(exc);
        self.run_generator_frame(Value::Ref(id))
    }

    /// `gen.close()`.
    #[inline(never)]
    pub fn generator_close(&mut self, id: ObjId) -> PyResult<()> {
        if self.gen_state(id) != GenState::Suspended {
            self.finish_generator(id);
            return Ok(());
        }
        let exc = self.new_exception(crate::object::Exception::new(
            ExcType::GeneratorExit,
            vec![],
        ));
        match self.generator_throw(id, exc) {
            Ok(Some(_)) => Err(PyErr::new(
                ExcType::RuntimeError,
                "generator ignored GeneratorExit",
            )),
            Ok(None) => Ok(()),
            Err(e)
                if self.is_exc_kind(&e, ExcType::GeneratorExit)
                    || self.is_exc_kind(&e, ExcType::StopIteration) =>
            {
                Ok(())
            }
            Err(e) => Err(e),
        }
    }
}

/// What a generator step served from a journal returns.
fn generator_served(out: Outcome) -> PyResult<Option<Value>> {
    match out {
        Outcome::Yielded(v) => Ok(Some(v)),
        Outcome::Raised(e) => Err(PyErr::Raise(e)),
        Outcome::Returned(_) => Ok(None),
    }
}
