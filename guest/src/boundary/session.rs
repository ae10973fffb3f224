//! One execution driven by boundary messages: `start` parses the request,
//! compiles and runs; `resume` feeds a host answer back; each returns a
//! progress message. `check` compiles without running.

use serde_json::{json, Value as J};

use crate::compile::{self, CompileError};
use crate::object::{ExcType, External, Value};
use crate::vm::{Exit, PyErr, Vm, VmLimits};

use super::value::{from_json, to_json};

/// The state of this instance: at most one execution.
#[derive(Default)]
pub struct Session {
    vm: Option<Vm>,
    /// Loop iterations each execution may run (see [`Session::set_loop_budget`]).
    loop_budget: Option<u64>,
}

fn invalid(msg: impl std::fmt::Display) -> String {
    json!({"status": "invalid", "message": msg.to_string()}).to_string()
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
    json!({"status": "error", "error": {"type": err.kind, "message": err.message, "traceback": tb}})
        .to_string()
}

struct Request {
    code: String,
    filename: String,
    inputs: Vec<(String, J)>,
    externals: Vec<External>,
    limits: VmLimits,
}

fn parse_request(text: &str) -> Result<Request, String> {
    let j: J = serde_json::from_str(text).map_err(|e| format!("request is not JSON: {e}"))?;
    let code = j
        .get("code")
        .and_then(J::as_str)
        .ok_or("request needs a \"code\" string")?
        .to_string();
    let filename = j
        .get("filename")
        .and_then(J::as_str)
        .unwrap_or("main.py")
        .to_string();
    let mut inputs = Vec::new();
    if let Some(m) = j.get("inputs") {
        let m = m.as_object().ok_or("\"inputs\" must be an object")?;
        for (k, v) in m {
            inputs.push((k.clone(), v.clone()));
        }
    }
    let mut externals = Vec::new();
    if let Some(list) = j.get("externals") {
        let list = list.as_array().ok_or("\"externals\" must be a list")?;
        for e in list {
            let name = e
                .get("name")
                .and_then(J::as_str)
                .ok_or("each external needs a \"name\"")?;
            let params = match e.get("params") {
                Some(J::Array(ps)) => Some(
                    ps.iter()
                        .filter_map(|p| p.as_str().map(str::to_string))
                        .collect(),
                ),
                _ => None,
            };
            let is_async = e.get("async").and_then(J::as_bool).unwrap_or(false);
            externals.push(External {
                name: name.to_string(),
                params,
                is_async,
            });
        }
    }
    let mut limits = VmLimits::default();
    if let Some(l) = j.get("limits") {
        if let Some(d) = l.get("max_recursion_depth").and_then(J::as_u64) {
            limits.max_recursion_depth = d.clamp(10, 100_000) as usize;
            limits.max_recursion_depth_ceiling = limits.max_recursion_depth;
        }
        if let Some(m) = l.get("max_memory_bytes").and_then(J::as_u64) {
            // One object may take at most half the memory cap: building it
            // (a growing string, a list being filled) needs room besides,
            // so a bigger one is a catchable MemoryError before allocating
            // rather than a kill at the cap.
            limits.max_alloc_bytes = (m / 2).min(usize::MAX as u64) as usize;
        }
    }
    Ok(Request {
        code,
        filename,
        inputs,
        externals,
        limits,
    })
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

    /// Begins an execution.
    pub fn start(&mut self, request: &str) -> String {
        self.vm = None;
        let req = match parse_request(request) {
            Ok(r) => r,
            Err(e) => return invalid(e),
        };
        let mut predeclared: Vec<String> = req.inputs.iter().map(|(k, _)| k.clone()).collect();
        predeclared.extend(req.externals.iter().map(|e| e.name.clone()));
        let program = match compile::compile_source(&req.code, &req.filename, &predeclared) {
            Ok(p) => p,
            Err(e) => return compile_error(&e, &req.code, &req.filename),
        };
        let mut vm = Vm::new(program, req.limits);
        self.bound(&mut vm);
        for ext in req.externals {
            vm.declare_external(ext);
        }
        for (name, j) in &req.inputs {
            match from_json(&mut vm, j) {
                Ok(v) => vm.set_global(name, v),
                Err(_) => return invalid(format!("input {name:?} is not a valid value")),
            }
        }
        let r = vm.run();
        self.finish(vm, r)
    }

    /// Continues the paused execution with the host's reply.
    pub fn resume(&mut self, reply: &str) -> String {
        let Some(mut vm) = self.vm.take() else {
            return invalid("no paused execution to resume");
        };
        let j: J = match serde_json::from_str(reply) {
            Ok(j) => j,
            Err(e) => {
                self.vm = Some(vm);
                return invalid(format!("reply is not JSON: {e}"));
            }
        };
        if let Some(J::Array(items)) = j.get("results") {
            // answers to a `wait`
            let mut results = Vec::with_capacity(items.len());
            for item in items {
                let Some(id) = item.get("id").and_then(J::as_u64) else {
                    self.vm = Some(vm);
                    return invalid("each result needs an \"id\"");
                };
                results.push((id, answer_of(&mut vm, item)));
            }
            let had_results = !results.is_empty();
            let elapsed = j.get("elapsed").and_then(J::as_f64);
            let r = match vm.resolve_calls(results) {
                Ok(()) => {
                    vm.advance_clock(elapsed, had_results);
                    vm.run()
                }
                Err(e) => {
                    let exc = vm.raise_prep(e);
                    Err(exc)
                }
            };
            return self.finish(vm, r);
        }
        let Some(pending) = vm.pending.clone() else {
            self.vm = Some(vm);
            return invalid("the execution is not waiting for a call");
        };
        if let Some(id) = j.get("id").and_then(J::as_u64) {
            if id != pending.id {
                self.vm = Some(vm);
                return invalid(format!(
                    "reply id {id} does not match pending call {}",
                    pending.id
                ));
            }
        }
        if j.get("error").is_none() && j.get("value").is_none() {
            self.vm = Some(vm);
            return invalid("reply needs \"value\" or \"error\"");
        }
        let answer = answer_of(&mut vm, &j);
        let r = vm.resume(answer);
        self.finish(vm, r)
    }

    fn finish(&mut self, mut vm: Vm, r: Result<Exit, Value>) -> String {
        match r {
            Ok(Exit::Return(v)) => {
                let repr = if v.is_none() {
                    None
                } else {
                    Some(vm.repr(v).unwrap_or_else(|_| "<unrepresentable>".into()))
                };
                {
                    let value = to_json(&mut vm, v);
                    json!({"status": "complete", "value": value, "repr": repr}).to_string()
                }
            }
            Ok(Exit::Wait(calls, timer)) => {
                let mut list = Vec::with_capacity(calls.len());
                for call in &calls {
                    let args: Vec<J> = call.args.iter().map(|a| to_json(&mut vm, *a)).collect();
                    let mut kwargs = serde_json::Map::new();
                    for (k, v) in &call.kwargs {
                        kwargs.insert(k.clone(), to_json(&mut vm, *v));
                    }
                    list.push(
                        json!({"id": call.id, "name": call.name, "args": args, "kwargs": kwargs}),
                    );
                }
                self.vm = Some(vm);
                match timer {
                    // (JSON has no infinity: `sleep(inf)` reports the largest
                    // finite delay, which the host caps like any long one)
                    Some(sleep) => {
                        let sleep = if sleep.is_finite() { sleep } else { f64::MAX };
                        json!({"status": "wait", "calls": list, "sleep": sleep})
                    }
                    None => json!({"status": "wait", "calls": list}),
                }
                .to_string()
            }
            Ok(Exit::Pause(call)) => {
                let args: Vec<J> = call.args.iter().map(|a| to_json(&mut vm, *a)).collect();
                let mut kwargs = serde_json::Map::new();
                for (k, v) in &call.kwargs {
                    kwargs.insert(k.clone(), to_json(&mut vm, *v));
                }
                let msg = json!({"status": "call", "id": call.id, "name": call.name, "args": args, "kwargs": kwargs});
                self.vm = Some(vm);
                msg.to_string()
            }
            Err(exc) => {
                let (ty, msg, tb) = vm.describe_exception(exc);
                // The execution is over: free its heap before the message
                // (which may hold a huge exception text twice) is encoded
                // into a buffer sized for it up front.
                drop(vm);
                let mut out = Vec::with_capacity(msg.len() + tb.len() + ty.len() + 96);
                // (values moved in, not copied as `json!` would)
                let mut error = serde_json::Map::new();
                error.insert("type".into(), J::String(ty));
                error.insert("message".into(), J::String(msg));
                error.insert("traceback".into(), J::String(tb));
                let mut report = serde_json::Map::new();
                report.insert("status".into(), J::String("error".into()));
                report.insert("error".into(), J::Object(error));
                serde_json::to_writer(&mut out, &report).expect("JSON of strings");
                String::from_utf8(out).expect("serde_json writes UTF-8")
            }
        }
    }

    /// Serializes the paused execution; empty when nothing is paused.
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
            Ok(vm) => vm,
            Err(e) => return invalid(e),
        };
        self.bound(&mut vm);
        if let Some(call) = vm.pending.clone() {
            return self.finish(vm, Ok(Exit::Pause(call)));
        }
        if let Some((calls, timer)) = vm.current_wait() {
            return self.finish(vm, Ok(Exit::Wait(calls, timer)));
        }
        invalid("the snapshot has no pending call to continue from")
    }
}

