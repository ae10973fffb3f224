//! The most common `str` methods with plain arguments (positional strs, a
//! list or tuple of strs for `join`), computed on the receiver in place:
//! the general path in `str.rs` binds and converts the arguments first
//! (which may run code). Any other shape of call answers `None` and takes
//! the general path, which also produces every error.

use crate::object::{Obj, ObjId, Value};
use crate::vm::{as_str, Vm};

use super::str_text::is_py_space;

enum Out {
    Bool(bool),
    Int(i64),
    Str(String),
    Three(String, String, String),
    /// Pieces of the receiver, as byte ranges (read back after the
    /// borrow of the heap ends: no `String` per piece).
    Pieces(Ranges),
}

/// Byte ranges of a split's pieces: the first few in place (`a, b =
/// s.split(":")` makes no allocation for them), the rest in a `Vec`.
struct Ranges {
    len: usize,
    first: [(usize, usize); FIRST],
    rest: Vec<(usize, usize)>,
}

const FIRST: usize = 8;

impl Ranges {
    fn push(&mut self, r: (usize, usize)) {
        if self.len < FIRST {
            self.first[self.len] = r;
        } else {
            self.rest.push(r);
        }
        self.len += 1;
    }

    fn iter(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.first[..self.len.min(FIRST)]
            .iter()
            .chain(&self.rest)
            .copied()
    }
}

/// A one-byte pattern (always ASCII) searched as a `char`, which uses
/// `memchr`, instead of the general two-way substring search: separators
/// and markers (`","`, `":"`, `"-"`) are the common case.
macro_rules! by_pattern {
    ($sub:expr, |$p:ident| $body:expr) => {
        match $sub.as_bytes() {
            [b] => {
                let $p = *b as char;
                $body
            }
            _ => {
                let $p = $sub;
                $body
            }
        }
    };
}

/// `receiver.name(*args)` for the str object `id`, the `argc` arguments
/// on top of the stack (left there), if it is such a call; no error is
/// raised here (a call that would raise is `None`, for the general path).
/// Out of line: inlined into the dispatch loop, it made the whole loop
/// slower (measured: +30% on int_loops, which calls no str method).
#[inline(never)]
pub fn try_call(vm: &mut Vm, id: ObjId, name: &str, argc: usize) -> Option<Value> {
    let max = vm.max_alloc_bytes();
    let out = {
        let heap = &vm.heap;
        let args = &vm.stack[vm.stack.len() - argc..];
        let Obj::Str(ps) = heap.get(id) else {
            return None;
        };
        let s = ps.s.as_str();
        let arg = |i: usize| args.get(i).and_then(|v| as_str(heap, *v));
        match (name, args.len()) {
            ("startswith", 1) => Out::Bool(s.starts_with(arg(0)?)),
            ("endswith", 1) => Out::Bool(s.ends_with(arg(0)?)),
            ("find" | "rfind" | "count", 1) => {
                let sub = arg(0)?;
                if sub.is_empty() {
                    return None;
                }
                Out::Int(match name {
                    "count" => by_pattern!(sub, |p| s.matches(p).count()) as i64,
                    "find" => {
                        by_pattern!(sub, |p| s.find(p)).map_or(-1, |b| ps.char_index(b) as i64)
                    }
                    _ => by_pattern!(sub, |p| s.rfind(p)).map_or(-1, |b| ps.char_index(b) as i64),
                })
            }
            ("partition" | "rpartition", 1) => {
                let sep = arg(0)?;
                if sep.is_empty() {
                    return None;
                }
                let found = if name == "partition" {
                    by_pattern!(sep, |p| s.find(p))
                } else {
                    by_pattern!(sep, |p| s.rfind(p))
                };
                match found {
                    Some(i) => Out::Three(
                        s[..i].to_string(),
                        sep.to_string(),
                        s[i + sep.len()..].to_string(),
                    ),
                    None if name == "partition" => {
                        Out::Three(s.to_string(), String::new(), String::new())
                    }
                    None => Out::Three(String::new(), String::new(), s.to_string()),
                }
            }
            ("upper", 0) => Out::Str(s.to_uppercase()),
            ("lower", 0) => Out::Str(s.to_lowercase()),
            ("strip", 0) => Out::Str(s.trim_matches(is_py_space).to_string()),
            ("lstrip", 0) => Out::Str(s.trim_start_matches(is_py_space).to_string()),
            ("rstrip", 0) => Out::Str(s.trim_end_matches(is_py_space).to_string()),
            ("replace", 2) => {
                let (old, new) = (arg(0)?, arg(1)?);
                if old.is_empty()
                    || (s.len() / old.len()) as u128 * new.len() as u128 + s.len() as u128
                        > max as u128
                {
                    return None;
                }
                Out::Str(by_pattern!(old, |p| s.replace(p, new)))
            }
            ("split", 1) => {
                let sep = arg(0)?;
                if sep.is_empty() {
                    return None;
                }
                let base = s.as_ptr() as usize;
                let mut ranges = Ranges {
                    len: 0,
                    first: [(0, 0); FIRST],
                    rest: Vec::new(),
                };
                by_pattern!(sep, |p| {
                    for piece in s.split(p) {
                        let a = piece.as_ptr() as usize - base;
                        ranges.push((a, a + piece.len()));
                    }
                });
                Out::Pieces(ranges)
            }
            ("join", 1) => {
                let Value::Ref(l) = args[0] else { return None };
                let items = heap.get(l).seq()?;
                let mut parts = Vec::with_capacity(items.len());
                let mut total = s.len().saturating_mul(items.len().saturating_sub(1));
                for it in items.iter() {
                    let p = as_str(heap, it)?;
                    total = total.saturating_add(p.len());
                    parts.push(p);
                }
                if total > max {
                    return None;
                }
                Out::Str(parts.join(s))
            }
            _ => return None,
        }
    };
    Some(match out {
        Out::Bool(b) => Value::Bool(b),
        Out::Int(i) => Value::Int(i),
        Out::Str(r) => vm.new_str(r),
        Out::Three(x, y, z) => {
            let items = vec![vm.new_str(x), vm.new_str(y), vm.new_str(z)];
            vm.new_tuple(items)
        }
        Out::Pieces(ranges) => {
            // (built packed, in a buffer of the pieces' number: a
            // `Vec<Value>` made into a list is packed and shrunk)
            let mut items = crate::object::List::with_capacity(ranges.len);
            for (a, b) in ranges.iter() {
                let Obj::Str(ps) = vm.heap.get(id) else {
                    unreachable!("the receiver was a str above")
                };
                let piece = crate::object::PyStr::piece(&ps.s[a..b], ps.ascii);
                items.push(if a == b {
                    vm.heap.empty_str()
                } else {
                    vm.heap.new_value(Obj::Str(piece))
                });
            }
            vm.heap.new_value(Obj::List(items))
        }
    })
}
