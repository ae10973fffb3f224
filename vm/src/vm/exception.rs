//! Raising and unwinding: turning errors into exception objects, recording
//! traceback entries as an exception travels outward through frames,
//! finding handlers, and formatting tracebacks exactly as CPython does.

use crate::object::{ExcType, Exception, Obj, TbEntry, Value};
use crate::vm::stdlib::Stdlib;

pub use super::pyerr::PyErr;
use super::{Handler, Vm};

impl<S: Stdlib> Vm<S> {
    /// Materializes `err` as an exception object, records the current frame
    /// in its traceback (unless re-raised) and sets its context.
    pub fn raise_prep(&mut self, err: PyErr) -> Value {
        let (exc, add_tb) = match err {
            PyErr::New(kind, args) => (self.new_exception(Exception::new(kind, args)), true),
            PyErr::Msg(kind, msg) => {
                let args = if msg.is_empty() {
                    vec![]
                } else {
                    vec![self.new_str(msg)]
                };
                (self.new_exception(Exception::new(kind, args)), true)
            }
            PyErr::Raise(v) => (v, true),
            PyErr::Reraise(v) => (v, false),
            PyErr::Suspend => unreachable!("a pause is not an exception: execute() stops it"),
        };
        if add_tb {
            self.add_traceback_here(exc);
            if let Some(&ctx) = self.exc_stack.last() {
                if ctx != exc {
                    if let Value::Ref(id) = exc {
                        if let Obj::Exception(e) = self.heap.get_mut(id) {
                            if e.context.is_none() {
                                e.context = ctx;
                            }
                        }
                    }
                }
            }
        }
        exc
    }

    /// Records the innermost frame's current line at the front of the
    /// exception's traceback.
    fn add_traceback_here(&mut self, exc: Value) {
        let Some(frame) = self.frames.last() else {
            return;
        };
        if frame.code == super::consumer_data::CONSUMER_CODE {
            return;
        }
        let code = &self.program.codes[frame.code as usize];
        let ip = frame.ip.saturating_sub(1) as usize;
        let line = code.lines.get(ip).copied().unwrap_or(code.first_line);
        let entry = TbEntry {
            code: frame.code,
            line,
        };
        if let Value::Ref(id) = exc {
            if let Obj::Exception(e) = self.heap.get_mut(id) {
                e.traceback.insert(0, entry);
            }
        }
    }

    /// Unwinds frames down to (not past) the innermost native boundary,
    /// looking for a handler. On success the handling frame is ready to run
    /// its handler; otherwise every frame above the boundary and the
    /// boundary frame itself are popped and the exception (possibly
    /// replaced on the way, see PEP 479) is returned.
    ///
    /// # Errors
    /// The exception when no handler caught it.
    pub fn unwind(&mut self, mut exc: Value) -> Result<(), Value> {
        loop {
            let Some(frame) = self.frames.last_mut() else {
                return Err(exc);
            };
            if let Some(h) = frame.handlers.pop() {
                let Handler {
                    target,
                    stack_len,
                    exc_depth,
                } = h;
                frame.ip = target;
                self.stack.truncate(stack_len as usize);
                self.stack.push(exc);
                self.exc_stack.truncate(exc_depth as usize);
                self.exc_stack.push(exc);
                return Ok(());
            }
            let frame = self.frames.pop().expect("a frame");
            self.stack.truncate(frame.ret_to as usize);
            self.exc_stack.truncate(frame.exc_depth as usize);
            if let super::OnReturn::Generator(g) = frame.on_return {
                let is_async_gen = self.program.codes[frame.code as usize].is_async_generator();
                self.finish_generator(g);
                if is_async_gen && self.agen_close_done(g, exc) {
                    return Ok(());
                }
                exc = self.pep479(exc, is_async_gen);
                if self.frames.is_empty() && self.in_spawned_task() {
                    // a task's coroutine raised: the task fails, others go on
                    self.finish_current_task(Err(exc));
                    return Ok(());
                }
            }
            match frame.boundary {
                super::Boundary::Native => return Err(exc),
                super::Boundary::Orphan => {
                    // the native caller unwound at a pause: its instruction
                    // runs again and meets this exception
                    self.deliver(super::journal::Outcome::Raised(exc));
                    return Ok(());
                }
                super::Boundary::No if self.frames.is_empty() => return Err(exc),
                super::Boundary::No => {}
            }
            self.add_traceback_here(exc);
        }
    }

