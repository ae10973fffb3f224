//! Structural validation of a decoded snapshot, before anything runs on it.
//!
//! The snapshot decoder (postcard over serde) checks shapes: enum tags,
//! UTF-8, lengths. It cannot check the indices the VM trusts: heap
//! references, code/constant/name/global/slot operands of instructions,
//! frame positions, native function ids. A snapshot whose bytes were
//! altered behind a valid checksum could hold any of them out of range, and
//! the VM would index past a table (a panic, a trap of `monty.wasm`).
//! [`validate`] walks the whole state once and refuses such a snapshot with
//! a message naming the first inconsistency.
//!
//! What it covers: every value held anywhere (roots and heap objects)
//! refers to a live object or a registered native function; references the
//! VM dereferences as a known kind (an instance's class, a class's MRO, a
//! dict view's dict, an iterator's sequence, a generator frame's generator,
//! a consumer's generator, a not-yet-started task's coroutine, a module
//! entry, a host call's future) are of that kind; every instruction's
//! operands are in range; every code passes the bytecode verifier
//! (`compile/verify.rs`: the operand-stack depth and active handlers at
//! each instruction, the same along every path, never below zero); and
//! every saved frame and suspended generator matches its verified code:
//! its operand stack (the values above its locals, up to where the next
//! frame's call began) is what the code expects at its resume point once
//! the resume value is pushed, its handlers are those active there, and
//! the frame layout (generator code in generator frames, a `for` loop
//! below a generator frame, a consumer right below its generator) is one
//! the VM makes. So a resumed snapshot never underflows the stack.
//!
//! What it does not cover: whether a consistent-looking state is one the
//! program could have reached: the *types* of the values on a stack (an
//! int where a function is expected raises a Python exception rather than
//! trapping, where the VM checks), or a frame resumed at another call site
//! with the same stack shape. Such a snapshot can only come from someone
//! forging bytes; the host refuses those before they reach the guest (it
//! seals every snapshot with an HMAC, see host/src/snapshot_seal.rs).

use monty_compile::bytecode::{Code, Const, Op, Program};
use monty_compile::verify::{verify_program, Verified};
use monty_stdlib::entry;
use monty_stdlib::object::{GenState, Iter, Obj, ObjId, Value};
use monty_stdlib::vm::consumer::{ConsumerKind, CONSUMER_CODE};
use monty_stdlib::vm::tasks::Awaitable;
use monty_stdlib::vm::tasks_data::{GroupPhase, SyncPrim};
use monty_stdlib::vm::{Boundary, Frame, OnReturn, Vm};

