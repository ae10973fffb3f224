//! Builtins that consume a generator (`sum(f(x) for x in xs)`,
//! `list(gen())`, `", ".join(...)`, `any(...)`, `next(gen)`) run it as
//! ordinary frames instead of a nested native loop, so code inside the
//! generator may still pause for host calls. A *consumer frame* sits below
//! the generator's frame: each yielded value is delivered to it, and when
//! the generator finishes the builtin runs on what was collected.

use crate::builtins::Builtin;
use crate::object::{GenState, Obj, Value};

pub use super::consumer_data::{Consumer, ConsumerKind, CONSUMER_CODE};
use super::Kwargs;
use super::{Frame, OnReturn, PyResult, Vm};

/// How many collected values `sum`/`min`/`max` hold before folding them
/// into one, so a long generator runs in bounded memory.
const FOLD_CHUNK: usize = 4096;

/// Builtins that consume their (only) iterable argument entirely.
fn collects(b: Builtin) -> bool {
    matches!(
        b,
        Builtin::Sum | Builtin::Sorted | Builtin::Min | Builtin::Max
    )
}

impl Vm {
    /// If calling `callee(args)` consumes a generator that must run as
    /// frames (we are not inside a native callback), pushes a consumer
    /// frame and the generator's frame, and returns true. The result
    /// replaces the stack from `ret_to` (the call's operands).
    pub(super) fn try_start_consumer(
        &mut self,
        ret_to: usize,
        callee: Value,
        args: &[Value],
        kwargs: &Kwargs,
    ) -> PyResult<bool> {
        if self.native_depth > 0 {
            return Ok(false);
        }
        let gen_arg = |vm: &Vm, i: usize| -> Option<Value> {
            let v = *args.get(i)?;
            let g = vm.as_generator(v)?;
            (vm.gen_state(g) != GenState::Done && vm.gen_state(g) != GenState::Running).then_some(v)
        };
        let kind = match callee {
            Value::Builtin(b)
                if (collects(b) && args.len() == 1)
                    || (matches!(b, Builtin::Sum) && args.len() == 2) =>
            {
                let Some(_) = gen_arg(self, 0) else {
                    return Ok(false);
                };
                ConsumerKind::Collect {
                    callee,
                    args: args.to_vec(),
                    kwargs: kwargs.clone(),
                    slot: 0,
                }
            }
            Value::Builtin(b @ (Builtin::Any | Builtin::All))
                if args.len() == 1 && kwargs.is_empty() =>
            {
                if gen_arg(self, 0).is_none() {
                    return Ok(false);
                }
                ConsumerKind::AnyAll {
                    want: b == Builtin::Any,
                }
            }
            Value::Builtin(Builtin::Next) if (1..=2).contains(&args.len()) && kwargs.is_empty() => {
                if gen_arg(self, 0).is_none() {
                    return Ok(false);
                }
                ConsumerKind::Next {
                    default: args.get(1).copied(),
                }
            }
            Value::Type(t)
                if args.len() == 1
                    && kwargs.is_empty()
                    && matches!(
                        t,
                        crate::object::Type::List
                            | crate::object::Type::Tuple
                            | crate::object::Type::Set
                            | crate::object::Type::FrozenSet
                            | crate::object::Type::Dict
                    ) =>
            {
                if gen_arg(self, 0).is_none() {
                    return Ok(false);
                }
                ConsumerKind::Collect {
                    callee,
                    args: args.to_vec(),
                    kwargs: Vec::new(),
                    slot: 0,
                }
            }
            // `sep.join(gen)`: a bound str method
            Value::Ref(id) => match self.heap.get(id) {
                Obj::BuiltinMethod(recv, name)
                    if name == "join"
                        && args.len() == 1
                        && super::as_str(&self.heap, *recv).is_some() =>
                {
                    if gen_arg(self, 0).is_none() {
                        return Ok(false);
                    }
                    ConsumerKind::Collect {
                        callee,
                        args: args.to_vec(),
                        kwargs: Vec::new(),
                        slot: 0,
                    }
                }
                _ => return Ok(false),
            },
            _ => return Ok(false),
        };
        let gen = args[0];
        self.frame_pushes += 1;
        let base = self.stack.len();
        self.frames.push(Frame {
            code: CONSUMER_CODE,
            ip: 0,
            base: base as u32,
            ret_to: ret_to as u32,
            handlers: Vec::new(),
            exc_depth: self.exc_stack.len() as u32,
            boundary: super::Boundary::No,
            journal: None,
            on_return: OnReturn::Consumer(Box::new(Consumer {
                kind,
                gen,
                acc: Vec::new(),
            })),
        });
        let g = self.as_generator(gen).expect("checked");
        self.resume_generator(g, Value::None, false)?;
        Ok(true)
    }