/// The value or error of one reply to a call.
fn answer_of(vm: &mut Vm, j: &J) -> Result<Value, PyErr> {
    if let Some(err) = j.get("error") {
        let ty = err
            .get("type")
            .and_then(J::as_str)
            .unwrap_or("RuntimeError");
        let msg = err
            .get("message")
            .and_then(J::as_str)
            .unwrap_or("")
            .to_string();
        let kind = ExcType::from_name(ty)
            .filter(|k| k.is_builtin())
            .unwrap_or(ExcType::RuntimeError);
        return Err(PyErr::Msg(kind, msg));
    }
    match j.get("value") {
        Some(v) => {
            from_json(vm, v).map_err(|_| PyErr::value_error("the host returned a malformed value"))
        }
        None => Ok(Value::None),
    }
}

/// Static check: parse and compile without running.
pub fn check(request: &str) -> String {
    let j: J = match serde_json::from_str(request) {
        Ok(j) => j,
        Err(e) => return invalid(format!("request is not JSON: {e}")),
    };
    let Some(code) = j.get("code").and_then(J::as_str) else {
        return invalid("request needs a \"code\" string");
    };
    let filename = j.get("filename").and_then(J::as_str).unwrap_or("main.py");
    let predeclared: Vec<String> = match j.get("externals") {
        Some(J::Array(list)) => list
            .iter()
            .filter_map(|e| e.get("name").and_then(J::as_str).map(str::to_string))
            .collect(),
        _ => Vec::new(),
    };
    match compile::compile_source(code, filename, &predeclared) {
        Ok(_) => json!({"ok": true, "diagnostics": []}).to_string(),
        Err(e) => json!({"ok": false, "diagnostics": [{"line": e.line, "type": e.kind, "message": e.message}]}).to_string(),
    }
}