/// Checks a decoded execution state.
///
/// # Errors
/// A message naming the first inconsistency found.
pub fn validate(vm: &Vm) -> Result<(), String> {
    let program = &*vm.program;
    check_program(program)?;
    let verified = verify_program(program)?;
    if vm.consts.len() != program.consts.len() {
        return Err("constant table does not match the program".into());
    }
    if vm.globals.len() != program.globals.len() {
        return Err("global table does not match the program".into());
    }
    let heap = Heaps {
        slots: vm.heap.slots(),
    };
    heap.check_free_list(vm.heap.free_list())?;
    let ntasks = vm.sched.tasks.len();
    for (i, obj) in heap.slots.iter().enumerate() {
        if let Some(obj) = obj {
            check_object(&heap, program, &verified, ntasks, obj)
                .map_err(|e| format!("object {i}: {e}"))?;
        }
    }
    let mut bad = None;
    entry::for_each_root(vm, &mut |v| {
        if bad.is_none() {
            bad = heap.value(v).err();
        }
    });
    if let Some(e) = bad {
        return Err(format!("execution state: {e}"));
    }
    for (name, m) in &vm.modules {
        heap.expect(*m, "module", |o| matches!(o, Obj::Module(_)))
            .map_err(|e| format!("module {name:?}: {e}"))?;
    }
    // Frames run only while paused at a host call (at a `wait`, every
    // task's frames are in its task): resuming pushes the answer.
    if !vm.frames.is_empty() && vm.pending.is_none() {
        return Err("running frames without a pending call".into());
    }
    let ctx = Frames {
        heap: &heap,
        program,
        verified: &verified,
    };
    ctx.check(&vm.frames, vm.stack.len(), vm.exc_stack.len())?;
    let sched = &vm.sched;
    if ntasks > 0 && sched.current as usize >= ntasks {
        return Err("current task out of range".into());
    }
    if sched
        .deferred_cancels
        .iter()
        .any(|&(t, _)| t as usize >= ntasks)
    {
        return Err("deferred cancellation of a task out of range".into());
    }
    if sched.ready.iter().any(|&t| t as usize >= ntasks) {
        return Err("ready task out of range".into());
    }
    for (_, fut) in &sched.outstanding {
        heap.expect(Value::Ref(*fut), "future", |o| {
            matches!(
                o,
                Obj::Native(n) if matches!(n.awaitable(), Some(Awaitable::Future { .. }))
            )
        })?;
    }
    for (i, t) in sched.tasks.iter().enumerate() {
        // A task that has not started runs its coroutine on a fresh stack;
        // one that has resumes at its `await` with the awaited result.
        if !t.started {
            if !t.frames.is_empty() {
                return Err(format!("task {i}: frames before it started"));
            }
            let is_coroutine = |o: &Obj| match o {
                Obj::Generator(g) => program
                    .codes
                    .get(g.code as usize)
                    .is_some_and(|c| c.is_coroutine),
                _ => false,
            };
            heap.expect(t.coro, "coroutine", is_coroutine)
                .map_err(|e| format!("task {i}: {e}"))?;
        }
        if !t.group.is_none() {
            heap.expect(t.group, "task group", |o| {
                matches!(
                    o,
                    Obj::Native(n) if matches!(n.awaitable(), Some(Awaitable::TaskGroup(_)))
                )
            })
            .map_err(|e| format!("task {i}: {e}"))?;
        }
        ctx.check(&t.frames, t.stack.len(), t.exc.len())
            .map_err(|e| format!("task {i}: {e}"))?;
    }
    Ok(())
}

/// The heap's slots, with the checks on references into them.
struct Heaps<'a> {
    slots: &'a monty_stdlib::object::Slots,
}

impl Heaps<'_> {
    fn get(&self, id: ObjId) -> Result<&Obj, String> {
        match self.slots.get(id.0 as usize) {
            Some(Some(o)) => Ok(o),
            Some(None) => Err(format!("reference to freed object {}", id.0)),
            None => Err(format!("reference to missing object {}", id.0)),
        }
    }

    /// A value held somewhere: its reference (or native id) must resolve.
    fn value(&self, v: Value) -> Result<(), String> {
        match v {
            Value::Ref(id) => self.get(id).map(|_| ()),
            Value::Native(id) if !monty_stdlib::registry::native_exists(id) => {
                Err(format!("unknown native function {}.{}", id.module, id.func))
            }
            _ => Ok(()),
        }
    }

    /// A reference the VM dereferences as one kind of object.
    fn expect(&self, v: Value, what: &str, is: impl Fn(&Obj) -> bool) -> Result<(), String> {
        let Value::Ref(id) = v else {
            return Err(format!("expected a {what}"));
        };
        if is(self.get(id)?) {
            Ok(())
        } else {
            Err(format!("object {} is not a {what}", id.0))
        }
    }

    fn class(&self, id: ObjId) -> Result<(), String> {
        self.expect(Value::Ref(id), "class", |o| matches!(o, Obj::Class(_)))
    }

    /// The free list names freed slots, each once.
    fn check_free_list(&self, free: &[u32]) -> Result<(), String> {
        let mut seen = vec![false; self.slots.len()];
        for &i in free {
            match self.slots.get(i as usize) {
                Some(None) if !seen[i as usize] => seen[i as usize] = true,
                _ => return Err(format!("bad free slot {i}")),
            }
        }
        Ok(())
    }
}

