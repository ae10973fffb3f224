//! A stable merge sort with a fallible `<`, as `list.sort` and `sorted`
//! need: comparing Python values can raise, and a comparator that is not
//! a total order (NaN, mixed types) must give an error or an order, never a
//! panic (Rust's own sorts may panic on such comparators).

use crate::vm::PyResult;

/// Sorts `items` stably by `lt`; stops at the first error.
pub fn merge_sort<T: Clone>(
    items: &mut [T],
    lt: &mut dyn FnMut(&T, &T) -> PyResult<bool>,
) -> PyResult<()> {
    let n = items.len();
    if n < 2 {
        return Ok(());
    }
    // Insertion sort for short runs, then bottom-up merging.
    const RUN: usize = 16;
    let mut start = 0;
    while start < n {
        let end = (start + RUN).min(n);
        for i in start + 1..end {
            let mut j = i;
            while j > start && lt(&items[j], &items[j - 1])? {
                items.swap(j, j - 1);
                j -= 1;
            }
        }
        start = end;
    }
    let mut width = RUN;
    let mut buf: Vec<T> = Vec::with_capacity(n);
    while width < n {
        let mut lo = 0;
        while lo < n {
            let mid = (lo + width).min(n);
            let hi = (lo + 2 * width).min(n);
            // already in order across the boundary: nothing to merge
            if mid < hi && lt(&items[mid], &items[mid - 1])? {
                // the left run moves aside; the merge fills from the front,
                // never overtaking the unread part of the right run
                buf.clear();
                buf.extend_from_slice(&items[lo..mid]);
                let (mut i, mut j, mut k) = (0, mid, lo);
                while i < buf.len() && j < hi {
                    // take from the right only if strictly less: stability
                    let less = match lt(&items[j], &buf[i]) {
                        Ok(less) => less,
                        Err(e) => {
                            // keep a permutation of the input
                            let rest = buf.len() - i;
                            items[k..k + rest].clone_from_slice(&buf[i..]);
                            return Err(e);
                        }
                    };
                    if less {
                        items[k] = items[j].clone();
                        j += 1;
                    } else {
                        items[k] = buf[i].clone();
                        i += 1;
                    }
                    k += 1;
                }
                let rest = buf.len() - i;
                items[k..k + rest].clone_from_slice(&buf[i..]);
            }
            lo = hi;
        }
        width *= 2;
    }
    Ok(())
}
