//! The combinatoric iterators: `product`, `combinations`,
//! `combinations_with_replacement` and `permutations`. Their pools were
//! read at construction, so a step runs no Python code: it advances a
//! vector of indices into the pool (in lexicographic order of positions)
//! and builds the tuple those indices select.

use crate::iters::NativeIterVm;
use crate::iters::{get, CombState, NativeIter};
use crate::object::{ObjId, Value};
use crate::vm::{PyResult, Vm};

/// Wraps a pure index-advancing step as an iterator step.
fn emit(vm: &mut Vm, items: Option<Option<Vec<Value>>>) -> PyResult<Option<Value>> {
    Ok(items.flatten().map(|v| vm.new_tuple(v)))
}

fn select(pool: &[Value], indices: &[usize]) -> Vec<Value> {
    indices.iter().map(|&i| pool[i]).collect()
}

fn product_next(
    pools: &[Vec<Value>],
    repeat: usize,
    indices: &mut Vec<usize>,
    state: &mut CombState,
) -> Option<Vec<Value>> {
    let npools = pools.len() * repeat;
    let pool = |k: usize| &pools[k % pools.len()];
    match *state {
        CombState::Done => return None,
        CombState::First => {
            *state = CombState::Running;
            if pools.iter().any(|p| p.is_empty()) {
                *state = CombState::Done;
                return None;
            }
            *indices = vec![0; npools];
        }
        CombState::Running => {
            // the rightmost index that can advance does; those after it
            // wrap to 0
            let mut k = npools;
            loop {
                if k == 0 {
                    *state = CombState::Done;
                    return None;
                }
                k -= 1;
                indices[k] += 1;
                if indices[k] < pool(k).len() {
                    break;
                }
                indices[k] = 0;
            }
        }
    }
    Some(
        indices
            .iter()
            .enumerate()
            .map(|(k, &i)| pool(k)[i])
            .collect(),
    )
}

pub fn product(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    let items = get!(vm, id, NativeIter::Product { pools, repeat, indices, state } => {
        product_next(pools, *repeat, indices, state)
    });
    emit(vm, items)
}

fn combinations_next(
    pool: &[Value],
    r: usize,
    indices: &mut Vec<usize>,
    state: &mut CombState,
) -> Option<Vec<Value>> {
    let n = pool.len();
    match *state {
        CombState::Done => return None,
        CombState::First => {
            if r > n {
                *state = CombState::Done;
                return None;
            }
            *state = CombState::Running;
            *indices = (0..r).collect();
        }
        CombState::Running => {
            // the rightmost index not yet at its final position
            // (`i + n - r`) advances, and the ones after it follow on
            let Some(i) = (0..r).rev().find(|&i| indices[i] != i + n - r) else {
                *state = CombState::Done;
                return None;
            };
            indices[i] += 1;
            for j in i + 1..r {
                indices[j] = indices[j - 1] + 1;
            }
        }
    }
    Some(select(pool, indices))
}

pub fn combinations(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    let items = get!(vm, id, NativeIter::Combinations { pool, r, indices, state } => {
        combinations_next(pool, *r, indices, state)
    });
    emit(vm, items)
}

fn cwr_next(
    pool: &[Value],
    r: usize,
    indices: &mut Vec<usize>,
    state: &mut CombState,
) -> Option<Vec<Value>> {
    let n = pool.len();
    match *state {
        CombState::Done => return None,
        CombState::First => {
            if n == 0 && r > 0 {
                *state = CombState::Done;
                return None;
            }
            *state = CombState::Running;
            *indices = vec![0; r];
        }
        CombState::Running => {
            // the rightmost index below the last item advances, and every
            // index after it takes the same value (non-decreasing order)
            let Some(i) = (0..r).rev().find(|&i| indices[i] != n - 1) else {
                *state = CombState::Done;
                return None;
            };
            let v = indices[i] + 1;
            indices[i..].iter_mut().for_each(|x| *x = v);
        }
    }
    Some(select(pool, indices))
}

pub fn combinations_with_replacement(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    let items = get!(vm, id, NativeIter::CombinationsWithReplacement { pool, r, indices, state } => {
        cwr_next(pool, *r, indices, state)
    });
    emit(vm, items)
}

/// Permutations in lexicographic order of positions. `indices` is a
/// permutation of `0..n` whose first `r` entries are the current result;
/// `cycles[i]` counts how many more values position `i` takes before the
/// positions to its left move on.
fn permutations_next(
    pool: &[Value],
    r: usize,
    indices: &mut Vec<usize>,
    cycles: &mut Vec<usize>,
    state: &mut CombState,
) -> Option<Vec<Value>> {
    let n = pool.len();
    match *state {
        CombState::Done => return None,
        CombState::First => {
            if r > n {
                *state = CombState::Done;
                return None;
            }
            *state = CombState::Running;
            *indices = (0..n).collect();
            *cycles = (0..r).map(|i| n - i).collect();
        }
        CombState::Running => {
            let mut advanced = false;
            for i in (0..r).rev() {
                cycles[i] -= 1;
                if cycles[i] == 0 {
                    // position i has taken every remaining value: put
                    // its value back at the end and start it over
                    indices[i..].rotate_left(1);
                    cycles[i] = n - i;
                } else {
                    let j = n - cycles[i];
                    indices.swap(i, j);
                    advanced = true;
                    break;
                }
            }
            if !advanced {
                *state = CombState::Done;
                return None;
            }
        }
    }
    Some(select(pool, &indices[..r]))
}

pub fn permutations(vm: &mut Vm, id: ObjId) -> PyResult<Option<Value>> {
    let items = get!(vm, id, NativeIter::Permutations { pool, r, indices, cycles, state } => {
        permutations_next(pool, *r, indices, cycles, state)
    });
    emit(vm, items)
}
