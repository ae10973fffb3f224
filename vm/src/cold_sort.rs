//! Sorting at the call sites where it is rare and the lists are short
//! (hashing a frozenset, due timers, `locals()`, the modules' cold paths):
//! one compiled instance of the standard library's stable sort serves
//! them all. `sort_by` is instantiated per element type and comparator,
//! each instance 3-7 KB of code in monty.wasm; here only the small
//! generic wrapper is per call site, and the sort itself is of indices
//! through a `dyn` comparator (README.md, "Module size").
//!
//! Not for hot paths: `list.sort`/`sorted` keep their own instances
//! (`builtins/conv.rs`), where the indirect comparison would cost.

use std::cmp::Ordering;

/// Stable-sorts `items` by `cmp`, as `slice::sort_by` does.
pub fn sort_by<T>(items: &mut Vec<T>, mut cmp: impl FnMut(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let order = stable_order(items.len(), &mut |a, b| cmp(&items[a], &items[b]));
    let mut slots: Vec<Option<T>> = items.drain(..).map(Some).collect();
    items.extend(
        order
            .into_iter()
            .map(|i| slots[i].take().expect("each index once")),
    );
}

/// Stable-sorts `items` by `key`, as `slice::sort_by_key` does.
pub fn sort_by_key<T, K: Ord>(items: &mut Vec<T>, mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `items` by their order (`Ord`), as `slice::sort` does.
pub fn sort<T: Ord>(items: &mut Vec<T>) {
    sort_by(items, T::cmp);
}

/// The indices `0..n` in the order `cmp` sorts them, equal ones in index
/// order: the one instance of the sort.
#[inline(never)]
fn stable_order(n: usize, cmp: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| cmp(a, b));
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_library() {
        let mut pairs = vec![(3, 'a'), (1, 'b'), (3, 'c'), (2, 'd'), (1, 'e')];
        let mut expected = pairs.clone();
        expected.sort_by_key(|p| p.0);
        sort_by_key(&mut pairs, |p| p.0);
        assert_eq!(pairs, expected, "stable");
        let mut words = vec!["b".to_string(), "a".into(), "c".into(), "a".into()];
        sort(&mut words);
        assert_eq!(words, ["a", "a", "b", "c"]);
        let mut one = vec![5];
        sort(&mut one);
        assert_eq!(one, [5]);
        let mut none: Vec<u8> = Vec::new();
        sort(&mut none);
        assert!(none.is_empty());
        let mut rev: Vec<u32> = (0..100).rev().collect();
        sort_by(&mut rev, |a, b| a.cmp(b));
        assert_eq!(rev, (0..100).collect::<Vec<_>>());
    }
}
