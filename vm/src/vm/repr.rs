//! `repr()` and `str()` of every builtin value, byte-for-byte as CPython
//! prints them: string quoting and escapes, float digits, container
//! nesting with `[...]` for self-reference, exception and object forms.

use crate::object::{float, ExcType, Obj, Value, ViewKind};

use super::{PyErr, PyResult, Vm};

/// Deepest container nesting `repr()` descends into before raising
/// `RecursionError`. The recursion is native, and wasmtime's default
/// 512 KiB wasm stack overflowed at about 400 nested lists (measured), so
/// this leaves room for the callers below it.
const MAX_REPR_DEPTH: usize = 250;

pub use monty_text::str_repr;

/// `ascii()` of a string's repr: non-ASCII escaped.
pub fn ascii_escape(repr: &str) -> String {
    let mut out = String::new();
    for c in repr.chars() {
        let n = c as u32;
        if n < 0x80 {
            out.push(c);
        } else if n <= 0xff {
            out.push_str(&format!("\\x{n:02x}"));
        } else if n <= 0xffff {
            out.push_str(&format!("\\u{n:04x}"));
        } else {
            out.push_str(&format!("\\U{n:08x}"));
        }
    }
    out
}

fn fake_addr(id: u32) -> String {
    format!("0x{:012x}", 0x7f00_0000_0000u64 + (id as u64) * 0x40)
}

impl Vm {
    /// `repr(v)`.
    pub fn repr(&mut self, v: Value) -> PyResult<String> {
        let mut out = String::new();
        let mut seen = Vec::new();
        self.repr_nesting += 1;
        let r = self.repr_into(v, &mut out, &mut seen);
        self.repr_nesting -= 1;
        r.map(|()| out)
    }

    /// `str(v)` as a value: `v` itself when it is a str, and the message
    /// object of an exception made with one str argument whose class
    /// defines no `__str__` (as in CPython, `str(e) is e.args[0]`), with
    /// no text copied; else a new str of [`Vm::str_of`], which formats
    /// the other exceptions (`KeyError`'s repr, `OSError`'s errno,
    /// groups).
    ///
    /// # Errors
    /// What `__str__` or `__repr__` raised.
    pub fn str_value(&mut self, v: Value) -> PyResult<Value> {
        if let Value::Ref(id) = v {
            match self.heap.get(id) {
                Obj::Str(_) => return Ok(v),
                Obj::Exception(e)
                    if e.kind != ExcType::KeyError
                        && !e.kind.is_group()
                        && !e.kind.is_subclass_of(ExcType::OSError) =>
                {
                    let class = e.class;
                    if let [msg @ Value::Ref(m)] = e.args[..] {
                        if matches!(self.heap.get(m), Obj::Str(_))
                            && class.is_none_or(|c| self.class_lookup(c, "__str__").is_none())
                        {
                            return Ok(msg);
                        }
                    }
                }
                _ => {}
            }
        }
        let s = self.str_of(v)?;
        Ok(self.new_str(s))
    }

    /// `str(v)`.
    pub fn str_of(&mut self, v: Value) -> PyResult<String> {
        if let Value::Ref(id) = v {
            match self.heap.get(id) {
                Obj::Str(s) => return Ok(s.s.to_string()),
                Obj::Native(_) => return crate::lib().native_obj_str(self, id),
                Obj::Instance(_) | Obj::Exception(_) => {
                    if let Some(r) = self.call_dunder(v, "__str__", vec![])? {
                        return self.expect_str(r, "__str__");
                    }
                    if let Obj::Exception(e) = self.heap.get(id) {
                        if e.kind.is_group() {
                            let (msg, n) = (e.args.first().copied(), e.exceptions.len());
                            let msg = match msg {
                                Some(m) => self.str_of(m)?,
                                None => String::new(),
                            };
                            let s = if n == 1 { "" } else { "s" };
                            return Ok(format!("{msg} ({n} sub-exception{s})"));
                        }
                        if let Some(s) = self.os_error_str(id)? {
                            return Ok(s);
                        }
                        let Obj::Exception(e) = self.heap.get(id) else {
                            unreachable!("checked above")
                        };
                        let (kind, args) = (e.kind, e.args.clone());
                        if let Some(s) = self.syntax_error_str(kind, &args) {
                            return Ok(s);
                        }
                        return match args.len() {
                            0 => Ok(String::new()),
                            1 if kind == ExcType::KeyError => self.repr(args[0]),
                            1 => self.str_of(args[0]),
                            _ => {
                                let mut out = String::new();
                                self.seq_repr(&args, "(", ")", true, &mut out, &mut Vec::new())?;
                                Ok(out)
                            }
                        };
                    }
                }
                _ => {}
            }
        }
        self.repr(v)
    }

