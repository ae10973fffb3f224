//! `Counter` arithmetic and comparisons (`+ - | &`, their in-place forms,
//! unary `+`/`-`, `== <= < >= >`), written as the same sequence of Python
//! operations CPython's `collections/__init__.py` performs: the same
//! comparisons in the same order with the same operands, so NaN counts,
//! unorderable counts and their error messages come out as in CPython.

use super::ids::dict_kind;
use crate::object::{Dict, DictKind, Obj, Value};
use crate::vm::{PyResult, Vm};
use monty_compile::bytecode::{BinOp, CmpOp};

/// `collections.Counter` operators on the VM.
///
/// An extension trait: the VM type lives in `monty-vm`, so the library
/// adds its methods through traits (brought into scope where used).
pub trait CounterVm {
    fn is_counter(&self, v: Value) -> bool;

    /// `counter.items()` as a snapshot.
    fn counter_items(&self, c: Value) -> Vec<(Value, Value)>;

    /// `other.items()` of any mapping, as pairs (rooted on the stack by
    /// the caller's caller through `other`).
    fn mapping_items(&mut self, other: Value) -> PyResult<Vec<(Value, Value)>>;

    /// `counter[k]`: a missing key counts 0 (and is not inserted).
    fn counter_get(&mut self, c: Value, k: Value) -> PyResult<Value>;

    fn counter_contains(&mut self, c: Value, k: Value) -> PyResult<bool>;

    fn counter_set(&mut self, c: Value, k: Value, v: Value) -> PyResult<()>;

    fn test(&mut self, op: CmpOp, a: Value, b: Value) -> PyResult<bool>;

    fn new_counter(&mut self) -> Value;

    /// `all(self[e] <op> other[e] for c in (self, other) for e in c)`.
    fn counter_all(&mut self, op: CmpOp, a: Value, b: Value) -> PyResult<bool>;

    /// Comparisons between two Counters (Python 3.10+); `None` if either
    /// side is not a Counter.
    fn counter_compare(&mut self, op: CmpOp, a: Value, b: Value) -> PyResult<Option<bool>>;

    /// `+counter` (`count > 0`) / `-counter` (`count < 0`, negated).
    fn counter_unary(&mut self, a: Value, negate: bool) -> PyResult<Option<Value>>;

    /// `Counter + Counter` and friends (in place when `inplace`); `None`
    /// if not both Counters.
    fn counter_binary(
        &mut self,
        op: BinOp,
        a: Value,
        b: Value,
        inplace: bool,
    ) -> PyResult<Option<Value>>;

    fn counter_binary_into(&mut self, op: BinOp, a: Value, b: Value, out: Value) -> PyResult<()>;

    /// `+=`, `-=`, `|=`, `&=`: update `a` in place, then drop the counts
    /// that are not positive (`_keep_positive`).
    fn counter_inplace(&mut self, op: BinOp, a: Value, b: Value) -> PyResult<Value>;
}

impl CounterVm for Vm {
    fn is_counter(&self, v: Value) -> bool {
        dict_kind(self, v) == Some(DictKind::Counter)
    }

