//! `json.dumps`: CPython's C encoder re-done natively — separators and
//! indent, key coercion, `sort_keys`, `skipkeys`, `default`, circular
//! reference detection, float spelling, and ASCII or UTF-8 string escapes.

use monty_compile::bytecode::CmpOp;
use monty_vm::object::{float, ExcType, Obj, ObjId, Value};
use monty_vm::vm::nesting::enter_nested;
use monty_vm::vm::{as_str, PyErr, PyResult, Vm};

/// The keyword arguments of `dumps`, `None` where not given (or None).
pub struct Options {
    pub skipkeys: bool,
    pub ensure_ascii: bool,
    pub check_circular: bool,
    pub allow_nan: bool,
    pub indent: Option<Value>,
    pub separators: Option<Value>,
    pub default: Option<Value>,
    pub sort_keys: bool,
    /// What a value stands for when JSON has no form for it and before
    /// `default` is asked: the library's answer for members of mixed-in
    /// enums (`class Status(str, Enum)`, `IntEnum`), which CPython encodes
    /// as their `str`/`int` value.
    pub payload: fn(&Vm, Value) -> Option<Value>,
}

struct Encoder {
    skipkeys: bool,
    ensure_ascii: bool,
    allow_nan: bool,
    sort_keys: bool,
    check_circular: bool,
    default: Option<Value>,
    payload: fn(&Vm, Value) -> Option<Value>,
    indent: Option<String>,
    item_sep: String,
    key_sep: String,
    /// Containers being encoded, for circular reference detection.
    markers: Vec<ObjId>,
    out: String,
}

