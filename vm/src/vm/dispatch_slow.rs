//! The slow paths of the dispatch loop's instructions (`dispatch.rs`),
//! out of its function: each puts the operands its instruction popped back
//! on the stack and runs the operation through [`Vm::in_place`], so that a
//! host call inside (a special method, a property) can pause the run and
//! the instruction run again after it (`journal.rs`). Inlined, they made
//! the whole loop slower.

use crate::object::str::{Text, TextBuilder};
use crate::object::{Dict, HashKey, Obj, PyStr, Value};
use monty_compile::bytecode::CmpOp;

use super::{PyResult, Vm};

/// How many characters `str(i)` has.
#[inline]
fn decimal_len(i: i64) -> usize {
    let digits = i.unsigned_abs().checked_ilog10().unwrap_or(0) as usize + 1;
    digits + usize::from(i < 0)
}

impl Vm {
    /// `BuildMap(n)` of the `n` key/value pairs on top of the stack, which
    /// it replaces with the new dict, when every key is a str, an int or a
    /// bool: such keys hash and compare without Python code, so the dict
    /// is built directly, with no copy of the operands and no journal
    /// (`Vm::in_place`). False, nothing done, for any other key.
    #[inline(never)]
    pub(super) fn build_plain_map(&mut self, n: usize) -> bool {
        let at = self.stack.len() - 2 * n;
        let mut d = Dict::with_capacity(n);
        for kv in self.stack[at..].chunks_exact(2) {
            let key = match kv[0] {
                Value::Int(i) => HashKey::Int(i),
                Value::Bool(b) => HashKey::Int(i64::from(b)),
                Value::Ref(id) => match self.heap.get(id) {
                    Obj::Str(s) => HashKey::Str(s.s.as_str().into()),
                    _ => return false,
                },
                _ => return false,
            };
            d.insert(key, kv[0], kv[1]);
        }
        self.stack.truncate(at);
        let v = self.heap.new_value(Obj::Dict(Box::new(d)));
        self.stack.push(v);
        true
    }

    /// The slow path of `Binary`/`Inplace`, with the popped operands put
    /// back for [`Vm::in_place`].
    #[inline(never)]
    pub(super) fn binary_in_place(
        &mut self,
        op: monty_compile::bytecode::BinOp,
        a: Value,
        b: Value,
        inplace: bool,
    ) -> PyResult<Value> {
        // str + str and int arithmetic run no Python code: no journaling
        if let Some(r) = self.quick_binary(op, a, b, inplace) {
            return r;
        }
        self.stack.push(a);
        self.stack.push(b);
        self.in_place(2, |vm| vm.binary_op(op, a, b, inplace))
    }

    /// The slow path of `Compare`, as [`Vm::binary_in_place`].
    #[inline(never)]
    pub(super) fn compare_in_place(&mut self, op: CmpOp, a: Value, b: Value) -> PyResult<Value> {
        self.stack.push(a);
        self.stack.push(b);
        self.in_place(2, |vm| vm.compare_op(op, a, b))
    }

    /// The truth of a non-bool for `PopJumpIf*`, as [`Vm::binary_in_place`].
    #[inline(never)]
    pub(super) fn truthy_in_place(&mut self, v: Value) -> PyResult<bool> {
        self.stack.push(v);
        self.in_place(1, |vm| vm.truthy(v))
    }

    /// `Subscr`, as [`Vm::binary_in_place`].
    #[inline(never)]
    pub(super) fn subscr_in_place(&mut self, obj: Value, idx: Value) -> PyResult<Value> {
        self.stack.push(obj);
        self.stack.push(idx);
        self.in_place(2, |vm| vm.get_item(obj, idx))
    }
}

/// The slow paths of the instructions that may run Python code, out of the
/// dispatch loop's code (inlined, they made the whole loop slower): each
/// puts the operands its instruction popped back for [`Vm::in_place`].
impl Vm {
    #[inline(never)]
    pub(super) fn load_attr_in_place(&mut self, obj: Value, name: &str) -> PyResult<Value> {
        self.stack.push(obj);
        self.in_place(1, |vm| {
            vm.get_attr(obj, name)
                .map_err(|e| vm.attribute_error_context(e, obj, name))
        })
    }

