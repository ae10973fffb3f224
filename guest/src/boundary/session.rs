//! One execution driven by boundary messages: `start` parses the request,
//! compiles and runs; `resume` feeds a host answer back; each returns a
//! progress message. `check` compiles without running. A session (a
//! request with `"session"`) keeps its VM between cells: each `start` runs
//! the next cell over the same state (`vm/src/vm/cell.rs`).

use monty_wire::{
    Call, CheckReport, CheckRequest, Diagnostic, Exception, Ordered, Progress, Reply, Request,
    Resume, SessionStep,
};

use crate::modules::entry;
use crate::object::{ExcType, External, Value};
use crate::vm::{Exit, PendingCall, PyErr, Vm, VmLimits};
use monty_compile::{self as compile, CompileError};

use super::progress_json::encode;
use super::record::try_to_wire;
use super::value::from_wire;

/// The state of this instance: at most one execution, or one session
/// (whose VM stays between cells).
#[derive(Default)]
pub struct Session {
    /// (Boxed: a `Vm` is some 600 bytes, and it moves in and out of the
    /// session at every call.)
    vm: Option<Box<Vm>>,
    /// Loop iterations each execution may run (see [`Session::set_loop_budget`]).
    loop_budget: Option<u64>,
}

fn invalid(msg: impl std::fmt::Display) -> String {
    encode(&Progress::Invalid {
        message: msg.to_string(),
    })
}

/// A compile-time error as a progress message, formatted like CPython's
/// `SyntaxError` report.
fn compile_error(err: &CompileError, source: &str, filename: &str) -> String {
    let mut tb = format!("  File \"{filename}\", line {}\n", err.line);
    if let Some(src) = source.lines().nth(err.line.saturating_sub(1) as usize) {
        let t = src.trim();
        if !t.is_empty() {
            tb.push_str(&format!("    {t}\n"));
        }
    }
    tb.push_str(&format!("{}: {}\n", err.kind, err.message));
    encode(&Progress::Error {
        error: Exception {
            type_name: err.kind.to_string(),
            message: err.message.clone(),
            traceback: tb,
        },
    })
}

/// The guest's own limits from the request's.
fn vm_limits(wire: &monty_wire::Limits) -> VmLimits {
    let mut limits = VmLimits::default();
    if let Some(d) = wire.max_recursion_depth {
        limits.max_recursion_depth = (d as usize).clamp(10, 100_000);
        limits.max_recursion_depth_ceiling = limits.max_recursion_depth;
    }
    if let Some(m) = wire.max_memory_bytes {
        // (the default is the module's linked maximum: no cap goes above it)
        limits.max_memory_bytes = m.min(limits.max_memory_bytes);
    }
    limits
}

fn external(e: monty_wire::External) -> External {
    External {
        name: e.name,
        params: e.params,
        is_async: e.is_async,
    }
}

/// A call as the boundary announces it, or the message of the
/// `ValueError` the call raises instead when an argument cannot be sent
/// (a reference cycle through a dataclass: `record.rs`).
fn wire_call(vm: &mut Vm, call: &PendingCall) -> Result<Call, String> {
    let mut args = Vec::with_capacity(call.args.len());
    for a in &call.args {
        args.push(try_to_wire(vm, *a)?);
    }
    let mut kwargs = Vec::with_capacity(call.kwargs.len());
    for (k, v) in &call.kwargs {
        kwargs.push((k.clone(), try_to_wire(vm, *v)?));
    }
    let mut wire = Call {
        id: call.id,
        name: call.name.clone(),
        object: None,
        class: None,
        method_call: false,
        args,
        kwargs: Ordered(kwargs),
    };
    if !call.os {
        super::host_object::mark_method_call(vm, call, &mut wire);
    }
    Ok(wire)
}

/// The message of an error building a value from the host's.
fn value_error_text(vm: &mut Vm, e: PyErr) -> String {
    match e {
        PyErr::Msg(_, m) => m,
        PyErr::Raise(v) | PyErr::Reraise(v) => entry::describe_exception(vm, v).1,
        _ => "it cannot be built".into(),
    }
}

impl Session {
    /// Bounds every later execution (started or restored) of this session
    /// to `iterations` loop iterations in all, after which it fails with
    /// `RuntimeError`. For tests and fuzzing of the native guest, which has
    /// no fuel: `monty.wasm` is bounded by its host's fuel and time limits.
    pub fn set_loop_budget(&mut self, iterations: u64) {
        self.loop_budget = Some(iterations);
    }

    fn bound(&self, vm: &mut Vm) {
        if let Some(n) = self.loop_budget {
            vm.loops_left = n;
        }
    }

