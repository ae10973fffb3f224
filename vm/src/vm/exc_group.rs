//! Exception groups (PEP 654): building `BaseExceptionGroup` and
//! `ExceptionGroup`, `split`/`subgroup`/`derive`, and the two steps of
//! `except*`: matching one clause's types against what is left of the
//! group, and, after the last clause, combining what the handlers raised
//! with what none of them handled into the exception that propagates.
//!
//! A group is an ordinary exception object whose `exceptions` field holds
//! its sub-exceptions; `args` stays `(message, sequence-as-given)`, as in
//! CPython.

use std::collections::VecDeque;

use crate::object::{ExcType, Exception, Obj, ObjId, TbEntry, Value};

use super::{PyErr, PyResult, Vm};

/// What `split` and `subgroup` test each exception with.
enum Matcher {
    /// An exception class or a tuple of them (as `except` takes them).
    Types(Value),
    /// A callable, called with each exception (the group itself first).
    Predicate(Value),
    /// The exceptions with these ids (what `except*` re-raised).
    Leaves(Vec<ObjId>),
}

impl Vm {
    /// `BaseExceptionGroup(message, exceptions)` (or `ExceptionGroup`, or
    /// a user subclass `class_` of either): checks the arguments as
    /// CPython's `__new__` does. `BaseExceptionGroup` itself makes an
    /// `ExceptionGroup` when every sub-exception is an `Exception`.
    ///
    /// # Errors
    /// `TypeError` or `ValueError` for arguments CPython refuses.
    pub fn new_exception_group(
        &mut self,
        kind: ExcType,
        class: Option<ObjId>,
        args: Vec<Value>,
    ) -> PyResult<Value> {
        if args.len() != 2 {
            return Err(PyErr::type_error(format!(
                "BaseExceptionGroup.__new__() takes exactly 2 arguments ({} given)",
                args.len()
            )));
        }
        if super::as_str(&self.heap, args[0]).is_none() {
            return Err(PyErr::type_error(format!(
                "BaseExceptionGroup.__new__() argument 1 must be str, not {}",
                self.class_name(args[0])
            )));
        }
        let items = match args[1] {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::List(v) => Some(v.to_vec()),
                Obj::Tuple(v) => Some(v.clone()),
                _ => None,
            },
            _ => None,
        };
        let Some(items) = items else {
            return Err(PyErr::type_error(
                "second argument (exceptions) must be a sequence",
            ));
        };
        if items.is_empty() {
            return Err(PyErr::new(
                ExcType::ValueError,
                "second argument (exceptions) must be a non-empty sequence",
            ));
        }
        let mut all_plain = true;
        for (i, &item) in items.iter().enumerate() {
            if !self.is_exception(item) {
                return Err(PyErr::new(
                    ExcType::ValueError,
                    format!("Item {i} of second argument (exceptions) is not an exception"),
                ));
            }
            all_plain &= self.exception_matches(item, Value::ExcType(ExcType::Exception))?;
        }
        let is_plain_group = match class {
            Some(c) => self.class_is_exc_subclass(c, ExcType::Exception),
            None => kind == ExcType::ExceptionGroup,
        };
        let kind = if class.is_none() && kind == ExcType::BaseExceptionGroup && all_plain {
            ExcType::ExceptionGroup
        } else {
            kind
        };
        if is_plain_group && !all_plain {
            let msg = match class {
                Some(c) => format!(
                    "Cannot nest BaseExceptions in '{}'",
                    self.class(c).name.clone()
                ),
                None => "Cannot nest BaseExceptions in an ExceptionGroup".to_string(),
            };
            return Err(PyErr::type_error(msg));
        }
        let mut e = Exception::new(kind, args);
        e.class = class;
        e.exceptions = items;
        Ok(self.new_exception(e))
    }

    /// Is `v` an exception instance?
    pub fn is_exception(&self, v: Value) -> bool {
        matches!(v, Value::Ref(id) if matches!(self.heap.get(id), Obj::Exception(_)))
    }

    /// The sub-exceptions of `v` when it is an exception group.
    pub fn group_members(&self, v: Value) -> Option<Vec<Value>> {
        match v {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Exception(e) if e.kind.is_group() => Some(e.exceptions.clone()),
                _ => None,
            },
            _ => None,
        }
    }

    /// `eg.split(condition)`: `(match, rest)`.
    ///
    /// # Errors
    /// `TypeError` for a condition that is no type, tuple or callable;
    /// whatever the predicate or `derive` raises.
    pub fn group_split(
        &mut self,
        eg: Value,
        cond: Value,
        with_rest: bool,
    ) -> PyResult<(Value, Value)> {
        let m = self.matcher(cond)?;
        self.split_by(eg, &m, with_rest)
    }

    fn matcher(&mut self, cond: Value) -> PyResult<Matcher> {
        if self.is_exception_class(cond) {
            return Ok(Matcher::Types(cond));
        }
        if let Value::Ref(id) = cond {
            if let Obj::Tuple(items) = self.heap.get(id) {
                if items.iter().all(|&t| self.is_exception_class(t)) {
                    return Ok(Matcher::Types(cond));
                }
            }
        }
        let is_class = matches!(cond, Value::Type(_) | Value::ExcType(_))
            || matches!(cond, Value::Ref(id) if matches!(self.heap.get(id), Obj::Class(_)));
        if !is_class && crate::builtins::objects::is_callable(self, cond) {
            return Ok(Matcher::Predicate(cond));
        }
        Err(PyErr::type_error(
            "expected an exception type, a tuple of exception types, or a callable (other than a class)",
        ))
    }

    /// A builtin exception class or a user class deriving from one.
    pub fn is_exception_class(&self, v: Value) -> bool {
        match v {
            Value::ExcType(_) => true,
            Value::Ref(id) => matches!(self.heap.get(id), Obj::Class(c) if c.exc_base.is_some()),
            _ => false,
        }
    }

    fn matches(&mut self, exc: Value, m: &Matcher) -> PyResult<bool> {
        match m {
            Matcher::Types(t) => self.exception_matches(exc, *t),
            Matcher::Predicate(f) => {
                let r = self.call_value(*f, vec![exc], Vec::new())?;
                self.truthy(r)
            }
            Matcher::Leaves(ids) => Ok(matches!(exc, Value::Ref(id) if ids.contains(&id))),
        }
    }

    fn split_by(&mut self, exc: Value, m: &Matcher, with_rest: bool) -> PyResult<(Value, Value)> {
        if self.matches(exc, m)? {
            return Ok((exc, Value::None));
        }
        let Some(members) = self.group_members(exc) else {
            return Ok((Value::None, if with_rest { exc } else { Value::None }));
        };
        let (mut matched, mut rest) = (Vec::new(), Vec::new());
        for e in members {
            let (a, b) = self.split_by(e, m, with_rest)?;
            if !a.is_none() {
                matched.push(a);
            }
            if !b.is_none() {
                rest.push(b);
            }
        }
        let matched = self.group_subset(exc, matched)?;
        let rest = if with_rest {
            self.group_subset(exc, rest)?
        } else {
            Value::None
        };
        Ok((matched, rest))
    }

    /// A group like `orig` holding `excs` (through `orig.derive`), with
    /// `orig`'s traceback, cause, context and a copy of its notes; `None`
    /// for no exceptions.
    fn group_subset(&mut self, orig: Value, excs: Vec<Value>) -> PyResult<Value> {
        if excs.is_empty() {
            return Ok(Value::None);
        }
        let list = self.new_list(excs);
        let eg = self.group_derive(orig, list)?;
        let derived = matches!(eg, Value::Ref(id)
            if matches!(self.heap.get(id), Obj::Exception(e) if e.kind.is_group()));
        if !derived {
            return Err(PyErr::type_error(
                "derive must return an instance of BaseExceptionGroup",
            ));
        }
        let (Value::Ref(o), Value::Ref(n)) = (orig, eg) else {
            return Ok(eg);
        };
        let Obj::Exception(src) = self.heap.get(o) else {
            return Ok(eg);
        };
        let (tb, cause, context, suppress) = (
            src.traceback.clone(),
            src.cause,
            src.context,
            src.suppress_context,
        );
        let notes = src.attrs.get_str("__notes__");
        let notes = match notes {
            Some(Value::Ref(l)) => match self.heap.get(l) {
                o @ (Obj::List(_) | Obj::Tuple(_)) => {
                    let v = o.seq().map(|s| s.to_vec()).unwrap_or_default();
                    Some(self.new_list(v))
                }
                _ => None,
            },
            _ => None,
        };
        let key = notes.map(|_| self.new_str("__notes__"));
        if let Obj::Exception(e) = self.heap.get_mut(n) {
            e.traceback = tb;
            e.cause = cause;
            e.context = context;
            e.suppress_context = suppress;
            if let (Some(notes), Some(key)) = (notes, key) {
                e.attrs
                    .insert(crate::object::HashKey::Str("__notes__".into()), key, notes);
            }
        }
        Ok(eg)
    }

    /// `eg.derive(excs)`: a user class's own `derive` when it has one,
    /// else `BaseExceptionGroup(eg.message, excs)`.
    ///
    /// # Errors
    /// Whatever the user's `derive` or the construction raises.
    pub fn group_derive(&mut self, eg: Value, excs: Value) -> PyResult<Value> {
        let (message, class) = match eg {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Exception(e) => (e.args.first().copied().unwrap_or(Value::None), e.class),
                _ => (Value::None, None),
            },
            _ => (Value::None, None),
        };
        if let Some(c) = class {
            if let Some(f) = self.class_lookup(c, "derive") {
                if matches!(f, Value::Ref(fid) if matches!(self.heap.get(fid), Obj::Function(_))) {
                    return self.call_value(f, vec![eg, excs], Vec::new());
                }
            }
        }
        self.new_exception_group(ExcType::BaseExceptionGroup, None, vec![message, excs])
    }

    /// `except* T` against `exc` (what earlier clauses left): `(match,
    /// rest)`. A bare exception that matches is wrapped in an
    /// `ExceptionGroup("", (exc,))`.
    ///
    /// # Errors
    /// `TypeError` for a clause type that is not an exception class, or
    /// is an exception group class.
    pub fn except_star_match(&mut self, exc: Value, ty: Value) -> PyResult<(Value, Value)> {
        let types: Vec<Value> = match ty {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Tuple(items) => items.clone(),
                _ => vec![ty],
            },
            _ => vec![ty],
        };
        for &t in &types {
            if !self.is_exception_class(t) {
                return Err(PyErr::type_error(
                    "catching classes that do not inherit from BaseException is not allowed",
                ));
            }
            let is_group = match t {
                Value::ExcType(k) => k.is_group(),
                Value::Ref(c) => self.class_is_exc_subclass(c, ExcType::BaseExceptionGroup),
                _ => false,
            };
            if is_group {
                return Err(PyErr::type_error(
                    "catching ExceptionGroup with except* is not allowed. Use except instead.",
                ));
            }
        }
        if exc.is_none() {
            return Ok((Value::None, Value::None));
        }
        if self.exception_matches(exc, ty)? {
            if self.group_members(exc).is_some() {
                return Ok((exc, Value::None));
            }
            let msg = self.new_str("");
            let excs = self.new_tuple(vec![exc]);
            let wrapped =
                self.new_exception_group(ExcType::BaseExceptionGroup, None, vec![msg, excs])?;
            return Ok((wrapped, Value::None));
        }
        if self.group_members(exc).is_some() {
            return self.split_by(exc, &Matcher::Types(ty), true);
        }
        Ok((Value::None, exc))
    }

    /// After the last `except*` clause: what propagates, given the
    /// exception caught (`orig`), what the handlers raised (`raised`,
    /// re-raises among them) and what no clause matched (`rest`). `None`
    /// when everything was handled.
    ///
    /// # Errors
    /// Whatever building the result raises.
    pub fn except_star_result(
        &mut self,
        orig: Value,
        raised: Vec<Value>,
        rest: Value,
    ) -> PyResult<Value> {
        let mut excs = raised;
        excs.push(rest);
        if self.group_members(orig).is_none() {
            // a bare exception: at most one clause ran
            return Ok(excs
                .into_iter()
                .find(|e| !e.is_none())
                .unwrap_or(Value::None));
        }
        let meta = self.exception_metadata(orig);
        let (mut new, mut again) = (Vec::new(), Vec::new());
        for e in excs.into_iter().filter(|e| !e.is_none()) {
            if self.exception_metadata(e) == meta {
                again.push(e);
            } else {
                new.push(e);
            }
        }
        let mut leaves = Vec::new();
        for e in again {
            self.collect_leaves(e, &mut leaves);
        }
        let reraised = if leaves.is_empty() {
            Value::None
        } else {
            self.split_by(orig, &Matcher::Leaves(leaves), false)?.0
        };
        if new.is_empty() {
            return Ok(reraised);
        }
        if !reraised.is_none() {
            new.push(reraised);
        }
        if new.len() == 1 {
            return Ok(new[0]);
        }
        let msg = self.new_str("");
        let list = self.new_list(new);
        self.new_exception_group(ExcType::BaseExceptionGroup, None, vec![msg, list])
    }

    /// What identifies a re-raised part of a group (CPython compares the
    /// traceback, cause and context that `split` copies).
    fn exception_metadata(&self, e: Value) -> Option<(VecDeque<TbEntry>, Value, Value)> {
        match e {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Exception(x) => Some((x.traceback.clone(), x.cause, x.context)),
                _ => None,
            },
            _ => None,
        }
    }

    fn collect_leaves(&self, e: Value, out: &mut Vec<ObjId>) {
        match self.group_members(e) {
            Some(members) => members
                .into_iter()
                .for_each(|m| self.collect_leaves(m, out)),
            None => {
                if let Value::Ref(id) = e {
                    out.push(id);
                }
            }
        }
    }
}
