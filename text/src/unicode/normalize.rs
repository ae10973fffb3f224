//! The Unicode normalization forms (NFC, NFD, NFKC, NFKD): full
//! decomposition, canonical reordering, then canonical composition, with
//! Hangul syllables handled algorithmically (UAX #15).

use super::{compose_pair, decomposition, record};

/// A normalization form.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Form {
    Nfc,
    Nfd,
    Nfkc,
    Nfkd,
}

impl Form {
    /// The form named `name` (`"NFC"`, ...), as `unicodedata` spells them.
    pub fn from_name(name: &str) -> Option<Form> {
        Some(match name {
            "NFC" => Form::Nfc,
            "NFD" => Form::Nfd,
            "NFKC" => Form::Nfkc,
            "NFKD" => Form::Nfkd,
            _ => return None,
        })
    }

    fn compat(self) -> bool {
        matches!(self, Form::Nfkc | Form::Nfkd)
    }

    fn composes(self) -> bool {
        matches!(self, Form::Nfc | Form::Nfkc)
    }
}

const S_BASE: u32 = 0xac00;
const L_BASE: u32 = 0x1100;
const V_BASE: u32 = 0x1161;
const T_BASE: u32 = 0x11a7;
const L_COUNT: u32 = 19;
const V_COUNT: u32 = 21;
const T_COUNT: u32 = 28;
const N_COUNT: u32 = V_COUNT * T_COUNT;
const S_COUNT: u32 = L_COUNT * N_COUNT;

/// Appends the full decomposition of `c` to `out`.
fn decompose_into(c: char, compat: bool, out: &mut Vec<char>) {
    let n = c as u32;
    if (S_BASE..S_BASE + S_COUNT).contains(&n) {
        let s = n - S_BASE;
        let jamo = |x| char::from_u32(x).expect("Hangul jamo");
        out.push(jamo(L_BASE + s / N_COUNT));
        out.push(jamo(V_BASE + (s % N_COUNT) / T_COUNT));
        if !s.is_multiple_of(T_COUNT) {
            out.push(jamo(T_BASE + s % T_COUNT));
        }
        return;
    }
    match decomposition(c) {
        Some((tag, parts)) if tag.is_empty() || compat => {
            for p in parts {
                decompose_into(p, compat, out);
            }
        }
        _ => out.push(c),
    }
}

/// Stable-sorts each run of non-starters by combining class.
fn reorder(chars: &mut [char]) {
    let mut i = 0;
    while i < chars.len() {
        if record(chars[i]).combining() == 0 {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && record(chars[i]).combining() != 0 {
            i += 1;
        }
        chars[start..i].sort_by_key(|&c| record(c).combining());
    }
}

/// The composite of `a` and `b`, Hangul included.
fn compose(a: char, b: char) -> Option<char> {
    let (x, y) = (a as u32, b as u32);
    if (L_BASE..L_BASE + L_COUNT).contains(&x) && (V_BASE..V_BASE + V_COUNT).contains(&y) {
        return char::from_u32(S_BASE + ((x - L_BASE) * V_COUNT + (y - V_BASE)) * T_COUNT);
    }
    if (S_BASE..S_BASE + S_COUNT).contains(&x)
        && (x - S_BASE).is_multiple_of(T_COUNT)
        && (T_BASE + 1..T_BASE + T_COUNT).contains(&y)
    {
        return char::from_u32(x + (y - T_BASE));
    }
    compose_pair(a, b)
}

/// Canonical composition of a decomposed, reordered sequence.
fn recompose(chars: Vec<char>) -> Vec<char> {
    let mut out: Vec<char> = Vec::with_capacity(chars.len());
    let mut starter: Option<usize> = None;
    // combining class of the last character kept since the starter
    let mut last_class: Option<u8> = None;
    for c in chars {
        let class = record(c).combining();
        if let Some(at) = starter {
            let unblocked = match last_class {
                None => true,
                Some(last) => last != 0 && last < class,
            };
            if unblocked {
                if let Some(composite) = compose(out[at], c) {
                    out[at] = composite;
                    continue;
                }
            }
        }
        if class == 0 {
            starter = Some(out.len());
            last_class = None;
        } else {
            last_class = Some(class);
        }
        out.push(c);
    }
    out
}

/// `s` in normalization form `form`.
pub fn normalize(form: Form, s: &str) -> String {
    // ASCII is invariant under every form
    if s.is_ascii() {
        return s.to_string();
    }
    let mut chars = Vec::with_capacity(s.len());
    for c in s.chars() {
        decompose_into(c, form.compat(), &mut chars);
    }
    reorder(&mut chars);
    if form.composes() {
        chars = recompose(chars);
    }
    chars.into_iter().collect()
}
