//! Operators of the library's dict kinds (`Counter + Counter`,
//! `-counter`, `counter <= other`) and their `__missing__`: the kind's method table
//! ([`Stdlib::dict_kind_methods`](crate::vm::stdlib::Stdlib::dict_kind_methods)) holds them as special methods, which
//! are found and called here in CPython's order (`__iop__`, then `__op__`,
//! then the right operand's `__rop__`), so the VM names no kind.

use monty_compile::bytecode::{BinOp, CmpOp, UnaryOp};

use crate::builtins::native::{find_method, Method};
use crate::builtins::{Args, Builtin};
use crate::object::{DictKind, Obj, Value};

use super::{PyResult, Vm};

impl Vm {
    /// The special method `name` of `v`'s kind, if `v` is a dict of one of
    /// the library's kinds that has it.
    fn kind_dunder(&self, v: Value, name: &str) -> Option<&'static Method> {
        match v {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Dict(d) if !matches!(d.kind, DictKind::Plain) => {
                    find_method(crate::lib().dict_kind_methods(d.kind), name)
                }
                _ => None,
            },
            _ => None,
        }
    }

    fn is_kind_dict(&self, v: Value) -> bool {
        matches!(v, Value::Ref(id)
            if matches!(self.heap.get(id), Obj::Dict(d) if !matches!(d.kind, DictKind::Plain)))
    }

    /// Calls `m` on `recv`; `None` if it returned `NotImplemented`.
    fn call_kind_dunder(
        &mut self,
        m: &'static Method,
        recv: Value,
        args: Vec<Value>,
    ) -> PyResult<Option<Value>> {
        let r = (m.call)(self, recv, Args::new(m.name, args, Vec::new()))?;
        Ok((!matches!(r, Value::Builtin(Builtin::NotImplemented))).then_some(r))
    }

    /// `d[key]` for a key `d` lacks: the kind's `__missing__` if it has
    /// one (`defaultdict`, `Counter`), else `KeyError`.
    pub(super) fn kind_missing(&mut self, d: Value, key: Value) -> PyResult<Value> {
        match self.kind_dunder(d, "__missing__") {
            Some(m) => (m.call)(self, d, Args::new(m.name, vec![key], Vec::new())),
            None => Err(super::PyErr::New(
                crate::object::ExcType::KeyError,
                vec![key],
            )),
        }
    }

    /// `a op b` where an operand is a dict of a library kind that defines
    /// the operator; `None` to go on with dict's own behaviour.
    pub(super) fn kind_binary(
        &mut self,
        op: BinOp,
        a: Value,
        b: Value,
        inplace: bool,
    ) -> PyResult<Option<Value>> {
        if !self.is_kind_dict(a) && !self.is_kind_dict(b) {
            return Ok(None);
        }
        let (direct, inplace_name, reflected) = match op {
            BinOp::Add => ("__add__", "__iadd__", "__radd__"),
            BinOp::Sub => ("__sub__", "__isub__", "__rsub__"),
            BinOp::BitOr => ("__or__", "__ior__", "__ror__"),
            BinOp::BitAnd => ("__and__", "__iand__", "__rand__"),
            BinOp::BitXor => ("__xor__", "__ixor__", "__rxor__"),
            _ => return Ok(None),
        };
        if inplace {
            if let Some(m) = self.kind_dunder(a, inplace_name) {
                if let Some(r) = self.call_kind_dunder(m, a, vec![b])? {
                    return Ok(Some(r));
                }
            }
        }
        if let Some(m) = self.kind_dunder(a, direct) {
            if let Some(r) = self.call_kind_dunder(m, a, vec![b])? {
                return Ok(Some(r));
            }
        }
        if let Some(m) = self.kind_dunder(b, reflected) {
            if let Some(r) = self.call_kind_dunder(m, b, vec![a])? {
                return Ok(Some(r));
            }
        }
        Ok(None)
    }

    /// `+v`, `-v` for a dict of a library kind that defines them.
    pub(super) fn kind_unary(&mut self, op: UnaryOp, a: Value) -> PyResult<Option<Value>> {
        let name = match op {
            UnaryOp::Pos => "__pos__",
            UnaryOp::Neg => "__neg__",
            _ => return Ok(None),
        };
        match self.kind_dunder(a, name) {
            Some(m) => self.call_kind_dunder(m, a, Vec::new()),
            None => Ok(None),
        }
    }

    /// A rich comparison where an operand is a dict of a library kind that
    /// defines it (the left one's method, then the right one's reflection).
    pub(super) fn kind_compare(
        &mut self,
        op: CmpOp,
        a: Value,
        b: Value,
    ) -> PyResult<Option<Value>> {
        if !self.is_kind_dict(a) && !self.is_kind_dict(b) {
            return Ok(None);
        }
        let (direct, reflected) = super::compare::dunder(op);
        if direct.is_empty() {
            return Ok(None);
        }
        if let Some(m) = self.kind_dunder(a, direct) {
            if let Some(r) = self.call_kind_dunder(m, a, vec![b])? {
                return Ok(Some(r));
            }
        }
        if let Some(m) = self.kind_dunder(b, reflected) {
            if let Some(r) = self.call_kind_dunder(m, b, vec![a])? {
                return Ok(Some(r));
            }
        }
        Ok(None)
    }
}