fn check_object(
    heap: &Heaps,
    program: &Program,
    verified: &[Verified],
    ntasks: usize,
    obj: &Obj,
) -> Result<(), String> {
    let mut bad = None;
    obj.for_each_child(&mut |v| {
        if bad.is_none() {
            bad = heap.value(v).err();
        }
    });
    if let Some(e) = bad {
        return Err(e);
    }
    let code = |i: u32| -> Result<&Code, String> {
        program
            .codes
            .get(i as usize)
            .ok_or_else(|| format!("code {i} out of range"))
    };
    let is_seq = |o: &Obj| matches!(o, Obj::List(_) | Obj::Tuple(_) | Obj::Str(_));
    let is_dict = |o: &Obj| matches!(o, Obj::Dict(_) | Obj::Set(_) | Obj::FrozenSet(_));
    match obj {
        Obj::Str(s) if s.ascii != s.s.is_ascii() => Err("str with a wrong ASCII flag".into()),
        Obj::Range(r) if r.step == 0 => Err("range with step 0".into()),
        Obj::Function(f) => {
            let c = code(f.code)?;
            if f.closure.len() != c.freevars.len() {
                return Err("closure does not match its code".into());
            }
            for cell in &f.closure {
                heap.expect(*cell, "cell", |o| matches!(o, Obj::Cell(_)))?;
            }
            let attrs = f.attrs.as_deref();
            for d in attrs.into_iter().flat_map(|a| [a.dict, a.names]) {
                if !d.is_none() {
                    heap.expect(d, "dict", |o| matches!(o, Obj::Dict(_)))?;
                }
            }
            Ok(())
        }
        Obj::Exception(e) => {
            for tb in &e.traceback {
                code(tb.code)?;
            }
            if !e.exceptions.is_empty() && !e.kind.is_group() {
                return Err("sub-exceptions on an exception that is not a group".into());
            }
            for &sub in &e.exceptions {
                heap.expect(sub, "exception", |o| matches!(o, Obj::Exception(_)))?;
            }
            e.class.map_or(Ok(()), |c| heap.class(c))
        }
        Obj::Class(c) => {
            c.mro.iter().try_for_each(|id| heap.class(*id))?;
            c.meta.map_or(Ok(()), |m| heap.class(m))
        }
        Obj::Instance(i) => heap.class(i.class),
        Obj::Super { class, .. } => heap.class(*class),
        Obj::DictView(d, _) => heap.expect(Value::Ref(*d), "dict", is_dict),
        Obj::Generator(g) => {
            let c = code(g.code)?;
            if matches!(g.state, GenState::Created | GenState::Suspended) {
                let nlocals = c.nlocals as usize;
                if g.ip as usize >= c.ops.len() || g.saved.len() < nlocals {
                    return Err("generator outside its code".into());
                }
                // resuming a suspended generator pushes the sent value
                let pushed = usize::from(g.state == GenState::Suspended);
                let handlers: Vec<(u32, usize)> = g
                    .handlers
                    .iter()
                    .map(|&(target, stack_len, _)| (target, stack_len as usize))
                    .collect();
                let saved = Saved {
                    ip: g.ip as usize,
                    height: g.saved.len() - nlocals,
                    pushed,
                    nlocals,
                    handlers: &handlers,
                };
                saved
                    .check(&verified[g.code as usize])
                    .map_err(|e| format!("generator: {e}"))?;
            }
            Ok(())
        }
        Obj::Iter(it) => match it {
            Iter::Seq { seq, .. } | Iter::Reversed { seq, .. } => {
                heap.expect(Value::Ref(*seq), "sequence", is_seq)
            }
            Iter::Str { s, pos } => match heap.get(*s)? {
                Obj::Str(st) if st.s.is_char_boundary(*pos) => Ok(()),
                _ => Err("str iterator out of its str".into()),
            },
            Iter::Dict { dict, .. } => heap.expect(Value::Ref(*dict), "dict", is_dict),
            Iter::Range { step: 0, .. } => Err("range iterator with step 0".into()),
            _ => Ok(()),
        },
        Obj::Native(n) => match n.awaitable() {
            Some(Awaitable::Task(t)) if *t as usize >= ntasks => {
                Err(format!("task {t} out of range"))
            }
            Some(Awaitable::Condition { lock, .. }) => heap.expect(*lock, "lock", |o| {
                matches!(
                    o,
                    Obj::Native(l)
                        if matches!(l.awaitable(), Some(Awaitable::Sync(SyncPrim::Semaphore { .. })))
                )
            }),
            Some(Awaitable::TaskGroup(g))
                if g.phase != GroupPhase::New && g.parent as usize >= ntasks =>
            {
                Err(format!(
                    "task group's parent task {} out of range",
                    g.parent
                ))
            }
            _ => Ok(()),
        },
        Obj::BoundNative { func, .. } if !monty_stdlib::registry::native_exists(*func) => {
            Err("unknown native function".into())
        }
        _ => Ok(()),
    }
}

