//! `eval` and `exec`: the source is compiled onto the running program
//! (`monty_compile::snippet`), appended to its tables (so a snapshot taken
//! while it runs holds it like the program's own code) and run as a
//! function whose frame sits above the caller's, like any Python call: a
//! host call inside pauses and resumes as anywhere else.
//!
//! The snippet's scope follows CPython: by default the caller's globals and
//! locals (at module level the module's global slots; in a function a
//! snapshot dict of its locals, so writes are discarded; in a class body
//! its namespace), or the dicts given. A globals dict lives in a hidden
//! global slot (`<globals>`) that the snippet's global ops name, so the
//! functions it defines read that dict when they run. The namespace
//! dicts of these slots live as long as the program (code compiled for them
//! never goes away); a cache keeps one copy of the code per source and
//! scope.

use std::rc::Rc;

use monty_compile::bytecode::{Code, Program};
use monty_compile::snippet::{
    compile_snippet, Extension, SnippetMode, SnippetScope, SNIPPET_FILENAME,
};
use monty_compile::CompileError;

use crate::builtins::builtin::Builtin;
use crate::builtins::Args;
use crate::object::{ExcType, Exception, Function, HashKey, Obj, Value};

use super::{consumer_data::CONSUMER_CODE, PyErr, PyResult, Vm};

/// The name of the hidden global slots holding a globals dict.
const GLOBALS_SLOT: &str = "<globals>";

/// Compiled snippets by source: mode, scope and entry code (see the cache
/// in [`Vm::snippet_cache`]).
pub type SnippetCache = rustc_hash::FxHashMap<String, Vec<(SnippetMode, SnippetScope, u32)>>;

/// The scope of the Python code calling a builtin.
pub(crate) enum CallerScope {
    /// Module-level code over the program's global slots.
    Module,
    /// A class body or a snippet's top level: its namespace dict.
    Namespace(Value),
    /// A function: the frame index.
    Function(usize),
}

/// What `eval`/`exec` were given, checked.
struct Request {
    mode: SnippetMode,
    source: String,
    globals: Option<Value>,
    locals: Option<Value>,
}

impl Vm {
    /// `eval`/`exec` from a call instruction (the callable at `fpos`):
    /// pushes the snippet's frame. Returns whether a frame was pushed.
    pub(super) fn call_snippet(
        &mut self,
        fpos: usize,
        b: Builtin,
        pos: Vec<Value>,
        kw: super::Kwargs,
    ) -> PyResult<bool> {
        let (func, args) = self.prepare_snippet(b, Args::new(b.name(), pos, kw))?;
        let Value::Ref(fid) = func else {
            unreachable!("a function object")
        };
        self.stack.truncate(fpos);
        self.stack.push(func);
        self.enter_function(fid, args, Vec::new(), false)?;
        Ok(true)
    }

    /// `eval`/`exec` called by native code (`map(eval, ...)`): runs the
    /// snippet to its end. The journal point is the builtin itself, so
    /// after a pause inside the native code meets it again and is served
    /// its outcome (the function object made for the snippet is new each
    /// time).
    pub(crate) fn run_snippet(&mut self, b: Builtin, args: Args) -> PyResult<Value> {
        let callee = Value::Builtin(b);
        self.journaled_call(callee, |vm| {
            let (func, args) = vm.prepare_snippet(b, args)?;
            let Value::Ref(fid) = func else {
                unreachable!("a function object")
            };
            vm.stack.push(func);
            vm.enter_function(fid, args, Vec::new(), true)?;
            vm.run_nested(callee)
        })
    }

    /// The function `name` that the Python source `source` defines: how
    /// native code runs logic written in Python (`os.walk`,
    /// `Condition.wait_for`). The source is run by `exec` into a fresh
    /// namespace on first use in a run; the function is kept in a hidden
    /// global slot (`<snippet NAME>`), so later calls reuse it and a
    /// snapshot carries it like any global.
    ///
    /// # Errors
    /// What running the source raised; `NameError` if it defines no `name`.
    pub fn snippet_function(&mut self, source: &str, name: &str) -> PyResult<Value> {
        let slot = format!("<snippet {name}>");
        if let Some(f) = self.hidden_global(&slot) {
            return Ok(f);
        }
        let ns = self
            .heap
            .new_value(Obj::Dict(Box::new(crate::object::Dict::new())));
        let src = self.new_str(source);
        self.run_snippet(Builtin::Exec, Args::new("exec", vec![src, ns], Vec::new()))?;
        let key = self.attr_name_value(name);
        let f = self.get_item(ns, key)?;
        self.set_hidden_global(&slot, f);
        Ok(f)
    }

