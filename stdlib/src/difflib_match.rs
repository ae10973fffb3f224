//! The matching algorithm of `difflib.SequenceMatcher` over interned
//! elements (equal elements share one id): the index of `b` with junk and
//! popular elements left out (the autojunk heuristic: in a `b` of 200
//! items or more, an element making up more than 1% of it plus one is
//! popular), the longest matching block (extended over popular and then
//! junk elements at both ends), the matching blocks, the opcodes and
//! their grouping, and the three ratios. Plain Rust: the VM interns the
//! elements and calls `isjunk` before this runs (`difflib.rs`).

use std::collections::{HashMap, HashSet};

/// One opcode: tag and the ranges of `a` and `b`.
pub type Opcode = (&'static str, usize, usize, usize, usize);

/// A matcher over two sequences of element ids.
pub struct Matcher {
    pub a: Vec<u32>,
    pub b: Vec<u32>,
    b2j: HashMap<u32, Vec<usize>>,
    bjunk: HashSet<u32>,
}

impl Matcher {
    /// The index of `b`; `junk` says which ids `isjunk` found junk.
    pub fn new(a: Vec<u32>, b: Vec<u32>, junk: &HashSet<u32>, autojunk: bool) -> Matcher {
        let mut b2j: HashMap<u32, Vec<usize>> = HashMap::new();
        for (i, &e) in b.iter().enumerate() {
            b2j.entry(e).or_default().push(i);
        }
        let mut bjunk = HashSet::new();
        for e in junk {
            if b2j.remove(e).is_some() {
                bjunk.insert(*e);
            }
        }
        let n = b.len();
        if autojunk && n >= 200 {
            let ntest = n / 100 + 1;
            b2j.retain(|_, idxs| idxs.len() <= ntest);
        }
        Matcher { a, b, b2j, bjunk }
    }

    fn is_junk(&self, e: u32) -> bool {
        self.bjunk.contains(&e)
    }

    /// `find_longest_match(alo, ahi, blo, bhi)`: (i, j, size).
    pub fn longest(&self, alo: usize, ahi: usize, blo: usize, bhi: usize) -> (usize, usize, usize) {
        let (mut besti, mut bestj, mut bestsize) = (alo, blo, 0usize);
        let mut j2len: HashMap<usize, usize> = HashMap::new();
        for i in alo..ahi {
            let mut next: HashMap<usize, usize> = HashMap::new();
            if let Some(js) = self.b2j.get(&self.a[i]) {
                for &j in js {
                    if j < blo {
                        continue;
                    }
                    if j >= bhi {
                        break;
                    }
                    let k = j
                        .checked_sub(1)
                        .and_then(|p| j2len.get(&p))
                        .copied()
                        .unwrap_or(0)
                        + 1;
                    next.insert(j, k);
                    if k > bestsize {
                        besti = i + 1 - k;
                        bestj = j + 1 - k;
                        bestsize = k;
                    }
                }
            }
            j2len = next;
        }
        let (a, b) = (&self.a, &self.b);
        // extend over elements that are not junk (the popular ones), then
        // over junk, at both ends
        for junk in [false, true] {
            while besti > alo
                && bestj > blo
                && self.is_junk(b[bestj - 1]) == junk
                && a[besti - 1] == b[bestj - 1]
            {
                besti -= 1;
                bestj -= 1;
                bestsize += 1;
            }
            while besti + bestsize < ahi
                && bestj + bestsize < bhi
                && self.is_junk(b[bestj + bestsize]) == junk
                && a[besti + bestsize] == b[bestj + bestsize]
            {
                bestsize += 1;
            }
        }
        (besti, bestj, bestsize)
    }

    /// `get_matching_blocks()`: the blocks in order, adjacent ones joined,
    /// ending with `(len(a), len(b), 0)`.
    pub fn matching_blocks(&self) -> Vec<(usize, usize, usize)> {
        let (la, lb) = (self.a.len(), self.b.len());
        let mut queue = vec![(0, la, 0, lb)];
        let mut blocks = Vec::new();
        while let Some((alo, ahi, blo, bhi)) = queue.pop() {
            let (i, j, k) = self.longest(alo, ahi, blo, bhi);
            if k > 0 {
                blocks.push((i, j, k));
                if alo < i && blo < j {
                    queue.push((alo, i, blo, j));
                }
                if i + k < ahi && j + k < bhi {
                    queue.push((i + k, ahi, j + k, bhi));
                }
            }
        }
        monty_vm::cold_sort::sort(&mut blocks);
        let mut out: Vec<(usize, usize, usize)> = Vec::new();
        let (mut i1, mut j1, mut k1) = (0, 0, 0);
        for (i2, j2, k2) in blocks {
            if i1 + k1 == i2 && j1 + k1 == j2 {
                k1 += k2;
            } else {
                if k1 > 0 {
                    out.push((i1, j1, k1));
                }
                (i1, j1, k1) = (i2, j2, k2);
            }
        }
        if k1 > 0 {
            out.push((i1, j1, k1));
        }
        out.push((la, lb, 0));
        out
    }

    /// `get_opcodes()`.
    pub fn opcodes(&self) -> Vec<Opcode> {
        let (mut i, mut j) = (0, 0);
        let mut out = Vec::new();
        for (ai, bj, size) in self.matching_blocks() {
            let tag = match (i < ai, j < bj) {
                (true, true) => Some("replace"),
                (true, false) => Some("delete"),
                (false, true) => Some("insert"),
                _ => None,
            };
            if let Some(t) = tag {
                out.push((t, i, ai, j, bj));
            }
            i = ai + size;
            j = bj + size;
            if size > 0 {
                out.push(("equal", ai, i, bj, j));
            }
        }
        out
    }

    /// `get_grouped_opcodes(n)`: hunks with up to `n` lines of context.
    pub fn grouped(&self, n: usize) -> Vec<Vec<Opcode>> {
        let mut codes = self.opcodes();
        if codes.is_empty() {
            codes.push(("equal", 0, 1, 0, 1));
        }
        if let Some(first) = codes.first_mut() {
            if first.0 == "equal" {
                let (t, i1, i2, j1, j2) = *first;
                *first = (
                    t,
                    i1.max(i2.saturating_sub(n)),
                    i2,
                    j1.max(j2.saturating_sub(n)),
                    j2,
                );
            }
        }
        if let Some(last) = codes.last_mut() {
            if last.0 == "equal" {
                let (t, i1, i2, j1, j2) = *last;
                *last = (t, i1, i2.min(i1 + n), j1, j2.min(j1 + n));
            }
        }
        let nn = n + n;
        let mut groups = Vec::new();
        let mut group = Vec::new();
        for (tag, mut i1, i2, mut j1, j2) in codes {
            if tag == "equal" && i2 - i1 > nn {
                group.push((tag, i1, i2.min(i1 + n), j1, j2.min(j1 + n)));
                groups.push(std::mem::take(&mut group));
                i1 = i1.max(i2.saturating_sub(n));
                j1 = j1.max(j2.saturating_sub(n));
            }
            group.push((tag, i1, i2, j1, j2));
        }
        let only_equal = group.len() == 1 && group[0].0 == "equal";
        if !group.is_empty() && !only_equal {
            groups.push(group);
        }
        groups
    }

    /// `ratio()`: twice the matched elements over both lengths.
    pub fn ratio(&self) -> f64 {
        let matches: usize = self.matching_blocks().iter().map(|m| m.2).sum();
        calculate_ratio(matches, self.a.len() + self.b.len())
    }

    /// `quick_ratio()`: an upper bound from the multiset intersection.
    pub fn quick_ratio(&self) -> f64 {
        let mut full: HashMap<u32, i64> = HashMap::new();
        for &e in &self.b {
            *full.entry(e).or_default() += 1;
        }
        let mut avail: HashMap<u32, i64> = HashMap::new();
        let mut matches = 0;
        for &e in &self.a {
            let n = match avail.get(&e) {
                Some(&n) => n,
                None => full.get(&e).copied().unwrap_or(0),
            };
            avail.insert(e, n - 1);
            if n > 0 {
                matches += 1;
            }
        }
        calculate_ratio(matches, self.a.len() + self.b.len())
    }

    /// `real_quick_ratio()`: an upper bound from the lengths.
    pub fn real_quick_ratio(&self) -> f64 {
        let (la, lb) = (self.a.len(), self.b.len());
        calculate_ratio(la.min(lb), la + lb)
    }
}

fn calculate_ratio(matches: usize, length: usize) -> f64 {
    if length == 0 {
        1.0
    } else {
        2.0 * matches as f64 / length as f64
    }
}
