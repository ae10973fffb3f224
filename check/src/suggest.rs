//! "Did you mean" suggestions: the closest candidate by an edit distance in
//! which a change of case costs half of any other edit, accepted only when
//! the distance is small for the names' lengths (so `pritn` finds `print`
//! and `x` finds nothing). Among equally close candidates the first given
//! wins, so callers list the innermost scope first.

/// The candidate closest to `name`, if one is close enough.
pub fn suggest<'c, I>(name: &str, candidates: I) -> Option<String>
where
    I: IntoIterator<Item = &'c str>,
{
    if name.len() > 40 {
        return None;
    }
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        if c == name || c.len() > 40 {
            continue;
        }
        // each unit is half an edit: a case change costs 1, anything else 2
        let limit = (name.len() + c.len() + 3) * 2 / 6;
        let d = distance(name, c);
        if d > limit || d == 0 {
            continue;
        }
        // the first of the closest wins (CPython's order: locals, globals,
        // builtins)
        let better = best.is_none_or(|(bd, _)| d < bd);
        if better {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c.to_string())
}

/// Weighted edit distance (insert, delete, substitute 2; case-only
/// substitution 1; a swap of two neighbours 2).
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    for (j, cell) in d.iter_mut().take(w).enumerate() {
        *cell = 2 * j;
    }
    for i in 1..=a.len() {
        d[i * w] = 2 * i;
        for j in 1..=b.len() {
            let sub = if a[i - 1] == b[j - 1] {
                0
            } else if a[i - 1].to_lowercase().eq(b[j - 1].to_lowercase()) {
                1
            } else {
                2
            };
            let mut v = (d[(i - 1) * w + j - 1] + sub)
                .min(d[(i - 1) * w + j] + 2)
                .min(d[i * w + j - 1] + 2);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[(i - 2) * w + j - 2] + 2);
            }
            d[i * w + j] = v;
        }
    }
    d[a.len() * w + b.len()]
}

#[cfg(test)]
mod tests {
    use super::suggest;

    #[test]
    fn close_names_are_suggested() {
        assert_eq!(suggest("pritn", ["print", "len"]).as_deref(), Some("print"));
        assert_eq!(
            suggest("lenght", ["length", "len"]).as_deref(),
            Some("length")
        );
        assert_eq!(suggest("cty", ["city", "units"]).as_deref(), Some("city"));
        assert_eq!(suggest("x", ["y", "print"]), None);
        assert_eq!(suggest("Print", ["print"]).as_deref(), Some("print"));
    }
}