    /// Begins an execution, or runs a session's cell (`"session"` in the
    /// request).
    pub fn start(&mut self, request: &str) -> String {
        let req: Request = match serde_json::from_str(request) {
            Ok(r) => r,
            Err(e) => {
                if self.vm.as_ref().is_some_and(|vm| !vm.session) {
                    self.vm = None;
                }
                return invalid(format!("malformed request: {e}"));
            }
        };
        match req.session {
            None => {
                self.vm = None;
                self.start_program(req)
            }
            Some(SessionStep::New) => {
                self.vm = None;
                let empty = compile::compile_source("", &req.filename, &[])
                    .expect("the empty program compiles");
                let mut vm = Box::new(entry::new_vm(empty, vm_limits(&req.limits)));
                vm.session = true;
                self.run_cell(vm, req)
            }
            Some(SessionStep::Next) => match self.vm.take() {
                Some(vm) if vm.session && vm.is_idle() => self.run_cell(vm, req),
                Some(vm) if vm.session => {
                    self.vm = Some(vm);
                    invalid("the session's current cell is paused: resume it before the next cell")
                }
                _ => invalid(
                    "no session to continue: begin one with \"session\": \"new\" (or restore a session's snapshot)",
                ),
            },
        }
    }

    /// A one-off execution: compiled as a program of its own.
    fn start_program(&mut self, req: Request) -> String {
        let mut predeclared: Vec<String> = req.inputs.0.iter().map(|(k, _)| k.clone()).collect();
        predeclared.extend(req.externals.iter().map(|e| e.name.clone()));
        let program = match compile::compile_source(&req.code, &req.filename, &predeclared) {
            Ok(p) => p,
            Err(e) => return compile_error(&e, &req.code, &req.filename),
        };
        let vm = Box::new(entry::new_vm(program, vm_limits(&req.limits)));
        self.run_request(vm, req)
    }

    /// The next cell of the session `vm`: compiled onto its program and
    /// run over its state. A cell that does not compile leaves the
    /// session as it was.
    fn run_cell(&mut self, mut vm: Box<Vm>, req: Request) -> String {
        let mut predeclared: Vec<String> = req.inputs.0.iter().map(|(k, _)| k.clone()).collect();
        predeclared.extend(req.externals.iter().map(|e| e.name.clone()));
        let compiled =
            compile::cell::compile_cell(&vm.program, &req.code, &req.filename, &predeclared);
        let ext = match compiled {
            Ok(ext) => ext,
            Err(e) => {
                self.vm = Some(vm);
                return compile_error(&e, &req.code, &req.filename);
            }
        };
        vm.begin_cell(ext, &req.filename, &req.code);
        vm.limits = vm_limits(&req.limits);
        vm.budget = Default::default();
        self.run_request(vm, req)
    }

    /// Binds the request's externals and inputs, then runs.
    fn run_request(&mut self, mut vm: Box<Vm>, req: Request) -> String {
        vm.budget.max_instructions = req.limits.max_instructions;
        vm.budget.max_duration_secs = req.limits.max_duration_secs.filter(|s| !s.is_nan());
        self.bound(&mut vm);
        for ext in req.externals {
            let module = ext.module.clone();
            entry::declare_external(&mut vm, external(ext), module.as_deref());
        }
        for (name, w) in &req.inputs.0 {
            match from_wire(&mut vm, w) {
                Ok(v) => entry::set_global(&mut vm, name, v),
                Err(e) => {
                    let why = value_error_text(&mut vm, e);
                    self.keep_session(vm);
                    return invalid(format!("input {name:?} is not a valid value: {why}"));
                }
            }
        }
        if let Some(cwd) = &req.cwd {
            if let Err(e) = entry::set_working_directory(&mut vm, cwd) {
                self.keep_session(vm);
                return invalid(e);
            }
        }
        vm.budget.begin_slice();
        let r = entry::run(&mut vm);
        self.finish(vm, r)
    }

    /// Keeps a session's VM for its next cell, its frames dropped (a cell
    /// refused before it ran, or one that ended).
    fn keep_session(&mut self, mut vm: Box<Vm>) {
        if vm.session {
            vm.end_cell();
            self.vm = Some(vm);
        }
    }

