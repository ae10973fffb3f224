//! The instruction loop. Each op reads and writes the shared value stack;
//! calls push frames instead of recursing; errors unwind to a handler in
//! place. The loop leaves only when the outermost (or a native boundary)
//! frame returns, or when the program calls the host.

use crate::object::{Dict, ExcType, Obj, Type, Value};
use monty_compile::bytecode::{BinOp, CmpOp, Op};

use super::dispatch_cold::Flow;
use super::quick_builtin::QuickMethod;

use super::{Exit, Handler, PyErr, PyResult, Vm};

impl Vm {
    /// Runs the dispatch loop, handling exceptions, until the innermost
    /// boundary frame returns or the program pauses.
    ///
    /// # Errors
    /// The exception that escaped the boundary frame.
    pub fn execute(&mut self) -> Result<Exit, Value> {
        loop {
            match self.dispatch() {
                Err(_) if self.budget.tripped.is_some() => {
                    // a budget ran out: no handler runs, nothing resumes
                    return Ok(Exit::Limit(self.budget.tripped.expect("checked")));
                }
                Ok(exit) => return Ok(exit),
                // (an error while pausing is native code that turned the
                // pause into an exception: the instruction runs again)
                Err(PyErr::Suspend) | Err(_) if self.suspending => {
                    // a host call inside native code: the frames are set
                    // to run it again (`journal.rs`)
                    assert!(self.pending.is_some(), "a pause has its host call");
                    if self.native_depth == 0 {
                        // unwound: native code may run again (the session
                        // formats the call's arguments)
                        self.suspending = false;
                    }
                    return Ok(Exit::Pause);
                }
                Err(err) => {
                    let exc = self.raise_prep(err);
                    self.unwind(exc)?;
                }
            }
        }
    }

    /// Pops the operand stack. Verified bytecode (`compile/verify.rs`, run
    /// on every snapshot's program) never pops an empty stack, so this
    /// `expect` is an assertion, kept as one: returning `Undef` instead
    /// measured within 1% either way (codegen noise) but would cover only
    /// `pop`/`top` of the ops' many stack reaches and hide a VM bug.
    #[inline]
    pub(super) fn pop(&mut self) -> Value {
        self.stack.pop().expect("stack underflow")
    }

    #[inline]
    pub(super) fn top(&self) -> Value {
        *self.stack.last().expect("stack underflow")
    }

    /// The value `n` entries below the top (0 is the top).
    pub(super) fn peek(&self, n: usize) -> Value {
        self.stack[self.stack.len() - 1 - n]
    }