    /// Checks the arguments, compiles the source (or finds it compiled)
    /// and returns the entry function with its arguments.
    fn prepare_snippet(&mut self, b: Builtin, args: Args) -> PyResult<(Value, Vec<Value>)> {
        let req = self.snippet_request(b, args)?;
        let (caller_fi, caller) = self.caller_scope();
        let caller_globals = caller_fi.and_then(|fi| self.code_of_frame(fi).globals_dict);
        let globals_dict = match req.globals {
            Some(g) => Some(self.globals_slot(g)),
            None => caller_globals,
        };
        let namespace = match (req.locals, req.globals, caller) {
            (Some(l), _, _) => Some(l),
            (None, Some(g), _) => Some(g),
            (None, None, CallerScope::Module) => None,
            (None, None, CallerScope::Namespace(ns)) => Some(ns),
            (None, None, CallerScope::Function(fi)) => Some(self.frame_locals(fi)),
        };
        let scope = SnippetScope {
            ns_top: namespace.is_some(),
            globals_dict,
        };
        let entry = self.compile_snippet_cached(&req.source, req.mode, scope)?;
        let func = self.heap.new_value(Obj::Function(Box::new(Function {
            code: entry,
            defaults: Vec::new(),
            kwdefaults: Vec::new(),
            closure: Vec::new(),
            attrs: None,
        })));
        Ok((func, namespace.into_iter().collect()))
    }