/// Appends `s` as a JSON string literal.
fn encode_str(s: &str, ascii: bool, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 || (ascii && !(' '..='~').contains(&c)) => {
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{u:04x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Unpacks `separators` into (item, key) as `a, b = separators` would.
fn unpack_pair(vm: &mut Vm, v: Value) -> PyResult<(Value, Value)> {
    if let Value::Ref(id) = v {
        if let Some(l) = vm.heap.get(id).seq() {
            let n = l.len();
            if n > 2 {
                return Err(PyErr::value_error(format!(
                    "too many values to unpack (expected 2, got {n})"
                )));
            }
        }
    }
    let pair = vm.unpack_exact(v, 2)?;
    Ok((pair[0], pair[1]))
}

/// The text of one indent level: `indent` itself if a str, else
/// `' ' * indent`.
///
/// # Errors
/// Those of `str * x` for a non-int `indent`.
pub fn indent_text(vm: &mut Vm, v: Value) -> PyResult<String> {
    if let Some(s) = as_str(&vm.heap, v) {
        return Ok(s.to_string());
    }
    let n = match v {
        Value::Int(i) => i,
        Value::Bool(b) => b as i64,
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::BigInt(_)) => {
            return Err(PyErr::new(
                ExcType::OverflowError,
                "cannot fit 'int' into an index-sized integer",
            ))
        }
        _ => {
            return Err(PyErr::type_error(format!(
                "can't multiply sequence by non-int of type '{}'",
                vm.class_name(v)
            )))
        }
    };
    vm.check_alloc(n.max(0) as u128)?;
    Ok(" ".repeat(n.max(0) as usize))
}

/// `json.dumps(obj, ...)`.
///
/// # Errors
/// CPython's `TypeError`/`ValueError`s, `RecursionError` for deep data,
/// and whatever `default` raises.
pub fn dumps(vm: &mut Vm, obj: Value, o: Options) -> PyResult<String> {
    let seps = match o.separators {
        Some(s) => Some(unpack_pair(vm, s)?),
        None => None,
    };
    if let Some(s) = as_str(&vm.heap, obj) {
        let mut out = String::with_capacity(s.len() + 2);
        encode_str(s, o.ensure_ascii, &mut out);
        return Ok(out);
    }
    let indent = match o.indent {
        Some(v) => Some(indent_text(vm, v)?),
        None => None,
    };
    let (item_sep, key_sep) = match seps {
        Some((item, key)) => {
            let need_str = |vm: &Vm, v: Value, n: u32| -> PyResult<String> {
                as_str(&vm.heap, v).map(str::to_string).ok_or_else(|| {
                    PyErr::type_error(format!(
                        "make_encoder() argument {n} must be str, not {}",
                        vm.class_name(v)
                    ))
                })
            };
            let key = need_str(vm, key, 5)?;
            (need_str(vm, item, 6)?, key)
        }
        None if indent.is_some() => (",".to_string(), ": ".to_string()),
        None => (", ".to_string(), ": ".to_string()),
    };
    let mut enc = Encoder {
        skipkeys: o.skipkeys,
        ensure_ascii: o.ensure_ascii,
        allow_nan: o.allow_nan,
        sort_keys: o.sort_keys,
        check_circular: o.check_circular,
        default: o.default,
        payload: o.payload,
        indent,
        item_sep,
        key_sep,
        markers: Vec::new(),
        out: String::new(),
    };
    // values held here stay reachable while `default` runs Python code
    let mark = vm.stack.len();
    vm.stack.push(obj);
    let r = enc.value(vm, obj, 0);
    vm.release_to(mark);
    r?;
    Ok(enc.out)
}

impl Encoder {
    #[inline(never)]
    fn float(&mut self, f: f64) -> PyResult<()> {
        if f.is_finite() {
            self.out.push_str(&float::repr(f));
            return Ok(());
        }
        if !self.allow_nan {
            return Err(PyErr::value_error(format!(
                "Out of range float values are not JSON compliant: {}",
                float::repr(f)
            )));
        }
        self.out.push_str(if f.is_nan() {
            "NaN"
        } else if f > 0.0 {
            "Infinity"
        } else {
            "-Infinity"
        });
        Ok(())
    }

    fn enter(&mut self, id: ObjId) -> PyResult<()> {
        if self.check_circular {
            if self.markers.contains(&id) {
                return Err(PyErr::value_error("Circular reference detected"));
            }
            self.markers.push(id);
        }
        Ok(())
    }

    fn leave(&mut self) {
        if self.check_circular {
            self.markers.pop();
        }
    }

    /// A newline and the indent of `level`, when indenting.
    fn newline(&mut self, level: usize) {
        if let Some(ind) = &self.indent {
            self.out.push('\n');
            for _ in 0..level {
                self.out.push_str(ind);
            }
        }
    }

    fn value(&mut self, vm: &mut Vm, v: Value, level: usize) -> PyResult<()> {
        match v {
            Value::None => self.out.push_str("null"),
            Value::Bool(true) => self.out.push_str("true"),
            Value::Bool(false) => self.out.push_str("false"),
            Value::Int(i) => self.out.push_str(&i.to_string()),
            Value::Float(f) => self.float(f)?,
            Value::Ref(id) => match vm.heap.get(id) {
                Obj::Str(s) => encode_str(&s.s, self.ensure_ascii, &mut self.out),
                Obj::BigInt(_) => {
                    let r = vm.repr(v)?;
                    self.out.push_str(&r);
                }
                o @ (Obj::List(_) | Obj::Tuple(_)) => {
                    let items = o.seq().map(|s| s.to_vec()).unwrap_or_default();
                    self.list(vm, id, items, level)?;
                }
                Obj::Dict(d) => {
                    let entries: Vec<(Value, Value)> = d.entries().collect();
                    self.dict(vm, id, entries, level)?;
                }
                _ => self.other(vm, v, Some(id), level)?,
            },
            _ => self.other(vm, v, None, level)?,
        }
        vm.check_alloc(self.out.len() as u128)
    }

    /// A value JSON has no form for: `default(v)` is encoded instead.
    #[inline(never)]
    fn other(&mut self, vm: &mut Vm, v: Value, id: Option<ObjId>, level: usize) -> PyResult<()> {
        // a member of `class Status(str, Enum)` or an IntEnum is its value
        if let Some(p) = (self.payload)(vm, v) {
            return self.value(vm, p, level);
        }
        let Some(default) = self.default else {
            return Err(PyErr::type_error(format!(
                "Object of type {} is not JSON serializable",
                vm.class_name(v)
            )));
        };
        if let Some(id) = id {
            self.enter(id)?;
        }
        let replacement = vm.call_value(default, vec![v], Vec::new())?;
        vm.stack.push(replacement);
        let _nest = enter_nested(vm, level + 1, " while encoding a JSON object")?;
        self.value(vm, replacement, level)?;
        vm.stack.pop();
        if id.is_some() {
            self.leave();
        }
        Ok(())
    }

    fn list(&mut self, vm: &mut Vm, id: ObjId, items: Vec<Value>, level: usize) -> PyResult<()> {
        if items.is_empty() {
            self.out.push_str("[]");
            return Ok(());
        }
        self.enter(id)?;
        let mark = vm.stack.len();
        vm.stack.extend_from_slice(&items);
        self.out.push('[');
        self.newline(level + 1);
        for (i, item) in items.into_iter().enumerate() {
            if i > 0 {
                self.out.push_str(&self.item_sep);
                self.newline(level + 1);
            }
            let _nest = enter_nested(vm, level + 1, " while encoding a JSON object")?;
            self.value(vm, item, level + 1)?;
        }
        vm.release_to(mark);
        self.newline(level);
        self.out.push(']');
        self.leave();
        Ok(())
    }

    /// The text of dict key `k`; `None` to skip it (`skipkeys`).
    #[inline(never)]
    fn key_text(&mut self, vm: &mut Vm, k: Value) -> PyResult<Option<String>> {
        // a member of `class Status(str, Enum)` is its value
        let k = (self.payload)(vm, k).unwrap_or(k);
        Ok(Some(match k {
            Value::Bool(true) => "true".to_string(),
            Value::Bool(false) => "false".to_string(),
            Value::None => "null".to_string(),
            Value::Int(i) => i.to_string(),
            Value::Float(f) => {
                let start = self.out.len();
                self.float(f)?;
                self.out.split_off(start)
            }
            Value::Ref(kid) if matches!(vm.heap.get(kid), Obj::Str(_) | Obj::BigInt(_)) => {
                match as_str(&vm.heap, k) {
                    Some(s) => s.to_string(),
                    None => vm.repr(k)?,
                }
            }
            _ if self.skipkeys => return Ok(None),
            _ => {
                return Err(PyErr::type_error(format!(
                    "keys must be str, int, float, bool or None, not {}",
                    vm.class_name(k)
                )))
            }
        }))
    }

    fn dict(
        &mut self,
        vm: &mut Vm,
        id: ObjId,
        mut entries: Vec<(Value, Value)>,
        level: usize,
    ) -> PyResult<()> {
        if entries.is_empty() {
            self.out.push_str("{}");
            return Ok(());
        }
        self.enter(id)?;
        let mark = vm.stack.len();
        vm.stack
            .extend(entries.iter().flat_map(|&(k, v)| [k, v].into_iter()));
        self.out.push('{');
        self.newline(level + 1);
        if self.sort_keys {
            let mut lt = |a: &(Value, Value), b: &(Value, Value)| -> PyResult<bool> {
                let r = vm.compare_op(CmpOp::Lt, a.0, b.0)?;
                vm.truthy(r)
            };
            monty_vm::builtins::sort::merge_sort(&mut entries, &mut lt)?;
        }
        let mut first = true;
        for (k, v) in entries {
            let Some(key) = self.key_text(vm, k)? else {
                continue;
            };
            if !first {
                self.out.push_str(&self.item_sep);
                self.newline(level + 1);
            }
            first = false;
            encode_str(&key, self.ensure_ascii, &mut self.out);
            self.out.push_str(&self.key_sep);
            let _nest = enter_nested(vm, level + 1, " while encoding a JSON object")?;
            self.value(vm, v, level + 1)?;
        }
        vm.release_to(mark);
        self.newline(level);
        self.out.push('}');
        self.leave();
        Ok(())
    }
}
