//! `json.loads`: a recursive-descent scanner following CPython's C scanner,
//! so that every `JSONDecodeError` names the same message and position
//! (`Expecting ',' delimiter: line 1 column 3 (char 2)`), plus the
//! `parse_*` and `object_*hook` callbacks.

use num_bigint::BigInt;

use monty_vm::object::{int, Dict, ExcType, Obj, Value};
use monty_vm::vm::nesting::enter_nested;
use monty_vm::vm::{PyErr, PyResult, Vm};

/// The optional callbacks of `loads` and the `strict` flag.
pub struct Hooks {
    pub object_hook: Option<Value>,
    pub parse_float: Option<Value>,
    pub parse_int: Option<Value>,
    pub parse_constant: Option<Value>,
    pub object_pairs_hook: Option<Value>,
    pub strict: bool,
}

impl Hooks {
    fn any(&self) -> bool {
        self.object_hook.is_some()
            || self.parse_float.is_some()
            || self.parse_int.is_some()
            || self.parse_constant.is_some()
            || self.object_pairs_hook.is_some()
    }
}

/// Why a scan failed: a decode error, or "no value here" (CPython's
/// `StopIteration`), which the caller turns into `Expecting value`.
enum Fail {
    Err(PyErr),
    NoValue(usize),
}

impl From<PyErr> for Fail {
    fn from(e: PyErr) -> Fail {
        Fail::Err(e)
    }
}

type Scan<T> = Result<T, Fail>;

struct Parser<'a> {
    s: &'a [char],
    hooks: Hooks,
    /// Whether Python code can run mid-parse, so new values must be kept
    /// reachable on the VM stack.
    root: bool,
}

fn is_ws(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r')
}

/// A `JSONDecodeError` with CPython's `msg: line L column C (char P)`.
#[inline(never)]
fn error(s: &[char], msg: &str, pos: usize) -> PyErr {
    let before = &s[..pos.min(s.len())];
    let line = before.iter().filter(|&&c| c == '\n').count() + 1;
    let col = match before.iter().rposition(|&c| c == '\n') {
        Some(nl) => pos - nl,
        None => pos + 1,
    };
    PyErr::new(
        ExcType::JSONDecodeError,
        format!("{msg}: line {line} column {col} (char {pos})"),
    )
}

/// `json.loads(s)` on the characters of `s`.
///
/// # Errors
/// `JSONDecodeError` for malformed input, `RecursionError` for deep
/// nesting, and whatever the hooks raise.
pub fn loads(vm: &mut Vm, s: &[char], hooks: Hooks) -> PyResult<Value> {
    if s.first() == Some(&'\u{feff}') {
        return Err(error(s, "Unexpected UTF-8 BOM (decode using utf-8-sig)", 0));
    }
    let root = hooks.any();
    let mut p = Parser { s, hooks, root };
    let mark = vm.stack.len();
    let r = p.document(vm);
    vm.release_to(mark);
    r
}

/// The code points [`loads`] reads, of a document's text: a whole
/// document goes through it, so it is compiled with the engine, for speed,
/// and not in the module's glue, which is compiled for size.
pub fn document_chars(text: &str) -> Vec<char> {
    text.chars().collect()
}