    /// A `StopIteration` escaping a generator (or a `StopAsyncIteration`
    /// an async one) becomes `RuntimeError` (PEP 479), with the original
    /// as its cause.
    fn pep479(&mut self, exc: Value, is_async_gen: bool) -> Value {
        let kind = match exc {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Exception(e) => Some(e.kind),
                _ => None,
            },
            _ => None,
        };
        let msg = match (kind, is_async_gen) {
            (Some(ExcType::StopIteration), false) => "generator raised StopIteration",
            (Some(ExcType::StopIteration), true) => "async generator raised StopIteration",
            (Some(ExcType::StopAsyncIteration), true) => {
                "async generator raised StopAsyncIteration"
            }
            _ => return exc,
        };
        let msg = self.new_str(msg);
        let mut e = Exception::new(ExcType::RuntimeError, vec![msg]);
        e.cause = exc;
        e.suppress_context = true;
        e.context = exc;
        let tb = match exc {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Exception(x) => x.traceback.clone(),
                _ => Vec::new(),
            },
            _ => Vec::new(),
        };
        e.traceback = tb;
        self.new_exception(e)
    }

    /// The exception's class name, `str()` and full traceback text.
    pub fn describe_exception(&mut self, exc: Value) -> (String, String, String) {
        let (kind, msg) = self.exception_type_and_str(exc);
        let mut out = Vec::new();
        self.format_chain(exc, &mut out, 0, Some(&msg), true);
        (kind, msg, out.concat())
    }

    /// The report of `exc` as the pieces `traceback.format_exception`
    /// returns (one per frame, header, separator, final line and note);
    /// `chain` includes the causes and contexts before it.
    pub fn format_exception_pieces(&mut self, exc: Value, chain: bool) -> Vec<String> {
        let mut out = Vec::new();
        self.format_chain(exc, &mut out, 0, None, chain);
        out
    }

    /// `traceback.format_exception_only(exc)`: the final line (with the
    /// hints the VM adds) and the notes.
    pub fn format_exception_only_pieces(&mut self, exc: Value) -> Vec<String> {
        let mut out = Vec::new();
        self.format_final(exc, &mut out, None);
        out
    }

    /// `traceback.format_tb`: one piece per traceback entry (repeats
    /// folded as in the full report).
    pub fn format_tb_pieces(&mut self, exc: Value) -> Vec<String> {
        let mut out = Vec::new();
        self.format_entries(exc, &mut out);
        out
    }

    pub fn exception_type_and_str(&mut self, exc: Value) -> (String, String) {
        let kind = match exc {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Exception(e) => match e.class {
                    Some(c) => self.class(c).name.clone(),
                    None => e.kind.name().to_string(),
                },
                _ => "Exception".to_string(),
            },
            _ => "Exception".to_string(),
        };
        let msg = self.str_of(exc).unwrap_or_default();
        (kind, msg)
    }

    /// The report of `exc` and the exceptions chained to it; `msg` is
    /// `str(exc)` when the caller has it already (a message can be tens of
    /// megabytes: it is not computed twice).
    fn format_chain(
        &mut self,
        exc: Value,
        out: &mut Vec<String>,
        depth: usize,
        msg: Option<&str>,
        chain: bool,
    ) {
        let Value::Ref(id) = exc else { return };
        let Obj::Exception(e) = self.heap.get(id) else {
            return;
        };
        let (cause, context, suppress) = (e.cause, e.context, e.suppress_context);
        if depth < 32 && chain {
            if !cause.is_none() {
                self.format_chain(cause, out, depth + 1, None, chain);
                out.push(
                    "\nThe above exception was the direct cause of the following exception:\n\n"
                        .into(),
                );
            } else if !context.is_none() && !suppress {
                self.format_chain(context, out, depth + 1, None, chain);
                out.push(
                    "\nDuring handling of the above exception, another exception occurred:\n\n"
                        .into(),
                );
            }
        }
        self.format_one(exc, out, msg);
    }

    fn format_one(&mut self, exc: Value, out: &mut Vec<String>, known_msg: Option<&str>) {
        let Value::Ref(id) = exc else { return };
        let Obj::Exception(e) = self.heap.get(id) else {
            return;
        };
        if !e.traceback.is_empty() {
            out.push("Traceback (most recent call last):\n".into());
        }
        self.format_entries(exc, out);
        self.format_final(exc, out, known_msg);
    }

    /// The traceback's entries, a run of more than three identical ones
    /// folded into a "Previous line repeated" line.
    fn format_entries(&mut self, exc: Value, out: &mut Vec<String>) {
        let Value::Ref(id) = exc else { return };
        let Obj::Exception(e) = self.heap.get(id) else {
            return;
        };
        let tb = e.traceback.clone();
        let mut i = 0;
        while i < tb.len() {
            let mut j = i + 1;
            while j < tb.len() && tb[j].code == tb[i].code && tb[j].line == tb[i].line {
                j += 1;
            }
            let run = j - i;
            for _ in 0..run.min(3) {
                let mut one = String::new();
                self.format_entry(tb[i], &mut one);
                out.push(one);
            }
            if run > 3 {
                let more = run - 3;
                let s = if more == 1 { "" } else { "s" };
                out.push(format!("  [Previous line repeated {more} more time{s}]\n"));
            }
            i = j;
        }
    }

    /// The exception's own line (`Kind: message` and the VM's hints) and
    /// its notes.
    fn format_final(&mut self, exc: Value, out: &mut Vec<String>, known_msg: Option<&str>) {
        let tb = match exc {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Exception(e) => e.traceback.last().copied(),
                _ => None,
            },
            _ => None,
        };
        let computed;
        let msg = match known_msg {
            Some(m) => m,
            None => {
                computed = self.exception_type_and_str(exc).1;
                &computed
            }
        };
        let kind = match exc {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Exception(e) => match e.class {
                    Some(c) => {
                        let (module, qualname) = self.class_module_and_qualname(c);
                        if module == "__main__" || module == "builtins" {
                            qualname
                        } else {
                            format!("{module}.{qualname}")
                        }
                    }
                    None => e.kind.qualified_name().to_string(),
                },
                _ => "Exception".to_string(),
            },
            _ => "Exception".to_string(),
        };
        let mut line = String::with_capacity(kind.len() + 2 + msg.len() + 1);
        line.push_str(&kind);
        if !msg.is_empty() {
            line.push_str(": ");
            line.push_str(msg);
        }
        if kind == "AttributeError" {
            let hint = self.attribute_error_hint(exc);
            line.push_str(&hint);
        }
        if kind == "NameError" {
            let wrong = msg
                .strip_prefix("name '")
                .and_then(|m| m.strip_suffix("' is not defined"));
            if let (Some(wrong), Some(last)) = (wrong, tb) {
                line.push_str(&self.name_error_hint(wrong, last.code));
            }
        }
        line.push('\n');
        out.push(line);
        self.format_notes(exc, out);
    }

    /// The exception's `__notes__`, one per line after its own line.
    fn format_notes(&mut self, exc: Value, out: &mut Vec<String>) {
        let Value::Ref(id) = exc else { return };
        let notes = match self.heap.get(id) {
            Obj::Exception(e) => e.attrs.get_str("__notes__"),
            _ => None,
        };
        let Some(Value::Ref(l)) = notes else { return };
        let items = match self.heap.get(l) {
            Obj::List(items) | Obj::Tuple(items) => items.clone(),
            _ => return,
        };
        for note in items {
            let text = super::as_str(&self.heap, note).map(str::to_string);
            let mut t = match text {
                Some(t) => t,
                None => self.repr(note).unwrap_or_default(),
            };
            t.push('\n');
            out.push(t);
        }
    }

    fn format_entry(&self, entry: TbEntry, out: &mut String) {
        let code = &self.program.codes[entry.code as usize];
        out.push_str(&format!(
            "  File \"{}\", line {}, in {}\n",
            self.program.filename, entry.line, code.name
        ));
        // (line 0 only in a forged snapshot's line table)
        let index = (entry.line as usize).checked_sub(1);
        if let Some(src) = index.and_then(|i| self.program.source_lines.get(i)) {
            let t = src.trim();
            if !t.is_empty() {
                out.push_str("    ");
                out.push_str(t);
                out.push('\n');
            }
        }
    }
}
