//! `deque` arithmetic: `+` (deques only, keeping the left maxlen), `*` by
//! an int (either side), and their in-place forms (`+=` extends by any
//! iterable, `*=` repeats in place). A bounded deque keeps its rightmost
//! `maxlen` items without building the whole product first.

use std::collections::VecDeque;

use crate::object::{ExcType, Obj, Value};
use crate::objects::NativeObj;
use crate::objects::{native_of, native_of_mut};
use crate::vm::ops::Num;
use crate::vm::{PyErr, PyResult, Vm};
use monty_compile::bytecode::BinOp;

/// The last `maxlen` items of `items` repeated `times` times.
fn repeat(items: &VecDeque<Value>, times: usize, maxlen: Option<usize>) -> VecDeque<Value> {
    let n = items.len();
    let total = n.saturating_mul(times);
    let keep = maxlen.map_or(total, |m| m.min(total));
    // the kept items are the tail of the product: start at `total - keep`
    let start = total - keep;
    (start..total).map(|i| items[i % n]).collect()
}

/// `collections.deque` operators on the VM.
///
/// An extension trait: the VM type lives in `monty-vm`, so the library
/// adds its methods through traits (brought into scope where used).
pub trait DequeOpsVm {
    fn deque_parts(&self, v: Value) -> Option<(VecDeque<Value>, Option<usize>)>;

    /// The repeat count of `deque * n`: negative counts as 0.
    fn deque_count(&self, n: Value) -> PyResult<Option<usize>>;

    /// A deque operator; `None` if neither operand makes it a deque one.
    fn deque_binary(
        &mut self,
        op: BinOp,
        a: Value,
        b: Value,
        inplace: bool,
    ) -> PyResult<Option<Value>>;
}

impl DequeOpsVm for Vm {
    fn deque_parts(&self, v: Value) -> Option<(VecDeque<Value>, Option<usize>)> {
        match v {
            Value::Ref(id) => match native_of(self.heap.get(id)) {
                Some(NativeObj::Deque { items, maxlen, .. }) => Some((items.clone(), *maxlen)),
                _ => None,
            },
            _ => None,
        }
    }

    fn deque_count(&self, n: Value) -> PyResult<Option<usize>> {
        match self.as_num(n) {
            Some(Num::Int(i)) if !matches!(n, Value::Float(_)) => Ok(Some(i.max(0) as usize)),
            Some(Num::Big(_)) => Err(PyErr::new(
                ExcType::OverflowError,
                "cannot fit 'int' into an index-sized integer",
            )),
            _ => Ok(None),
        }
    }

    fn deque_binary(
        &mut self,
        op: BinOp,
        a: Value,
        b: Value,
        inplace: bool,
    ) -> PyResult<Option<Value>> {
        let (left, right) = (self.deque_parts(a), self.deque_parts(b));
        if left.is_none() && right.is_none() {
            return Ok(None);
        }
        if let (BinOp::Add, true, Some(_), None, Value::Ref(id)) = (op, inplace, &left, &right, a) {
            // `d += iterable` is `d.extend(iterable)`
            super::deque::extend_from(self, id, b, true)?;
            return Ok(Some(a));
        }
        let (items, maxlen) = match (op, left, right) {
            (BinOp::Add, Some((mut items, maxlen)), other) => {
                let extra: Vec<Value> = match other {
                    Some((more, _)) => more.into_iter().collect(),
                    None if inplace => self.collect_iterable(b)?,
                    None => {
                        return Err(PyErr::type_error(format!(
                            "can only concatenate deque (not \"{}\") to deque",
                            self.class_name(b)
                        )))
                    }
                };
                self.check_alloc((items.len() as u128 + extra.len() as u128) * 16)?;
                items.extend(extra);
                if let Some(m) = maxlen {
                    while items.len() > m {
                        items.pop_front();
                    }
                }
                (items, maxlen)
            }
            (BinOp::Mul, Some((items, maxlen)), _) | (BinOp::Mul, None, Some((items, maxlen))) => {
                let count = if self.deque_parts(a).is_some() { b } else { a };
                let Some(times) = self.deque_count(count)? else {
                    return Err(self.repeat_count_error(a, b));
                };
                let total = (items.len() as u128) * times as u128;
                let kept = maxlen.map_or(total, |m| total.min(m as u128));
                self.check_alloc(kept * 16)?;
                (repeat(&items, times, maxlen), maxlen)
            }
            _ => return Ok(None),
        };
        if inplace && self.deque_parts(a).is_some() {
            if let Value::Ref(id) = a {
                if let Some(NativeObj::Deque {
                    items: old, state, ..
                }) = native_of_mut(self.heap.get_mut(id))
                {
                    *old = items;
                    *state += 1;
                }
            }
            return Ok(Some(a));
        }
        Ok(Some(self.heap.new_value(Obj::from(NativeObj::Deque {
            items,
            maxlen,
            state: 0,
        }))))
    }
}
