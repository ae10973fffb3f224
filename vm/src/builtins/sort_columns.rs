//! Sorting by keys whose order needs no Python comparison: every key an
//! int, every key a str, every key a non-NaN float, or every key a tuple of
//! one length whose items, position by position, are all ints, all strs or
//! all non-NaN floats (`(-count, word)`, `(x % 100, -x)`). The keys are
//! read once into plain Rust columns and the library's stable sort orders
//! the positions; comparing through the heap (`quick_cmp`) cost a lookup
//! per tuple and per item at every comparison, nearly half of a run that
//! sorts tuples.
//!
//! Equal keys keep their order (the sort is stable), so what "equal" means
//! must be Python's: an int column holds ints and bools (`True == 1`),
//! never floats, whose comparison with ints is not a plain widening.

use std::cmp::Ordering;

use crate::object::{Obj, Value};
use crate::vm::Vm;

/// The longest tuple key read into columns; longer ones take the general
/// path.
const MAX_WIDTH: usize = 8;

/// One position of the keys, for every key.
enum Column<'h> {
    Int(Vec<i64>),
    Str(Vec<&'h str>),
    Float(Vec<f64>),
}

impl Column<'_> {
    #[inline]
    fn cmp(&self, a: usize, b: usize) -> Ordering {
        match self {
            Column::Int(v) => v[a].cmp(&v[b]),
            Column::Str(v) => v[a].cmp(v[b]),
            Column::Float(v) => v[a].partial_cmp(&v[b]).unwrap_or(Ordering::Equal),
        }
    }
}

/// Every value read by `read`, or `None` at the first it does not read.
fn read_all<T>(
    values: impl Iterator<Item = Value>,
    read: impl Fn(Value) -> Option<T>,
) -> Option<Vec<T>> {
    let mut out = Vec::with_capacity(values.size_hint().0);
    for v in values {
        out.push(read(v)?);
    }
    Some(out)
}

/// Sorts `pairs` stably by `keys` (one per pair, in order).
fn sort_keyed<K>(pairs: &mut Vec<(Value, Value)>, keys: Vec<K>, cmp: impl Fn(&K, &K) -> Ordering) {
    let mut keyed: Vec<(K, (Value, Value))> = keys.into_iter().zip(pairs.drain(..)).collect();
    keyed.sort_by(|a, b| cmp(&a.0, &b.0));
    pairs.extend(keyed.into_iter().map(|k| k.1));
}

impl Vm {
    /// Sorts `pairs` (key, item) stably by key when the keys are of a
    /// kind this module reads (see its doc); false, nothing done,
    /// otherwise.
    pub(super) fn sort_by_columns(&self, pairs: &mut Vec<(Value, Value)>) -> bool {
        let Some(columns) = self.key_columns(pairs) else {
            return false;
        };
        // one column: the pairs sorted with their keys beside them
        if columns.len() == 1 {
            match columns.into_iter().next() {
                Some(Column::Int(keys)) => sort_keyed(pairs, keys, |a, b| a.cmp(b)),
                Some(Column::Str(keys)) => sort_keyed(pairs, keys, |a, b| a.cmp(b)),
                Some(Column::Float(keys)) => sort_keyed(pairs, keys, |a, b| {
                    a.partial_cmp(b).unwrap_or(Ordering::Equal)
                }),
                None => {}
            }
            return true;
        }
        let mut order: Vec<u32> = (0..pairs.len() as u32).collect();
        order.sort_by(|&a, &b| {
            let (a, b) = (a as usize, b as usize);
            for c in &columns {
                match c.cmp(a, b) {
                    Ordering::Equal => {}
                    o => return o,
                }
            }
            Ordering::Equal
        });
        let sorted: Vec<(Value, Value)> = order.iter().map(|&i| pairs[i as usize]).collect();
        *pairs = sorted;
        true
    }

    fn key_columns(&self, pairs: &[(Value, Value)]) -> Option<Vec<Column<'_>>> {
        let first = pairs.first()?.0;
        let width = match self.tuple_items(first) {
            Some(items) if (1..=MAX_WIDTH).contains(&items.len()) => items.len(),
            Some(_) => return None,
            // plain keys: one column
            None => return Some(vec![self.column(pairs.iter().map(|p| p.0))?]),
        };
        for p in pairs {
            if self.tuple_items(p.0)?.len() != width {
                return None;
            }
        }
        (0..width)
            .map(|j| {
                let items = pairs.iter().map(|p| match self.tuple_items(p.0) {
                    Some(items) => items[j],
                    None => unreachable!("every key is a tuple, checked above"),
                });
                self.column(items)
            })
            .collect()
    }

    fn tuple_items(&self, v: Value) -> Option<&[Value]> {
        match v {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Tuple(items) => Some(items),
                _ => None,
            },
            _ => None,
        }
    }

    /// The values as one column, if they are all of one kind it holds.
    fn column(&self, values: impl Iterator<Item = Value>) -> Option<Column<'_>> {
        let mut values = values.peekable();
        Some(match values.peek()? {
            Value::Int(_) | Value::Bool(_) => Column::Int(read_all(values, |v| match v {
                Value::Int(i) => Some(i),
                Value::Bool(b) => Some(i64::from(b)),
                _ => None,
            })?),
            Value::Float(_) => Column::Float(read_all(values, |v| match v {
                Value::Float(f) if !f.is_nan() => Some(f),
                _ => None,
            })?),
            Value::Ref(_) => Column::Str(read_all(values, |v| match v {
                Value::Ref(id) => match self.heap.get(id) {
                    Obj::Str(s) => Some(s.s.as_str()),
                    _ => None,
                },
                _ => None,
            })?),
            _ => return None,
        })
    }
}
