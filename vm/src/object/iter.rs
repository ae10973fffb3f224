//! Iterator objects: the state of a `for` loop over each builtin iterable,
//! and the lazy `enumerate`/`zip`/`map`/`filter`/`reversed` adapters.
//! Indices, not Rust iterators, so the state is plain data.

use serde::{Deserialize, Serialize};

use super::types::Type;
use super::value::{ObjId, Value};

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub enum Iter {
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
    Native(
        #[serde(deserialize_with = "crate::vm::library_data::deserialize_iterator")]
        crate::vm::library_data::LibData,
    ),
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

impl Iter {
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

    /// The Python-visible type; `seq` is what a sequence iterator walks
    /// (its type decides the iterator's: `list_iterator`, `str_iterator`, ...).
    pub fn type_of(&self, seq: Option<&super::Obj>) -> Type {
        use super::Obj;
        use super::ViewKind;
        match self {
            Iter::Seq { .. } => match seq {
                Some(Obj::Tuple(_)) => Type::TupleIterator,
                Some(Obj::Bytes(_)) => Type::BytesIterator,
                Some(Obj::ByteArray(_)) => Type::ByteArrayIterator,
                _ => Type::ListIterator,
            },
            Iter::Str { .. } => match seq {
                Some(Obj::Str(s)) if !s.ascii => Type::StrIterator,
                _ => Type::StrAsciiIterator,
            },
            Iter::Range { .. } => Type::RangeIterator,
            Iter::Dict { set: true, .. } => Type::SetIterator,
            Iter::Dict { kind, .. } => match kind {
                ViewKind::Keys => Type::DictKeyIterator,
                ViewKind::Values => Type::DictValueIterator,
                ViewKind::Items => Type::DictItemIterator,
            },
            Iter::Enumerate { .. } => Type::Enumerate,
            Iter::Zip { .. } => Type::Zip,
            Iter::Map { .. } => Type::Map,
            Iter::Filter { .. } => Type::Filter,
            Iter::Reversed { .. } => match seq {
                Some(Obj::List(_)) => Type::ListReverseIterator,
                _ => Type::Reversed,
            },
            Iter::Callable { .. } => Type::CallableIterator,
            Iter::GetItem { .. } | Iter::Native(_) | Iter::Done => Type::Iterator,
        }
    }

    /// What a sequence iterator walks (see [`Iter::type_of`]).
    pub fn walked(&self) -> Option<ObjId> {
        match self {
            Iter::Seq { seq, .. } | Iter::Reversed { seq, .. } => Some(*seq),
            Iter::Str { s, .. } => Some(*s),
            _ => None,
        }
    }
}
