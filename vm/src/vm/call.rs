//! Calls: binding arguments to parameters with CPython's error messages,
//! pushing frames for Python functions, dispatching builtins, types,
//! builtin methods and host functions (which pause the run), and
//! synchronous callbacks from native code (`key=` functions).

use crate::object::{Dict, ExcType, Exception, Obj, ObjId, Value};

use super::journal::{served, Opened};
use super::{Exit, Frame, PendingCall, PyErr, PyResult, Vm, MAX_NATIVE_DEPTH};

pub use super::Kwargs;

impl Vm {
    /// Calls the callable below `argc` arguments on the stack; the last
    /// arguments are keywords named by constant `kwnames`. Returns whether a
    /// Python frame was pushed; otherwise the result is on the stack, or
    /// `self.pending` is set for a host call.
    pub(super) fn call(&mut self, argc: usize, kwnames: Option<u32>) -> PyResult<bool> {
        self.call_to(self.stack.len() - argc - 1, argc, kwnames)
    }

    /// [`Vm::call`] whose result goes to stack slot `ret`: the callee's
    /// slot, or the one below it (`CallLoaded`: the marker under an
    /// attribute called as it is).
    pub(super) fn call_to(
        &mut self,
        ret: usize,
        argc: usize,
        kwnames: Option<u32>,
    ) -> PyResult<bool> {
        let fpos = self.stack.len() - argc - 1;
        let callee = self.stack[fpos];
        if let Value::Ref(id) = callee {
            if let Obj::Function(f) = self.heap.get(id) {
                let p = &self.program.codes[f.code as usize].params;
                if kwnames.is_none() && p.binds_exactly(argc) {
                    let code_idx = f.code;
                    // the closure cells go right after the arguments
                    if !f.closure.is_empty() {
                        self.stack.extend_from_slice(&f.closure);
                    }
                    self.push_frame(code_idx, fpos + 1, ret, &[], false)?;
                    // (a generator function pushed its generator instead:
                    // reloading the caller's frame is then a no-op)
                    return Ok(true);
                }
                let (pos, kw) = self.take_args(fpos, argc, kwnames);
                self.stack.truncate(ret);
                self.stack.push(callee);
                self.enter_function(id, pos, kw, false)?;
                return Ok(true);
            }
            if kwnames.is_none() && self.enter_plain_class(id, argc, ret) {
                return Ok(true);
            }
        }
        if argc == 1 && kwnames.is_none() {
            if let Some(r) = self.quick_builtin1(callee, self.stack[fpos + 1]) {
                self.stack.truncate(ret);
                self.stack.push(r);
                return Ok(false);
            }
        }
        let (pos, kw) = self.copy_args(fpos, argc, kwnames);
        self.call_native(ret, callee, pos, kw)
    }

