//! The Unicode character database as CPython's `unicodedata` sees it:
//! per-character properties (category, bidirectional class, east asian
//! width, mirrored, combining class, numeric values, decompositions) and
//! the normalization forms built on them. The tables are generated from
//! CPython's own `unicodedata` (`tables.rs`, see
//! `text/tools/gen_unicode_tables.py`), so `unicodedata` and the `str`
//! predicates (`isalpha`, `isidentifier`, ...) answer exactly as CPython.

pub mod names;
#[rustfmt::skip]
#[allow(dead_code)]
mod names_data;
mod normalize;
#[allow(clippy::unreadable_literal, clippy::excessive_precision)]
mod tables;

pub use normalize::{normalize, Form};
pub use tables::UNIDATA_VERSION;

/// The properties of one character.
#[derive(Clone, Copy)]
pub struct Record(&'static [u8; 8]);

/// The record of `c`: three table look-ups.
pub fn record(c: char) -> Record {
    use tables::{INDEX0, INDEX1, INDEX2, RECORDS, SHIFT0, SHIFT1};
    let cp = c as usize;
    let block0 = INDEX0[cp >> (SHIFT1 + SHIFT0)] as usize;
    let block1 = INDEX1[(block0 << SHIFT0) + ((cp >> SHIFT1) & ((1 << SHIFT0) - 1))] as usize;
    let rec = INDEX2[(block1 << SHIFT1) + (cp & ((1 << SHIFT1) - 1))] as usize;
    Record(&RECORDS[rec])
}

impl Record {
    /// The two-letter general category (`"Lu"`, `"Mn"`, `"Cn"`, ...).
    pub fn category(self) -> &'static str {
        tables::CATEGORIES[self.0[0] as usize]
    }

    /// The bidirectional class (`""` for unassigned characters).
    pub fn bidirectional(self) -> &'static str {
        tables::BIDI_CLASSES[self.0[1] as usize]
    }

    pub fn east_asian_width(self) -> &'static str {
        tables::EAST_ASIAN_WIDTHS[self.0[2] as usize]
    }

    pub fn mirrored(self) -> bool {
        self.0[3] & tables::MIRRORED != 0
    }

    pub fn xid_start(self) -> bool {
        self.0[3] & tables::XID_START != 0
    }

    pub fn xid_continue(self) -> bool {
        self.0[3] & tables::XID_CONTINUE != 0
    }

    /// Whitespace as `str.isspace` and `str.split()` see it.
    pub fn is_space(self) -> bool {
        self.0[3] & tables::SPACE != 0
    }

    /// The canonical combining class.
    pub fn combining(self) -> u8 {
        self.0[4]
    }

    pub fn decimal(self) -> Option<u8> {
        (self.0[5] != 255).then_some(self.0[5])
    }

    pub fn digit(self) -> Option<u8> {
        (self.0[6] != 255).then_some(self.0[6])
    }

    pub fn numeric(self) -> Option<f64> {
        (self.0[7] != 0).then(|| tables::NUMERIC_VALUES[self.0[7] as usize])
    }

    /// A letter (`str.isalpha`): category Lu, Ll, Lt, Lm or Lo.
    pub fn is_alpha(self) -> bool {
        matches!(self.category(), "Lu" | "Ll" | "Lt" | "Lm" | "Lo")
    }

    /// `str.isprintable`: not in Cc, Cf, Cs, Co, Cn, Zl, Zp or Zs (the
    /// ASCII space excepted by the caller).
    pub fn is_printable(self) -> bool {
        !matches!(
            self.category(),
            "Cc" | "Cf" | "Cs" | "Co" | "Cn" | "Zl" | "Zp" | "Zs"
        )
    }
}