    /// Folds what a `sum`/`min`/`max` consumer collected so far into one
    /// value: `min`/`max` keep the best so far (ties keep the earlier one,
    /// as CPython's do); `sum` folds only all-int runs with an int start,
    /// since float sums are compensated over the whole run and folding
    /// would change their rounding.
    fn fold_collected(&mut self) -> PyResult<()> {
        let frame = self.frames.last_mut().expect("consumer frame");
        let OnReturn::Consumer(state) = &mut frame.on_return else {
            unreachable!("a consumer frame")
        };
        let ConsumerKind::Collect {
            callee: Value::Builtin(b),
            args,
            kwargs,
            ..
        } = &state.kind
        else {
            return Ok(());
        };
        let (b, args, kwargs) = (*b, args.clone(), kwargs.clone());
        let acc = std::mem::take(&mut state.acc);
        match b {
            Builtin::Min | Builtin::Max => {
                let list = self.new_list(acc);
                let best = crate::builtins::dispatch::call_builtin(self, b, vec![list], kwargs)?;
                self.consumer_state().acc.push(best);
            }
            Builtin::Sum => {
                let start = args.get(1).copied().unwrap_or(Value::Int(0));
                let all_ints = kwargs.is_empty()
                    && std::iter::once(&start).chain(&acc).all(|v| {
                        matches!(v, Value::Int(_))
                            || matches!(self.as_num(*v), Some(super::ops::Num::Big(_)))
                    });
                if !all_ints {
                    self.consumer_state().acc = acc;
                    return Ok(());
                }
                let list = self.new_list(acc);
                let partial =
                    crate::builtins::dispatch::call_builtin(self, b, vec![list, start], kwargs)?;
                if let ConsumerKind::Collect { args, .. } = &mut self.consumer_state().kind {
                    args.truncate(1);
                    args.push(partial);
                }
            }
            _ => self.consumer_state().acc = acc,
        }
        Ok(())
    }

    fn consumer_state(&mut self) -> &mut Consumer {
        let frame = self.frames.last_mut().expect("consumer frame");
        let OnReturn::Consumer(state) = &mut frame.on_return else {
            unreachable!("a consumer frame")
        };
        state
    }

    /// Runs the consumer frame on top: takes the delivered value (or the
    /// end marker `Undef`), and either resumes the generator again or
    /// finishes, replacing the frame by the builtin's result.
    pub(super) fn consumer_step(&mut self) -> PyResult<()> {
        let delivered = self.stack.pop().unwrap_or(Value::Undef);
        let frame = self.frames.last_mut().expect("consumer frame");
        let OnReturn::Consumer(state) = &mut frame.on_return else {
            unreachable!("a consumer frame")
        };
        let finished = matches!(delivered, Value::Undef);
        if finished && !matches!(state.kind, ConsumerKind::Next { .. }) {
            let g = state.gen;
            if let Some(g) = self.as_generator(g) {
                self.take_generator_return(g);
            }
        }
        let frame = self.frames.last_mut().expect("consumer frame");
        let OnReturn::Consumer(state) = &mut frame.on_return else {
            unreachable!("a consumer frame")
        };
        let result: Option<PyResult<Value>> = match &state.kind {
            ConsumerKind::Collect { .. } => {
                if finished {
                    None
                } else {
                    state.acc.push(delivered);
                    if state.acc.len() >= FOLD_CHUNK {
                        self.fold_collected()?;
                    }
                    Some(Ok(Value::Undef))
                }
            }
            ConsumerKind::AnyAll { want } => {
                let want = *want;
                if finished {
                    Some(Ok(Value::Bool(!want)))
                } else {
                    let t = self.truthy(delivered)?;
                    if t == want {
                        Some(Ok(Value::Bool(want)))
                    } else {
                        Some(Ok(Value::Undef))
                    }
                }
            }
            ConsumerKind::Next { default } => {
                if finished {
                    Some(match default {
                        Some(d) => Ok(*d),
                        None => {
                            let gen = state.gen;
                            Err(self.stop_iteration_of(gen))
                        }
                    })
                } else {
                    Some(Ok(delivered))
                }
            }
        };
        let frame = self.frames.last_mut().expect("consumer frame");
        let OnReturn::Consumer(state) = &mut frame.on_return else {
            unreachable!()
        };
        let gen = state.gen;
        match result {
            Some(Ok(Value::Undef)) => {
                // keep going
                let g = self.as_generator(gen).expect("a generator");
                self.resume_generator(g, Value::None, false)
            }
            Some(r) => {
                let frame = self.frames.pop().expect("consumer frame");
                self.stack.truncate(frame.ret_to as usize);
                self.stack.push(r?);
                Ok(())
            }
            None => {
                let frame = self.frames.pop().expect("consumer frame");
                self.stack.truncate(frame.ret_to as usize);
                let OnReturn::Consumer(state) = frame.on_return else {
                    unreachable!()
                };
                let Consumer { kind, acc, .. } = *state;
                let ConsumerKind::Collect {
                    callee,
                    mut args,
                    kwargs,
                    slot,
                } = kind
                else {
                    unreachable!()
                };
                args[slot] = self.new_list(acc);
                let r = self.call_value(callee, args, kwargs)?;
                self.stack.push(r);
                Ok(())
            }
        }
    }
}
