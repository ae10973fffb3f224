//! Binary operators on user instances: `__iop__`, `__op__` and `__rop__`
//! in CPython's order (same-class operands never try the reflected method,
//! a right-hand subclass overriding it goes first), then sequence repetition
//! by `__index__` and CPython's error wording.

use crate::object::Value;
use monty_compile::bytecode::BinOp;

use super::{PyResult, Vm};

impl Vm {
    /// `a op b` where an operand is a user instance: `__iop__` (in place),
    /// then `a.__op__(b)`, then `b.__rop__(a)`.
    pub(super) fn binary_op_user(
        &mut self,
        op: BinOp,
        a: Value,
        b: Value,
        inplace: bool,
    ) -> PyResult<Value> {
        let name = match op {
            BinOp::Add => "add",
            BinOp::Sub => "sub",
            BinOp::Mul => "mul",
            BinOp::MatMul => "matmul",
            BinOp::Div => "truediv",
            BinOp::FloorDiv => "floordiv",
            BinOp::Mod => "mod",
            BinOp::Pow => "pow",
            BinOp::LShift => "lshift",
            BinOp::RShift => "rshift",
            BinOp::BitAnd => "and",
            BinOp::BitOr => "or",
            BinOp::BitXor => "xor",
        };
        let not_impl =
            |v: &Value| matches!(v, Value::Builtin(crate::builtins::Builtin::NotImplemented));
        if inplace {
            if let Some(r) = self.call_dunder(a, &format!("__i{name}__"), vec![b])? {
                if !not_impl(&r) {
                    return Ok(r);
                }
            }
        }
        if let Some(r) = self.user_binary_dunder(a, b, name)? {
            return Ok(r);
        }
        if op == BinOp::Mul {
            // `seq * n` with an instance whose __index__ gives the count
            for (seq, n) in [(a, b), (b, a)] {
                if self.repeats(seq) && self.user_class_of(n).is_some() {
                    if let Some(count) = self.user_index(n)? {
                        let count = Value::Int(self.repeat_count(count).unwrap_or(0));
                        return self.binary_op(op, seq, count, inplace && seq == a);
                    }
                }
            }
        }
        Err(self.operand_error(op, a, b))
    }

    /// `a.__name__(b)` / `b.__rname__(a)` in CPython's order for operands of
    /// which at least one is a user instance; `None` when neither applies
    /// or both return `NotImplemented`.
    pub fn user_binary_dunder(
        &mut self,
        a: Value,
        b: Value,
        name: &str,
    ) -> PyResult<Option<Value>> {
        let (ca, cb) = (self.user_class_of(a), self.user_class_of(b));
        let (direct, reflected) = (format!("__{name}__"), format!("__r{name}__"));
        // operands of one class never try the reflected method; a subclass
        // on the right that overrides it goes first
        let same_class = ca.is_some() && ca == cb;
        let reflected_first = match (ca, cb) {
            (Some(x), Some(y)) if x != y => {
                self.class_is_subclass(y, x)
                    && self.class_lookup(y, &reflected) != self.class_lookup(x, &reflected)
            }
            _ => false,
        };
        let mut attempts: Vec<(Value, &str, Value)> = Vec::with_capacity(2);
        if ca.is_some() {
            attempts.push((a, &direct, b));
        }
        if cb.is_some() && !same_class {
            if reflected_first {
                attempts.insert(0, (b, &reflected, a));
            } else {
                attempts.push((b, &reflected, a));
            }
        }
        let not_impl =
            |v: &Value| matches!(v, Value::Builtin(crate::builtins::Builtin::NotImplemented));
        for (recv, method, arg) in attempts {
            if let Some(r) = self.call_dunder(recv, method, vec![arg])? {
                if !not_impl(&r) {
                    return Ok(Some(r));
                }
            }
        }
        Ok(None)
    }
}
