//! The instructions the loop in `dispatch.rs` runs out of line: rare ones
//! (imports, class bodies, pattern matching, `with`, deletes) and ones whose
//! work dwarfs a call (displays, f-string joins, star-unpacking). Keeping
//! them out of the loop's function keeps that function small enough for
//! Cranelift to hold its hot values in registers: with every arm inline,
//! the wasm module's loop spilled the linear-memory base and ran every
//! instruction through two loop headers (25% slower on `int_loops`).

use crate::object::{ExcType, Obj, Value};
use monty_compile::bytecode::{Op, Program, LIST_EXTEND_CALL_ARGS};

use super::{Exit, Handler, PyErr, PyResult, Vm};

/// Where the loop goes after an out-of-line instruction.
pub(super) enum Flow {
    /// On to the next instruction.
    Next,
    /// To this instruction of the same frame.
    Jump(usize),
    /// The frame changed (pushed, popped or switched): reload it.
    Frame,
    /// Leave the loop.
    Exit(Exit),
}

impl Vm {
    /// Runs the instruction before `ip` of frame `fi`, whose locals start
    /// at `base`. (It reads the op itself: an op passed by value is
    /// passed through memory in wasm, and the dispatch loop then kept
    /// every op it ran in its stack frame in linear memory.)
    #[inline(never)]
    pub(super) fn dispatch_cold(
        &mut self,
        ip: usize,
        fi: usize,
        base: usize,
        prog: &Program,
    ) -> PyResult<Flow> {
        let code = &prog.codes[self.frames[fi].code as usize];
        let ops = &code.ops[..];
        match ops[ip - 1] {
            Op::DeleteFast(s) => {
                if let Value::Undef = self.stack[base + s as usize] {
                    return Err(self.unbound_local(code, s));
                }
                self.stack[base + s as usize] = Value::Undef;
            }
            Op::DeleteDeref(s) => {
                self.cell_set(self.stack[base + s as usize], Value::Undef);
            }
            Op::DeleteGlobal(g) => {
                if let Value::Undef = self.globals[g as usize] {
                    let name = &prog.globals[g as usize];
                    return Err(self.name_error(name));
                }
                self.globals[g as usize] = Value::Undef;
            }
            Op::DeleteAttr(n) => {
                let obj = self.top();
                let name = &prog.names[n as usize];
                self.in_place(1, |vm| vm.del_attr(obj, name))?;
            }
            Op::DeleteSubscr => {
                let n2 = self.stack.len();
                let (obj, idx) = (self.stack[n2 - 2], self.stack[n2 - 1]);
                self.in_place(2, |vm| vm.del_item(obj, idx))?;
            }
            Op::DupTwo => {
                let n = self.stack.len();
                let (a, b) = (self.stack[n - 2], self.stack[n - 1]);
                self.stack.push(a);
                self.stack.push(b);
            }
            Op::Rot3 => {
                let v = self.pop();
                let n = self.stack.len();
                self.stack.insert(n - 2, v);
            }
            Op::Send(t) => match self.send_step()? {
                SendStep::Next => {}
                SendStep::Resumed => return Ok(Flow::Frame),
                SendStep::Done => {
                    return Ok(Flow::Jump(t as usize));
                }
            },
            Op::BuildSet(n) => {
                let items = self.stack[self.stack.len() - n as usize..].to_vec();
                let v = self.in_place(n as usize, |vm| vm.new_set_of(items, false))?;
                self.stack.push(v);
            }
            Op::ListExtend(arg) => {
                let d = arg & !LIST_EXTEND_CALL_ARGS;
                let v = self.top();
                let items = match self.in_place(1, |vm| vm.collect_iterable(v)) {
                    Ok(items) => items,
                    Err(PyErr::Suspend) => return Err(PyErr::Suspend),
                    Err(e) => {
                        let callable = (arg & LIST_EXTEND_CALL_ARGS != 0)
                            .then(|| self.stack[self.stack.len() - d as usize - 2]);
                        return Err(self.name_star_error(e, v, callable));
                    }
                };
                let target = self.stack[self.stack.len() - d as usize];
                if let Value::Ref(id) = target {
                    if let Obj::List(l) = self.heap.get_mut(id) {
                        l.extend(items);
                    }
                }
            }
            Op::SetUpdate(d) => {
                let v = self.top();
                let target = self.stack[self.stack.len() - 1 - d as usize];
                self.in_place(1, |vm| {
                    let items = vm.collect_iterable(v)?;
                    for it in items {
                        if let Value::Ref(id) = target {
                            vm.insert_keyed(id, it, Value::None, true)?;
                        }
                    }
                    Ok(())
                })?;
            }
            Op::DictUpdate(d) => {
                let src = self.top();
                let target = self.stack[self.stack.len() - 1 - d as usize];
                self.in_place(1, |vm| vm.dict_update_from(target, src, false))?;
            }
            Op::DictMerge(d) => {
                // Stack: callable, positional tuple, keyword dict.
                let src = self.pop();
                let target = self.stack[self.stack.len() - d as usize];
                if let Err(e) = self.dict_update_from(target, src, true) {
                    let callable = self.stack[self.stack.len() - d as usize - 2];
                    return Err(self.name_call_error(e, callable));
                }
            }
            Op::ListToTuple => {
                let v = self.pop();
                let items = match v {
                    Value::Ref(id) => match self.heap.get_mut(id) {
                        Obj::List(l) => l.take(),
                        _ => Vec::new(),
                    },
                    _ => Vec::new(),
                };
                let t = self.new_tuple(items);
                self.stack.push(t);
            }
            Op::UnpackEx(spec) => {
                let before = (spec >> 16) as usize;
                let after = (spec & 0xffff) as usize;
                let v = self.top();
                let mut items = self.in_place(1, |vm| {
                    let it = vm.get_iter(v).map_err(|e| match e {
                        PyErr::Suspend => e,
                        _ if vm.has_iter_slot(v) => e,
                        _ => PyErr::type_error(format!(
                            "cannot unpack non-iterable {} object",
                            vm.class_name(v)
                        )),
                    })?;
                    vm.collect_iterable(it)
                })?;
                if items.len() < before + after {
                    return Err(PyErr::value_error(format!(
                        "not enough values to unpack (expected at least {}, got {})",
                        before + after,
                        items.len()
                    )));
                }
                let tail = items.split_off(items.len() - after);
                let middle = items.split_off(before);
                for t in tail.into_iter().rev() {
                    self.stack.push(t);
                }
                let m = self.new_list(middle);
                self.stack.push(m);
                for h in items.into_iter().rev() {
                    self.stack.push(h);
                }
            }
            Op::MakeFunction(code_idx, flags) => {
                let f = self.make_function(code_idx, flags);
                self.stack.push(f);
            }
            Op::CallEx(has_kw) => {
                if self.call_ex(has_kw != 0)? {
                    return Ok(Flow::Frame);
                }
                if self.pending.is_some() {
                    return Ok(Flow::Exit(Exit::Pause));
                }
            }
            Op::Raise(kind) => return Err(self.do_raise(kind)?),
            Op::PopExcept => {
                self.exc_stack.pop();
            }
            Op::ExcMatch => {
                let ty = self.pop();
                let exc = self.top();
                let m = self.exception_matches(exc, ty)?;
                self.stack.push(Value::Bool(m));
            }
            Op::Reraise => {
                let exc = self.pop();
                self.exc_stack.pop();
                return Err(PyErr::Reraise(exc));
            }
            Op::SetResult => {
                self.result = self.pop();
            }
            Op::LoadAssertionError => self.stack.push(Value::ExcType(ExcType::AssertionError)),
            Op::ImportName(n, mode) => {
                let name = &prog.names[n as usize];
                if mode == 2 {
                    return Err(PyErr::new(
                        ExcType::ImportError,
                        "attempted relative import with no known parent package",
                    ));
                }
                let leaf = crate::lib().import_module(self, name)?;
                let v = if mode == 1 {
                    crate::lib().import_module(self, name.split('.').next().unwrap_or(name))?
                } else {
                    leaf
                };
                self.stack.push(v);
            }
            Op::LoadName(n) => {
                let name = &prog.names[n as usize];
                let ns = self.stack[base];
                let found = match ns {
                    Value::Ref(id) => match self.heap.get(id) {
                        Obj::Dict(d) => d.get_str(name),
                        _ => None,
                    },
                    _ => None,
                };
                let v = match found {
                    Some(v) => v,
                    None => match prog.globals.iter().position(|g| g == name) {
                        Some(g) if !matches!(self.globals[g], Value::Undef) => self.globals[g],
                        // (code `exec` runs with a function's locals)
                        _ if name == "__name__" => self.new_str("__main__"),
                        _ => self.builtin_by_name(name)?,
                    },
                };
                self.stack.push(v);
            }
            Op::LoadNameNs(g, n) => {
                let name = &prog.names[n as usize];
                let v = match self.dict_get_name(self.stack[base], name) {
                    Some(v) => v,
                    None => self.global_ns_get(g, name)?,
                };
                self.stack.push(v);
            }
            Op::LoadGlobalNs(g, n) => {
                let v = self.global_ns_get(g, &prog.names[n as usize])?;
                self.stack.push(v);
            }
            Op::StoreGlobalNs(g, n) => {
                let v = self.pop();
                let name = &prog.names[n as usize];
                let key = self.new_str(name.as_str());
                if let Value::Ref(id) = self.globals[g as usize] {
                    if let Obj::Dict(d) = self.heap.get_mut(id) {
                        d.insert(crate::object::HashKey::Str(name.as_str().into()), key, v);
                    }
                }
            }
            Op::DeleteGlobalNs(g, n) => {
                let name = &prog.names[n as usize];
                let removed = match self.globals[g as usize] {
                    Value::Ref(id) => match self.heap.get_mut(id) {
                        Obj::Dict(d) => d
                            .remove(&crate::object::HashKey::Str(name.as_str().into()))
                            .is_some(),
                        _ => false,
                    },
                    _ => false,
                };
                if !removed {
                    return Err(self.name_error(name));
                }
            }
            Op::StoreName(n) => {
                let v = self.pop();
                let name = &prog.names[n as usize];
                let key = self.new_str(name.as_str());
                if let Value::Ref(id) = self.stack[base] {
                    if let Obj::Dict(d) = self.heap.get_mut(id) {
                        d.insert(crate::object::HashKey::Str(name.as_str().into()), key, v);
                    }
                }
            }
            Op::WithEnter => {
                let mgr = self.top();
                let v = self.in_place(0, |vm| {
                    // CPython 3.14 looks `__exit__` up first.
                    vm.context_method(mgr, "__exit__")?;
                    vm.context_call(mgr, "__enter__", vec![])
                })?;
                if let Some(&Op::SetupExcept(target)) = ops.get(ip) {
                    // the `with` body's handler, at the manager's
                    // level (see `Op::WithEnter`)
                    let h = Handler {
                        target,
                        stack_len: self.stack.len() as u32,
                        exc_depth: self.exc_stack.len() as u32,
                    };
                    self.frames[fi].handlers.push(h);
                    self.stack.push(v);
                    return Ok(Flow::Jump(ip + 1));
                }
                self.stack.push(v);
            }
            Op::WithExit => {
                let mgr = self.top();
                self.in_place(1, |vm| {
                    let none3 = vec![Value::None, Value::None, Value::None];
                    vm.context_call(mgr, "__exit__", none3)
                })?;
            }
            Op::WithExitExc(target) => {
                let n2 = self.stack.len();
                let (mgr, exc) = (self.stack[n2 - 2], self.stack[n2 - 1]);
                let ty = self.type_value(exc);
                let suppress = self.in_place(2, |vm| {
                    let r = vm.context_call(mgr, "__exit__", vec![ty, exc, Value::None])?;
                    vm.truthy(r)
                })?;
                self.exc_stack.pop();
                if suppress {
                    return Ok(Flow::Jump(target as usize));
                } else {
                    return Err(PyErr::Reraise(exc));
                }
            }
            Op::MatchSequence(fixed, star) => {
                let v = self.pop();
                let r = self.match_sequence(v, fixed as usize, star != 0)?;
                self.stack.push(Value::Bool(r));
            }
            Op::MatchMapping => {
                let v = self.pop();
                let r = self.match_mapping(v);
                self.stack.push(Value::Bool(r));
            }
            Op::MatchMapGet(slot) => {
                let key = self.pop();
                let map = self.pop();
                let found = self.match_map_get(map, key)?;
                self.store_match(base, slot, found);
            }
            Op::DictWithout => {
                let keys = self.pop();
                let map = self.pop();
                let d = self.dict_without(map, keys)?;
                self.stack.push(d);
            }
            Op::MatchClass(npos) => {
                let cls = self.pop();
                let v = self.pop();
                let r = self.match_class(v, cls, npos as usize)?;
                self.stack.push(Value::Bool(r));
            }
            Op::MatchClassPos(i, slot) => {
                let cls = self.pop();
                let v = self.pop();
                let found = self.match_class_pos(v, cls, i as usize)?;
                self.store_match(base, slot, found);
            }
            Op::MatchAttr(n, slot) => {
                let v = self.pop();
                let found = self.match_attr(v, &prog.names[n as usize])?;
                self.store_match(base, slot, found);
            }
            Op::Await => {
                let v = self.pop();
                let (changed, exit) = self.await_value(v)?;
                if let Some(exit) = exit {
                    return Ok(Flow::Exit(exit));
                }
                if changed {
                    return Ok(Flow::Frame);
                }
            }
            Op::AnnotateName(n) => {
                let ann = self.pop();
                let name = prog.names[n as usize].clone();
                self.annotate_class_name(self.stack[base], &name, ann);
            }
            Op::DeleteName(n) => {
                let name = &prog.names[n as usize];
                let removed = match self.stack[base] {
                    Value::Ref(id) => match self.heap.get_mut(id) {
                        Obj::Dict(d) => d
                            .remove(&crate::object::HashKey::Str(name.as_str().into()))
                            .is_some(),
                        _ => false,
                    },
                    _ => false,
                };
                if !removed {
                    return Err(self.name_error(name));
                }
            }
            Op::BuildClass(nbases) => {
                self.start_class_body(nbases, None)?;
                return Ok(Flow::Frame);
            }
            Op::BuildClassMeta(nbases) => {
                let meta = self.pop();
                self.start_class_body(nbases, Some(meta))?;
                return Ok(Flow::Frame);
            }
            Op::ImportFrom(n) => {
                let m = self.top();
                let v = crate::lib().import_from(self, m, &prog.names[n as usize])?;
                self.stack.push(v);
            }
            Op::AsyncWithEnter => {
                let mgr = self.top();
                let aw = self.in_place(0, |vm| vm.async_context_call(mgr, "__aenter__", vec![]))?;
                self.stack.push(aw);
            }
            Op::AsyncWithExit => {
                let mgr = self.top();
                let aw = self.in_place(1, |vm| {
                    let none3 = vec![Value::None, Value::None, Value::None];
                    vm.async_context_call(mgr, "__aexit__", none3)
                })?;
                self.stack.push(aw);
            }
            Op::AsyncWithExitExc => {
                let n2 = self.stack.len();
                let (mgr, exc) = (self.stack[n2 - 2], self.stack[n2 - 1]);
                let ty = self.type_value(exc);
                let aw = self.in_place(0, |vm| {
                    vm.async_context_call(mgr, "__aexit__", vec![ty, exc, Value::None])
                })?;
                self.stack.push(aw);
            }
            Op::AsyncWithCheck(target) => {
                let n3 = self.stack.len();
                let (exc, r) = (self.stack[n3 - 2], self.stack[n3 - 1]);
                let suppress = self.in_place(3, |vm| vm.truthy(r))?;
                self.exc_stack.pop();
                if suppress {
                    return Ok(Flow::Jump(target as usize));
                }
                return Err(PyErr::Reraise(exc));
            }
            Op::GetAIter => {
                let v = self.top();
                let it = self.in_place(1, |vm| vm.get_aiter(v))?;
                self.stack.push(it);
            }
            Op::GetANext => {
                let it = self.top();
                let aw = self.in_place(0, |vm| vm.get_anext(it))?;
                self.stack.push(aw);
            }
            Op::EndAsyncFor => {
                if !self.end_async_for() {
                    let exc = self.pop();
                    return Err(PyErr::Reraise(exc));
                }
            }
            Op::ExceptStarMatch => {
                let (rest, ty) = (self.peek(1), self.top());
                let (m, r) = self.in_place(2, |vm| vm.except_star_match(rest, ty))?;
                self.stack.push(m);
                self.stack.push(r);
            }
            Op::PushExcInfo => {
                let exc = self.top();
                self.exc_stack.push(exc);
            }
            Op::ExceptStarReraise => {
                let (orig, raised, rest) = (self.peek(2), self.peek(1), self.top());
                let raised = match raised {
                    Value::Ref(id) => match self.heap.get(id) {
                        Obj::List(items) => items.to_vec(),
                        _ => Vec::new(),
                    },
                    _ => Vec::new(),
                };
                let result = self.in_place(3, |vm| vm.except_star_result(orig, raised, rest))?;
                if !result.is_none() {
                    self.exc_stack.pop();
                    return Err(PyErr::Reraise(result));
                }
            }
            op => unreachable!("a hot instruction reached dispatch_cold: {op:?}"),
        }
        Ok(Flow::Next)
    }
}

