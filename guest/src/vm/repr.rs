//! `repr()` and `str()` of every builtin value, byte-for-byte as CPython
//! prints them: string quoting and escapes, float digits, container
//! nesting with `[...]` for self-reference, exception and object forms.

use crate::object::{float, ExcType, Obj, Value, ViewKind};

use super::{PyErr, PyResult, Vm};

const MAX_REPR_DEPTH: usize = 400;

/// `repr()` of a string.
pub fn str_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20
                || c as u32 == 0x7f
                || (0x80..=0xa0).contains(&(c as u32))
                || c as u32 == 0xad =>
            {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if is_unprintable(c) => {
                let n = c as u32;
                if n <= 0xffff {
                    out.push_str(&format!("\\u{n:04x}"));
                } else {
                    out.push_str(&format!("\\U{n:08x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// Code points Python's `str.isprintable` rejects (beyond the ASCII and
/// Latin-1 controls handled inline): separators, format characters,
/// surrogates and private use.
pub fn is_unprintable(c: char) -> bool {
    let n = c as u32;
    matches!(n,
        0x2028 | 0x2029 | 0x200b..=0x200f | 0x202a..=0x202e | 0x2060..=0x2064 | 0xfeff
        | 0x2000..=0x200a | 0x3000 | 0x1680 | 0x205f | 0x202f
        | 0xe000..=0xf8ff | 0xfff9..=0xfffb | 0xf0000..=0x10ffff)
}

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
    pub fn repr(&self, v: Value) -> PyResult<String> {
        let mut out = String::new();
        let mut seen = Vec::new();
        self.repr_into(v, &mut out, &mut seen)?;
        Ok(out)
    }

    /// `str(v)`.
    pub fn str_of(&self, v: Value) -> PyResult<String> {
        if let Value::Ref(id) = v {
            match self.heap.get(id) {
                Obj::Str(s) => return Ok(s.s.clone()),
                Obj::Exception(e) => {
                    return match e.args.len() {
                        0 => Ok(String::new()),
                        1 if e.kind == ExcType::KeyError => self.repr(e.args[0]),
                        1 => self.str_of(e.args[0]),
                        _ => {
                            let t = e.args.clone();
                            let mut out = String::new();
                            self.seq_repr(&t, "(", ")", true, &mut out, &mut Vec::new())?;
                            Ok(out)
                        }
                    }
                }
                _ => {}
            }
        }
        self.repr(v)
    }

    fn seq_repr(
        &self,
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

    fn repr_into(&self, v: Value, out: &mut String, seen: &mut Vec<u32>) -> PyResult<()> {
        match v {
            Value::Undef | Value::None => out.push_str("None"),
            Value::Bool(true) => out.push_str("True"),
            Value::Bool(false) => out.push_str("False"),
            Value::Int(i) => out.push_str(&i.to_string()),
            Value::Float(f) => out.push_str(&float::repr(f)),
            Value::Builtin(crate::builtins::Builtin::Ellipsis) => out.push_str("Ellipsis"),
            Value::Builtin(b) => out.push_str(&format!("<built-in function {}>", b.name())),
            Value::Native(id) => out.push_str(&format!(
                "<built-in function {}>",
                crate::modules::native_name(id)
            )),
            Value::Type(t) => out.push_str(&format!("<class '{}'>", t.name())),
            Value::ExcType(t) => out.push_str(&format!("<class '{}'>", t.name())),
            Value::Ref(id) => {
                if seen.len() > MAX_REPR_DEPTH {
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
        &self,
        v: Value,
        id: crate::object::ObjId,
        out: &mut String,
        seen: &mut Vec<u32>,
    ) -> PyResult<()> {
        match self.heap.get(id) {
            Obj::Str(s) => out.push_str(&str_repr(&s.s)),
            Obj::BigInt(b) => {
                let digits = b.bits() as f64 * std::f64::consts::LOG10_2;
                if digits > 4300.0 {
                    return Err(PyErr::value_error(
                        "Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit",
                    ));
                }
                out.push_str(&b.to_string())
            }
            Obj::List(l) => self.seq_repr(l, "[", "]", false, out, seen)?,
            Obj::Tuple(l) => self.seq_repr(l, "(", ")", true, out, seen)?,
            Obj::Dict(d) => {
                out.push('{');
                for (i, (k, val)) in d.entries().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
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
                out.push_str(e.kind.name());
                let args = e.args.clone();
                self.seq_repr(&args, "(", ")", false, out, seen)?;
            }
            Obj::Range(r) => {
                if r.step == 1 {
                    out.push_str(&format!("range({}, {})", r.start, r.stop));
                } else {
                    out.push_str(&format!("range({}, {}, {})", r.start, r.stop, r.step));
                }
            }
            Obj::Slice(a, b, c) => {
                let (a, b, c) = (*a, *b, *c);
                out.push_str("slice(");
                self.repr_into(a, out, seen)?;
                out.push_str(", ");
                self.repr_into(b, out, seen)?;
                out.push_str(", ");
                self.repr_into(c, out, seen)?;
                out.push(')');
            }
            Obj::Iter(_) => out.push_str(&format!(
                "<{} object at {}>",
                self.class_name(v),
                fake_addr(id.0)
            )),
            Obj::DictView(d, kind) => {
                let Obj::Dict(dict) = self.heap.get(*d) else {
                    return Ok(());
                };
                let (name, items): (&str, Vec<Value>) = match kind {
                    ViewKind::Keys => ("dict_keys", dict.keys().collect()),
                    ViewKind::Values => ("dict_values", dict.entries().map(|e| e.1).collect()),
                    ViewKind::Items => ("dict_items", Vec::new()),
                };
                out.push_str(name);
                out.push('(');
                if *kind == ViewKind::Items {
                    out.push('[');
                    for (i, (k, val)) in dict.entries().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        out.push('(');
                        self.repr_into(k, out, seen)?;
                        out.push_str(", ");
                        self.repr_into(val, out, seen)?;
                        out.push(')');
                    }
                    out.push(']');
                } else {
                    self.seq_repr(&items, "[", "]", false, out, seen)?;
                }
                out.push(')');
            }
            Obj::BuiltinMethod(recv, name) => {
                out.push_str(&format!(
                    "<built-in method {name} of {} object at {}>",
                    self.class_name(*recv),
                    fake_addr(recv.as_ref().map(|r| r.0).unwrap_or(0))
                ));
            }
            Obj::External(e) => {
                out.push_str(&format!("<function {} at {}>", e.name, fake_addr(id.0)))
            }
            Obj::Module(m) => out.push_str(&format!("<module '{}' (built-in)>", m.name)),
            Obj::BoundNative { func, bound, name } => {
                let (func, bound, name) = (*func, bound.clone(), name.clone());
                crate::modules::bound_repr(self, func, &bound, &name, out)?;
            }
        }
        Ok(())
    }
}
