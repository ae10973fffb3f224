//! Builtin calls answered without the general call: `len(x)` of a builtin
//! container, `str(n)` of an int and `int(s)` of a str of plain decimal
//! digits, with one positional argument, and
//! `d.get(key[, default])` of a dict with a str or int key. The general
//! path copies the arguments into a vector, asks whether the call
//! consumes a generator, marks the native call restartable and looks the
//! builtin up (and binds a method's arguments); for these, which loops
//! over strings, lists and counters make a million times, that was most
//! of the call.

use crate::builtins::builtin::Builtin;
use crate::object::{Obj, Type, Value};
use crate::vm::stdlib::Stdlib;

use super::{PyResult, Vm};

impl<S: Stdlib> Vm<S> {
    /// The result of calling `callee` with the one argument `arg`, if it
    /// is one of this module's cases; `None` (nothing done) otherwise.
    #[inline]
    pub(super) fn quick_builtin1(&mut self, callee: Value, arg: Value) -> Option<Value> {
        match (callee, arg) {
            (Value::Builtin(Builtin::Len), Value::Ref(id)) => {
                let n = match self.heap.get(id) {
                    Obj::Str(s) => s.char_len(),
                    Obj::List(l) | Obj::Tuple(l) => l.len(),
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

    /// `obj.name(args)` with the `argc` arguments above `obj` at `opos`,
    /// if it is `get` of a dict with a str or int key (whose hashing and
    /// comparison run no Python code): the value or the default.
    /// `Ok(None)`, nothing done, for any other call.
    ///
    /// # Errors
    /// None in practice (a str or int key is hashable); the key lookup's
    /// signature has them.
    pub(super) fn quick_dict_get(
        &mut self,
        obj: Value,
        name: &str,
        opos: usize,
        argc: usize,
    ) -> PyResult<Option<Value>> {
        let Value::Ref(id) = obj else {
            return Ok(None);
        };
        if !(argc == 1 || argc == 2) || name != "get" || !matches!(self.heap.get(id), Obj::Dict(_))
        {
            return Ok(None);
        }
        let key = self.stack[opos + 1];
        let plain_key = match key {
            Value::Int(_) => true,
            Value::Ref(k) => matches!(self.heap.get(k), Obj::Str(_)),
            _ => false,
        };
        if !plain_key {
            return Ok(None);
        }
        let default = if argc == 2 {
            self.stack[opos + 2]
        } else {
            Value::None
        };
        let k = self.dict_key_in(id, key)?;
        Ok(Some(match self.heap.get(id) {
            Obj::Dict(d) => d.get(&k).unwrap_or(default),
            _ => default,
        }))
    }
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
