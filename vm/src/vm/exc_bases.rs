//! Builtin exception bases of user classes.
//!
//! A user exception class has one *primary* builtin base (`Class::exc_base`),
//! which decides what its instances are made of (`Exception::kind`). As in
//! CPython a class may name several builtin exception bases when their
//! instance layouts agree (`class E(ValueError, TypeError)`, or decimal's
//! `FloatOperation(DecimalException, TypeError)`); the others stay in the
//! `bases` lists of the classes on its MRO, and `isinstance`, `issubclass`,
//! `except` and `__mro__` look at all of them through this file.

use crate::object::{ExcType, ObjId, Value};

use super::{PyErr, PyResult, Vm};

impl Vm {
    /// Every builtin exception class named as a direct base by `cls` or by a
    /// class on its MRO, in MRO order, without repeats.
    #[inline(never)]
    pub fn class_builtin_exc_bases(&self, cls: ObjId) -> Vec<ExcType> {
        let mut found: Vec<ExcType> = Vec::new();
        for &c in &self.class(cls).mro {
            for b in &self.class(c).bases {
                if let Value::ExcType(e) = b {
                    if !found.contains(e) {
                        found.push(*e);
                    }
                }
            }
        }
        if let Some(e) = self.class(cls).exc_base {
            if !found.contains(&e) {
                found.insert(0, e);
            }
        }
        found
    }

    /// Is user class `cls` a subclass of the builtin exception class `t`
    /// through any of its builtin bases?
    pub fn class_is_exc_subclass(&self, cls: ObjId, t: ExcType) -> bool {
        if self.class(cls).exc_base.is_none() {
            return false;
        }
        self.class_builtin_exc_bases(cls)
            .iter()
            .any(|e| e.is_subclass_of(t))
    }

    /// The `__mro__` of user exception class `cls` without the final
    /// `object`: user classes and builtin exception classes merged in C3
    /// order, as CPython computes it over all bases.
    pub fn exc_class_full_mro(&self, cls: ObjId) -> Vec<Value> {
        let bases: Vec<Value> = self
            .class(cls)
            .bases
            .iter()
            .copied()
            .filter(|b| matches!(b, Value::Ref(_) | Value::ExcType(_)))
            .collect();
        let mut seqs: Vec<Vec<Value>> = bases
            .iter()
            .map(|&b| match b {
                Value::Ref(id) => self.exc_class_full_mro(id),
                Value::ExcType(e) => ancestry(e).into_iter().map(Value::ExcType).collect(),
                _ => Vec::new(),
            })
            .collect();
        seqs.push(bases);
        let mut out = vec![Value::Ref(cls)];
        loop {
            seqs.retain(|s| !s.is_empty());
            if seqs.is_empty() {
                return out;
            }
            // A head in no other sequence's tail; class creation already
            // rejected inconsistent user hierarchies, so falling back to the
            // first head only happens for builtin bases listed out of order.
            let head = seqs
                .iter()
                .map(|s| s[0])
                .find(|h| !seqs.iter().any(|s| s[1..].contains(h)))
                .unwrap_or(seqs[0][0]);
            out.push(head);
            for s in &mut seqs {
                if s[0] == head {
                    s.remove(0);
                }
            }
        }
    }
}

/// `e` followed by its ancestors up to `BaseException`.
pub fn ancestry(e: ExcType) -> Vec<ExcType> {
    let mut out = Vec::new();
    let mut cur = Some(e);
    while let Some(c) = cur {
        out.push(c);
        if c == ExcType::BaseExceptionGroup && e == ExcType::ExceptionGroup {
            // ExceptionGroup, BaseExceptionGroup, Exception, BaseException
            out.push(ExcType::Exception);
        }
        if c == ExcType::OSError && e == ExcType::UnsupportedOperation {
            // UnsupportedOperation, OSError, ValueError, Exception, BaseException
            out.push(ExcType::ValueError);
        }
        cur = c.parent();
    }
    out
}

/// The nearest class in `e`'s ancestry whose instances carry fields of their
/// own (CPython's "solid base"); `BaseException` for the plain ones.
fn layout_of(e: ExcType) -> ExcType {
    use ExcType::*;
    let mut cur = e;
    loop {
        if matches!(
            cur,
            SystemExit
                | ImportError
                | OSError
                | StopIteration
                | SyntaxError
                | UnicodeDecodeError
                | UnicodeEncodeError
                | AttributeError
                | NameError
                | BaseExceptionGroup
        ) {
            return cur;
        }
        match cur.parent() {
            Some(p) => cur = p,
            None => return cur,
        }
    }
}

/// Adds builtin exception base `new` to the primary base chosen so far:
/// the more derived of two related classes, else the one whose instance
/// layout extends the other's (the first on a tie), else CPython's layout
/// conflict.
pub fn merge_exc(cur: Option<ExcType>, new: ExcType) -> PyResult<ExcType> {
    let Some(c) = cur else {
        return Ok(new);
    };
    if new.is_subclass_of(c) {
        return Ok(new);
    }
    if c.is_subclass_of(new) {
        return Ok(c);
    }
    let (lc, ln) = (layout_of(c), layout_of(new));
    if lc.is_subclass_of(ln) {
        Ok(c)
    } else if ln.is_subclass_of(lc) {
        Ok(new)
    } else {
        Err(PyErr::type_error(
            "multiple bases have instance lay-out conflict",
        ))
    }
}