/// What a frame-stack check needs: the heap and the verified program.
struct Frames<'a> {
    heap: &'a Heaps<'a>,
    program: &'a Program,
    verified: &'a [Verified],
}

impl Frames<'_> {
    /// A frame stack over an operand stack of `stack_len` values and
    /// `exc_len` handled exceptions. Each code frame owns the stack from
    /// its base (locals, then operands) up to where the next frame's call
    /// began (its `ret_to`); the last one up to `stack_len`. Every frame
    /// gets a value pushed when it runs again: the result of the call in
    /// progress, the yielded or awaited value, or the host's answer.
    fn check(&self, frames: &[Frame], stack_len: usize, exc_len: usize) -> Result<(), String> {
        let mut floor = 0;
        for (i, f) in frames.iter().enumerate() {
            let e = |what: &str| Err(format!("frame {i}: {what}"));
            let (base, ret_to) = (f.base as usize, f.ret_to as usize);
            if base < floor || base > stack_len || ret_to > stack_len || ret_to > base {
                return e("outside the stack");
            }
            floor = base;
            if f.exc_depth as usize > exc_len {
                return e("exception depth out of range");
            }
            let above = frames.get(i + 1);
            let mut end = above.map_or(stack_len, |a| a.ret_to as usize);
            if end < base {
                return e("the next frame starts below it");
            }
            if f.code == CONSUMER_CODE {
                self.check_consumer(f, above, end)
                    .map_err(|m| format!("frame {i}: {m}"))?;
                continue;
            }
            let Some(code) = self.program.codes.get(f.code as usize) else {
                return e("code out of range");
            };
            let nlocals = code.nlocals as usize;
            if f.ip as usize >= code.ops.len() || base + nlocals > end {
                return e("outside its code");
            }
            for h in &f.handlers {
                if h.target as usize >= code.ops.len()
                    || h.stack_len as usize > stack_len
                    || h.exc_depth as usize > exc_len
                {
                    return e("handler out of range");
                }
            }
            // A frame whose instruction runs again after the call it paused
            // in (journal.rs) resumes before that instruction, with its
            // operands, and nothing pushed; the call is the orphan frame
            // above or, for a host call made by native code, the host's.
            let journal = f.journal.as_deref().filter(|j| j.awaiting != Value::Undef);
            if let Some(j) = journal {
                if j.ip != f.ip + 1
                    || !monty_stdlib::vm::journal::restartable(&code.ops[f.ip as usize])
                {
                    return e("a journal on an instruction that cannot run again");
                }
                let orphan_above = above.is_some_and(|a| a.boundary == Boundary::Orphan);
                if (j.from_host && above.is_some()) || (!j.from_host && !orphan_above) {
                    return e("a journal waiting for a call that is not there");
                }
                // native code may have kept values above the operands
                if j.height as usize > end || (j.height as usize) < base {
                    return e("a journal's operands outside its frame");
                }
                end = j.height as usize;
            }
            if f.boundary == Boundary::Orphan {
                let waits = i
                    .checked_sub(1)
                    .and_then(|b| frames[b].journal.as_deref())
                    .is_some_and(|j| j.awaiting != Value::Undef && !j.from_host);
                if !waits {
                    return e("an orphan frame whose caller does not wait for it");
                }
            }
            let is_generator_code = code.is_generator || code.is_coroutine;
            if is_generator_code != matches!(f.on_return, OnReturn::Generator(_)) {
                return e("generator code and frame do not match");
            }
            // A (non-coroutine) generator frame resumed by a `for` loop
            // makes its caller run the `ForIter` again when it returns.
            if let Some(a) = above {
                let reruns = matches!(a.on_return, OnReturn::Generator(_))
                    && a.boundary == Boundary::No
                    && self
                        .program
                        .codes
                        .get(a.code as usize)
                        .is_some_and(|c| !c.is_coroutine);
                if reruns
                    && (f.ip == 0
                        || !matches!(code.ops[f.ip as usize - 1], Op::ForIter(_) | Op::Send(_)))
                {
                    return e("a generator above a frame not in a for loop");
                }
            }
            let handlers: Vec<(u32, usize)> = f
                .handlers
                .iter()
                .map(|h| (h.target, (h.stack_len as usize).wrapping_sub(base)))
                .collect();
            let saved = Saved {
                ip: f.ip as usize,
                height: end - base - nlocals,
                pushed: usize::from(journal.is_none()),
                nlocals,
                handlers: &handlers,
            };
            saved
                .check(&self.verified[f.code as usize])
                .map_err(|m| format!("frame {i}: {m}"))?;
            match &f.on_return {
                OnReturn::Generator(g) => {
                    self.heap.expect(Value::Ref(*g), "generator", |o| {
                        matches!(o, Obj::Generator(_))
                    })?;
                }
                OnReturn::BuildClass(body) => {
                    self.heap
                        .expect(body.ns, "dict", |o| matches!(o, Obj::Dict(_)))?;
                    if let Some(m) = body.meta {
                        self.heap.class(m)?;
                    }
                }
                OnReturn::Consumer(_) => return e("consumer state on a code frame"),
                OnReturn::Normal | OnReturn::Init(_) => {}
            }
        }
        Ok(())
    }

    /// A consumer frame (`list(gen)`, ...) sits right below the frame of
    /// the generator it consumes, with nothing on the stack of its own.
    fn check_consumer(&self, f: &Frame, above: Option<&Frame>, end: usize) -> Result<(), String> {
        let OnReturn::Consumer(c) = &f.on_return else {
            return Err("consumer frame without a consumer".into());
        };
        let Value::Ref(gen) = c.gen else {
            return Err("consumer of a non-generator".into());
        };
        let is_generator = |o: &Obj| match o {
            Obj::Generator(g) => self
                .program
                .codes
                .get(g.code as usize)
                .is_some_and(|c| !c.is_coroutine),
            _ => false,
        };
        self.heap.expect(c.gen, "generator", is_generator)?;
        match above {
            Some(a) if matches!(a.on_return, OnReturn::Generator(g) if g == gen) => {}
            _ => return Err("consumer frame not below its generator".into()),
        }
        if end != f.base as usize {
            return Err("consumer frame with values on the stack".into());
        }
        if let ConsumerKind::Collect { args, slot, .. } = &c.kind {
            if *slot >= args.len() {
                return Err("consumer argument slot out of range".into());
            }
        }
        Ok(())
    }
}