    /// `f(*args, **kwargs)`: a tuple and optionally a dict on the stack.
    pub(super) fn call_ex(&mut self, has_kw: bool) -> PyResult<bool> {
        let fpos = self.stack.len() - 2 - has_kw as usize;
        let kw = has_kw.then(|| self.stack[fpos + 2]);
        let args = self.stack[fpos + 1];
        let callee = self.stack[fpos];
        let pos = match args {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Tuple(t) => t.clone(),
                _ => self.collect_iterable(args)?,
            },
            _ => self.collect_iterable(args)?,
        };
        let mut kwargs = Vec::new();
        if let Some(Value::Ref(id)) = kw {
            if let Obj::Dict(d) = self.heap.get(id) {
                for (k, v) in d.entries() {
                    let name = super::as_str(&self.heap, k).unwrap_or("").to_string();
                    kwargs.push((name, v));
                }
            }
        }
        if let Value::Ref(id) = callee {
            if let Obj::Function(_) = self.heap.get(id) {
                self.stack.truncate(fpos);
                self.stack.push(callee);
                self.enter_function(id, pos, kwargs, false)?;
                return Ok(true);
            }
        }
        self.call_native(fpos, callee, pos, kwargs)
    }

    /// `obj.name(args)` with `argc` positional arguments on the stack above
    /// `obj`; builtin methods run without creating a bound method.
    /// `name` is the program's name number `name_index`. The result goes
    /// to stack slot `ret` (`obj`'s, or the one below it: `CallLoaded`).
    pub(super) fn call_method(
        &mut self,
        name: &str,
        name_index: u32,
        argc: usize,
        ret: usize,
    ) -> PyResult<bool> {
        let opos = self.stack.len() - argc - 1;
        let obj = self.stack[opos];
        // (`quick_method` has taken the common str and list methods,
        // `dict.get` and plain Python methods already)
        if name == "join" && argc == 1 && super::as_str(&self.heap, obj).is_some() {
            let arg = self.stack[opos + 1];
            if self.as_generator(arg).is_some() {
                // The consumer frame takes the place of `obj` and the argument.
                let method = self.heap.new_value(Obj::BuiltinMethod(obj, "join".into()));
                if self.try_start_consumer(ret, method, &[arg], &Vec::new())? {
                    return Ok(true);
                }
            }
        }
        // (instances have no builtin methods: theirs are looked up first)
        if let Some(pushed) =
            self.try_instance_method_call(obj, name, name_index, opos, argc, ret)?
        {
            return Ok(pushed);
        }
        if let Some(r) = self.try_builtin_method_call(obj, name, opos)? {
            self.stack.truncate(ret);
            self.stack.push(r);
            return Ok(false);
        }
        let f = self
            .get_attr(obj, name)
            .map_err(|e| self.attribute_error_context(e, obj, name))?;
        self.stack[opos] = f;
        let r = self.call_to(ret, argc, None);
        if let Err(PyErr::Suspend) = r {
            // the instruction runs again from its operands
            self.stack[opos] = obj;
        }
        r
    }

    /// `inst.method(args)` for a plain function found on the class: the
    /// instance already sits where `self` goes, so no bound method is made.
    fn try_instance_method_call(
        &mut self,
        obj: Value,
        name: &str,
        name_index: u32,
        opos: usize,
        argc: usize,
        ret: usize,
    ) -> PyResult<Option<bool>> {
        let Value::Ref(id) = obj else { return Ok(None) };
        let cls = match self.heap.get(id) {
            Obj::Instance(i) if i.attrs.get_str(name).is_none() => i.class,
            _ => return Ok(None),
        };
        let Some(f @ Value::Ref(fid)) = self.class_lookup_name(cls, name_index) else {
            return Ok(None);
        };
        let Obj::Function(func) = self.heap.get(fid) else {
            return Ok(None);
        };
        let p = &self.program.codes[func.code as usize].params;
        if p.binds_exactly(argc + 1) {
            let code = func.code;
            // the closure cells go right after the arguments
            if !func.closure.is_empty() {
                self.stack.extend_from_slice(&func.closure);
            }
            self.push_frame(code, opos, ret, &[], false)?;
            return Ok(Some(true));
        }
        let pos = self.stack.split_off(opos);
        self.stack.truncate(ret);
        self.stack.push(f);
        self.enter_function(fid, pos, Vec::new(), false)?;
        Ok(Some(true))
    }

    fn try_builtin_method_call(
        &mut self,
        obj: Value,
        name: &str,
        opos: usize,
    ) -> PyResult<Option<Value>> {
        use crate::builtins::methods;
        // (an object's method from its type's table is looked up once;
        // types, whose unbound methods come first, and natives go the
        // long way)
        let found = match obj {
            Value::Type(_) => None,
            _ => methods::table_method(self, obj, name).flatten(),
        };
        if found.is_none() && !methods::has_method(self, obj, name) {
            return Ok(None);
        }
        let args = self.stack[opos + 1..].to_vec();
        let height = Some(self.stack.len() as u32);
        let outer = self.set_restartable(height);
        let r = match found {
            Some(m) => methods::call_found(self, obj, m, args, Vec::new()),
            None => methods::call_method(self, obj, name, args, Vec::new()),
        };
        self.set_restartable(outer);
        let r = r?;
        if self.suspending {
            // native code caught the pause: the instruction runs again
            return Err(PyErr::Suspend);
        }
        Ok(Some(r))
    }

    /// Pops the callable and its arguments, splitting keywords off.
    fn take_args(
        &mut self,
        fpos: usize,
        argc: usize,
        kwnames: Option<u32>,
    ) -> (Vec<Value>, Kwargs) {
        let r = self.copy_args(fpos, argc, kwnames);
        self.stack.truncate(fpos);
        r
    }

    /// The arguments of the call whose callable is at `fpos`, keywords
    /// split off, left on the stack (so the call can run again after a
    /// pause inside native code: `journal.rs`).
    fn copy_args(
        &mut self,
        fpos: usize,
        argc: usize,
        kwnames: Option<u32>,
    ) -> (Vec<Value>, Kwargs) {
        let mut pos = self.stack[fpos + 1..].to_vec();
        let mut kw = Vec::new();
        if let Some(k) = kwnames {
            let names = match self.consts[k as usize] {
                Value::Ref(id) => match self.heap.get(id) {
                    Obj::Tuple(t) => t.clone(),
                    _ => Vec::new(),
                },
                _ => Vec::new(),
            };
            let vals = pos.split_off(argc - names.len());
            for (n, v) in names.iter().zip(vals) {
                kw.push((super::as_str(&self.heap, *n).unwrap_or("").to_string(), v));
            }
        }
        (pos, kw)
    }

    /// Calls anything that is not a Python function, whose callable and
    /// arguments are on the stack above `fpos`; pushes the result in their
    /// place (at `fpos`). Native code runs with them left there, so the
    /// instruction can run again after a pause inside it.
    fn call_native(
        &mut self,
        fpos: usize,
        callee: Value,
        mut pos: Vec<Value>,
        kw: Kwargs,
    ) -> PyResult<bool> {
        if let Value::Native(n) = callee {
            if crate::lib().is_asyncio_run(n) && self.native_depth == 0 {
                self.stack.truncate(fpos);
                return self.asyncio_run(pos, kw);
            }
        }
        if let Value::Builtin(
            b @ (crate::builtins::builtin::Builtin::Eval | crate::builtins::builtin::Builtin::Exec),
        ) = callee
        {
            return self.call_snippet(fpos, b, pos, kw);
        }
        if self.try_start_consumer(fpos, callee, &pos, &kw)? {
            return Ok(true);
        }
        if let Value::Ref(id) = callee {
            match self.heap.get(id) {
                Obj::External(ext) => {
                    let (name, is_async) = (ext.name.clone(), ext.is_async);
                    self.stack.truncate(fpos);
                    self.call_external(name, is_async, pos, kw)?;
                    return Ok(false);
                }
                // Frames, not nested loops, so `__init__` and methods can
                // call the host (pause) like any other code. (A metaclass's
                // `__call__` is native code: the restartable path below.)
                Obj::Class(c)
                    if c.meta.is_none() || self.meta_method(callee, "__call__").is_none() =>
                {
                    self.stack.truncate(fpos);
                    return match self.instantiate(id, pos, kw, false)? {
                        super::class::Instantiated::Done(v) => {
                            self.stack.push(v);
                            Ok(false)
                        }
                        super::class::Instantiated::Pushed => Ok(true),
                    };
                }
                Obj::BoundMethod {
                    func: func @ Value::Ref(fid),
                    recv,
                } if matches!(self.heap.get(*fid), Obj::Function(_)) => {
                    let (func, fid, recv) = (*func, *fid, *recv);
                    pos.insert(0, recv);
                    self.stack.truncate(fpos);
                    self.stack.push(func);
                    self.enter_function(fid, pos, kw, false)?;
                    return Ok(true);
                }
                _ => {}
            }
        }
        let height = Some(self.stack.len() as u32);
        let outer = self.set_restartable(height);
        let r = self.call_value(callee, pos, kw);
        self.set_restartable(outer);
        let r = r?;
        if self.suspending {
            // native code caught the pause: the instruction runs again
            return Err(PyErr::Suspend);
        }
        self.stack.truncate(fpos);
        self.stack.push(r);
        Ok(false)
    }

    fn call_external(
        &mut self,
        name: String,
        is_async: bool,
        args: Vec<Value>,
        kwargs: Kwargs,
    ) -> PyResult<()> {
        if is_async {
            let call = self.new_call(name, args, kwargs);
            let fut = self.issue_async_call(call);
            self.stack.push(fut);
            return Ok(());
        }
        if self.native_depth > 0 && !self.can_pause_here(false) {
            return Err(super::journal::cannot_pause(&name));
        }
        self.pending = Some(self.new_call(name, args, kwargs));
        Ok(())
    }

    /// A host call with the next call id.
    pub(super) fn new_call(
        &mut self,
        name: String,
        args: Vec<Value>,
        kwargs: Kwargs,
    ) -> PendingCall {
        let id = self.next_call_id;
        self.next_call_id += 1;
        PendingCall {
            id,
            name,
            args,
            kwargs,
            os: false,
        }
    }

    /// Binds arguments and pushes a frame for Python function `fid`; the
    /// function object must already be on the stack (it is replaced by the
    /// result when the frame returns).
    /// Returns whether a frame was pushed (calling a generator function
    /// pushes the new generator instead).
    pub(crate) fn enter_function(
        &mut self,
        fid: ObjId,
        pos: Vec<Value>,
        kw: Kwargs,
        boundary: bool,
    ) -> PyResult<bool> {
        let fpos = self.stack.len() - 1;
        let Obj::Function(f) = self.heap.get(fid) else {
            unreachable!("checked by caller")
        };
        let p = &self.program.codes[f.code as usize].params;
        if kw.is_empty() && p.binds_exactly(pos.len()) {
            // exactly the positional parameters: no binding to do
            let code_idx = f.code;
            self.stack.extend_from_slice(&pos);
            if !f.closure.is_empty() {
                self.stack.extend_from_slice(&f.closure);
            }
            return self.push_frame(code_idx, fpos + 1, fpos, &[], boundary);
        }
        let f = f.clone();
        let prog = self.program.clone();
        let code = &prog.codes[f.code as usize];
        let locals = self.bind_params(
            &code.qualname,
            &code.params,
            &f.defaults,
            &f.kwdefaults,
            pos,
            kw,
        )?;
        self.stack.extend(locals);
        self.push_frame(f.code, fpos + 1, fpos, &f.closure, boundary)
    }

    pub(super) fn push_frame(
        &mut self,
        code_idx: u32,
        base: usize,
        ret_to: usize,
        closure: &[Value],
        boundary: bool,
    ) -> PyResult<bool> {
        if self.frames.len() >= self.limits.max_recursion_depth {
            self.stack.truncate(ret_to);
            return Err(PyErr::new(
                ExcType::RecursionError,
                "maximum recursion depth exceeded",
            ));
        }
        let code = &self.program.codes[code_idx as usize];
        let (nlocals, is_generator) = (
            code.nlocals as usize,
            code.is_generator || code.is_coroutine,
        );
        if !closure.is_empty() {
            self.stack.extend_from_slice(closure);
        }
        self.stack.resize(base + nlocals, Value::Undef);
        if is_generator {
            let g = self.make_generator(code_idx, base, ret_to);
            self.stack.push(g);
            return Ok(false);
        }
        let frame = self.push_frame_record(code_idx, base, ret_to);
        if boundary {
            frame.boundary = super::Boundary::Native;
        }
        Ok(true)
    }

    /// Pushes the record of a frame of code `code_idx` whose local slot 0
    /// is at `base` and whose result goes to `ret_to` (its locals already
    /// on the stack), returning it for what else its caller sets.
    ///
    /// A constant frame is pushed (copied from read-only data) and then
    /// filled in place: pushing a frame assembled on the native stack
    /// reloaded its freshly stored pieces as wider words, which the CPU
    /// cannot forward from its store buffer (a stall per call).
    #[inline(always)]
    pub(super) fn push_frame_record(
        &mut self,
        code_idx: u32,
        base: usize,
        ret_to: usize,
    ) -> &mut Frame {
        let exc_depth = self.exc_stack.len() as u32;
        self.frame_pushes += 1;
        self.frames.push(Frame::BLANK);
        let frame = self.frames.last_mut().expect("just pushed");
        frame.code = code_idx;
        frame.base = base as u32;
        frame.ret_to = ret_to as u32;
        frame.exc_depth = exc_depth;
        frame
    }

    /// Matches arguments to the parameters `p` of the function named
    /// `fname` (its qualname, for CPython's messages); returns the
    /// parameter slots. Also what natives acting as Python functions (a
    /// dataclass's generated methods) bind their arguments with.
    ///
    /// # Errors
    /// CPython's `TypeError`s for arguments that do not fit.
    pub fn bind_params(
        &mut self,
        fname: &str,
        p: &monty_compile::bytecode::Params,
        defaults: &[Value],
        kwdefaults: &[Value],
        mut pos: Vec<Value>,
        kw: Kwargs,
    ) -> PyResult<Vec<Value>> {
        let npos = p.positional as usize;
        let nkwonly = p.kwonly as usize;
        let mut slots = vec![Value::Undef; npos + nkwonly];
        let given = pos.len();
        let extra = if given > npos {
            pos.split_off(npos)
        } else {
            Vec::new()
        };
        for (i, v) in pos.into_iter().enumerate() {
            slots[i] = v;
        }
        let mut kwdict = if p.varkw { Some(Dict::new()) } else { None };
        let mut posonly_as_kw = Vec::new();
        for (name, v) in kw {
            let idx = p.names[..npos + nkwonly].iter().position(|n| *n == name);
            match idx {
                Some(i) if i >= p.posonly as usize => {
                    if !matches!(slots[i], Value::Undef) {
                        return Err(PyErr::type_error(format!(
                            "{fname}() got multiple values for argument '{name}'"
                        )));
                    }
                    slots[i] = v;
                }
                other => {
                    if let Some(d) = kwdict.as_mut() {
                        let k = self.new_str(name.clone());
                        d.insert(crate::object::HashKey::Str(name.into()), k, v);
                    } else if other.is_some() {
                        posonly_as_kw.push(name);
                    } else {
                        let accepted: Vec<&str> = p.names[p.posonly as usize..npos + nkwonly]
                            .iter()
                            .map(String::as_str)
                            .collect();
                        let hint = super::edit_distance::keyword_hint(&name, &accepted);
                        return Err(PyErr::type_error(format!(
                            "{fname}() got an unexpected keyword argument '{name}'{hint}"
                        )));
                    }
                }
            }
        }
        if !posonly_as_kw.is_empty() {
            let names = posonly_as_kw
                .iter()
                .map(|n| format!("'{n}'"))
                .collect::<Vec<_>>()
                .join(", ");
            return Err(PyErr::type_error(format!(
                "{fname}() got some positional-only arguments passed as keyword arguments: {names}"
            )));
        }
        // CPython binds the keywords first: their errors win over this one
        if !extra.is_empty() && !p.varargs {
            let ndef = defaults.len();
            let takes = if ndef > 0 {
                format!("from {} to {} positional arguments", npos - ndef, npos)
            } else {
                format!(
                    "{} positional argument{}",
                    npos,
                    if npos == 1 { "" } else { "s" }
                )
            };
            let kwonly_given = slots[npos..]
                .iter()
                .filter(|v| !matches!(v, Value::Undef))
                .count();
            let was = if given == 1 && kwonly_given == 0 {
                "was"
            } else {
                "were"
            };
            let given_text = if kwonly_given > 0 {
                let ps = if given == 1 { "" } else { "s" };
                let ks = if kwonly_given == 1 { "" } else { "s" };
                format!("{given} positional argument{ps} (and {kwonly_given} keyword-only argument{ks})")
            } else {
                given.to_string()
            };
            return Err(PyErr::type_error(format!(
                "{fname}() takes {takes} but {given_text} {was} given"
            )));
        }
        let first_default = npos - defaults.len().min(npos);
        let mut missing = Vec::new();
        for i in 0..npos {
            if matches!(slots[i], Value::Undef) {
                if i >= first_default {
                    slots[i] = defaults[i - first_default];
                } else {
                    missing.push(p.names[i].clone());
                }
            }
        }
        if !missing.is_empty() {
            return Err(missing_error(fname, "positional", &missing));
        }
        for j in 0..nkwonly {
            if matches!(slots[npos + j], Value::Undef) {
                match kwdefaults.get(j) {
                    Some(d) if !matches!(d, Value::Undef) => slots[npos + j] = *d,
                    _ => missing.push(p.names[npos + j].clone()),
                }
            }
        }
        if !missing.is_empty() {
            return Err(missing_error(fname, "keyword-only", &missing));
        }
        if p.varargs {
            let t = self.new_tuple(extra);
            slots.push(t);
        }
        if let Some(d) = kwdict {
            let v = self.heap.new_value(Obj::Dict(Box::new(d)));
            slots.push(v);
        }
        Ok(slots)
    }

    /// Calls `f` and returns its result, running Python functions to
    /// completion in a nested dispatch loop (for native callers such as
    /// `sorted(key=...)`).
    ///
    /// # Errors
    /// Whatever the call raises.
    pub fn call_value(&mut self, f: Value, args: Vec<Value>, kwargs: Kwargs) -> PyResult<Value> {
        match f {
            Value::Builtin(b) => crate::builtins::dispatch::call_builtin(self, b, args, kwargs),
            Value::Native(id) => crate::lib().call_native(self, id, args, kwargs),
            Value::Type(t) => crate::builtins::types::construct(self, t, args, kwargs),
            Value::ExcType(t) => {
                if let Some((k, _)) = kwargs.first() {
                    return Err(PyErr::type_error(format!(
                        "{}() takes no keyword arguments",
                        t.name()
                    ))
                    .with_name(k));
                }
                if t.is_group() {
                    return self.new_exception_group(t, None, args);
                }
                if t.is_subclass_of(ExcType::OSError) {
                    return Ok(self.new_os_error(t, args));
                }
                Ok(self.new_exception(Exception::new(t, args)))
            }
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Function(_) => self.journaled_call(f, |vm| {
                    vm.stack.push(f);
                    match vm.enter_function(id, args, kwargs, true)? {
                        true => vm.run_nested(f),
                        false => Ok(vm.stack.pop().expect("the generator")),
                    }
                }),
                Obj::BoundNative { func, bound, .. } => {
                    let func = *func;
                    let mut all = bound.clone();
                    all.extend(args);
                    crate::lib().call_native(self, func, all, kwargs)
                }
                Obj::Class(_) => {
                    self.journaled_call(f, |vm| match vm.instantiate(id, args, kwargs, true)? {
                        super::class::Instantiated::Done(v) => Ok(v),
                        super::class::Instantiated::Pushed => vm.run_nested(f),
                    })
                }
                Obj::BoundMethod { func, recv } => {
                    let (func, recv) = (*func, *recv);
                    let mut all = Vec::with_capacity(args.len() + 1);
                    all.push(recv);
                    all.extend(args);
                    self.call_value(func, all, kwargs)
                }
                Obj::Instance(_) => {
                    let cls = self.user_class_of(f).expect("instance");
                    match self.class_lookup(cls, "__call__") {
                        Some(call) if !self.binds_instance(call) => {
                            self.call_value(call, args, kwargs)
                        }
                        Some(call) => {
                            let mut all = Vec::with_capacity(args.len() + 1);
                            all.push(f);
                            all.extend(args);
                            self.call_value(call, all, kwargs)
                        }
                        None => Err(self.not_callable(f)),
                    }
                }
                Obj::BuiltinMethod(recv, name) => {
                    let (recv, name) = (*recv, name.clone());
                    crate::builtins::methods::call_method(self, recv, &name, args, kwargs)
                }
                Obj::Native(_) => match crate::lib().alias_call_target(self, f) {
                    Some(origin) => self.call_value(origin, args, kwargs),
                    None => match crate::lib().typing_call_target(self, f) {
                        Some(origin) => {
                            let origin = origin?;
                            self.call_value(origin, args, kwargs)
                        }
                        None => Err(self.not_callable(f)),
                    },
                },
                Obj::External(ext) => {
                    let (name, is_async) = (ext.name.clone(), ext.is_async);
                    self.host_call_from_native(f, name, is_async, args, kwargs)
                }
                _ => Err(self.not_callable(f)),
            },
            _ => Err(self.not_callable(f)),
        }
    }

    /// `asyncio.run(coro)`: the coroutine runs as part of the current task,
    /// its result becoming the call's result.
    fn asyncio_run(&mut self, pos: Vec<Value>, kw: Kwargs) -> PyResult<bool> {
        if pos.len() != 1 || !kw.is_empty() {
            return Err(PyErr::type_error(
                "asyncio.run() takes exactly one coroutine argument",
            ));
        }
        if self.sched.loop_running {
            return Err(PyErr::new(
                ExcType::RuntimeError,
                "asyncio.run() cannot be called from a running event loop",
            ));
        }
        let mut pos = pos;
        if self.is_native_coroutine(pos[0]) {
            // `asyncio.run(asyncio.sleep(1))`: our `sleep` (and `wait_for`,
            // the primitives' waits) are native objects standing for
            // CPython's coroutines; a coroutine that awaits one runs instead
            pos[0] = self.await_in_coroutine(pos[0])?;
        }
        let Some(c) = self.as_coroutine(pos[0]) else {
            let r = self.repr(pos[0])?;
            return Err(PyErr::value_error(format!(
                "a coroutine was expected, got {r}"
            )));
        };
        if self.gen_state(c) != crate::object::GenState::Created {
            return Err(PyErr::new(
                ExcType::RuntimeError,
                "cannot reuse already awaited coroutine",
            ));
        }
        self.resume_generator(c, Value::None, false)?;
        Ok(true)
    }

    /// A call of `callee` by native code that may run Python code (`run`):
    /// a journal point (`journal.rs`), bounded in nesting.
    pub(super) fn journaled_call(
        &mut self,
        callee: Value,
        run: impl FnOnce(&mut Self) -> PyResult<Value>,
    ) -> PyResult<Value> {
        if self.native_depth >= MAX_NATIVE_DEPTH {
            return Err(PyErr::new(
                ExcType::RecursionError,
                "maximum recursion depth exceeded",
            ));
        }
        let start = match self.point_open(callee)? {
            Opened::Served(out) => return served(out),
            Opened::Live(start) => start,
        };
        let r = run(self);
        self.point_finish(start, callee, &r);
        r
    }

    /// Runs the boundary frame just pushed (a call of `callee`) to
    /// completion: a native caller needs its result now. A host call
    /// inside pauses the run (`journal.rs`).
    pub(super) fn run_nested(&mut self, callee: Value) -> PyResult<Value> {
        match self.run_boundary_frame(callee)? {
            Exit::Return(v) => Ok(v),
            Exit::Pause | Exit::Wait(..) => Err(PyErr::new(
                ExcType::RuntimeError,
                "cannot pause inside a callback",
            )),
            Exit::Limit(_) => Err(PyErr::Limit),
        }
    }

    fn not_callable(&self, f: Value) -> PyErr {
        PyErr::type_error(format!("'{}' object is not callable", self.class_name(f)))
    }
}

impl PyErr {
    fn with_name(self, _name: &str) -> PyErr {
        self
    }
}

fn missing_error(fname: &str, kind: &str, names: &[String]) -> PyErr {
    let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    let list = match quoted.len() {
        1 => quoted[0].clone(),
        2 => format!("{} and {}", quoted[0], quoted[1]),
        n => format!("{}, and {}", quoted[..n - 1].join(", "), quoted[n - 1]),
    };
    let s = if names.len() == 1 { "" } else { "s" };
    PyErr::type_error(format!(
        "{fname}() missing {} required {kind} argument{s}: {list}",
        names.len()
    ))
}
