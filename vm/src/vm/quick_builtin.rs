//! Builtin calls answered without the general call: `len(x)` of a builtin
//! container and `str(n)` of an int, with one positional argument. The
//! general path copies the arguments into a vector, asks whether the call
//! consumes a generator, marks the native call restartable and looks the
//! builtin up; for these two, which loops over strings and lists make a
//! million times, that was most of the call.

use crate::builtins::builtin::Builtin;
use crate::object::{Obj, Type, Value};
use crate::vm::stdlib::Stdlib;

use super::Vm;

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
            (Value::Type(Type::Str), Value::Int(n)) => Some(self.new_str(n.to_string())),
            _ => None,
        }
    }
}