/// What `Send` did (`Vm::send_step`).
enum SendStep {
    /// The sub-iterator's next item replaced the sent value.
    Next,
    /// A sub-generator's frame was pushed: it runs next.
    Resumed,
    /// The sub-iterator is done: its return value replaced both operands.
    Done,
}

impl Vm {
    /// `Send` (`yield from`), out of the loop's code: stack: the
    /// sub-iterator, the value to send.
    #[inline(never)]
    fn send_step(&mut self) -> PyResult<SendStep> {
        let n2 = self.stack.len();
        let (it, v) = (self.stack[n2 - 2], self.stack[n2 - 1]);
        if let Some(g) = self.as_generator(it) {
            if self.gen_state(g) == crate::object::GenState::Done {
                let r = self.take_generator_return(g);
                self.stack.truncate(n2 - 2);
                self.stack.push(r);
                return Ok(SendStep::Done);
            }
            // its frame runs; what it yields comes back in the sent
            // value's place
            self.stack.pop();
            self.resume_generator(g, v, false)?;
            return Ok(SendStep::Resumed);
        }
        if !v.is_none() {
            return Err(PyErr::new(
                ExcType::AttributeError,
                format!("'{}' object has no attribute 'send'", self.class_name(it)),
            ));
        }
        match self.in_place(1, |vm| vm.iter_next(it))? {
            Some(y) => {
                self.stack.push(y);
                Ok(SendStep::Next)
            }
            None => {
                self.stack.pop();
                self.stack.push(Value::None);
                Ok(SendStep::Done)
            }
        }
    }
}

impl Vm {
    /// Stores a found sub-value of a pattern in its slot and pushes whether
    /// it was found.
    fn store_match(&mut self, base: usize, slot: u32, found: Option<Value>) {
        match found {
            Some(v) => {
                self.stack[base + slot as usize] = v;
                self.stack.push(Value::Bool(true));
            }
            None => self.stack.push(Value::Bool(false)),
        }
    }
}

impl Vm {
    /// `d[name]` if `d` is a dict holding the str key `name`.
    fn dict_get_name(&self, d: Value, name: &str) -> Option<Value> {
        match d {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Dict(d) => d.get_str(name),
                _ => None,
            },
            _ => None,
        }
    }

    /// Global `name` of code whose globals are the dict in global slot
    /// `g` (`exec`/`eval` with a globals dict), else the builtin.
    fn global_ns_get(&mut self, g: u32, name: &str) -> PyResult<Value> {
        match self.dict_get_name(self.globals[g as usize], name) {
            Some(v) => Ok(v),
            None => self.builtin_by_name(name),
        }
    }
}
