//! Iterator objects: the state of a `for` loop over each builtin iterable,
//! and the lazy `enumerate`/`zip`/`map`/`filter`/`reversed` adapters.
//! Indices, not Rust iterators, so the state is plain data.

use crate::vm::stdlib::{LibraryIterator, Stdlib};
use serde::{Deserialize, Serialize};

use super::types::Type;
use super::value::{ObjId, Value};

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub enum Iter<S: Stdlib> {
    /// Over a list or tuple by index (a list may grow while iterated).
    Seq {
        seq: ObjId,
        idx: usize,
    },
    /// Over a str, by byte offset.
    Str {
        s: ObjId,
        pos: usize,
    },
    Range {
        cur: i64,
        stop: i64,
        step: i64,
    },
    /// Over a dict's keys/values/items or a set's members, by entry slot
    /// (deleted entries leave tombstones, so a slot number stays put). As in
    /// CPython, `len` is the size when iteration began (`usize::MAX` once a
    /// size change was reported: the error is sticky) and `left` the number
    /// of entries still owed: a live entry found when none is owed means
    /// keys were deleted and others added.
    Dict {
        dict: ObjId,
        idx: usize,
        len: usize,
        left: usize,
        kind: super::ViewKind,
        set: bool,
    },
    Enumerate {
        inner: Value,
        count: i64,
    },
    Zip {
        iters: Vec<Value>,
        strict: bool,
    },
    Map {
        func: Value,
        iters: Vec<Value>,
    },
    Filter {
        func: Value,
        inner: Value,
    },
    /// Backwards over a list, tuple or str by index (`idx` counts down).
    Reversed {
        seq: ObjId,
        idx: usize,
    },
    /// Iterators of native modules (itertools, ...), stepped by
    /// `Stdlib::native_iter_next`, in `monty-stdlib`.
    Native(Box<S::Iterator>),
    /// The old sequence protocol: `obj[0]`, `obj[1]`, ... until IndexError.
    GetItem {
        obj: Value,
        idx: usize,
    },
    /// `iter(func, sentinel)`: calls `func()` until it returns `sentinel`.
    Callable {
        func: Value,
        sentinel: Value,
    },
    Done,
}

impl<S: Stdlib> Iter<S> {
    #[inline(never)]
    pub fn for_each_child(&self, f: &mut dyn FnMut(Value)) {
        match self {
            Iter::Seq { seq, .. } | Iter::Reversed { seq, .. } => f(Value::Ref(*seq)),
            Iter::Str { s, .. } => f(Value::Ref(*s)),
            Iter::Dict { dict, .. } => f(Value::Ref(*dict)),
            Iter::Range { .. } | Iter::Done => {}
            Iter::GetItem { obj, .. } => f(*obj),
            Iter::Callable { func, sentinel } => {
                f(*func);
                f(*sentinel);
            }
            Iter::Native(n) => n.for_each_child(f),
            Iter::Enumerate { inner, .. } => f(*inner),
            Iter::Zip { iters, .. } => iters.iter().for_each(|v| f(*v)),
            Iter::Map { func, iters } => {
                f(*func);
                iters.iter().for_each(|v| f(*v));
            }
            Iter::Filter { func, inner } => {
                f(*func);
                f(*inner);
            }
        }
    }

    /// The Python-visible type.
    pub fn type_of(&self) -> Type {
        match self {
            Iter::Enumerate { .. } => Type::Enumerate,
            Iter::Zip { .. } => Type::Zip,
            Iter::Map { .. } => Type::Map,
            Iter::Filter { .. } => Type::Filter,
            Iter::Reversed { .. } => Type::Reversed,
            Iter::Callable { .. } => Type::CallableIterator,
            _ => Type::Iterator,
        }
    }

    /// The name CPython gives the iterator's class, for reprs.
    pub fn class_name(&self, seq_is_tuple: bool) -> &'static str {
        match self {
            Iter::Seq { .. } if seq_is_tuple => "tuple_iterator",
            Iter::Seq { .. } => "list_iterator",
            Iter::Str { .. } => "str_ascii_iterator",
            Iter::Range { .. } => "range_iterator",
            Iter::Dict { set: true, .. } => "set_iterator",
            Iter::Dict {
                kind: super::ViewKind::Keys,
                ..
            } => "dict_keyiterator",
            Iter::Dict {
                kind: super::ViewKind::Values,
                ..
            } => "dict_valueiterator",
            Iter::Dict {
                kind: super::ViewKind::Items,
                ..
            } => "dict_itemiterator",
            Iter::Enumerate { .. } => "enumerate",
            Iter::Zip { .. } => "zip",
            Iter::Map { .. } => "map",
            Iter::Filter { .. } => "filter",
            Iter::Reversed { .. } => "reversed",
            Iter::GetItem { .. } => "iterator",
            Iter::Callable { .. } => "callable_iterator",
            Iter::Native(n) => n.class_name(),
            Iter::Done => "iterator",
        }
    }
}