    #[inline(never)]
    pub(super) fn store_attr_in_place(&mut self, obj: Value, name: &str, v: Value) -> PyResult<()> {
        self.stack.push(v);
        self.stack.push(obj);
        self.in_place(2, |vm| vm.set_attr(obj, name, v))
    }

    #[inline(never)]
    pub(super) fn unary_in_place(
        &mut self,
        op: monty_compile::bytecode::UnaryOp,
        a: Value,
    ) -> PyResult<Value> {
        self.stack.push(a);
        self.in_place(1, |vm| vm.unary_op(op, a))
    }

    #[inline(never)]
    pub(super) fn get_iter_in_place(&mut self, v: Value) -> PyResult<Value> {
        self.stack.push(v);
        self.in_place(1, |vm| vm.get_iter(v))
    }

    /// `ForIter`'s other iterators (the iterator stays on the stack). A
    /// dict or view iterator (`for k in d`, `for k, v in d.items()`) goes
    /// straight to its advance, with what `iter_next` does first for it
    /// (count, note); no look at the other kinds of iterator.
    #[inline(never)]
    pub(super) fn iter_next_in_place(&mut self, it: Value) -> PyResult<Option<Value>> {
        if let Value::Ref(id) = it {
            if let Obj::Iter(crate::object::Iter::Dict { .. }) = self.heap.get(id) {
                self.tick()?;
                self.note_advance(id);
                return self.dict_advance(id);
            }
        }
        if self.advance_runs_no_python(it) {
            // (`enumerate`, `zip`, dict views: nothing to journal)
            return self.iter_next(it);
        }
        self.in_place(0, |vm| vm.iter_next(it))
    }

    /// `UnpackSequence(n)` of `v`: its `n` items pushed, the first on top.
    /// A list or tuple of exactly `n` items (`name, val = s.split(":")`,
    /// `for k, v in d.items()`) is read where it lies, with no copy of its
    /// items; anything else goes through the iterator protocol.
    #[inline(never)]
    pub(super) fn unpack_in_place(&mut self, v: Value, n: usize) -> PyResult<()> {
        if let Value::Ref(id) = v {
            if let Some(items) = self.heap.get(id).seq() {
                if items.len() == n {
                    self.stack.extend(items.iter().rev());
                    return Ok(());
                }
            }
        }
        self.stack.push(v);
        let items = self.in_place(1, |vm| vm.unpack_exact(v, n))?;
        self.stack.extend(items.into_iter().rev());
        Ok(())
    }

    /// `FormatValue`: `v` formatted (with conversion `conv` and format
    /// spec `spec`) as one part of an f-string, for the `BuildString` that
    /// always follows. Two kinds of part skip the general path:
    /// - with neither conversion nor spec, an int, float, bool or None
    ///   stays on the stack as it is and `BuildString` writes its text
    ///   (no str made for it), and a str is its own text;
    /// - with a spec, an int, float or str is formatted natively into a
    ///   new str that only this stack slot holds, so `BuildString` frees
    ///   it as soon as it has copied it (`temps.rs`):
    ///   `f"{n:06d}"` in a loop leaves no garbage behind.
    #[inline(never)]
    pub(super) fn format_in_place(
        &mut self,
        v: Value,
        conv: u32,
        spec: Option<Value>,
    ) -> PyResult<Value> {
        if conv == 0 {
            match spec {
                None => match v {
                    Value::Int(_) | Value::Float(_) | Value::Bool(_) | Value::None => return Ok(v),
                    Value::Ref(id) if matches!(self.heap.get(id), Obj::Str(_)) => return Ok(v),
                    _ => {}
                },
                Some(Value::Ref(spec_id)) => {
                    let plain = match v {
                        Value::Int(_) | Value::Float(_) => true,
                        Value::Ref(id) => matches!(self.heap.get(id), Obj::Str(_)),
                        _ => false,
                    };
                    if let (true, Obj::Str(spec)) = (plain, self.heap.get(spec_id)) {
                        let spec = spec.s.to_string();
                        let text = crate::builtins::format::format_value(self, v, &spec)?;
                        // (a str the spec leaves as it is, `f"{s:}"`,
                        // `f"{s:<3}"` of a longer one, is itself, as in
                        // CPython)
                        if super::as_str(&self.heap, v) == Some(text.as_str()) {
                            return Ok(v);
                        }
                        return Ok(self.new_temp_str(text));
                    }
                }
                Some(_) => {}
            }
        }
        self.stack.push(v);
        self.stack.extend(spec);
        let n = 1 + usize::from(spec.is_some());
        self.in_place(n, |vm| vm.format_value(v, conv, spec))
    }