impl Parser<'_> {
    fn skip_ws(&self, mut i: usize) -> usize {
        while i < self.s.len() && is_ws(self.s[i]) {
            i += 1;
        }
        i
    }

    fn document(&mut self, vm: &mut Vm) -> PyResult<Value> {
        let start = self.skip_ws(0);
        let (v, end) = match self.value(vm, start, 0) {
            Ok(r) => r,
            Err(Fail::Err(e)) => return Err(e),
            Err(Fail::NoValue(at)) => return Err(error(self.s, "Expecting value", at)),
        };
        let end = self.skip_ws(end);
        if end != self.s.len() {
            return Err(error(self.s, "Extra data", end));
        }
        Ok(v)
    }

    /// Keeps `v` reachable while hooks may run Python code.
    fn keep(&self, vm: &mut Vm, v: Value) -> Value {
        if self.root {
            vm.stack.push(v);
        }
        v
    }

    fn starts(&self, i: usize, word: &str) -> bool {
        let n = word.chars().count();
        i + n <= self.s.len() && self.s[i..i + n].iter().copied().eq(word.chars())
    }

    #[inline(never)]
    fn constant(&mut self, vm: &mut Vm, name: &str, f: f64) -> PyResult<Value> {
        match self.hooks.parse_constant {
            Some(h) => {
                let arg = vm.new_str(name);
                let v = vm.call_value(h, vec![arg], Vec::new())?;
                Ok(self.keep(vm, v))
            }
            None => Ok(Value::Float(f)),
        }
    }

    /// Scans one value at `i`: the value and the index after it.
    fn value(&mut self, vm: &mut Vm, i: usize, depth: usize) -> Scan<(Value, usize)> {
        let Some(&c) = self.s.get(i) else {
            return Err(Fail::NoValue(i));
        };
        match c {
            '"' => self.string_value(vm, i + 1),
            '{' => {
                let _nest = enter_nested(
                    vm,
                    depth + 1,
                    " while decoding a JSON object from a unicode string",
                )?;
                self.object(vm, i + 1, depth + 1)
            }
            '[' => {
                let _nest = enter_nested(
                    vm,
                    depth + 1,
                    " while decoding a JSON array from a unicode string",
                )?;
                self.array(vm, i + 1, depth + 1)
            }
            'n' if self.starts(i, "null") => Ok((Value::None, i + 4)),
            't' if self.starts(i, "true") => Ok((Value::Bool(true), i + 4)),
            'f' if self.starts(i, "false") => Ok((Value::Bool(false), i + 5)),
            'N' if self.starts(i, "NaN") => Ok((self.constant(vm, "NaN", f64::NAN)?, i + 3)),
            'I' if self.starts(i, "Infinity") => {
                Ok((self.constant(vm, "Infinity", f64::INFINITY)?, i + 8))
            }
            '-' if self.starts(i, "-Infinity") => {
                Ok((self.constant(vm, "-Infinity", f64::NEG_INFINITY)?, i + 9))
            }
            _ => self.number(vm, i),
        }
    }

    #[inline(never)]
    fn string_value(&mut self, vm: &mut Vm, start: usize) -> Scan<(Value, usize)> {
        let (text, end) = self.string(start)?;
        let v = vm.new_str(text);
        Ok((self.keep(vm, v), end))
    }

    #[inline(never)]
    fn number(&mut self, vm: &mut Vm, start: usize) -> Scan<(Value, usize)> {
        let s = self.s;
        let digit = |i: usize| s.get(i).is_some_and(char::is_ascii_digit);
        let mut i = start;
        if s[i] == '-' {
            i += 1;
            if i >= s.len() {
                return Err(Fail::NoValue(start));
            }
        }
        match s[i] {
            '1'..='9' => {
                while digit(i) {
                    i += 1;
                }
            }
            '0' => i += 1,
            _ => return Err(Fail::NoValue(start)),
        }
        let mut is_float = false;
        if s.get(i) == Some(&'.') && digit(i + 1) {
            is_float = true;
            i += 2;
            while digit(i) {
                i += 1;
            }
        }
        if matches!(s.get(i), Some('e' | 'E')) && i + 1 < s.len() {
            let e_start = i;
            i += 1;
            if matches!(s.get(i), Some('+' | '-')) && i + 1 < s.len() {
                i += 1;
            }
            while digit(i) {
                i += 1;
            }
            if digit(i - 1) {
                is_float = true;
            } else {
                i = e_start;
            }
        }
        let text: String = s[start..i].iter().collect();
        let hook = if is_float {
            self.hooks.parse_float
        } else {
            self.hooks.parse_int
        };
        if let Some(h) = hook {
            let arg = vm.new_str(text);
            vm.stack.push(arg);
            let r = vm.call_value(h, vec![arg], Vec::new());
            vm.stack.pop();
            let v = r?;
            return Ok((self.keep(vm, v), i));
        }
        if is_float {
            let f: f64 = text.parse().unwrap_or(f64::NAN);
            return Ok((Value::Float(f), i));
        }
        if let Ok(n) = text.parse::<i64>() {
            return Ok((Value::Int(n), i));
        }
        let ndigits = text.trim_start_matches('-').len();
        if ndigits > 4300 {
            return Err(PyErr::value_error(format!(
                "Exceeds the limit (4300 digits) for integer string conversion: value has {ndigits} digits; use sys.set_int_max_str_digits() to increase the limit"
            ))
            .into());
        }
        let b: BigInt = text.parse().unwrap_or_default();
        let v = int::from_bigint(&mut vm.heap, b);
        Ok((self.keep(vm, v), i))
    }

    /// Scans a string body starting after its opening quote at `start - 1`.
    #[inline(never)]
    fn string(&self, start: usize) -> Scan<(String, usize)> {
        let s = self.s;
        let n = s.len();
        let begin = start - 1;
        let mut out = String::new();
        let mut i = start;
        loop {
            let mut next = i;
            let mut c = '\0';
            while next < n {
                c = s[next];
                if c == '"' || c == '\\' {
                    break;
                }
                if (c as u32) <= 0x1f && self.hooks.strict {
                    return Err(error(s, "Invalid control character at", next).into());
                }
                next += 1;
            }
            if next >= n || !(c == '"' || c == '\\') {
                return Err(error(s, "Unterminated string starting at", begin).into());
            }
            out.extend(&s[i..next]);
            next += 1;
            if c == '"' {
                return Ok((out, next));
            }
            if next == n {
                return Err(error(s, "Unterminated string starting at", begin).into());
            }
            let e = s[next];
            if e != 'u' {
                let ch = match e {
                    '"' | '\\' | '/' => e,
                    'b' => '\u{8}',
                    'f' => '\u{c}',
                    'n' => '\n',
                    'r' => '\r',
                    't' => '\t',
                    _ => return Err(error(s, "Invalid \\escape", next - 1).into()),
                };
                out.push(ch);
                i = next + 1;
                continue;
            }
            let u = next;
            if u + 5 >= n {
                return Err(error(s, "Invalid \\uXXXX escape", u).into());
            }
            let hex4 = |at: usize| -> Option<u32> {
                s[at..at + 4]
                    .iter()
                    .try_fold(0u32, |acc, c| Some(acc * 16 + c.to_digit(16)?))
            };
            let Some(mut code) = hex4(u + 1) else {
                return Err(error(s, "Invalid \\uXXXX escape", u).into());
            };
            i = u + 5;
            if (0xd800..0xdc00).contains(&code) && i + 6 < n && s[i] == '\\' && s[i + 1] == 'u' {
                let Some(low) = hex4(i + 2) else {
                    return Err(error(s, "Invalid \\uXXXX escape", i + 1).into());
                };
                if (0xdc00..0xe000).contains(&low) {
                    code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
                    i += 6;
                }
            }
            // a lone surrogate cannot live in a Rust string
            out.push(char::from_u32(code).unwrap_or('\u{fffd}'));
        }
    }

    fn object(&mut self, vm: &mut Vm, start: usize, depth: usize) -> Scan<(Value, usize)> {
        let s = self.s;
        let n = s.len();
        let mut pairs: Vec<(Value, Value)> = Vec::new();
        let mut i = self.skip_ws(start);
        if i >= n || s[i] != '}' {
            loop {
                if i >= n || s[i] != '"' {
                    return Err(
                        error(s, "Expecting property name enclosed in double quotes", i).into(),
                    );
                }
                let (key, end) = self.string_value(vm, i + 1)?;
                i = self.skip_ws(end);
                if i >= n || s[i] != ':' {
                    return Err(error(s, "Expecting ':' delimiter", i).into());
                }
                i = self.skip_ws(i + 1);
                let (val, end) = self.value(vm, i, depth)?;
                pairs.push((key, val));
                i = self.skip_ws(end);
                if i < n && s[i] == '}' {
                    break;
                }
                if i >= n || s[i] != ',' {
                    return Err(error(s, "Expecting ',' delimiter", i).into());
                }
                let comma = i;
                i = self.skip_ws(i + 1);
                if i < n && s[i] == '}' {
                    return Err(
                        error(s, "Illegal trailing comma before end of object", comma).into(),
                    );
                }
            }
        }
        Ok((self.make_object(vm, pairs)?, i + 1))
    }

    /// The dict (or hook result) for the parsed pairs of an object.
    #[inline(never)]
    fn make_object(&mut self, vm: &mut Vm, pairs: Vec<(Value, Value)>) -> PyResult<Value> {
        if let Some(h) = self.hooks.object_pairs_hook {
            let items: Vec<Value> = pairs
                .into_iter()
                .map(|(k, v)| vm.new_tuple(vec![k, v]))
                .collect();
            let list = vm.new_list(items);
            vm.stack.push(list);
            let r = vm.call_value(h, vec![list], Vec::new());
            vm.stack.pop();
            let v = r?;
            return Ok(self.keep(vm, v));
        }
        let mut d = Dict::with_capacity(pairs.len());
        for (k, v) in pairs {
            let hk = vm.hash_key(k)?;
            d.insert(hk, k, v);
        }
        let dict = vm.heap.new_value(Obj::Dict(Box::new(d)));
        if let Some(h) = self.hooks.object_hook {
            vm.stack.push(dict);
            let r = vm.call_value(h, vec![dict], Vec::new());
            vm.stack.pop();
            let v = r?;
            return Ok(self.keep(vm, v));
        }
        Ok(self.keep(vm, dict))
    }

    fn array(&mut self, vm: &mut Vm, start: usize, depth: usize) -> Scan<(Value, usize)> {
        let s = self.s;
        let n = s.len();
        let mut items = Vec::new();
        let mut i = self.skip_ws(start);
        if i >= n || s[i] != ']' {
            loop {
                let (v, end) = self.value(vm, i, depth)?;
                items.push(v);
                i = self.skip_ws(end);
                if i < n && s[i] == ']' {
                    break;
                }
                if i >= n || s[i] != ',' {
                    return Err(error(s, "Expecting ',' delimiter", i).into());
                }
                let comma = i;
                i = self.skip_ws(i + 1);
                if i < n && s[i] == ']' {
                    return Err(
                        error(s, "Illegal trailing comma before end of array", comma).into(),
                    );
                }
            }
        }
        Ok((self.make_list(vm, items), i + 1))
    }

    #[inline(never)]
    fn make_list(&mut self, vm: &mut Vm, items: Vec<Value>) -> Value {
        let list = vm.new_list(items);
        self.keep(vm, list)
    }
}