    /// Continues the paused execution with the host's reply.
    pub fn resume(&mut self, reply: &str) -> String {
        let Some(mut vm) = self.vm.take() else {
            return invalid("no paused execution to resume");
        };
        if vm.is_idle() {
            // a session between cells: nothing runs until the next cell
            self.vm = Some(vm);
            return invalid("no paused execution to resume: the session is between cells");
        }
        let read = super::reply_json::read_reply(reply).map(Ok);
        let reply: Resume = match read.unwrap_or_else(|| serde_json::from_str(reply)) {
            Ok(r) => r,
            Err(e) => {
                self.vm = Some(vm);
                return invalid(format!("malformed reply: {e}"));
            }
        };
        let reply = match reply {
            Resume::Many(many) => {
                // answers to a `wait`
                let mut results = Vec::with_capacity(many.results.len());
                for item in many.results {
                    let Some(id) = item.id else {
                        self.vm = Some(vm);
                        return invalid("each result needs an \"id\"");
                    };
                    results.push((id, answer_of(&mut vm, item, false)));
                }
                let had_results = !results.is_empty();
                vm.budget.begin_slice();
                let r = match entry::resolve_calls(&mut vm, results) {
                    Ok(()) => {
                        entry::advance_clock(&mut vm, many.elapsed, had_results);
                        entry::run(&mut vm)
                    }
                    Err(e) => {
                        let exc = entry::raise_prep(&mut vm, e);
                        Err(exc)
                    }
                };
                return self.finish(vm, r);
            }
            Resume::One(reply) => reply,
        };
        let Some((pending_id, pending_os)) = vm.pending.as_ref().map(|p| (p.id, p.os)) else {
            self.vm = Some(vm);
            return invalid("the execution is not waiting for a call");
        };
        if let Some(id) = reply.id {
            if id != pending_id {
                self.vm = Some(vm);
                return invalid(format!(
                    "reply id {id} does not match pending call {pending_id}"
                ));
            }
        }
        if reply.error.is_none() && reply.value.is_none() {
            self.vm = Some(vm);
            return invalid("reply needs \"value\" or \"error\"");
        }
        let answer = answer_of(&mut vm, reply, pending_os);
        vm.budget.begin_slice();
        let r = entry::resume(&mut vm, answer);
        self.finish(vm, r)
    }

    fn finish(&mut self, mut vm: Box<Vm>, mut r: Result<Exit, Value>) -> String {
        // (the loop runs again only when a call's arguments cannot be sent:
        // the call then raises in the program, which continues)
        loop {
            vm.budget.end_slice();
            // (a breach is reported whatever the run did after it: native code
            // may have turned it into an ordinary error)
            if let Some(kind) = vm.budget.tripped {
                r = Ok(Exit::Limit(kind));
            }
            match r {
                Ok(Exit::Limit(kind)) => {
                    let message = vm.budget.message(kind, vm.limits.max_memory_bytes);
                    drop(vm);
                    return encode(&Progress::Limit {
                        kind: kind.name().to_string(),
                        message,
                    });
                }
                Ok(Exit::Return(v)) => {
                    let repr = if v.is_none() {
                        None
                    } else {
                        Some(entry::repr(&mut vm, v).unwrap_or_else(|_| "<unrepresentable>".into()))
                    };
                    let value = try_to_wire(&mut vm, v);
                    self.keep_session(vm);
                    return match value {
                        Ok(value) => encode(&Progress::Complete { value, repr }),
                        Err(message) => encode(&Progress::Error {
                            error: Exception {
                                type_name: "ValueError".into(),
                                traceback: format!("ValueError: {message}\n"),
                                message,
                            },
                        }),
                    };
                }
                Ok(Exit::Wait(calls, timer)) => {
                    let mut good = Vec::with_capacity(calls.len());
                    let mut bad = Vec::new();
                    for c in &calls {
                        match wire_call(&mut vm, c) {
                            Ok(call) => good.push(call),
                            Err(message) => bad.push((c.id, Err(PyErr::value_error(message)))),
                        }
                    }
                    if !bad.is_empty() {
                        // The calls that can be sent are announced at the
                        // next wait; those that cannot fail now.
                        let keep: Vec<u64> = good.iter().map(|c| c.id).collect();
                        let again: Vec<PendingCall> =
                            calls.into_iter().filter(|c| keep.contains(&c.id)).collect();
                        vm.sched.announced.retain(|c| !keep.contains(&c.id));
                        vm.sched.unannounced.splice(0..0, again);
                        vm.budget.begin_slice();
                        r = match entry::resolve_calls(&mut vm, bad) {
                            Ok(()) => entry::run(&mut vm),
                            Err(e) => Err(entry::raise_prep(&mut vm, e)),
                        };
                        continue;
                    }
                    self.vm = Some(vm);
                    // (JSON has no infinity: `sleep(inf)` reports the largest
                    // finite delay, which the host caps like any long one)
                    let sleep = timer.map(|s| if s.is_finite() { s } else { f64::MAX });
                    return encode(&Progress::Wait { calls: good, sleep });
                }
                Ok(Exit::Pause) => {
                    // (taken out while its arguments are converted, which
                    // needs the VM)
                    let call = vm.pending.take().expect("a pause has its host call");
                    let wired = wire_call(&mut vm, &call);
                    let os = call.os;
                    vm.pending = Some(call);
                    let wired = match wired {
                        Ok(wired) => wired,
                        Err(message) => {
                            vm.budget.begin_slice();
                            r = entry::resume(&mut vm, Err(PyErr::value_error(message)));
                            continue;
                        }
                    };
                    self.vm = Some(vm);
                    return if os {
                        encode(&Progress::OsCall {
                            id: wired.id,
                            function: wired.name,
                            args: wired.args,
                            kwargs: wired.kwargs,
                        })
                    } else {
                        encode(&Progress::Call(wired))
                    };
                }
                Err(exc) => {
                    let (type_name, message, traceback) = entry::describe_exception(&mut vm, exc);
                    // The execution is over: free its heap before the message
                    // (which may hold a huge exception text twice) is encoded
                    // into a buffer sized for it up front. A session lives on.
                    self.keep_session(vm);
                    let mut out =
                        Vec::with_capacity(message.len() + traceback.len() + type_name.len() + 96);
                    let report = Progress::Error {
                        error: Exception {
                            type_name,
                            message,
                            traceback,
                        },
                    };
                    serde_json::to_writer(&mut out, &report).expect("JSON of strings");
                    return String::from_utf8(out).expect("serde_json writes UTF-8");
                }
            }
        }
    }

