//! Returning from a frame: what its return value becomes (`OnReturn`:
//! the value itself, an `__init__`'s instance, a class built from its
//! body, the end of a generator or coroutine), and where it goes (the
//! caller's stack, the resumer of a generator, a finished task, or out of
//! the dispatch loop at a native boundary).

use crate::object::Value;

use super::{Exit, OnReturn, PyErr, PyResult, Vm};

impl Vm {
    /// Returns `v` from the innermost frame. `Some(exit)` when the dispatch
    /// loop must leave (a boundary frame or the last one returned); `None`
    /// to go on with whatever frame is now innermost.
    ///
    /// # Errors
    /// Errors of the return itself (`__init__` returning a value, building
    /// the class), raised while the frame is still there.
    pub(super) fn return_from_frame(&mut self, v: Value) -> PyResult<Option<Exit>> {
        // Errors of the return itself are raised while the
        // frame is still there, so unwinding stops at a
        // native boundary as usual.
        let mut built = None;
        match &self.frames.last().expect("a frame").on_return {
            OnReturn::Init(_) if !v.is_none() => {
                return Err(PyErr::type_error(format!(
                    "__init__() should return None, not '{}'",
                    self.class_name(v)
                )));
            }
            OnReturn::BuildClass(body) => {
                let body = (**body).clone();
                built = Some(self.build_class_with_meta(
                    body.name,
                    body.qualname,
                    body.bases,
                    body.ns,
                    body.meta,
                )?);
            }
            _ => {}
        }
        let frame = self.frames.pop().expect("a frame");
        let class_cell = self.program.codes[frame.code as usize]
            .class_cell
            .map(|s| self.stack[frame.base as usize + s as usize]);
        self.stack.truncate(frame.ret_to as usize);
        self.exc_stack.truncate(frame.exc_depth as usize);
        let v = match frame.on_return {
            OnReturn::Normal => v,
            OnReturn::Init(inst) => inst,
            OnReturn::Consumer(_) => {
                unreachable!("consumer frames run no code")
            }
            OnReturn::Generator(g) if self.program.codes[frame.code as usize].is_coroutine => {
                if self.program.codes[frame.code as usize].is_generator {
                    // an async generator ended: its awaiting frame is below
                    self.agen_returned(g)?;
                    return Ok(None);
                }
                self.finish_generator(g);
                if self.frames.is_empty() && self.in_spawned_task() {
                    self.finish_current_task(Ok(v));
                    return Ok(None);
                }
                if frame.boundary == super::Boundary::No {
                    // the result of the `await` that ran it
                    self.stack.push(v);
                    return Ok(None);
                }
                v
            }
            OnReturn::Generator(g) => {
                self.finish_generator(g);
                if frame.boundary == super::Boundary::No {
                    // back to the `for` (or `yield from`) that resumed it:
                    // run its ForIter (Send) again, which now sees the end
                    // (Send takes the return value; it sent its operand);
                    // a consumer gets the end marker
                    if let Some(caller) = self.frames.last_mut() {
                        if caller.code == super::consumer::CONSUMER_CODE {
                            // (`next(gen)` reports it; other consumers
                            // drop it)
                            self.stack.push(Value::Undef);
                            self.gen_ret(g, v);
                        } else {
                            caller.ip -= 1;
                            let code = &self.program.codes[caller.code as usize];
                            if let Some(monty_compile::bytecode::Op::Send(_)) =
                                code.ops.get(caller.ip as usize)
                            {
                                // `yield from` takes the return value
                                self.stack.push(Value::None);
                                self.gen_ret(g, v);
                            }
                        }
                    }
                    return Ok(None);
                }
                // for the `StopIteration` of the native step that ran it
                self.gen_ret(g, v);
                v
            }
            OnReturn::BuildClass(_) => {
                let cls = built.expect("built before the pop");
                if let Some(cell) = class_cell {
                    self.cell_set(cell, cls);
                }
                cls
            }
        };
        match frame.boundary {
            super::Boundary::Native => return Ok(Some(Exit::Return(v))),
            super::Boundary::Orphan => {
                // the native caller unwound at a pause: its instruction
                // runs again with this result
                self.deliver(super::journal::Outcome::Returned(v));
                return Ok(None);
            }
            super::Boundary::No if self.frames.is_empty() => return Ok(Some(Exit::Return(v))),
            super::Boundary::No => {}
        }
        self.stack.push(v);
        Ok(None)
    }
}
