//! The weighted edit distance behind "Did you mean" hints (CPython's
//! `levenshtein_distance` and `_compute_suggestion_error`) and the hint of
//! an unknown keyword argument ([`keyword_hint`]).
//!
//! A leaf: pure string code naming nothing in the crate, so argument
//! checking (`builtins::Args`) can use it without a circle through
//! `suggest.rs`, which looks names up in the VM and the builtins.

const MOVE_COST: usize = 2;
const CASE_COST: usize = 1;
const MAX_CANDIDATES: usize = 750;
const MAX_STRING_SIZE: usize = 40;

/// CPython 3.13's hint for an unknown keyword argument: `. Did you mean
/// 'last'?` (part of the message), or nothing.
pub fn keyword_hint(wrong: &str, accepted: &[&str]) -> String {
    match closest_name(wrong, accepted) {
        Some(name) => format!(". Did you mean '{name}'?"),
        None => String::new(),
    }
}

/// CPython's `_compute_suggestion_error` over `candidates`, in order: the
/// first candidate with the smallest distance within the allowed budget.
pub(super) fn closest_name<'a>(wrong: &str, candidates: &[&'a str]) -> Option<&'a str> {
    if candidates.len() > MAX_CANDIDATES {
        return None;
    }
    let wrong_len = wrong.chars().count();
    if wrong_len > MAX_STRING_SIZE {
        return None;
    }
    let mut best_distance = wrong_len;
    let mut suggestion = None;
    for &candidate in candidates {
        if candidate == wrong {
            continue;
        }
        let allowed = (candidate.chars().count() + wrong_len + 3) * MOVE_COST / 6;
        let allowed = allowed.min(best_distance.saturating_sub(1));
        let distance = levenshtein(wrong, candidate, allowed);
        if distance > allowed {
            continue;
        }
        if suggestion.is_none() || distance < best_distance {
            suggestion = Some(candidate);
            best_distance = distance;
        }
    }
    suggestion
}

fn substitution_cost(a: char, b: char) -> usize {
    if a == b {
        0
    } else if a.to_lowercase().eq(b.to_lowercase()) {
        CASE_COST
    } else {
        MOVE_COST
    }
}

/// The weighted edit distance of `a` and `b`, or `max_cost + 1` once it is
/// known to exceed `max_cost` (CPython's `levenshtein_distance`).
fn levenshtein(a: &str, b: &str, max_cost: usize) -> usize {
    if a == b {
        return 0;
    }
    let mut a: Vec<char> = a.chars().collect();
    let mut b: Vec<char> = b.chars().collect();
    let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    a.drain(..prefix);
    b.drain(..prefix);
    let suffix = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    a.truncate(a.len() - suffix);
    b.truncate(b.len() - suffix);
    if a.is_empty() || b.is_empty() {
        return MOVE_COST * (a.len() + b.len());
    }
    if a.len() > MAX_STRING_SIZE || b.len() > MAX_STRING_SIZE {
        return max_cost + 1;
    }
    if b.len() < a.len() {
        std::mem::swap(&mut a, &mut b);
    }
    if (b.len() - a.len()) * MOVE_COST > max_cost {
        return max_cost + 1;
    }
    let mut row: Vec<usize> = (1..=a.len()).map(|i| i * MOVE_COST).collect();
    let mut result = 0;
    for (b_index, &b_char) in b.iter().enumerate() {
        let mut distance = b_index * MOVE_COST;
        result = distance;
        let mut minimum = usize::MAX;
        for (index, &a_char) in a.iter().enumerate() {
            let substitute = distance + substitution_cost(b_char, a_char);
            distance = row[index];
            let insert_delete = result.min(distance) + MOVE_COST;
            result = insert_delete.min(substitute);
            row[index] = result;
            minimum = minimum.min(result);
        }
        if minimum > max_cost {
            return max_cost + 1;
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_match_cpython() {
        assert_eq!(levenshtein("name", "nmae", 3), 4);
        assert_eq!(levenshtein("prnt", "print", 10), 2);
        assert_eq!(levenshtein("Print", "print", 10), 1);
        assert_eq!(closest_name("prnt", &["print", "sorted"]), Some("print"));
        assert_eq!(closest_name("name", &["nmae"]), None);
    }
}
