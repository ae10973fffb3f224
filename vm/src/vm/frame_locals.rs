//! The names of a running scope as a dict: `locals()`, `globals()` and
//! the locals `eval`/`exec` see inside a function (`snippet.rs`).
//!
//! A function's locals are slots, so its `locals()` is a snapshot dict
//! (CPython 3.13's too, PEP 667), in CPython's order: the parameters, the
//! other plain locals, the captured ones (cells), then the free variables.
//! The module's globals are slots as well: `globals()` (and `locals()` at
//! module level) is a snapshot of them, so writes to it do not reach the
//! variables; a globals dict given to `exec` is returned as itself.

use crate::builtins::Args;
use crate::object::{Dict, HashKey, Obj, Value};

use super::snippet::CallerScope;
use super::{PyResult, Vm};

impl Vm {
    /// `locals()`.
    pub fn builtin_locals(&mut self, args: Args) -> PyResult<Value> {
        args.check(0, 0, &[])?;
        Ok(match self.caller_scope() {
            (_, CallerScope::Namespace(ns)) => ns,
            (_, CallerScope::Function(fi)) => self.frame_locals(fi),
            (fi, CallerScope::Module) => self.globals_of(fi),
        })
    }

    /// `globals()`.
    pub fn builtin_globals(&mut self, args: Args) -> PyResult<Value> {
        args.check(0, 0, &[])?;
        let (fi, _) = self.caller_scope();
        Ok(self.globals_of(fi))
    }

    /// The globals of frame `fi`'s code: its globals dict, or a snapshot of
    /// the module's global slots.
    fn globals_of(&mut self, fi: Option<usize>) -> Value {
        let slot = fi.and_then(|fi| self.program.codes[self.frames[fi].code as usize].globals_dict);
        if let Some(g) = slot {
            return self.globals[g as usize];
        }
        let prog = self.program.clone();
        let mut d = Dict::new();
        for (i, name) in prog.globals.iter().enumerate() {
            let v = self.globals[i];
            if name.starts_with('<') || matches!(v, Value::Undef) {
                continue;
            }
            let key = self.new_str(name.as_str());
            d.insert(HashKey::Str(name.as_str().into()), key, v);
        }
        self.heap.new_value(Obj::Dict(Box::new(d)))
    }

    /// A snapshot dict of the locals of function frame `fi`.
    pub(crate) fn frame_locals(&mut self, fi: usize) -> Value {
        let prog = self.program.clone();
        let frame = &self.frames[fi];
        let code = &prog.codes[frame.code as usize];
        let base = frame.base as usize;
        // (the call instruction in progress)
        let at = frame.ip.saturating_sub(1);
        let out_of_scope = |i: usize| {
            let mut scoped = code.scoped_slots.iter().filter(|s| s.0 as usize == i);
            scoped.next().is_some_and(|s| !(s.1..s.2).contains(&at))
        };
        let nparams = code.params.names.len();
        let frees = nparams..nparams + code.freevars.len();
        let mut found: Vec<(u8, &str, Value)> = Vec::new();
        for (i, name) in code.local_names.iter().enumerate() {
            if name.starts_with('<') || name.starts_with('.') || out_of_scope(i) {
                continue;
            }
            let Some(&raw) = self.stack.get(base + i) else {
                continue;
            };
            let cell = match raw {
                Value::Ref(id) => match self.heap.get(id) {
                    Obj::Cell(v) => Some(*v),
                    _ => None,
                },
                _ => None,
            };
            let v = cell.unwrap_or(raw);
            if matches!(v, Value::Undef) {
                continue;
            }
            let group = if i < nparams {
                0
            } else if frees.contains(&i) {
                3
            } else if cell.is_some() {
                2
            } else {
                1
            };
            found.push((group, name, v));
        }
        crate::cold_sort::sort_by_key(&mut found, |e| e.0);
        let mut d = Dict::new();
        for (_, name, v) in found {
            let key = self.new_str(name);
            d.insert(HashKey::Str(name.into()), key, v);
        }
        self.heap.new_value(Obj::Dict(Box::new(d)))
    }
}
