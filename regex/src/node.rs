//! The syntax tree of a Python regular expression, as `parse.rs` builds
//! it, and the character tests its leaves need (`\d`, `\s`, `\w`, case
//! folding) with CPython's `sre` meanings.
//!
//! Every leaf carries the flags that were in force where it was written
//! (scoped `(?i:...)` groups change them for their contents), so the
//! compiler (`compile.rs`) and the matcher (`exec.rs`) never look at
//! the pattern's flags.

use monty_text::unicode;

/// How a leaf compares characters under `IGNORECASE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fold {
    /// Exactly.
    No,
    /// ASCII letters alike in either case (`IGNORECASE | ASCII`).
    Ascii,
    /// Unicode simple case folding.
    Unicode,
}

impl Fold {
    /// The character `c` is compared as.
    #[inline]
    pub fn apply(self, c: char) -> char {
        match self {
            Fold::No => c,
            Fold::Ascii => c.to_ascii_lowercase(),
            Fold::Unicode => fold(c),
        }
    }
}

/// Unicode case folding as `sre` compares characters: the lower case of
/// the upper case when each is a single character (so `ſ`, `s` and `S`
/// fold alike, as do the Kelvin sign and `k`), else the character.
pub fn fold(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_lowercase();
    }
    if c == '\u{130}' {
        // `İ`: its simple lower case (sre's) is `i`
        return 'i';
    }
    let upper = one(c.to_uppercase()).unwrap_or(c);
    one(upper.to_lowercase())
        .or_else(|| one(c.to_lowercase()))
        .unwrap_or(c)
}

fn one(mut it: impl Iterator<Item = char>) -> Option<char> {
    let c = it.next()?;
    it.next().is_none().then_some(c)
}

/// `\d`, `\s` or `\w`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Digit,
    Space,
    Word,
}

impl Class {
    /// Whether `c` is in the class; `ascii` for the `ASCII` flag's meaning.
    #[inline]
    pub fn contains(self, c: char, ascii: bool) -> bool {
        if c.is_ascii() || ascii {
            return match self {
                Class::Digit => c.is_ascii_digit(),
                Class::Space => {
                    matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c')
                        || (!ascii && matches!(c, '\x1c'..='\x1f'))
                }
                Class::Word => c.is_ascii_alphanumeric() || c == '_',
            };
        }
        match self {
            Class::Digit => unicode::decimal(c).is_some(),
            Class::Space => unicode::is_space(c),
            Class::Word => is_word(c),
        }
    }
}

/// `sre`'s word character in Unicode mode: alphanumeric (`str.isalnum`)
/// or `_`.
pub fn is_word(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric() || c == '_';
    }
    unicode::is_alpha(c)
        || unicode::decimal(c).is_some()
        || unicode::is_digit(c)
        || unicode::is_numeric(c)
}

/// One member of a `[...]` set.
#[derive(Clone, Debug)]
pub enum SetItem {
    /// The characters `lo..=hi` (a single character is `c..=c`).
    Range(char, char),
    /// `\d`, `\s`, `\w` (`negated` for `\D`, `\S`, `\W`).
    Class {
        class: Class,
        negated: bool,
        ascii: bool,
    },
}

/// A `[...]` set, or a class escape outside one.
#[derive(Clone, Debug)]
pub struct Set {
    pub negated: bool,
    pub fold: Fold,
    pub items: Vec<SetItem>,
}

impl Set {
    /// The set with the folded form of each of its single characters
    /// added, so `[µ]` under IGNORECASE also holds `μ` (what `Μ` and `μ`
    /// fold to), as sre adds a literal's case variants to a set.
    pub fn with_folds(mut self) -> Set {
        if self.fold == Fold::No {
            return self;
        }
        let mut more = Vec::new();
        for it in &self.items {
            if let SetItem::Range(lo, hi) = *it {
                if lo == hi && self.fold.apply(lo) != lo {
                    let f = self.fold.apply(lo);
                    more.push(SetItem::Range(f, f));
                }
            }
        }
        self.items.extend(more);
        self
    }

    fn has(&self, c: char) -> bool {
        self.items.iter().any(|it| match *it {
            SetItem::Range(lo, hi) => lo <= c && c <= hi,
            SetItem::Class {
                class,
                negated,
                ascii,
            } => class.contains(c, ascii) != negated,
        })
    }

