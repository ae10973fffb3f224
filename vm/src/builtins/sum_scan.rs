//! `sum`, `min` and `max` of a list or tuple of plain numbers, read where
//! the items lie: all machine ints (summed while no addition overflows) or
//! all floats (summed with the general path's Neumaier compensation, so the
//! result is bit for bit the same). The general path in `functions.rs`
//! makes an iterator and advances it item by item through the iterator
//! protocol; here one pass over the items does it. Any other shape of
//! argument (or an overflow, a bool, a big int, a mix of ints and floats)
//! answers `None` having changed nothing, and the general path runs from
//! the start. Each item counts one instruction, plus one for the end, as
//! the iterator's advances do.

use crate::object::{Seq, Value};
use crate::vm::{PyResult, Vm};

/// The items of `v` if it is a list or tuple, all of which are machine
/// ints (`Some(true)`) or all floats (`Some(false)`); `None` otherwise,
/// and for an empty one.
fn plain_kind(vm: &Vm, v: Value) -> Option<(Seq<'_>, bool)> {
    let Value::Ref(id) = v else { return None };
    let items = vm.heap.get(id).seq()?;
    match items.get(0)? {
        Value::Int(_) if items.iter().all(|x| matches!(x, Value::Int(_))) => Some((items, true)),
        Value::Float(_) if items.iter().all(|x| matches!(x, Value::Float(_))) => {
            Some((items, false))
        }
        _ => None,
    }
}

/// Counts `n` items and the end, as `n + 1` iterator advances would.
fn tick_items(vm: &mut Vm, n: usize) -> PyResult<()> {
    for _ in 0..=n {
        vm.tick()?;
    }
    Ok(())
}

/// Adds `x` to the running float sum `s` with Neumaier compensation `c`
/// (as CPython 3.12+ sums floats).
#[inline]
pub(super) fn neumaier_add(s: &mut f64, c: &mut f64, x: f64) {
    let t = *s + x;
    if s.abs() >= x.abs() {
        *c += (*s - t) + x;
    } else {
        *c += (x - t) + *s;
    }
    *s = t;
}

/// The compensated sum of `s` and its compensation `c`.
#[inline]
pub(super) fn neumaier_total(s: f64, c: f64) -> f64 {
    if c != 0.0 && c.is_finite() {
        s + c
    } else {
        s
    }
}

/// `sum(iterable, start)` for a list or tuple of machine ints with an int
/// start, or of floats with an int or float start.
pub(super) fn sum_plain(vm: &mut Vm, iterable: Value, start: Value) -> Option<PyResult<Value>> {
    let (items, ints) = plain_kind(vm, iterable)?;
    let n = items.len();
    let result = match (ints, start) {
        (true, Value::Int(start)) => {
            let mut acc = start;
            for x in items.iter() {
                let Value::Int(i) = x else { return None };
                acc = acc.checked_add(i)?;
            }
            Value::Int(acc)
        }
        (false, Value::Int(_) | Value::Float(_)) => {
            let mut s = match start {
                Value::Int(i) => i as f64,
                Value::Float(f) => f,
                _ => return None,
            };
            let mut c = 0.0f64;
            for x in items.iter() {
                let Value::Float(x) = x else { return None };
                neumaier_add(&mut s, &mut c, x);
            }
            Value::Float(neumaier_total(s, c))
        }
        _ => return None,
    };
    Some(tick_items(vm, n).map(|()| result))
}

/// `min(iterable)` / `max(iterable)` (no key, no default needed: the
/// iterable is not empty) for a list or tuple of machine ints or of floats:
/// the first of the smallest (largest), as the general path keeps its best
/// unless a later item compares strictly better (so a NaN never replaces
/// it, and is kept if first).
pub(super) fn min_max_plain(vm: &mut Vm, iterable: Value, is_min: bool) -> Option<PyResult<Value>> {
    let (items, ints) = plain_kind(vm, iterable)?;
    let n = items.len();
    let mut rest = items.iter();
    let mut best = rest.next()?;
    for x in rest {
        let better = match (x, best) {
            (Value::Int(a), Value::Int(b)) if ints => {
                if is_min {
                    a < b
                } else {
                    a > b
                }
            }
            (Value::Float(a), Value::Float(b)) if !ints => {
                if is_min {
                    a < b
                } else {
                    a > b
                }
            }
            _ => return None,
        };
        if better {
            best = x;
        }
    }
    Some(tick_items(vm, n).map(|()| best))
}
