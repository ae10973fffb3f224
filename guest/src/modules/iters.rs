//! Lazy iterators of native modules (itertools, ...). Each is plain data in
//! [`NativeIter`]; [`Vm::native_iter_next`] advances one.

use serde::{Deserialize, Serialize};

use crate::object::{Obj, ObjId, Value};
use crate::vm::{PyResult, Vm};

/// The state of a native module's iterator.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum NativeIter {
    /// `itertools.count(start, step)` over machine ints.
    Count { next: Value, step: Value },
}

impl NativeIter {
    pub fn for_each_child(&self, f: &mut dyn FnMut(Value)) {
        match self {
            NativeIter::Count { next, step } => {
                f(*next);
                f(*step);
            }
        }
    }

    /// The class name reprs and errors use.
    pub fn class_name(&self) -> &'static str {
        match self {
            NativeIter::Count { .. } => "count",
        }
    }
}

impl Vm {
    /// One step of the native iterator stored at `id`.
    pub fn native_iter_next(&mut self, id: ObjId) -> PyResult<Option<Value>> {
        let Obj::Iter(crate::object::Iter::Native(state)) = self.heap.get(id) else { return Ok(None) };
        match &**state {
            NativeIter::Count { next, step } => {
                let (cur, step) = (*next, *step);
                let new = self.binary_op(crate::compile::bytecode::BinOp::Add, cur, step, false)?;
                if let Obj::Iter(crate::object::Iter::Native(s)) = self.heap.get_mut(id) {
                    if let NativeIter::Count { next, .. } = &mut **s {
                        *next = new;
                    }
                }
                Ok(Some(cur))
            }
        }
    }
}
