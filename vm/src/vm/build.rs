//! Objects made by running definitions: function objects (`def`,
//! `lambda`, with their defaults and closure cells) and the start of a
//! class body (its namespace and the frame that fills it), plus class-level
//! annotations.

use crate::object::{Dict, Function, Obj, Value};
use monty_compile::bytecode::{FN_CLOSURE, FN_DEFAULTS, FN_KWDEFAULTS};

use super::{PyErr, PyResult, Vm};

impl Vm {
    /// A function object for code `code_idx`; `flags` say which of its
    /// closure cells, keyword-only defaults and defaults are on the stack
    /// (popped in that order).
    pub(super) fn make_function(&mut self, code_idx: u32, flags: u32) -> Value {
        let closure = if flags & FN_CLOSURE != 0 {
            self.pop_tuple_items()
        } else {
            Vec::new()
        };
        let kwdefaults_map = if flags & FN_KWDEFAULTS != 0 {
            Some(self.pop())
        } else {
            None
        };
        let defaults = if flags & FN_DEFAULTS != 0 {
            self.pop_tuple_items()
        } else {
            Vec::new()
        };
        let fcode = &self.program.codes[code_idx as usize];
        let mut kwdefaults = Vec::new();
        if let Some(m) = kwdefaults_map {
            let p = &fcode.params;
            for name in &p.names[p.positional as usize..(p.positional + p.kwonly) as usize] {
                let d = match m {
                    Value::Ref(id) => match self.heap.get(id) {
                        Obj::Dict(d) => d.get_str(name).unwrap_or(Value::Undef),
                        _ => Value::Undef,
                    },
                    _ => Value::Undef,
                };
                kwdefaults.push(d);
            }
        }
        self.heap.new_value(Obj::Function(Box::new(Function {
            code: code_idx,
            defaults,
            kwdefaults,
            closure,
            attrs: None,
        })))
    }

    /// `class` statements: pops the bases, the name and the body function
    /// and pushes the frame running the body on a fresh namespace; its
    /// return builds the class (`OnReturn::BuildClass`).
    pub(super) fn start_class_body(&mut self, nbases: u32, meta: Option<Value>) -> PyResult<()> {
        let meta = match meta {
            // `type` is every class's metaclass already
            None | Some(Value::Type(crate::object::Type::Type)) => None,
            Some(Value::Ref(m)) if matches!(self.heap.get(m), Obj::Class(_)) => Some(m),
            Some(other) => {
                return Err(PyErr::new(
                    crate::object::ExcType::NotImplementedError,
                    format!(
                        "metaclass={} is not supported by this sandbox (only the library's metaclasses, such as abc.ABCMeta)",
                        self.class_name(other)
                    ),
                ))
            }
        };
        let bases = self.stack.split_off(self.stack.len() - nbases as usize);
        let name_v = self.pop();
        let body = self.pop();
        let name = super::as_str(&self.heap, name_v).unwrap_or("?").to_string();
        // (always a function in compiled code, but a
        // snapshot's stack may hold anything: raise, not trap)
        let body_code = match body {
            Value::Ref(fid) => match self.heap.get(fid) {
                Obj::Function(f) => Some((fid, f.code)),
                _ => None,
            },
            _ => None,
        };
        let Some((fid, body_code)) = body_code else {
            return Err(PyErr::type_error("class body is not a function"));
        };
        let qualname = self.program.codes[body_code as usize].qualname.clone();
        let mut ns = Dict::new();
        for (k, v) in [
            ("__module__", "__main__"),
            ("__qualname__", qualname.as_str()),
        ] {
            let kv = self.new_str(k);
            let vv = self.new_str(v);
            ns.insert(crate::object::HashKey::Str(k.into()), kv, vv);
        }
        let doc = self.new_str("__doc__");
        ns.insert(
            crate::object::HashKey::Str("__doc__".into()),
            doc,
            Value::None,
        );
        let ns = self.heap.new_value(Obj::Dict(Box::new(ns)));
        self.stack.push(body);
        self.enter_function(fid, vec![ns], Vec::new(), false)?;
        let frame = self.frames.last_mut().expect("pushed");
        frame.on_return = super::OnReturn::BuildClass(Box::new(super::ClassBody {
            name,
            qualname,
            bases,
            ns,
            meta,
        }));
        Ok(())
    }

    /// `ns["__annotations__"][name] = ann`, creating the dict on first use.
    pub(super) fn annotate_class_name(&mut self, ns: Value, name: &str, ann: Value) {
        let Value::Ref(nid) = ns else { return };
        let existing = match self.heap.get(nid) {
            Obj::Dict(d) => d.get_str("__annotations__"),
            _ => None,
        };
        let anns = match existing {
            Some(a) => a,
            None => {
                let a = self.heap.new_value(Obj::Dict(Box::new(Dict::new())));
                let key = self.new_str("__annotations__");
                if let Obj::Dict(d) = self.heap.get_mut(nid) {
                    d.insert(
                        crate::object::HashKey::Str("__annotations__".into()),
                        key,
                        a,
                    );
                }
                a
            }
        };
        let key = self.new_str(name);
        if let Value::Ref(aid) = anns {
            if let Obj::Dict(d) = self.heap.get_mut(aid) {
                d.insert(crate::object::HashKey::Str(name.into()), key, ann);
            }
        }
    }

    pub(super) fn pop_tuple_items(&mut self) -> Vec<Value> {
        match self.pop() {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Tuple(t) => t.clone(),
                _ => Vec::new(),
            },
            _ => Vec::new(),
        }
    }
}