/// A paused frame or generator, as saved: its resume point, the operand
/// values above its locals, and its active handlers as (target, stack
/// length relative to the frame's base).
struct Saved<'a> {
    ip: usize,
    height: usize,
    /// Values pushed when it resumes (the call's result, the sent value).
    pushed: usize,
    nlocals: usize,
    handlers: &'a [(u32, usize)],
}

impl Saved<'_> {
    /// The saved stack is what the verified code expects at the resume
    /// point, and so are the handlers. An exception raised into the frame
    /// instead of the pushed value finds its stack at no less than the
    /// innermost handler's level.
    fn check(&self, v: &Verified) -> Result<(), String> {
        let Some(depth) = v.depth_at(self.ip) else {
            return Err(format!("resumes at unreachable instruction {}", self.ip));
        };
        if self.height + self.pushed != depth as usize {
            return Err(format!(
                "{} values on its stack at instruction {}, which expects {}",
                self.height + self.pushed,
                self.ip,
                depth
            ));
        }
        let expected = v.handlers_at(self.ip);
        let matches = expected.len() == self.handlers.len()
            && expected
                .iter()
                .zip(self.handlers)
                .all(|(&(t, level), &(target, len))| {
                    t == target && len == self.nlocals + level as usize
                });
        if !matches {
            return Err(format!(
                "handlers at instruction {} do not match its code",
                self.ip
            ));
        }
        if let Some(&(_, level)) = expected.last() {
            if self.height < level as usize {
                return Err(format!(
                    "stack below its handler's level at instruction {}",
                    self.ip
                ));
            }
        }
        Ok(())
    }
}

/// Every instruction's operands index into the tables they name.
///
/// # Errors
/// The first instruction whose operand is out of range.
pub fn check_program(p: &Program) -> Result<(), String> {
    if p.codes.is_empty() {
        return Err("program without code".into());
    }
    for (ci, code) in p.codes.iter().enumerate() {
        check_code(p, code).map_err(|e| format!("code {ci}: {e}"))?;
    }
    Ok(())
}