    /// `BuildString`: the `n` parts on top of the stack joined into one
    /// str (an f-string's parts), popped. A part is a str, or an int,
    /// float, bool or None left unformatted by `format_in_place`, written
    /// here. The text is built once at its final size, inline when short,
    /// and the ASCII flag comes from the parts. A single str part is the
    /// result itself (`f"{s}" is s`, as in CPython), and parts
    /// `format_in_place` made for this string alone are freed.
    #[inline(never)]
    pub(super) fn build_string(&mut self, n: usize) -> Value {
        let at = self.stack.len() - n;
        if n == 1 {
            if let Value::Ref(id) = self.stack[at] {
                if matches!(self.heap.get(id), Obj::Str(_)) {
                    // (the part is the result: no longer a temporary)
                    self.keep_temp(id);
                    return self.stack.pop().unwrap_or(Value::None);
                }
            }
        }
        let (mut total, mut ascii) = (0usize, true);
        for &p in &self.stack[at..] {
            match p {
                Value::Ref(id) => {
                    if let Obj::Str(s) = self.heap.get(id) {
                        total += s.s.len();
                        ascii &= s.ascii;
                    }
                }
                Value::Int(i) => total += decimal_len(i),
                Value::Float(_) => total += 24,
                Value::Bool(_) | Value::None => total += 5,
                _ => {}
            }
        }
        let mut out = TextBuilder::with_capacity(total);
        for &p in &self.stack[at..] {
            match p {
                Value::Ref(id) => {
                    if let Obj::Str(s) = self.heap.get(id) {
                        out.push(&s.s);
                    }
                }
                Value::Int(i) => out.push(Text::decimal(i).as_str()),
                Value::Float(f) => out.push(&crate::object::float::repr(f)),
                Value::Bool(true) => out.push("True"),
                Value::Bool(false) => out.push("False"),
                Value::None => out.push("None"),
                _ => {}
            }
        }
        if !self.fresh_temps.is_empty() {
            self.free_temps_from(at);
        }
        self.stack.truncate(at);
        let text = out.finish();
        if text.is_empty() {
            return self.heap.empty_str();
        }
        self.heap.new_value(Obj::Str(PyStr { s: text, ascii }))
    }

    /// `SetAdd`/`MapAdd` into the set or dict `id` (`operands` popped).
    #[inline(never)]
    pub(super) fn insert_in_place(
        &mut self,
        id: crate::object::ObjId,
        operands: &[Value],
        k: Value,
        v: Value,
        is_set: bool,
    ) -> PyResult<()> {
        let plain_key = match k {
            Value::None | Value::Bool(_) | Value::Int(_) | Value::Float(_) => true,
            Value::Ref(kid) => matches!(self.heap.get(kid), Obj::Str(_)),
            _ => false,
        };
        if plain_key {
            // (hashing and comparing it runs no Python code)
            return self.insert_keyed(id, k, v, is_set);
        }
        self.stack.extend_from_slice(operands);
        self.in_place(operands.len(), |vm| vm.insert_keyed(id, k, v, is_set))
    }
}