    fn dispatch(&mut self) -> PyResult<Exit> {
        if let Some(exc) = self.pending_throw.take() {
            return Err(PyErr::Raise(exc));
        }
        let mut prog = self.program.clone();
        // Set by the inline call and return (`inline_call.rs`): the top
        // frame is a Python frame of `prog`'s, nothing to check
        let mut checked = false;
        'frame: loop {
            if !checked {
                if !std::rc::Rc::ptr_eq(&prog, &self.program) {
                    // `exec`/`eval` compiled code onto the program
                    prog = self.program.clone();
                }
                if self.name_texts.len() < prog.names.len() {
                    self.sync_name_texts();
                }
                if self.frames.is_empty() {
                    // the running task blocked or finished: run another
                    if let Some(exit) = self.switch()? {
                        return Ok(exit);
                    }
                    continue 'frame;
                }
                if let Some(exc) = self.pending_throw.take() {
                    // an awaited task or host call failed: raise it at the await
                    return Err(PyErr::Raise(exc));
                }
                if self.frames.last().expect("a frame").code == super::consumer::CONSUMER_CODE {
                    self.consumer_step()?;
                    continue 'frame;
                }
            }
            checked = false;
            let fi = self.frames.len() - 1;
            let code = &prog.codes[self.frames[fi].code as usize];
            let ops = &code.ops[..];
            let base = self.frames[fi].base as usize;
            let mut ip = self.frames[fi].ip as usize;
            // The frame's `ip` is what tracebacks, calls, pauses and
            // snapshots read. The ops of `keeps_ip_local` leave it behind
            // on their fast paths (which no one can observe) and store it
            // before anything else: a store per op was a tenth of simple
            // code's time.
            macro_rules! sync_ip {
                () => {
                    self.frames[fi].ip = ip as u32
                };
            }
            // After the two loads of a fused op (`compile/fuse.rs`; `ip` is
            // at the second), both ints `$a` and `$b`: does the int
            // operation or comparison (and the conditional jump) that
            // follows, and says whether it did.
            macro_rules! fused_int_op {
                ($a:expr, $b:expr) => {
                    match ops.get(ip + 1) {
                        Some(&(Op::Binary(bop) | Op::Inplace(bop))) => {
                            match self.int_fast(bop, $a, $b) {
                                Some(r) => {
                                    self.stack.push(r);
                                    ip += 2;
                                    true
                                }
                                None => false,
                            }
                        }
                        Some(&Op::AddTemp) => match self.int_fast(BinOp::Add, $a, $b) {
                            Some(r) => {
                                self.stack.push(r);
                                ip += 2;
                                true
                            }
                            None => false,
                        },
                        Some(&Op::Compare(cop)) if !matches!(cop, CmpOp::In | CmpOp::NotIn) => {
                            let yes = super::ops::cmp_ints(cop, $a, $b);
                            let jump = match ops.get(ip + 2) {
                                Some(&Op::PopJumpIfFalse(t)) => Some((!yes, t)),
                                Some(&Op::PopJumpIfTrue(t)) => Some((yes, t)),
                                _ => None,
                            };
                            match jump {
                                Some((true, t)) => {
                                    if (t as usize) < ip {
                                        sync_ip!();
                                        self.count_loop()?;
                                    }
                                    ip = t as usize;
                                }
                                Some((false, _)) => ip += 3,
                                None => {
                                    self.stack.push(Value::Bool(yes));
                                    ip += 2;
                                }
                            }
                            true
                        }
                        _ => false,
                    }
                };
            }
            // Local slot `$s`, which must be bound (else `UnboundLocalError`).
            macro_rules! local {
                ($s:expr) => {{
                    let v = self.stack[base + $s as usize];
                    if let Value::Undef = v {
                        sync_ip!();
                        return Err(self.unbound_local(code, $s));
                    }
                    v
                }};
            }
            loop {
                let op = ops[ip];
                self.tick()?;
                ip += 1;
                if !keeps_ip_local(op) {
                    sync_ip!();
                }
                match op {
                    Op::Nop => {}
                    Op::LoadConst(k) => self.stack.push(self.consts[k as usize]),
                    Op::LoadNone => self.stack.push(Value::None),
                    Op::LoadFast(s) => {
                        let v = local!(s);
                        self.stack.push(v);
                    }
                    Op::StoreFast(s) => {
                        let v = self.pop();
                        self.stack[base + s as usize] = v;
                    }
                    // (the fused ops' second load, when not done here,
                    // runs as the next instruction: an unbound second
                    // local raises there)
                    Op::LoadFastConst(s, k) => {
                        let x = local!(s);
                        let y = self.consts[k as usize];
                        if let (Value::Int(a), Value::Int(b)) = (x, y) {
                            if fused_int_op!(a, b) {
                                continue;
                            }
                        }
                        self.stack.push(x);
                        self.stack.push(y);
                        ip += 1;
                    }
                    Op::LoadFastAttr(s, n) => {
                        let x = local!(s);
                        if let Some(text) = self.name_texts.get(n as usize) {
                            if let Some(v) = self.instance_dict_attr(x, text) {
                                self.stack.push(v);
                                ip += 1;
                                continue;
                            }
                        }
                        self.stack.push(x);
                    }
                    Op::LoadFastMethod(s, n) => {
                        let x = local!(s);
                        if self.quick_load_method(x, n) {
                            ip += 1;
                            continue;
                        }
                        self.stack.push(x);
                    }
                    Op::LoadFastFast(s, t) => {
                        let x = local!(s);
                        let y = self.stack[base + t as usize];
                        if let (Value::Int(a), Value::Int(b)) = (x, y) {
                            if fused_int_op!(a, b) {
                                continue;
                            }
                        }
                        self.stack.push(x);
                        if !matches!(y, Value::Undef) {
                            self.stack.push(y);
                            ip += 1;
                        }
                    }
                    Op::LoadDeref(s) => {
                        let v = self.cell_get(self.stack[base + s as usize]);
                        if let Value::Undef = v {
                            let name = &code.local_names[s as usize];
                            let msg = if code.freevars.contains(name) {
                                format!("cannot access free variable '{name}' where it is not associated with a value in enclosing scope")
                            } else {
                                format!("cannot access local variable '{name}' where it is not associated with a value")
                            };
                            let kind = if code.freevars.contains(name) {
                                ExcType::NameError
                            } else {
                                ExcType::UnboundLocalError
                            };
                            return Err(PyErr::new(kind, msg));
                        }
                        self.stack.push(v);
                    }
                    Op::StoreDeref(s) => {
                        let v = self.pop();
                        self.cell_set(self.stack[base + s as usize], v);
                    }
                    Op::LoadClosure(s) => self.stack.push(self.stack[base + s as usize]),
                    Op::MakeCell(s) => {
                        let cur = self.stack[base + s as usize];
                        let is_cell = matches!(cur, Value::Ref(id) if matches!(self.heap.get(id), Obj::Cell(_)));
                        let init = if is_cell { Value::Undef } else { cur };
                        self.stack[base + s as usize] = self.heap.new_value(Obj::Cell(init));
                    }
                    Op::LoadGlobal(g) => {
                        let v = self.globals[g as usize];
                        if let Value::Undef = v {
                            sync_ip!();
                            let v = self.builtin_by_index(g, true)?;
                            self.stack.push(v);
                        } else {
                            self.stack.push(v);
                        }
                    }
                    Op::StoreGlobal(g) => {
                        let v = self.pop();
                        self.globals[g as usize] = v;
                    }
                    Op::LoadSuperMethod(s, n) => {
                        if self.load_super_method(s, n) {
                            ip += 2;
                            continue;
                        }
                        let v = self.builtin_by_index(s, false)?;
                        self.stack.push(v);
                    }
                    Op::LoadBuiltin(n) => {
                        let v = self.builtin_by_index(n, false)?;
                        self.stack.push(v);
                    }
                    // Operations that may run Python code (a property, a
                    // special method) do it `in_place`: their operands stay
                    // on the stack until done, so a host call inside can
                    // pause the run and the operation runs again after it
                    // (`journal.rs`).
                    Op::LoadAttr(n) => {
                        let obj = self.pop();
                        if let Some(text) = self.name_texts.get(n as usize) {
                            if let Some(v) = self.instance_dict_attr(obj, text) {
                                self.stack.push(v);
                                continue;
                            }
                        }
                        let name = &prog.names[n as usize];
                        let v = self.load_attr_in_place(obj, name)?;
                        self.stack.push(v);
                    }
                    Op::StoreAttr(n) => {
                        let obj = self.pop();
                        let v = self.pop();
                        if self.store_plain_attr(obj, n, v) {
                            continue;
                        }
                        self.store_attr_in_place(obj, &prog.names[n as usize], v)?;
                    }
                    Op::Subscr => {
                        let idx = self.pop();
                        let obj = self.pop();
                        let v = match self.quick_subscr(obj, idx) {
                            Some(v) => v,
                            None => self.subscr_in_place(obj, idx)?,
                        };
                        self.stack.push(v);
                    }
                    Op::StoreSubscr => {
                        let n3 = self.stack.len();
                        let (v, obj, idx) =
                            (self.stack[n3 - 3], self.stack[n3 - 2], self.stack[n3 - 1]);
                        if self.quick_store_subscr(obj, idx, v) {
                            self.stack.truncate(n3 - 3);
                        } else {
                            self.in_place(3, |vm| vm.set_item(obj, idx, v))?;
                        }
                    }
                    Op::BuildSlice(n) => {
                        let step = if n == 3 { self.pop() } else { Value::None };
                        let stop = self.pop();
                        let start = self.pop();
                        let v = self
                            .heap
                            .new_value(Obj::Slice(Box::new([start, stop, step])));
                        self.stack.push(v);
                    }
                    Op::Pop => {
                        self.stack.pop();
                    }
                    Op::Dup => self.stack.push(self.top()),
                    Op::Rot2 => {
                        let n = self.stack.len();
                        self.stack.swap(n - 1, n - 2);
                    }
                    // (the fast paths pop; the slow ones put the operands
                    // back for `in_place`, out of the loop's code)
                    Op::Binary(op) | Op::Inplace(op) => {
                        let b = self.pop();
                        let a = self.pop();
                        let fast = match (a, b) {
                            (Value::Int(x), Value::Int(y)) => self.int_fast(op, x, y),
                            _ => None,
                        };
                        let r = match fast {
                            Some(v) => v,
                            None => {
                                sync_ip!();
                                self.binary_using_temps(op, a, b, is_inplace(&ops[ip - 1]))?
                            }
                        };
                        self.stack.push(r);
                    }
                    Op::AddTemp => {
                        let b = self.pop();
                        let a = self.pop();
                        let fast = match (a, b) {
                            (Value::Int(x), Value::Int(y)) => self.int_fast(BinOp::Add, x, y),
                            _ => None,
                        };
                        let r = match fast {
                            Some(v) => v,
                            None => {
                                sync_ip!();
                                self.add_temp(a, b)?
                            }
                        };
                        self.stack.push(r);
                    }
                    Op::Unary(op) => {
                        let a = self.pop();
                        let r = self.unary_in_place(op, a)?;
                        self.stack.push(r);
                    }
                    Op::Compare(op) => {
                        let b = self.pop();
                        let a = self.pop();
                        let r = match (a, b) {
                            (Value::Int(x), Value::Int(y))
                                if !matches!(op, CmpOp::In | CmpOp::NotIn) =>
                            {
                                Value::Bool(super::ops::cmp_ints(op, x, y))
                            }
                            _ => {
                                sync_ip!();
                                self.compare_in_place(op, a, b)?
                            }
                        };
                        // A comparison feeding a conditional jump (`if a <
                        // b:`, `while ...`) jumps here, without the round
                        // trip of the bool through the stack.
                        match (r, ops.get(ip)) {
                            (Value::Bool(yes), Some(&Op::PopJumpIfFalse(t))) => {
                                ip = if yes { ip + 1 } else { t as usize };
                            }
                            (Value::Bool(yes), Some(&Op::PopJumpIfTrue(t))) => {
                                ip = if yes { t as usize } else { ip + 1 };
                            }
                            _ => self.stack.push(r),
                        }
                    }
                    Op::Jump(t) => {
                        if (t as usize) < ip {
                            sync_ip!();
                            self.count_loop()?;
                            self.maybe_gc();
                        }
                        ip = t as usize;
                    }
                    Op::PopJumpIfFalse(t) => {
                        let v = self.pop();
                        let yes = match v {
                            Value::Bool(b) => b,
                            _ => {
                                sync_ip!();
                                self.truthy_in_place(v)?
                            }
                        };
                        if !yes {
                            if (t as usize) < ip {
                                sync_ip!();
                                self.count_loop()?;
                            }
                            ip = t as usize;
                        }
                    }
                    Op::PopJumpIfTrue(t) => {
                        let v = self.pop();
                        let yes = match v {
                            Value::Bool(b) => b,
                            _ => {
                                sync_ip!();
                                self.truthy_in_place(v)?
                            }
                        };
                        if yes {
                            if (t as usize) < ip {
                                sync_ip!();
                                self.count_loop()?;
                            }
                            ip = t as usize;
                        }
                    }
                    Op::JumpIfFalseOrPop(t) => {
                        if !self.truthy(self.top())? {
                            ip = t as usize;
                        } else {
                            self.stack.pop();
                        }
                    }
                    Op::JumpIfTrueOrPop(t) => {
                        if self.truthy(self.top())? {
                            ip = t as usize;
                        } else {
                            self.stack.pop();
                        }
                    }
                    Op::GetIter => {
                        let v = self.pop();
                        let it = self.get_iter_in_place(v)?;
                        self.stack.push(it);
                    }
                    Op::ForIter(t) => {
                        let it = self.top();
                        if let Some(next) = self.iter_next_simple(it) {
                            match next {
                                Some(v) => self.stack.push(v),
                                None => {
                                    self.stack.pop();
                                    ip = t as usize;
                                }
                            }
                            continue;
                        }
                        sync_ip!();
                        if let Some(g) = self.as_generator(it) {
                            if self.gen_state(g) == crate::object::GenState::Done {
                                self.stack.pop();
                                ip = t as usize;
                                continue;
                            }
                            self.resume_generator(g, Value::None, false)?;
                            continue 'frame;
                        }
                        match self.iter_next_in_place(it)? {
                            Some(v) => self.stack.push(v),
                            None => {
                                self.stack.pop();
                                ip = t as usize;
                            }
                        }
                    }
                    Op::BuildList(n) => {
                        let at = self.stack.len() - n as usize;
                        let list = crate::object::List::from_slice(&self.stack[at..]);
                        self.stack.truncate(at);
                        let v = self.heap.new_value(Obj::List(list));
                        self.stack.push(v);
                    }
                    Op::BuildTuple(n) => {
                        let items = self.stack.split_off(self.stack.len() - n as usize);
                        let v = self.new_tuple(items);
                        self.stack.push(v);
                    }
                    Op::BuildMap(n) => {
                        if self.build_plain_map(n as usize) {
                            continue;
                        }
                        let items = self.stack[self.stack.len() - 2 * n as usize..].to_vec();
                        let v = self.in_place(2 * n as usize, |vm| {
                            let v = vm
                                .heap
                                .new_value(Obj::Dict(Box::new(Dict::with_capacity(n as usize))));
                            let Value::Ref(id) = v else { unreachable!() };
                            for kv in items.chunks(2) {
                                vm.insert_keyed(id, kv[0], kv[1], false)?;
                            }
                            Ok(v)
                        })?;
                        self.stack.push(v);
                    }
                    Op::BuildString(n) => {
                        let v = self.build_string(n as usize);
                        self.stack.push(v);
                    }
                    Op::SetAdd(d) => {
                        let v = self.pop();
                        let target = self.stack[self.stack.len() - d as usize];
                        if let Value::Ref(id) = target {
                            self.insert_in_place(id, &[v], v, Value::None, true)?;
                        }
                    }
                    Op::MapAdd(d) => {
                        let v = self.pop();
                        let k = self.pop();
                        let target = self.stack[self.stack.len() - d as usize];
                        if let Value::Ref(id) = target {
                            self.insert_in_place(id, &[k, v], k, v, false)?;
                        }
                    }
                    Op::ListAppend(d) => {
                        let v = self.pop();
                        let target = self.stack[self.stack.len() - d as usize];
                        if let Value::Ref(id) = target {
                            if let Obj::List(l) = self.heap.get_mut(id) {
                                l.push(v);
                            }
                        }
                    }
                    Op::UnpackSequence(n) => {
                        let v = self.pop();
                        self.unpack_in_place(v, n as usize)?;
                    }
                    Op::FormatValue(flags) => {
                        let spec = if flags & 4 != 0 {
                            Some(self.pop())
                        } else {
                            None
                        };
                        let v = self.pop();
                        let s = self.format_in_place(v, flags & 3, spec)?;
                        self.stack.push(s);
                    }
                    Op::Call(argc) => {
                        // A plain Python function: its frame is entered
                        // here, without the frame loop's checks (none of
                        // which a fresh Python frame needs)
                        if let Some(call) = self.plain_callee(argc as usize, &prog) {
                            self.enter_plain(&prog.codes[call.code as usize], call);
                            checked = true;
                            continue 'frame;
                        }
                        // (`str(n)` of a number, the operand of the `+` right
                        // after: a temporary that `+` frees, `temps.rs`)
                        let str_of_number = argc == 1
                            && matches!(
                                self.stack[self.stack.len() - 2..],
                                [Value::Type(Type::Str), Value::Int(_) | Value::Float(_)]
                            )
                            && matches!(
                                ops.get(ip),
                                Some(
                                    Op::Binary(BinOp::Add) | Op::Inplace(BinOp::Add) | Op::AddTemp
                                )
                            );
                        if self.call(argc as usize, None)? {
                            continue 'frame;
                        }
                        if self.pending.is_some() {
                            return Ok(Exit::Pause);
                        }
                        if str_of_number {
                            self.note_call_temp();
                        }
                    }
                    Op::CallKw(argc, names) => {
                        if self.call(argc as usize, Some(names))? {
                            continue 'frame;
                        }
                        if self.pending.is_some() {
                            return Ok(Exit::Pause);
                        }
                    }
                    Op::CallMethod(name, argc) => {
                        let opos = self.stack.len() - argc as usize - 1;
                        match self.quick_method(name, argc as usize, opos, &prog)? {
                            QuickMethod::Entered => {
                                checked = true;
                                continue 'frame;
                            }
                            QuickMethod::Done => {}
                            QuickMethod::No => {
                                if self.call_method(
                                    &prog.names[name as usize],
                                    name,
                                    argc as usize,
                                    opos,
                                )? {
                                    continue 'frame;
                                }
                                if self.pending.is_some() {
                                    return Ok(Exit::Pause);
                                }
                            }
                        }
                    }
                    Op::LoadMethod(name) => self.load_method(name, &prog)?,
                    Op::CallLoaded(name, argc) => {
                        let argc = argc as usize;
                        let at = self.stack.len() - argc - 2;
                        // a builtin method (`[Undef, obj]`) as `CallMethod`'s
                        let quick = match self.stack[at] {
                            Value::Undef => self.quick_method(name, argc, at, &prog)?,
                            _ => QuickMethod::No,
                        };
                        let done = match quick {
                            QuickMethod::No => self.call_loaded(name, argc, &prog)?,
                            done => done,
                        };
                        match done {
                            QuickMethod::Entered => {
                                checked = true;
                                continue 'frame;
                            }
                            QuickMethod::Done => {
                                if self.pending.is_some() {
                                    return Ok(Exit::Pause);
                                }
                            }
                            QuickMethod::No => continue 'frame,
                        }
                    }
                    Op::Return => {
                        // Back to a Python caller in this loop, when the
                        // frame produces its value as it is
                        if self.plain_return(fi, prog.codes.len()) {
                            checked = true;
                            continue 'frame;
                        }
                        let v = self.pop();
                        if let Some(exit) = self.return_from_frame(v)? {
                            return Ok(exit);
                        }
                        continue 'frame;
                    }
                    Op::SetupExcept(t) => {
                        let h = Handler {
                            target: t,
                            stack_len: self.stack.len() as u32,
                            exc_depth: self.exc_stack.len() as u32,
                        };
                        self.frames[fi].handlers.push(h);
                    }
                    Op::PopHandler => {
                        self.frames[fi].handlers.pop();
                    }
                    Op::Yield => {
                        let v = self.pop();
                        match self.suspend_generator() {
                            super::Boundary::Native => {
                                self.gen_yielded = true;
                                return Ok(Exit::Return(v));
                            }
                            super::Boundary::Orphan => {
                                self.deliver(super::journal::Outcome::Yielded(v));
                                continue 'frame;
                            }
                            super::Boundary::No => {}
                        }
                        self.stack.push(v);
                        continue 'frame;
                    }
                    _ => match self.dispatch_cold(ip, fi, base, &prog)? {
                        Flow::Next => {}
                        Flow::Jump(t) => ip = t,
                        Flow::Frame => continue 'frame,
                        Flow::Exit(exit) => return Ok(exit),
                    },
                }
            }
        }
    }

    pub(super) fn unbound_local(&self, code: &monty_compile::bytecode::Code, slot: u32) -> PyErr {
        let name = &code.local_names[slot as usize];
        PyErr::new(
            ExcType::UnboundLocalError,
            format!(
                "cannot access local variable '{name}' where it is not associated with a value"
            ),
        )
    }

    fn cell_get(&self, cell: Value) -> Value {
        match cell {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Cell(v) => *v,
                _ => Value::Undef,
            },
            _ => Value::Undef,
        }
    }

    pub(crate) fn cell_set(&mut self, cell: Value, v: Value) {
        if let Value::Ref(id) = cell {
            if let Obj::Cell(c) = self.heap.get_mut(id) {
                *c = v;
            }
        }
    }
}

/// The ops whose fast paths run no Python code, call nothing and cannot
/// fail, so the loop need not store the frame's `ip` before them (their
/// slow paths store it first: `sync_ip!`).
#[inline(always)]
fn keeps_ip_local(op: Op) -> bool {
    matches!(
        op,
        Op::Nop
            | Op::LoadConst(_)
            | Op::LoadNone
            | Op::LoadFast(_)
            | Op::LoadFastConst(..)
            | Op::LoadFastFast(..)
            | Op::LoadFastAttr(..)
            | Op::LoadFastMethod(..)
            | Op::StoreFast(_)
            | Op::LoadClosure(_)
            | Op::LoadGlobal(_)
            | Op::StoreGlobal(_)
            | Op::Pop
            | Op::Dup
            | Op::Rot2
            | Op::Binary(_)
            | Op::Inplace(_)
            | Op::AddTemp
            | Op::Compare(_)
            | Op::Jump(_)
            | Op::PopJumpIfFalse(_)
            | Op::PopJumpIfTrue(_)
            | Op::ForIter(_)
    )
}

fn is_inplace(op: &Op) -> bool {
    matches!(op, Op::Inplace(_))
}