fn check_code(p: &Program, code: &Code) -> Result<(), String> {
    let nops = code.ops.len();
    let nlocals = code.nlocals as usize;
    if code.lines.len() != nops || code.local_names.len() < nlocals {
        return Err("line or slot tables do not match".into());
    }
    let params = &code.params;
    let nparams = params.positional as usize
        + params.kwonly as usize
        + params.varargs as usize
        + params.varkw as usize;
    if params.posonly > params.positional || nparams > nlocals || params.names.len() < nparams {
        return Err("parameters do not fit the slots".into());
    }
    if code.class_cell.is_some_and(|c| c as usize >= nlocals) {
        return Err("class cell out of range".into());
    }
    if code
        .globals_dict
        .is_some_and(|g| g as usize >= p.globals.len())
    {
        return Err("globals dict slot out of range".into());
    }
    for (at, op) in code.ops.iter().enumerate() {
        let ok = |i: u32, n: usize| (i as usize) < n;
        let (slot, name, global, konst, target) = (
            |i| ok(i, nlocals),
            |i| ok(i, p.names.len()),
            |i| ok(i, p.globals.len()),
            |i| ok(i, p.consts.len()),
            |i| ok(i, nops),
        );
        let fine = match *op {
            Op::LoadConst(k) => konst(k),
            Op::LoadFastConst(s, k) => slot(s) && konst(k),
            Op::LoadFastFast(s, t) => slot(s) && slot(t),
            Op::LoadFastAttr(s, n) | Op::LoadFastMethod(s, n) => slot(s) && name(n),
            Op::LoadSuperMethod(s, n) => name(s) && name(n),
            Op::CallKw(_, k) => matches!(p.consts.get(k as usize), Some(Const::Tuple(_))),
            Op::LoadFast(s)
            | Op::StoreFast(s)
            | Op::DeleteFast(s)
            | Op::LoadDeref(s)
            | Op::StoreDeref(s)
            | Op::DeleteDeref(s)
            | Op::LoadClosure(s)
            | Op::MakeCell(s)
            | Op::MatchMapGet(s)
            | Op::MatchClassPos(_, s) => slot(s),
            Op::MatchAttr(n, s) => name(n) && slot(s),
            Op::LoadBuiltin(n)
            | Op::LoadAttr(n)
            | Op::StoreAttr(n)
            | Op::DeleteAttr(n)
            | Op::CallMethod(n, _)
            | Op::LoadMethod(n)
            | Op::CallLoaded(n, _)
            | Op::ImportName(n, _)
            | Op::ImportFrom(n)
            | Op::LoadName(n)
            | Op::StoreName(n)
            | Op::DeleteName(n)
            | Op::AnnotateName(n) => name(n),
            Op::LoadGlobal(g) | Op::StoreGlobal(g) | Op::DeleteGlobal(g) => global(g),
            Op::LoadGlobalNs(g, n)
            | Op::StoreGlobalNs(g, n)
            | Op::DeleteGlobalNs(g, n)
            | Op::LoadNameNs(g, n) => global(g) && name(n),
            Op::Jump(t)
            | Op::PopJumpIfFalse(t)
            | Op::PopJumpIfTrue(t)
            | Op::JumpIfFalseOrPop(t)
            | Op::JumpIfTrueOrPop(t)
            | Op::ForIter(t)
            | Op::Send(t)
            | Op::SetupExcept(t)
            | Op::WithExitExc(t) => target(t),
            Op::MakeFunction(c, _) => ok(c, p.codes.len()) && c != 0,
            _ => true,
        };
        if !fine {
            return Err(format!(
                "instruction {at} ({op:?}) has an operand out of range"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every program the compiler makes from the own test cases passes the
    /// program check (the check refuses nothing real).
    #[test]
    fn compiled_cases_pass_the_program_check() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/cases");
        let mut checked = 0;
        for entry in std::fs::read_dir(dir).expect("tests/cases") {
            let path = entry.expect("entry").path();
            if path.extension().is_none_or(|e| e != "py") {
                continue;
            }
            let source = std::fs::read_to_string(&path).expect("source");
            let predeclared: Vec<String> = ["echo", "add", "fail", "get_weather", "search"]
                .iter()
                .map(|s| s.to_string())
                .collect();
            if let Ok(program) = monty_compile::compile_source(&source, "t.py", &predeclared) {
                check_program(&program).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                checked += 1;
            }
        }
        assert!(checked > 400, "only {checked} programs compiled");
    }
}
