//! Temporaries freed as soon as they are used up: strs the VM makes for
//! one instruction that consumes them right after, which no Python code
//! ever sees, so nothing but their stack slot can hold them.
//!
//! Without reference counts, garbage waits for the next collection, and a
//! program that builds a million strs two pieces at a time
//! (`"w" + str(i)`, `a + b + c`, `f"{i:06d}"`) peaks with as much garbage
//! as live data, where CPython frees each piece at once. Three producers
//! list such a temporary in [`Vm::fresh_temps`]:
//! - `FormatValue`, for a part it formats natively (its consumer is the
//!   f-string's `BuildString`);
//! - `AddTemp`, the `+` whose result is the left operand of the `+` after
//!   it (`a + b + c`), for a str it concatenated;
//! - a call of `str` on an int or float whose result is the right operand
//!   of the `+` or `+=` right after it.
//!
//! The compiler guarantees each one's consumer: nothing else reads the
//! slot in between (code that runs between them cannot reach the stack; an
//! exception drops the slot; a generator suspended in between keeps it on
//! its saved stack for the consumer). The consumer takes its operands off
//! the list before anything else (an operand a user `__radd__` receives
//! may be kept, or be an operand of a `+` inside it), and frees them after
//! when it copied them natively (str + str, f-string parts). Every collection empties the list, so until then an id in it
//! names the object it was listed for: a slot is only reused after a
//! collection, or after `Heap::release` of an id taken off the list.

use crate::object::{Obj, ObjId, PyStr, Value};
use monty_compile::bytecode::BinOp;

use super::{PyResult, Vm};

/// The most temporaries listed at once: more than any expression has in
/// progress; past it the list is forgotten (their frees only missed).
const MAX_FRESH_TEMPS: usize = 64;

impl Vm {
    /// Lists `id`, a str just made for the consumer the compiler
    /// guarantees.
    #[inline]
    pub(super) fn note_fresh_temp(&mut self, id: ObjId) {
        if self.fresh_temps.len() >= MAX_FRESH_TEMPS {
            self.fresh_temps.clear();
        }
        self.fresh_temps.push(id);
    }

    /// Takes `id` off the list; whether it was on it.
    #[inline]
    fn unlist_temp(&mut self, id: ObjId) -> bool {
        match self.fresh_temps.iter().position(|&f| f == id) {
            Some(k) => {
                self.fresh_temps.swap_remove(k);
                true
            }
            None => false,
        }
    }

    /// Takes the listed temporaries among stack slots `at..` off the list
    /// and frees them (`BuildString`, which copied them).
    pub(super) fn free_temps_from(&mut self, at: usize) {
        for i in at..self.stack.len() {
            if let Value::Ref(id) = self.stack[i] {
                if self.unlist_temp(id) {
                    self.heap.release(id);
                }
            }
        }
    }

    /// Takes a listed `part` off the list without freeing it: `BuildString`
    /// of one str part returns the part itself.
    pub(super) fn keep_temp(&mut self, part: ObjId) {
        self.unlist_temp(part);
    }

    /// Before `a + b` (or `+=`): takes listed operands off the list, as
    /// the operation may hand them to Python code (a user `__radd__`) that
    /// keeps them; which were listed (bit 0 for `a`, bit 1 for `b`), for
    /// [`Vm::free_used_temps`] after it.
    #[inline(never)]
    fn take_temps(&mut self, a: Value, b: Value) -> u8 {
        let mut taken = 0;
        for (bit, v) in [(1, a), (2, b)] {
            if let Value::Ref(id) = v {
                if self.unlist_temp(id) {
                    taken |= bit;
                }
            }
        }
        taken
    }

    /// After `a + b` made `r`: the operands [`Vm::take_temps`] took are
    /// freed when both were strs (the concatenation copied them natively:
    /// no Python code saw them) and the operation succeeded.
    #[inline(never)]
    fn free_used_temps(&mut self, a: Value, b: Value, taken: u8, r: &PyResult<Value>) {
        let made = match r {
            Ok(made) if self.is_str(a) && self.is_str(b) => *made,
            _ => return,
        };
        for (bit, v) in [(1, a), (2, b)] {
            if let (true, Value::Ref(id)) = (taken & bit != 0 && v != made, v) {
                self.heap.release(id);
            }
        }
    }

    /// `Binary`/`Inplace`'s slow path: `binary_in_place`, freeing the
    /// listed temporaries among its operands that it used up.
    #[inline]
    pub(super) fn binary_using_temps(
        &mut self,
        op: BinOp,
        a: Value,
        b: Value,
        inplace: bool,
    ) -> PyResult<Value> {
        if self.fresh_temps.is_empty() {
            return self.binary_in_place(op, a, b, inplace);
        }
        let taken = self.take_temps(a, b);
        let r = self.binary_in_place(op, a, b, inplace);
        if taken != 0 {
            self.free_used_temps(a, b, taken, &r);
        }
        r
    }

    /// `AddTemp`: `a + b` whose result only the next `+` uses; a str it
    /// concatenated is listed for that one to free.
    #[inline(never)]
    pub(super) fn add_temp(&mut self, a: Value, b: Value) -> PyResult<Value> {
        let strs = self.is_str(a) && self.is_str(b);
        let r = self.binary_using_temps(BinOp::Add, a, b, false)?;
        if let (true, Value::Ref(id)) = (strs, r) {
            // (a new str, or the one empty str, which stays)
            if !self.heap.is_empty_str(id) {
                self.note_fresh_temp(id);
            }
        }
        Ok(r)
    }

    /// After a call that left its result on top: when it was `str(n)` of
    /// an int or float (`str_of_number`) and the `+` right after consumes
    /// it, lists it.
    #[inline(never)]
    pub(super) fn note_call_temp(&mut self) {
        if let Some(&Value::Ref(id)) = self.stack.last() {
            if matches!(self.heap.get(id), Obj::Str(_)) && !self.heap.is_empty_str(id) {
                self.note_fresh_temp(id);
            }
        }
    }

    /// A str `format_in_place` formatted natively, as a listed temporary
    /// for its `BuildString`.
    pub(super) fn new_temp_str(&mut self, text: String) -> Value {
        if text.is_empty() {
            return self.heap.empty_str();
        }
        let id = self.heap.alloc(Obj::Str(PyStr::new(text)));
        self.note_fresh_temp(id);
        Value::Ref(id)
    }

    #[inline]
    fn is_str(&self, v: Value) -> bool {
        matches!(v, Value::Ref(id) if matches!(self.heap.get(id), Obj::Str(_)))
    }
}
