//! Builtin calls answered without the general call: `len(x)` of a builtin
//! container, `str(n)` of an int and `int(s)` of a str of plain decimal
//! digits, with one positional argument, and the first look at a method
//! call (`quick_method`): a Python method of an instance, the common str
//! methods, `list.append`, `d.get(key[, default])` of a dict with a str
//! or int key. The general
//! path copies the arguments into a vector, asks whether the call
//! consumes a generator, marks the native call restartable and looks the
//! builtin up (and binds a method's arguments); for these, which loops
//! over strings, lists and counters make a million times, that was most
//! of the call.

use crate::builtins::builtin::Builtin;
use crate::object::{HashKey, Obj, ObjId, Type, Value};
use monty_compile::bytecode::Program;

use super::{PyResult, Vm};

impl Vm {
    /// The result of calling `callee` with the one argument `arg`, if it
    /// is one of this module's cases; `None` (nothing done) otherwise.
    #[inline]
    pub(super) fn quick_builtin1(&mut self, callee: Value, arg: Value) -> Option<Value> {
        match (callee, arg) {
            (Value::Builtin(Builtin::Len), Value::Ref(id)) => {
                let n = match self.heap.get(id) {
                    Obj::Str(s) => s.char_len(),
                    Obj::List(l) => l.len(),
                    Obj::Tuple(l) => l.len(),
                    Obj::Dict(d) | Obj::Set(d) | Obj::FrozenSet(d) => d.len(),
                    _ => return None,
                };
                Some(Value::Int(n as i64))
            }
            (Value::Type(Type::Str), Value::Int(n)) => {
                Some(self.new_str(crate::object::str::Text::decimal(n)))
            }
            (Value::Type(Type::Int), Value::Ref(id)) => match self.heap.get(id) {
                Obj::Str(s) => plain_decimal(&s.s).map(Value::Int),
                _ => None,
            },
            _ => None,
        }
    }

    /// `CallMethod(name, argc)`, first look (the result goes to stack
    /// slot `ret`, the receiver's or, for `CallLoaded`, the one below
    /// it): the receiver's kind picks
    /// its quick path, any other call is `No` (nothing done) and takes
    /// `call_method`. One small function for the common receivers, so a
    /// str's or list's method call does not also set up the frames of the
    /// instance path and of `call_method` (each a few percent of a run
    /// of str methods).
    ///
    /// # Errors
    /// None at present: every quick path that would raise (a memory
    /// limit, a bad argument) answers `No` and the general path raises.
    #[inline(never)]
    pub(super) fn quick_method(
        &mut self,
        name: u32,
        argc: usize,
        ret: usize,
        prog: &Program,
    ) -> PyResult<QuickMethod> {
        let opos = self.stack.len() - argc - 1;
        let Value::Ref(id) = self.stack[opos] else {
            return Ok(QuickMethod::No);
        };
        let text = prog.names[name as usize].as_str();
        let r = match self.heap.get(id) {
            Obj::Instance(_) | Obj::Super { .. } => {
                return Ok(if self.enter_plain_method(name, argc, ret, prog) {
                    QuickMethod::Entered
                } else {
                    QuickMethod::No
                });
            }
            Obj::Str(_) if argc <= 2 => {
                match crate::builtins::methods::str_fast::try_call(self, id, text, argc) {
                    Some(v) => v,
                    None => return Ok(QuickMethod::No),
                }
            }
            Obj::List(_) if argc == 1 && text == "append" => {
                let item = self.stack[opos + 1];
                if let Obj::List(items) = self.heap.get_mut(id) {
                    items.push(item);
                }
                Value::None
            }
            Obj::Dict(_) if (argc == 1 || argc == 2) && text == "get" => {
                match self.quick_dict_get(id, opos, argc) {
                    Some(r) => r,
                    None => return Ok(QuickMethod::No),
                }
            }
            _ => return Ok(QuickMethod::No),
        };
        self.stack.truncate(ret);
        self.stack.push(r);
        Ok(QuickMethod::Done)
    }

    /// `d.get(key[, default])` of the dict `id`, the `argc` arguments
    /// above it at `opos`, if the key is a str or an int (whose hashing
    /// and comparison run no Python code): the value or the default.
    /// `None`, nothing done, for any other key.
    fn quick_dict_get(&self, id: ObjId, opos: usize, argc: usize) -> Option<Value> {
        let key = self.stack[opos + 1];
        let default = if argc == 2 {
            self.stack[opos + 2]
        } else {
            Value::None
        };
        let Obj::Dict(d) = self.heap.get(id) else {
            return None;
        };
        let found = match key {
            Value::Int(i) => d.get(&HashKey::Int(i)),
            Value::Ref(k) => match self.heap.get(k) {
                // (no owned key: the text is looked up where it lies)
                Obj::Str(s) => d.get_str(&s.s),
                _ => return None,
            },
            _ => return None,
        };
        Some(found.unwrap_or(default))
    }
}

/// What [`Vm::quick_method`] did.
pub(super) enum QuickMethod {
    /// A Python method's frame was pushed (the frame checks not needed).
    Entered,
    /// The call's result replaced the receiver and arguments.
    Done,
    /// Nothing: the general `call_method` takes the call.
    No,
}

/// `s` as an int if it is plain decimal digits, optionally after a `-`,
/// few enough to fit an `i64` whatever they are (18); `None` for anything
/// else (signs, spaces, underscores, other digits, more digits), which
/// `int()`'s general parse takes.
fn plain_decimal(s: &str) -> Option<i64> {
    let (negative, digits) = match s.as_bytes() {
        [b'-', rest @ ..] => (true, rest),
        all => (false, all),
    };
    if digits.is_empty() || digits.len() > 18 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let n = digits
        .iter()
        .fold(0i64, |n, d| n * 10 + i64::from(d - b'0'));
    Some(if negative { -n } else { n })
}