    /// CPython's checks of `eval`/`exec`'s arguments, in its order.
    fn snippet_request(&mut self, b: Builtin, args: Args) -> PyResult<Request> {
        let exec = b == Builtin::Exec;
        let name = b.name();
        let allowed: &[&str] = if exec {
            &["globals", "locals", "closure"]
        } else {
            &["globals", "locals"]
        };
        args.check_keywords(allowed)?;
        let n = args.pos.len() + args.kw.len();
        if args.pos.is_empty() {
            return Err(PyErr::type_error(format!(
                "{name}() takes at least 1 positional argument (0 given)"
            )));
        }
        if args.pos.len() > 3 || n > 3 + usize::from(exec) {
            let what = if exec {
                "positional arguments"
            } else {
                "arguments"
            };
            return Err(PyErr::type_error(format!(
                "{name}() takes at most 3 {what} ({} given)",
                if exec { args.pos.len() } else { n }
            )));
        }
        let none_to_opt = |v: Option<Value>| v.filter(|v| !matches!(v, Value::None));
        let source = args.pos[0];
        let globals = none_to_opt(args.get(1, "globals"));
        let locals = none_to_opt(args.get(2, "locals"));
        let closure = none_to_opt(args.kw.iter().find(|k| k.0 == "closure").map(|k| k.1));
        if exec {
            if let Some(g) = globals {
                if !self.is_dict(g) {
                    return Err(PyErr::type_error(format!(
                        "exec() globals must be a dict, not {}",
                        self.class_name(g)
                    )));
                }
            }
            if let Some(l) = locals {
                if !self.is_mapping(l) {
                    return Err(PyErr::type_error(format!(
                        "locals must be a mapping or None, not {}",
                        self.class_name(l)
                    )));
                }
            }
            if closure.is_some() {
                return Err(PyErr::type_error(
                    "closure can only be used when source is a code object",
                ));
            }
        } else {
            if let Some(l) = locals {
                if !self.is_mapping(l) {
                    return Err(PyErr::type_error("locals must be a mapping"));
                }
            }
            if let Some(g) = globals {
                if !self.is_dict(g) {
                    return Err(PyErr::type_error(if self.is_mapping(g) {
                        "globals must be a real dict; try eval(expr, {}, mapping)"
                    } else {
                        "globals must be a dict"
                    }));
                }
            }
        }
        if let Some(l) = locals {
            if !self.is_dict(l) {
                return Err(PyErr::new(
                    ExcType::NotImplementedError,
                    format!("{name}() with a locals mapping that is not a dict is not supported by this sandbox yet"),
                ));
            }
        }
        let source = match source {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Str(s) => Some(Ok(s.s.to_string())),
                Obj::Bytes(b) | Obj::ByteArray(b) => Some(decode_source(b)),
                _ => None,
            },
            _ => None,
        };
        let source = match source {
            Some(Err((msg, line))) => return Err(self.syntax_error(&msg, line, None)),
            Some(Ok(s)) => Some(s),
            None => None,
        };
        let Some(source) = source else {
            return Err(PyErr::type_error(format!(
                "{name}() arg 1 must be a string, bytes or code object"
            )));
        };
        if source.contains('\0') {
            return Err(PyErr::new(
                ExcType::SyntaxError,
                "source code string cannot contain null bytes",
            ));
        }
        Ok(Request {
            mode: if exec {
                SnippetMode::Exec
            } else {
                SnippetMode::Eval
            },
            source,
            globals,
            locals,
        })
    }

    fn is_dict(&self, v: Value) -> bool {
        matches!(v, Value::Ref(id) if matches!(self.heap.get(id), Obj::Dict(_)))
    }

    /// CPython's `PyMapping_Check`: the type has `__getitem__`.
    fn is_mapping(&self, v: Value) -> bool {
        let Value::Ref(id) = v else { return false };
        match self.heap.get(id) {
            Obj::Dict(_)
            | Obj::List(_)
            | Obj::Tuple(_)
            | Obj::Str(_)
            | Obj::Bytes(_)
            | Obj::ByteArray(_)
            | Obj::Range(_) => true,
            Obj::Instance(i) => self.class_lookup(i.class, "__getitem__").is_some(),
            _ => false,
        }
    }

    /// The code object a frame runs.
    fn code_of_frame(&self, fi: usize) -> &Code {
        &self.program.codes[self.frames[fi].code as usize]
    }

    /// The innermost Python frame (the one calling the builtin) and its
    /// kind of scope.
    pub(crate) fn caller_scope(&self) -> (Option<usize>, CallerScope) {
        let Some(fi) = self.frames.iter().rposition(|f| f.code != CONSUMER_CODE) else {
            return (None, CallerScope::Module);
        };
        let code = self.code_of_frame(fi);
        let scope = if code
            .params
            .names
            .first()
            .is_some_and(|n| n == "<namespace>")
        {
            CallerScope::Namespace(self.stack[self.frames[fi].base as usize])
        } else if code.name == "<module>" && code.params.names.is_empty() {
            CallerScope::Module
        } else {
            CallerScope::Function(fi)
        };
        (Some(fi), scope)
    }

    /// The hidden global slot holding the globals dict `g` (made on first
    /// use).
    fn globals_slot(&mut self, g: Value) -> u32 {
        let found = self
            .program
            .globals
            .iter()
            .enumerate()
            .position(|(i, n)| n == GLOBALS_SLOT && self.globals[i] == g);
        if let Some(i) = found {
            return i as u32;
        }
        let prog = Rc::make_mut(&mut self.program);
        prog.globals.push(GLOBALS_SLOT.to_string());
        self.globals.push(g);
        (self.globals.len() - 1) as u32
    }

    /// The entry code of `source` compiled for `scope`, compiling and
    /// appending it to the program unless done before.
    fn compile_snippet_cached(
        &mut self,
        source: &str,
        mode: SnippetMode,
        scope: SnippetScope,
    ) -> PyResult<u32> {
        if let Some(entries) = self.snippet_cache.get(source) {
            if let Some(e) = entries.iter().find(|e| e.0 == mode && e.1 == scope) {
                return Ok(e.2);
            }
        }
        let ext = compile_snippet(&self.program, source, mode, scope)
            .map_err(|e| self.compile_error(&e, source))?;
        let entry = self.append_extension(ext);
        self.snippet_cache
            .entry(source.to_string())
            .or_default()
            .push((mode, scope, entry));
        Ok(entry)
    }

    /// Appends code compiled onto the program to its tables; returns the
    /// index of its entry code.
    pub(crate) fn append_extension(&mut self, ext: Extension) -> u32 {
        let prog: &mut Program = Rc::make_mut(&mut self.program);
        let entry = prog.codes.len() as u32;
        prog.codes.extend(ext.codes);
        prog.names.extend(ext.names);
        prog.globals.extend(ext.globals);
        for c in &ext.consts {
            let v = super::const_value(&mut self.heap, c);
            self.consts.push(v);
        }
        prog.consts.extend(ext.consts);
        let nglobals = prog.globals.len();
        self.globals.resize(nglobals, Value::Undef);
        // (a name the program reads as a builtin may now be a global)
        self.builtin_names.clear();
        entry
    }

    /// A compile error of a snippet as the exception CPython raises.
    fn compile_error(&mut self, e: &CompileError, source: &str) -> PyErr {
        if e.kind != "SyntaxError" {
            return PyErr::new(ExcType::NotImplementedError, e.message.clone());
        }
        let text = source.lines().nth(e.line.saturating_sub(1) as usize);
        self.syntax_error(&e.message, e.line, text)
    }

    /// A `SyntaxError` located in the `<string>` source at `line`.
    pub(crate) fn syntax_error(&mut self, msg: &str, line: u32, text: Option<&str>) -> PyErr {
        let m = self.new_str(msg);
        let file = self.new_str(SNIPPET_FILENAME);
        let text = match text {
            Some(t) => self.new_str(format!("{t}\n")),
            None => Value::None,
        };
        let lineno = Value::Int(i64::from(line));
        let loc = self.new_tuple(vec![file, lineno, Value::None, text, lineno, Value::None]);
        let mut exc = Exception::new(ExcType::SyntaxError, vec![m, loc]);
        for (k, v) in [
            ("msg", m),
            ("filename", file),
            ("lineno", lineno),
            ("offset", Value::None),
            ("text", text),
            ("end_lineno", lineno),
            ("end_offset", Value::None),
        ] {
            let key = self.new_str(k);
            exc.attrs.insert(HashKey::Str(k.into()), key, v);
        }
        PyErr::Raise(self.new_exception(exc))
    }

    /// `str()` of a `SyntaxError` carrying its location (`msg
    /// (file, line N)`), or None for any other exception.
    pub(crate) fn syntax_error_str(&self, kind: ExcType, args: &[Value]) -> Option<String> {
        if !matches!(kind, ExcType::SyntaxError | ExcType::IndentationError) {
            return None;
        }
        let [msg, Value::Ref(loc)] = args else {
            return None;
        };
        let Obj::Tuple(loc) = self.heap.get(*loc) else {
            return None;
        };
        let msg = super::as_str(&self.heap, *msg)?;
        let file = loc.first().and_then(|f| super::as_str(&self.heap, *f));
        let file = file.map(|f| f.rsplit('/').next().unwrap_or(f));
        let line = match loc.get(1) {
            Some(Value::Int(n)) => Some(*n),
            _ => None,
        };
        Some(match (file, line) {
            (Some(f), Some(n)) => format!("{msg} ({f}, line {n})"),
            (None, Some(n)) => format!("{msg} (line {n})"),
            (Some(f), None) => format!("{msg} ({f})"),
            (None, None) => msg.to_string(),
        })
    }

    /// The lines a traceback shows above a located `SyntaxError`'s
    /// message: its file and line, and the source line.
    pub(crate) fn syntax_error_location(&self, exc: Value) -> String {
        let mut out = String::new();
        let Value::Ref(id) = exc else { return out };
        let Obj::Exception(e) = self.heap.get(id) else {
            return out;
        };
        let Some(&Value::Ref(loc)) = e.args.get(1) else {
            return out;
        };
        let Obj::Tuple(loc) = self.heap.get(loc) else {
            return out;
        };
        let file = loc.first().and_then(|f| super::as_str(&self.heap, *f));
        if let (Some(file), Some(Value::Int(line))) = (file, loc.get(1)) {
            out.push_str(&format!("  File \"{file}\", line {line}\n"));
        }
        let text = loc.get(3).and_then(|t| super::as_str(&self.heap, *t));
        if let Some(t) = text.map(str::trim).filter(|t| !t.is_empty()) {
            out.push_str(&format!("    {t}\n"));
        }
        out
    }

    /// The message a `SyntaxError`'s last traceback line shows (its `msg`,
    /// without the location `str()` adds), or None.
    pub(crate) fn syntax_error_msg(&self, exc: Value) -> Option<String> {
        let Value::Ref(id) = exc else { return None };
        let Obj::Exception(e) = self.heap.get(id) else {
            return None;
        };
        self.syntax_error_str(e.kind, &e.args)?;
        super::as_str(&self.heap, e.args[0]).map(str::to_string)
    }
}

/// `bytes` source as text: UTF-8, or CPython's `SyntaxError` message and
/// line naming the first byte that is not.
fn decode_source(b: &[u8]) -> Result<String, (String, u32)> {
    match std::str::from_utf8(b) {
        Ok(s) => Ok(s.to_string()),
        Err(e) => {
            let at = e.valid_up_to();
            let line = 1 + b[..at].iter().filter(|&&c| c == b'\n').count() as u32;
            let msg = format!(
                "Non-UTF-8 code starting with '\\x{:02x}' on line {line}, but no encoding declared; see https://peps.python.org/pep-0263/ for details",
                b[at]
            );
            Err((msg, line))
        }
    }
}