/// The decomposition mapping of `c`: its tag (`""` for a canonical one,
/// else `"<compat>"`, `"<font>"`, ...) and code points; `None` if it has
/// none (Hangul syllables decompose algorithmically and have none here, as
/// in CPython's `unicodedata.decomposition`).
pub fn decomposition(c: char) -> Option<(&'static str, impl Iterator<Item = char>)> {
    use tables::{DECOMP_DATA, DECOMP_KEYS, DECOMP_OFFSETS, DECOMP_TAGS};
    let i = DECOMP_KEYS.binary_search(&(c as u32)).ok()?;
    let at = DECOMP_OFFSETS[i] as usize;
    let head = DECOMP_DATA[at];
    let units = &DECOMP_DATA[at + 1..at + 1 + (head & 0xff) as usize];
    let chars = char::decode_utf16(units.iter().copied()).map(|r| r.unwrap_or('\u{fffd}'));
    Some((DECOMP_TAGS[(head >> 8) as usize], chars))
}

/// The primary composite of `a` followed by `b`, if there is one.
fn compose_pair(a: char, b: char) -> Option<char> {
    let pairs = &tables::COMPOSE_PAIRS;
    let i = pairs
        .binary_search_by(|&(x, y, _)| (x, y).cmp(&(a as u32, b as u32)))
        .ok()?;
    char::from_u32(pairs[i].2)
}

/// `str.isidentifier`: an XID_Start character or `_`, then XID_Continue
/// characters.
pub fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c == '_' || record(c).xid_start() => chars.all(|c| record(c).xid_continue()),
        _ => false,
    }
}

/// Whitespace for `str.isspace`, `split()` and `strip()`: bidirectional
/// class WS, B or S, or category Zs.
#[inline]
pub fn is_space(c: char) -> bool {
    if c.is_ascii() {
        return matches!(c, ' ' | '\t'..='\r' | '\x1c'..='\x1f');
    }
    record(c).is_space()
}

/// `str.isprintable` of one character (what `repr` leaves unescaped).
#[inline]
pub fn is_printable(c: char) -> bool {
    if c.is_ascii() {
        return (' '..='~').contains(&c);
    }
    record(c).is_printable()
}

/// `str.isalpha` of one character.
pub fn is_alpha(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphabetic();
    }
    record(c).is_alpha()
}

/// The decimal digit value (`str.isdecimal`, `int()`).
#[inline]
pub fn decimal(c: char) -> Option<u8> {
    if c.is_ascii() {
        return c.is_ascii_digit().then(|| c as u8 - b'0');
    }
    record(c).decimal()
}

/// `str.isdigit` of one character.
pub fn is_digit(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_digit();
    }
    record(c).digit().is_some()
}

/// `str.isnumeric` of one character.
pub fn is_numeric(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_digit();
    }
    record(c).numeric().is_some()
}

/// A titlecase letter (category Lt), which `isupper`/`islower` reject.
pub fn is_title(c: char) -> bool {
    !c.is_ascii() && record(c).category() == "Lt"
}

fn special_case(table: &'static [(u32, &'static str)], c: char) -> Option<&'static str> {
    let i = table.binary_search_by_key(&(c as u32), |e| e.0).ok()?;
    Some(table[i].1)
}

/// The titlecase of `c` where it differs from its uppercase (`'ǆ'` →
/// `'ǅ'`, `'ß'` → `"Ss"`).
pub fn titlecase(c: char) -> Option<&'static str> {
    special_case(&tables::TITLECASE, c)
}

/// The case folding of `c` where it differs from its lowercase (`'ß'` →
/// `"ss"`).
pub fn casefold(c: char) -> Option<&'static str> {
    special_case(&tables::CASEFOLD, c)
}

/// `s` with Unicode decimal digits as ASCII digits and Unicode whitespace
/// as spaces, as `int()` and `float()` read numbers (`'٤٢'` is 42).
pub fn ascii_digits(s: &str) -> std::borrow::Cow<'_, str> {
    if s.is_ascii() {
        return std::borrow::Cow::Borrowed(s);
    }
    s.chars()
        .map(|c| match decimal(c) {
            Some(d) => char::from(b'0' + d),
            None if is_space(c) => ' ',
            None => c,
        })
        .collect::<String>()
        .into()
}