    /// Serializes the paused execution, or the session held between
    /// cells; empty when there is neither.
    pub fn snapshot(&mut self) -> Vec<u8> {
        match &self.vm {
            // a session keeps its VM only while it is paused
            Some(vm) => super::snapshot::save(vm).unwrap_or_default(),
            None => Vec::new(),
        }
    }

    /// Continues a snapshot in this instance: the progress is the pause it
    /// was taken at (the pending call is announced again).
    pub fn restore(&mut self, state: &[u8]) -> String {
        self.vm = None;
        let mut vm = match super::snapshot::load(state) {
            Ok(vm) => Box::new(vm),
            Err(e) => return invalid(e),
        };
        self.bound(&mut vm);
        if vm.pending.is_some() {
            return self.finish(vm, Ok(Exit::Pause));
        }
        if let Some((calls, timer)) = entry::current_wait(&vm) {
            return self.finish(vm, Ok(Exit::Wait(calls, timer)));
        }
        if vm.session && vm.is_idle() {
            self.vm = Some(vm);
            return encode(&Progress::Ready);
        }
        invalid("the snapshot has no pending call to continue from")
    }
}

/// The value or error of one reply to a call; an os call's `OSError`
/// gets its errno (`OS_CALLS.md`: the one given, else its type's).
fn answer_of(vm: &mut Vm, reply: Reply, os: bool) -> Result<Value, PyErr> {
    if let Some(err) = reply.error {
        let kind = ExcType::from_name(&err.type_name)
            .filter(|k| k.is_builtin())
            .unwrap_or(ExcType::RuntimeError);
        if os && kind.is_subclass_of(ExcType::OSError) {
            if let Some(errno) = err.errno.or_else(|| entry::default_errno(kind)) {
                let message = vm.new_str(err.message);
                return Err(PyErr::Raise(entry::new_os_error(
                    vm,
                    kind,
                    vec![Value::Int(errno), message],
                )));
            }
        }
        return Err(PyErr::Msg(kind, err.message));
    }
    match reply.value {
        Some(v) => from_wire(vm, &v).map_err(|e| {
            let why = value_error_text(vm, e);
            PyErr::value_error(format!("the host returned a malformed value: {why}"))
        }),
        None => Ok(Value::None),
    }
}

/// Static check: parse and compile without running, then the static
/// checker (`checker.rs`). `ok` says whether the program compiles; the
/// checker's findings are diagnostics beside it (a host decides what to do
/// with them: each has a code and a severity).
pub fn check(request: &str) -> String {
    let req = match CheckRequest::from_json(request) {
        Ok(r) => r,
        Err(e) => return invalid(format!("malformed check request: {e}")),
    };
    let predeclared: Vec<String> = req.externals.iter().map(|e| e.name.clone()).collect();
    // parsed once, for the compiler and the checker
    let compiled = compile::parse::parse_module(&req.code, &req.filename).and_then(|ast| {
        let result = compile::compile(&ast, &req.code, &req.filename, &predeclared);
        match result {
            Ok(program) => Ok((program, super::checker::diagnostics(&req, &ast))),
            Err(e) => {
                if compile::is_too_deep(&e) {
                    // dropping it would recurse as deep as it nests
                    std::mem::forget(ast);
                }
                Err(e)
            }
        }
    });
    let report = match compiled {
        Ok((program, diagnostics)) => CheckReport {
            ok: true,
            diagnostics,
            undefined_names: super::names::undefined_names(&program),
        },
        Err(e) => {
            let code = if e.kind == "SyntaxError" {
                "syntax"
            } else {
                "unsupported"
            };
            CheckReport {
                ok: false,
                diagnostics: vec![Diagnostic::at_line(
                    e.line,
                    e.kind.to_string(),
                    e.message,
                    code,
                )],
                undefined_names: Vec::new(),
            }
        }
    };
    report.to_json()
}