    fn counter_items(&self, c: Value) -> Vec<(Value, Value)> {
        match c {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Dict(d) => d.entries().collect(),
                _ => Vec::new(),
            },
            _ => Vec::new(),
        }
    }

    fn mapping_items(&mut self, other: Value) -> PyResult<Vec<(Value, Value)>> {
        if let Value::Ref(id) = other {
            if let Obj::Dict(d) = self.heap.get(id) {
                return Ok(d.entries().collect());
            }
        }
        let items = self.get_attr(other, "items")?;
        self.stack.push(items);
        let view = self.call_value(items, Vec::new(), Vec::new())?;
        self.stack.push(view);
        let mut out = Vec::new();
        for pair in self.collect_iterable(view)? {
            self.stack.push(pair);
            let kv = self.collect_iterable(pair)?;
            if let [k, v] = kv[..] {
                out.push((k, v));
            } else {
                return Err(crate::vm::PyErr::value_error(format!(
                    "too many values to unpack (expected 2, got {})",
                    kv.len()
                )));
            }
        }
        Ok(out)
    }

    fn counter_get(&mut self, c: Value, k: Value) -> PyResult<Value> {
        let hk = match c {
            Value::Ref(id) => self.hash_key_in(id, k)?,
            _ => self.hash_key(k)?,
        };
        Ok(match c {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Dict(d) => d.get(&hk).unwrap_or(Value::Int(0)),
                _ => Value::Int(0),
            },
            _ => Value::Int(0),
        })
    }

    fn counter_contains(&mut self, c: Value, k: Value) -> PyResult<bool> {
        let hk = match c {
            Value::Ref(id) => self.hash_key_in(id, k)?,
            _ => self.hash_key(k)?,
        };
        Ok(
            matches!(c, Value::Ref(id) if matches!(self.heap.get(id), Obj::Dict(d) if d.contains(&hk))),
        )
    }

    fn counter_set(&mut self, c: Value, k: Value, v: Value) -> PyResult<()> {
        let hk = match c {
            Value::Ref(id) => self.hash_key_in(id, k)?,
            _ => self.hash_key(k)?,
        };
        if let Value::Ref(id) = c {
            if let Obj::Dict(d) = self.heap.get_mut(id) {
                d.insert(hk, k, v);
            }
        }
        Ok(())
    }

    fn test(&mut self, op: CmpOp, a: Value, b: Value) -> PyResult<bool> {
        let r = self.compare_op(op, a, b)?;
        self.truthy(r)
    }

    fn new_counter(&mut self) -> Value {
        let mut d = Dict::new();
        d.kind = DictKind::Counter;
        self.heap.new_value(Obj::Dict(Box::new(d)))
    }

    fn counter_all(&mut self, op: CmpOp, a: Value, b: Value) -> PyResult<bool> {
        let keys: Vec<Value> = self
            .counter_items(a)
            .into_iter()
            .chain(self.counter_items(b))
            .map(|e| e.0)
            .collect();
        for k in keys {
            let x = self.counter_get(a, k)?;
            let y = self.counter_get(b, k)?;
            if !self.test(op, x, y)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn counter_compare(&mut self, op: CmpOp, a: Value, b: Value) -> PyResult<Option<bool>> {
        if !self.is_counter(a) || !self.is_counter(b) {
            return Ok(None);
        }
        Ok(Some(match op {
            CmpOp::Eq => self.counter_all(CmpOp::Eq, a, b)?,
            CmpOp::Ne => !self.counter_all(CmpOp::Eq, a, b)?,
            CmpOp::Le => self.counter_all(CmpOp::Le, a, b)?,
            CmpOp::Ge => self.counter_all(CmpOp::Ge, a, b)?,
            // `self <= other and self != other`
            CmpOp::Lt => {
                self.counter_all(CmpOp::Le, a, b)? && !self.counter_all(CmpOp::Eq, a, b)?
            }
            CmpOp::Gt => {
                self.counter_all(CmpOp::Ge, a, b)? && !self.counter_all(CmpOp::Eq, a, b)?
            }
            _ => return Ok(None),
        }))
    }

    fn counter_unary(&mut self, a: Value, negate: bool) -> PyResult<Option<Value>> {
        if !self.is_counter(a) {
            return Ok(None);
        }
        let out = self.new_counter();
        let mark = self.stack.len();
        self.stack.push(out);
        let r = (|| {
            for (k, count) in self.counter_items(a) {
                if negate {
                    if self.test(CmpOp::Lt, count, Value::Int(0))? {
                        let v = self.binary_op(BinOp::Sub, Value::Int(0), count, false)?;
                        self.counter_set(out, k, v)?;
                    }
                } else if self.test(CmpOp::Gt, count, Value::Int(0))? {
                    self.counter_set(out, k, count)?;
                }
            }
            Ok(Some(out))
        })();
        self.release_to(mark);
        r
    }

    fn counter_binary(
        &mut self,
        op: BinOp,
        a: Value,
        b: Value,
        inplace: bool,
    ) -> PyResult<Option<Value>> {
        if !matches!(op, BinOp::Add | BinOp::Sub | BinOp::BitAnd | BinOp::BitOr) {
            return Ok(None);
        }
        // the in-place forms take any mapping on the right (CPython calls
        // `other.items()` or subscripts `other[elem]`)
        if inplace && self.is_counter(a) {
            let mark = self.stack.len();
            self.stack.push(b);
            let r = self.counter_inplace(op, a, b);
            self.release_to(mark);
            return r.map(Some);
        }
        if !self.is_counter(a) || !self.is_counter(b) {
            return Ok(None);
        }
        let out = self.new_counter();
        let mark = self.stack.len();
        self.stack.push(out);
        let r = self.counter_binary_into(op, a, b, out);
        self.release_to(mark);
        r.map(|()| Some(out))
    }

    fn counter_binary_into(&mut self, op: BinOp, a: Value, b: Value, out: Value) -> PyResult<()> {
        for (k, count) in self.counter_items(a) {
            let other = self.counter_get(b, k)?;
            let new = match op {
                BinOp::Add => self.binary_op(BinOp::Add, count, other, false)?,
                BinOp::Sub => self.binary_op(BinOp::Sub, count, other, false)?,
                // `other_count if count < other_count else count`
                BinOp::BitOr => {
                    if self.test(CmpOp::Lt, count, other)? {
                        other
                    } else {
                        count
                    }
                }
                // `count if count < other_count else other_count`
                _ => {
                    if self.test(CmpOp::Lt, count, other)? {
                        count
                    } else {
                        other
                    }
                }
            };
            if self.test(CmpOp::Gt, new, Value::Int(0))? {
                self.counter_set(out, k, new)?;
            }
        }
        if op == BinOp::BitAnd {
            return Ok(());
        }
        for (k, count) in self.counter_items(b) {
            if self.counter_contains(a, k)? {
                continue;
            }
            if op == BinOp::Sub {
                if self.test(CmpOp::Lt, count, Value::Int(0))? {
                    let v = self.binary_op(BinOp::Sub, Value::Int(0), count, false)?;
                    self.counter_set(out, k, v)?;
                }
            } else if self.test(CmpOp::Gt, count, Value::Int(0))? {
                self.counter_set(out, k, count)?;
            }
        }
        Ok(())
    }

    fn counter_inplace(&mut self, op: BinOp, a: Value, b: Value) -> PyResult<Value> {
        if op == BinOp::BitAnd {
            for (k, count) in self.counter_items(a) {
                let other = self.get_item(b, k)?;
                if self.test(CmpOp::Lt, other, count)? {
                    self.counter_set(a, k, other)?;
                }
            }
        } else {
            for (k, other) in self.mapping_items(b)? {
                let count = self.counter_get(a, k)?;
                let new = match op {
                    BinOp::Add => Some(self.binary_op(BinOp::Add, count, other, true)?),
                    BinOp::Sub => Some(self.binary_op(BinOp::Sub, count, other, true)?),
                    _ => self.test(CmpOp::Gt, other, count)?.then_some(other),
                };
                if let Some(v) = new {
                    self.counter_set(a, k, v)?;
                }
            }
        }
        let mut drop = Vec::new();
        for (k, count) in self.counter_items(a) {
            if !self.test(CmpOp::Gt, count, Value::Int(0))? {
                drop.push(k);
            }
        }
        for k in drop {
            let hk = match a {
                Value::Ref(id) => self.hash_key_in(id, k)?,
                _ => self.hash_key(k)?,
            };
            if let Value::Ref(id) = a {
                if let Obj::Dict(d) = self.heap.get_mut(id) {
                    d.remove(&hk);
                }
            }
        }
        Ok(a)
    }
}