    fn expect_str(&mut self, r: Value, method: &str) -> PyResult<String> {
        match super::as_str(&self.heap, r) {
            Some(s) => Ok(s.to_string()),
            None => Err(PyErr::type_error(format!(
                "{method} returned non-string (type {})",
                self.class_name(r)
            ))),
        }
    }

    /// `object.__repr__`: `<module.Name object at 0x...>`, the module
    /// being the class's `__module__` (`__main__` for the program's).
    pub fn default_repr(&mut self, v: Value) -> PyResult<String> {
        if let Value::Ref(id) = v {
            if let Obj::Instance(i) = self.heap.get(id) {
                let class = self.class(i.class);
                let q = class.qualname.clone();
                let module = class
                    .attrs
                    .get_str("__module__")
                    .and_then(|m| super::as_str(&self.heap, m))
                    .unwrap_or("__main__")
                    .to_string();
                return Ok(format!("<{module}.{q} object at {}>", fake_addr(id.0)));
            }
        }
        self.repr(v)
    }

    fn seq_repr(
        &mut self,
        items: &[Value],
        open: &str,
        close: &str,
        tuple: bool,
        out: &mut String,
        seen: &mut Vec<u32>,
    ) -> PyResult<()> {
        out.push_str(open);
        for (i, it) in items.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.repr_into(*it, out, seen)?;
        }
        if tuple && items.len() == 1 {
            out.push(',');
        }
        out.push_str(close);
        Ok(())
    }

    /// The repr of list or tuple `id`, reading each item from the heap as
    /// it goes (as CPython does: no copy of a big list, and an item's
    /// `__repr__` that shrinks the list ends the loop early).
    fn indexed_repr(
        &mut self,
        id: crate::object::ObjId,
        open: &str,
        close: &str,
        out: &mut String,
        seen: &mut Vec<u32>,
    ) -> PyResult<()> {
        out.push_str(open);
        let mut i = 0;
        let lone = loop {
            let (item, len) = match self.heap.get(id) {
                Obj::List(l) => (l.get(i), l.len()),
                Obj::Tuple(l) => (l.get(i).copied(), l.len()),
                _ => (None, 0),
            };
            let Some(item) = item else {
                break i == 1 && len == 1;
            };
            if i > 0 {
                out.push_str(", ");
            }
            self.repr_into(item, out, seen)?;
            i += 1;
        };
        if lone && matches!(self.heap.get(id), Obj::Tuple(_)) {
            out.push(',');
        }
        out.push_str(close);
        Ok(())
    }

    fn repr_into(&mut self, v: Value, out: &mut String, seen: &mut Vec<u32>) -> PyResult<()> {
        match v {
            Value::Undef | Value::None => out.push_str("None"),
            Value::Bool(true) => out.push_str("True"),
            Value::Bool(false) => out.push_str("False"),
            Value::Int(i) => {
                use std::fmt::Write;
                let _ = write!(out, "{i}");
            }
            Value::Float(f) => out.push_str(&float::repr(f)),
            Value::Builtin(crate::builtins::Builtin::Ellipsis) => out.push_str("Ellipsis"),
            Value::Builtin(crate::builtins::Builtin::NotImplemented) => {
                out.push_str("NotImplemented")
            }
            Value::Builtin(b) => out.push_str(&format!("<built-in function {}>", b.name())),
            Value::Native(id) => match crate::lib().class_repr(self, id) {
                Some(r) => out.push_str(&r),
                // asyncio's functions are written in Python in CPython.
                None if crate::lib().is_asyncio_function(id) => out.push_str(&format!(
                    "<function {} at 0x{:012x}>",
                    crate::lib().native_name(id),
                    0x7f10_0000_0000u64 + u64::from(id.func) * 0xa0
                )),
                None => out.push_str(&format!(
                    "<built-in function {}>",
                    crate::lib().native_name(id)
                )),
            },
            Value::Type(t) => out.push_str(&format!("<class '{}'>", t.name())),
            Value::ExcType(t) => out.push_str(&format!("<class '{}'>", t.qualified_name())),
            Value::Ref(id) => {
                // (a repr call nested in another weighs about two levels)
                if seen.len() + 2 * self.repr_nesting.saturating_sub(1) as usize > MAX_REPR_DEPTH {
                    return Err(PyErr::new(
                        ExcType::RecursionError,
                        "maximum recursion depth exceeded while getting the repr of an object",
                    ));
                }
                let container = matches!(
                    self.heap.get(id),
                    Obj::List(_)
                        | Obj::Dict(_)
                        | Obj::Set(_)
                        | Obj::FrozenSet(_)
                        | Obj::DictView(..)
                );
                if container && seen.contains(&id.0) {
                    out.push_str(match self.heap.get(id) {
                        Obj::List(_) => "[...]",
                        _ => "{...}",
                    });
                    return Ok(());
                }
                seen.push(id.0);
                let r = self.repr_obj(v, id, out, seen);
                seen.pop();
                r?;
            }
        }
        Ok(())
    }

    fn repr_obj(
        &mut self,
        v: Value,
        id: crate::object::ObjId,
        out: &mut String,
        seen: &mut Vec<u32>,
    ) -> PyResult<()> {
        match self.heap.get(id) {
            Obj::Str(s) => out.push_str(&str_repr(&s.s)),
            Obj::Bytes(b) => out.push_str(&crate::object::bytes::repr(b)),
            Obj::Complex(z) => out.push_str(&crate::object::complex::repr(*z)),
            Obj::ByteArray(b) => out.push_str(&crate::object::bytes::bytearray_repr(b)),
            Obj::BigInt(b) => {
                let err = || {
                    PyErr::value_error(
                        "Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit",
                    )
                };
                // |b| >= 2**(bits-1): surely too long; near the limit, count
                let low = (b.bits() as f64 - 1.0) * std::f64::consts::LOG10_2;
                if low >= 4300.0 {
                    return Err(err());
                }
                let text = b.to_string();
                if text.trim_start_matches('-').len() > 4300 {
                    return Err(err());
                }
                out.push_str(&text)
            }
            Obj::List(_) => self.indexed_repr(id, "[", "]", out, seen)?,
            Obj::Tuple(_) => self.indexed_repr(id, "(", ")", out, seen)?,
            Obj::Dict(d) if d.kind != crate::object::DictKind::Plain => {
                let kind = d.kind;
                let mut plain = String::new();
                // a Counter prints its own snapshot, by count
                let entries: Vec<(Value, Value)> = if kind == crate::object::DictKind::Counter {
                    Vec::new()
                } else {
                    d.entries().collect()
                };
                plain.push('{');
                for (i, (k, val)) in entries.into_iter().enumerate() {
                    if i > 0 {
                        plain.push_str(", ");
                    }
                    self.repr_into(k, &mut plain, seen)?;
                    plain.push_str(": ");
                    self.repr_into(val, &mut plain, seen)?;
                }
                plain.push('}');
                let s = crate::lib().dict_kind_repr(self, kind, id, plain)?;
                out.push_str(&s);
            }
            Obj::Dict(_) => {
                // walked live by slot, as CPython: an entry added by a
                // `__repr__` is printed, a deleted one leaves a tombstone
                out.push('{');
                let mut pos = 0;
                loop {
                    let next = match self.heap.get(id) {
                        Obj::Dict(d) => d.next_entry(pos),
                        _ => None,
                    };
                    let Some((slot, (k, val))) = next else { break };
                    if pos > 0 {
                        out.push_str(", ");
                    }
                    pos = slot + 1;
                    self.repr_into(k, out, seen)?;
                    out.push_str(": ");
                    self.repr_into(val, out, seen)?;
                }
                out.push('}');
            }
            Obj::Set(d) => {
                if d.is_empty() {
                    out.push_str("set()");
                } else {
                    let keys: Vec<Value> = d.keys().collect();
                    self.seq_repr(&keys, "{", "}", false, out, seen)?;
                }
            }
            Obj::FrozenSet(d) => {
                if d.is_empty() {
                    out.push_str("frozenset()");
                } else {
                    let keys: Vec<Value> = d.keys().collect();
                    self.seq_repr(&keys, "frozenset({", "})", false, out, seen)?;
                }
            }
            Obj::Function(f) => {
                let code = &self.program.codes[f.code as usize];
                out.push_str(&format!(
                    "<function {} at {}>",
                    code.qualname,
                    fake_addr(id.0)
                ));
            }
            Obj::Cell(_) => out.push_str(&format!("<cell at {}>", fake_addr(id.0))),
            Obj::Exception(e) => {
                if e.class.is_some() {
                    if let Some(r) = self.call_dunder(v, "__repr__", vec![])? {
                        let s = self.expect_str(r, "__repr__")?;
                        out.push_str(&s);
                        return Ok(());
                    }
                }
                let Obj::Exception(e) = self.heap.get(id) else {
                    unreachable!()
                };
                let name = match e.class {
                    Some(c) => self.class(c).name.clone(),
                    None => e.kind.name().to_string(),
                };
                let args = e.args.clone();
                out.push_str(&name);
                if args.len() == 1 {
                    out.push('(');
                    self.repr_into(args[0], out, seen)?;
                    out.push(')');
                } else {
                    self.seq_repr(&args, "(", ")", false, out, seen)?;
                }
            }
            Obj::Range(r) => {
                if r.step == 1 {
                    out.push_str(&format!("range({}, {})", r.start, r.stop));
                } else {
                    out.push_str(&format!("range({}, {}, {})", r.start, r.stop, r.step));
                }
            }
            Obj::Slice(parts) => {
                let [a, b, c] = **parts;
                out.push_str("slice(");
                self.repr_into(a, out, seen)?;
                out.push_str(", ");
                self.repr_into(b, out, seen)?;
                out.push_str(", ");
                self.repr_into(c, out, seen)?;
                out.push(')');
            }
            Obj::Iter(it) => {
                let native = matches!(it, crate::object::Iter::Native(_));
                match if native {
                    crate::lib().native_iter_repr(self, id)?
                } else {
                    None
                } {
                    Some(s) => out.push_str(&s),
                    None => out.push_str(&format!(
                        "<{} object at {}>",
                        self.class_name(v),
                        fake_addr(id.0)
                    )),
                }
            }
            Obj::DictView(d, kind) => {
                let (d, kind) = (*d, *kind);
                let Obj::Dict(dict) = self.heap.get(d) else {
                    return Ok(());
                };
                let entries: Vec<(Value, Value)> = dict.entries().collect();
                let name = match kind {
                    ViewKind::Keys => "dict_keys",
                    ViewKind::Values => "dict_values",
                    ViewKind::Items => "dict_items",
                };
                out.push_str(name);
                out.push_str("([");
                for (i, (k, val)) in entries.into_iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    match kind {
                        ViewKind::Keys => self.repr_into(k, out, seen)?,
                        ViewKind::Values => self.repr_into(val, out, seen)?,
                        ViewKind::Items => {
                            out.push('(');
                            self.repr_into(k, out, seen)?;
                            out.push_str(", ");
                            self.repr_into(val, out, seen)?;
                            out.push(')');
                        }
                    }
                }
                out.push_str("])");
            }
            Obj::BuiltinMethod(Value::Type(t), name)
                if (matches!(
                    t,
                    crate::object::Type::Bytes | crate::object::Type::ByteArray
                ) && !matches!(name.as_str(), "fromhex" | "maketrans"))
                    || crate::builtins::methods::is_unbound_method(self, *t, name) =>
            {
                out.push_str(&format!("<method '{name}' of '{}' objects>", t.name()));
            }
            Obj::BuiltinMethod(recv, name) => {
                let (recv, name) = (*recv, name.clone());
                out.push_str(&format!(
                    "<built-in method {name} of {} object at {}>",
                    self.class_name(recv),
                    fake_addr(recv.as_ref().map(|r| r.0).unwrap_or(0))
                ));
            }
            Obj::External(e) => {
                out.push_str(&format!("<function {} at {}>", e.name, fake_addr(id.0)))
            }
            Obj::Module(m) => out.push_str(&format!("<module '{}' (built-in)>", m.name)),
            Obj::BoundNative { name, .. } if crate::lib().bound_native_is_function(self, id) => {
                out.push_str(&format!("<function {name} at {}>", fake_addr(id.0)));
            }
            Obj::BoundNative { func, bound, name } => {
                let (func, bound, name) = (*func, bound.clone(), name.clone());
                if let Some(s) = crate::lib().bound_native_repr(self, func, &bound, id)? {
                    out.push_str(&s);
                } else {
                    out.push_str(&name);
                    self.seq_repr(&bound, "(", ")", false, out, seen)?;
                }
            }
            Obj::Class(c) if c.meta.is_some() && self.meta_method(v, "__repr__").is_some() => {
                let r = self.call_meta(v, "__repr__", vec![])?.expect("looked up");
                let s = self.expect_str(r, "__repr__")?;
                out.push_str(&s);
            }
            Obj::Class(_) => {
                let (module, qualname) = self.class_module_and_qualname(id);
                out.push_str(&format!("<class '{module}.{qualname}'>"));
            }
            Obj::Instance(i) => {
                let cls = i.class;
                if self.class_lookup(cls, "__repr__").is_some() {
                    let r = self.call_dunder(v, "__repr__", vec![])?.expect("looked up");
                    let s = self.expect_str(r, "__repr__")?;
                    out.push_str(&s);
                } else {
                    let s = self.default_repr(v)?;
                    out.push_str(&s);
                }
            }
            Obj::BoundMethod { func, recv } => {
                let (func, recv) = (*func, *recv);
                let fname = match func {
                    Value::Ref(f) => match self.heap.get(f) {
                        Obj::Function(fun) => {
                            self.program.codes[fun.code as usize].qualname.clone()
                        }
                        // (a native standing for a function: a host
                        // object's method, a dataclass's `__eq__`)
                        Obj::BoundNative { name, .. } => name.clone(),
                        _ => "?".into(),
                    },
                    Value::Builtin(b) => b.name().to_string(),
                    _ => "?".into(),
                };
                out.push_str(&format!("<bound method {fname} of "));
                self.repr_into(recv, out, seen)?;
                out.push('>');
            }
            Obj::StaticMethod(f) => {
                let f = *f;
                out.push_str("<staticmethod(");
                self.repr_into(f, out, seen)?;
                out.push_str(")>");
            }
            Obj::ClassMethod(f) => {
                let f = *f;
                out.push_str("<classmethod(");
                self.repr_into(f, out, seen)?;
                out.push_str(")>");
            }
            Obj::Property(_) => out.push_str(&format!("<property object at {}>", fake_addr(id.0))),
            Obj::Super { class, .. } => {
                let n = self.class(*class).name.clone();
                out.push_str(&format!("<super: <class '{n}'>, <{n} object>>"));
            }
            Obj::Native(_) => {
                let s = crate::lib().native_obj_repr(self, id)?;
                out.push_str(&s);
            }
            Obj::Generator(g) => {
                let code = &self.program.codes[g.code as usize];
                let kind = match (code.is_coroutine, code.is_generator) {
                    (true, true) => "async_generator",
                    (true, false) => "coroutine",
                    _ => "generator",
                };
                let q = code.qualname.clone();
                out.push_str(&format!("<{kind} object {q} at {}>", fake_addr(id.0)));
            }
            Obj::FieldSpec(f) => {
                let name = f.name.clone();
                out.push_str(&format!("Field(name='{name}')"));
            }
        }
        Ok(())
    }
}
