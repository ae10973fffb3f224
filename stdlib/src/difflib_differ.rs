//! `difflib.Differ`'s comparison (`ndiff`) in plain Rust: line opcodes,
//! and for a replaced block the most similar pair of lines (ratio above
//! 0.75, else the first identical pair) as a synch point, marked
//! character by character with `?` guide lines, recursively around it.
//! The junk predicates are evaluated by the caller (`difflib.rs`): line
//! junk as a set of line ids, character junk as a set of characters.

use std::collections::{HashMap, HashSet};

use super::difflib_match::Matcher;

/// The lines to compare and what the junk predicates said.
pub struct Differ<'a> {
    pub a: &'a [String],
    pub b: &'a [String],
    pub line_junk: &'a HashSet<usize>,
    pub char_junk: &'a HashSet<u32>,
}

fn chars(s: &str) -> Vec<u32> {
    s.chars().map(u32::from).collect()
}

impl Differ<'_> {
    /// `Differ.compare(a, b)`: every output line.
    pub fn compare(&self) -> Vec<String> {
        // lines interned by text; junk by the index of a line in b
        let mut ids: HashMap<&str, u32> = HashMap::new();
        let bi = intern(&mut ids, self.b);
        let ai = intern(&mut ids, self.a);
        let junk: HashSet<u32> = self.line_junk.iter().map(|&j| bi[j]).collect();
        let m = Matcher::new(ai, bi, &junk, true);
        let mut out = Vec::new();
        for (tag, alo, ahi, blo, bhi) in m.opcodes() {
            match tag {
                "replace" => self.fancy_replace(alo, ahi, blo, bhi, &mut out),
                "delete" => dump('-', self.a, alo, ahi, &mut out),
                "insert" => dump('+', self.b, blo, bhi, &mut out),
                _ => dump(' ', self.a, alo, ahi, &mut out),
            }
        }
        out
    }

    fn char_matcher(&self, x: &str, y: &str) -> Matcher {
        Matcher::new(chars(x), chars(y), self.char_junk, true)
    }

    fn fancy_replace(&self, alo: usize, ahi: usize, blo: usize, bhi: usize, out: &mut Vec<String>) {
        let (a, b) = (self.a, self.b);
        let (mut best_ratio, cutoff) = (0.74, 0.75);
        let (mut best_i, mut best_j) = (0, 0);
        let mut eq: Option<(usize, usize)> = None;
        for (j, bj) in b.iter().enumerate().take(bhi).skip(blo) {
            let lb = bj.chars().count();
            for (i, ai) in a.iter().enumerate().take(ahi).skip(alo) {
                if ai == bj {
                    if eq.is_none() {
                        eq = Some((i, j));
                    }
                    continue;
                }
                let la = ai.chars().count();
                let rq = if la + lb == 0 {
                    1.0
                } else {
                    2.0 * la.min(lb) as f64 / (la + lb) as f64
                };
                if rq <= best_ratio {
                    continue;
                }
                let m = self.char_matcher(ai, bj);
                if m.quick_ratio() > best_ratio {
                    let r = m.ratio();
                    if r > best_ratio {
                        (best_ratio, best_i, best_j) = (r, i, j);
                    }
                }
            }
        }
        let identical = if best_ratio < cutoff {
            let Some((i, j)) = eq else {
                plain_replace(a, alo, ahi, b, blo, bhi, out);
                return;
            };
            (best_i, best_j) = (i, j);
            true
        } else {
            false
        };
        self.fancy_helper(alo, best_i, blo, best_j, out);
        let (aelt, belt) = (&a[best_i], &b[best_j]);
        if identical {
            out.push(format!("  {aelt}"));
        } else {
            let (mut atags, mut btags) = (String::new(), String::new());
            for (tag, i1, i2, j1, j2) in self.char_matcher(aelt, belt).opcodes() {
                let (la, lb) = (i2 - i1, j2 - j1);
                match tag {
                    "replace" => {
                        atags.push_str(&"^".repeat(la));
                        btags.push_str(&"^".repeat(lb));
                    }
                    "delete" => atags.push_str(&"-".repeat(la)),
                    "insert" => btags.push_str(&"+".repeat(lb)),
                    _ => {
                        atags.push_str(&" ".repeat(la));
                        btags.push_str(&" ".repeat(lb));
                    }
                }
            }
            qformat(aelt, belt, &atags, &btags, out);
        }
        self.fancy_helper(best_i + 1, ahi, best_j + 1, bhi, out);
    }

    fn fancy_helper(&self, alo: usize, ahi: usize, blo: usize, bhi: usize, out: &mut Vec<String>) {
        if alo < ahi {
            if blo < bhi {
                self.fancy_replace(alo, ahi, blo, bhi, out);
            } else {
                dump('-', self.a, alo, ahi, out);
            }
        } else if blo < bhi {
            dump('+', self.b, blo, bhi, out);
        }
    }
}

/// Line ids: equal lines, one id.
fn intern<'s>(ids: &mut HashMap<&'s str, u32>, lines: &'s [String]) -> Vec<u32> {
    lines
        .iter()
        .map(|l| {
            let n = ids.len() as u32;
            *ids.entry(l.as_str()).or_insert(n)
        })
        .collect()
}

fn dump(tag: char, x: &[String], lo: usize, hi: usize, out: &mut Vec<String>) {
    out.extend(x[lo..hi].iter().map(|l| format!("{tag} {l}")));
}

fn plain_replace(
    a: &[String],
    alo: usize,
    ahi: usize,
    b: &[String],
    blo: usize,
    bhi: usize,
    out: &mut Vec<String>,
) {
    if bhi - blo < ahi - alo {
        dump('+', b, blo, bhi, out);
        dump('-', a, alo, ahi, out);
    } else {
        dump('-', a, alo, ahi, out);
        dump('+', b, blo, bhi, out);
    }
}

/// The tags with the line's own whitespace where they mark nothing.
fn keep_ws(line: &str, tags: &str) -> String {
    line.chars()
        .zip(tags.chars())
        .map(|(c, t)| if t == ' ' && c.is_whitespace() { c } else { t })
        .collect()
}

fn qformat(aline: &str, bline: &str, atags: &str, btags: &str, out: &mut Vec<String>) {
    let atags = keep_ws(aline, atags);
    let btags = keep_ws(bline, btags);
    out.push(format!("- {aline}"));
    if !atags.trim_end().is_empty() {
        out.push(format!("? {}\n", atags.trim_end()));
    }
    out.push(format!("+ {bline}"));
    if !btags.trim_end().is_empty() {
        out.push(format!("? {}\n", btags.trim_end()));
    }
}