    /// Whether `c` matches the set (with its case variants under
    /// `IGNORECASE`).
    pub fn matches(&self, c: char) -> bool {
        let found = self.has(c)
            || match self.fold {
                Fold::No => false,
                Fold::Ascii => {
                    c.is_ascii_alphabetic()
                        && (self.has(c.to_ascii_lowercase()) || self.has(c.to_ascii_uppercase()))
                }
                Fold::Unicode if c.is_ascii() => {
                    // the ASCII letters' other cases, and the three
                    // non-ASCII letters that fold to one (sre's table)
                    let (lower, upper) = (c.to_ascii_lowercase(), c.to_ascii_uppercase());
                    (lower != c && self.has(lower))
                        || (upper != c && self.has(upper))
                        || match lower {
                            'i' => self.has('\u{131}'),
                            'k' => self.has('\u{212a}'),
                            's' => self.has('\u{17f}'),
                            _ => false,
                        }
                }
                Fold::Unicode => {
                    let f = fold(c);
                    (f != c && self.has(f))
                        || one(c.to_uppercase()).is_some_and(|u| u != c && self.has(u))
                        || one(c.to_lowercase()).is_some_and(|l| l != c && self.has(l))
                        || one(f.to_uppercase()).is_some_and(|u| u != c && self.has(u))
                }
            };
        found != self.negated
    }
}

/// A zero-width test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Assertion {
    /// `\A`, and `^` without MULTILINE.
    TextStart,
    /// `\Z`.
    TextEnd,
    /// `$` without MULTILINE: the end, or before a newline that ends it.
    EndOrFinalNewline,
    /// `^` with MULTILINE.
    LineStart,
    /// `$` with MULTILINE.
    LineEnd,
    /// `\b` (`ascii` under the ASCII flag).
    WordBoundary { ascii: bool },
    /// `\B`.
    NotWordBoundary { ascii: bool },
}

/// A parsed pattern.
#[derive(Clone, Debug)]
pub enum Node {
    /// Matches the empty string.
    Empty,
    /// One character.
    Char {
        c: char,
        fold: Fold,
    },
    /// `.`; `dotall` also matches a newline.
    Any {
        dotall: bool,
    },
    Set(Box<Set>),
    Assert(Assertion),
    /// A capturing group (`index` from 1).
    Group {
        index: usize,
        node: Box<Node>,
    },
    Concat(Vec<Node>),
    Alt(Vec<Node>),
    /// `node{min,max}` (`max` None: no bound); possessive is `*+` and the
    /// like.
    Repeat {
        node: Box<Node>,
        min: u32,
        max: Option<u32>,
        greedy: bool,
        possessive: bool,
    },
    /// `\N` or `(?P=name)`.
    Backref {
        group: usize,
        fold: Fold,
    },
    /// `(?=...)`, `(?!...)`, `(?<=...)`, `(?<!...)`.
    Look {
        node: Box<Node>,
        behind: bool,
        negated: bool,
    },
    /// `(?>...)`.
    Atomic(Box<Node>),
    /// `(?(group)yes|no)`.
    Cond {
        group: usize,
        yes: Box<Node>,
        no: Box<Node>,
    },
}

impl Node {
    /// The number of characters every match of this node spans, when that
    /// is fixed (look-behind requires it).
    pub fn width(&self) -> Option<usize> {
        Some(match self {
            Node::Empty | Node::Assert(_) | Node::Look { .. } => 0,
            Node::Char { .. } | Node::Any { .. } | Node::Set(_) => 1,
            Node::Group { node, .. } | Node::Atomic(node) => node.width()?,
            Node::Concat(items) => items.iter().map(Node::width).sum::<Option<usize>>()?,
            Node::Alt(items) => {
                let first = items.first().map_or(Some(0), Node::width)?;
                if items.iter().all(|n| n.width() == Some(first)) {
                    first
                } else {
                    return None;
                }
            }
            Node::Repeat { node, min, max, .. } if *max == Some(*min) => {
                node.width()?.checked_mul(*min as usize)?
            }
            Node::Cond { yes, no, .. } => {
                let w = yes.width()?;
                if no.width()? != w {
                    return None;
                }
                w
            }
            Node::Repeat { .. } | Node::Backref { .. } => return None,
        })
    }

    /// Whether the node may match the empty string (a loop over such a
    /// node stops when an iteration matches nothing).
    pub fn nullable(&self) -> bool {
        match self {
            Node::Empty | Node::Assert(_) | Node::Look { .. } | Node::Backref { .. } => true,
            Node::Char { .. } | Node::Any { .. } | Node::Set(_) => false,
            Node::Group { node, .. } | Node::Atomic(node) => node.nullable(),
            Node::Concat(items) => items.iter().all(Node::nullable),
            Node::Alt(items) => items.iter().any(Node::nullable),
            Node::Repeat { node, min, .. } => *min == 0 || node.nullable(),
            Node::Cond { yes, no, .. } => yes.nullable() || no.nullable(),
        }
    }
}
