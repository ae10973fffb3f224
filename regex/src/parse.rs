//! Python regular-expression syntax, parsed the way CPython's `sre_parse`
//! does (so bad patterns fail with CPython's messages and positions) into
//! the tree of `node.rs`, each leaf with the flags in force where it
//! was written. VERBOSE whitespace and comments leave nothing; group names
//! are kept on the side (groups are numbered).

/// Python's flag bits.
pub const TEMPLATE: u32 = 1;
pub const IGNORECASE: u32 = 2;
pub const LOCALE: u32 = 4;
pub const MULTILINE: u32 = 8;
pub const DOTALL: u32 = 16;
pub const UNICODE: u32 = 32;
pub const VERBOSE: u32 = 64;
pub const DEBUG: u32 = 128;
pub const ASCII: u32 = 256;

use crate::node::{Assertion, Class, Fold, Node, Set, SetItem};

/// A parsed pattern.
#[derive(Clone, Debug)]
pub struct Parsed {
    pub node: Node,
    /// Effective flags: the caller's plus global inline flags, plus UNICODE
    /// unless ASCII is set.
    pub flags: u32,
    pub groups: usize,
    pub names: Vec<(String, usize)>,
}

/// A pattern error: CPython's message and the position (in characters).
#[derive(Clone, Debug)]
pub struct ReError {
    pub msg: String,
    pub pos: Option<usize>,
}

/// Deepest group nesting translated; deeper patterns raise `RecursionError`
/// as CPython's recursive `re` parser does, instead of exhausting the stack.
pub const MAX_GROUP_DEPTH: usize = 100;

/// The message marking a pattern nested deeper than [`MAX_GROUP_DEPTH`].
pub const TOO_DEEP: &str = "maximum recursion depth exceeded";

/// The message of a repetition count of 2**32 - 1 or more, which CPython
/// raises as `OverflowError` (not `re.error`), without a position.
pub const REPEAT_TOO_LARGE: &str = "the repetition number is too large";

impl ReError {
    /// The text of `re.error`: `msg at position N`, plus the line and
    /// column when the pattern has several lines.
    pub fn render(&self, pattern: &str) -> String {
        let Some(pos) = self.pos else {
            return self.msg.clone();
        };
        if pattern.contains('\n') {
            let before: String = pattern.chars().take(pos).collect();
            let line = before.matches('\n').count() + 1;
            let col = pos
                - before
                    .rfind('\n')
                    .map_or(0, |i| before[..=i].chars().count())
                + 1;
            format!("{} at position {pos} (line {line}, column {col})", self.msg)
        } else {
            format!("{} at position {pos}", self.msg)
        }
    }
}

pub type R<T> = Result<T, ReError>;

pub fn err<T>(msg: impl Into<String>, pos: usize) -> R<T> {
    Err(ReError {
        msg: msg.into(),
        pos: Some(pos),
    })
}

pub struct Parser<'a> {
    pub src: &'a [char],
    pub i: usize,
    pub flags: u32,
    pub groups: usize,
    pub open: Vec<usize>,
    pub names: Vec<(String, usize)>,
    /// Nesting of `alternation` calls (groups), bounded by [`MAX_GROUP_DEPTH`].
    pub depth: usize,
}

/// Parses `pattern` compiled with `flags`.
pub fn parse(pattern: &str, flags: u32) -> R<Parsed> {
    let chars: Vec<char> = pattern.chars().collect();
    if flags & LOCALE != 0 {
        return Err(ReError {
            msg: "cannot use LOCALE flag with a str pattern".into(),
            pos: None,
        });
    }
    let mut p = Parser {
        src: &chars,
        i: 0,
        flags,
        groups: 0,
        open: Vec::new(),
        names: Vec::new(),
        depth: 0,
    };
    p.global_flags()?;
    if p.flags & ASCII != 0 && p.flags & UNICODE != 0 {
        return Err(ReError {
            msg: "ASCII and UNICODE flags are incompatible".into(),
            pos: None,
        });
    }
    let node = p.alternation()?;
    if p.i < chars.len() {
        // only a stray `)` stops the top level
        return err("unbalanced parenthesis", p.i);
    }
    let mut flags = p.flags;
    if flags & ASCII == 0 {
        flags |= UNICODE;
    }
    Ok(Parsed {
        node,
        flags,
        groups: p.groups,
        names: p.names,
    })
}

enum ClassItem {
    Char(char),
    Set(SetItem),
}

/// A sequence of nodes as one node.
fn concat(mut items: Vec<Node>) -> Node {
    match items.len() {
        0 => Node::Empty,
        1 => items.pop().expect("one"),
        _ => Node::Concat(items),
    }
}

impl<'a> Parser<'a> {
    pub fn peek(&self) -> Option<char> {
        self.src.get(self.i).copied()
    }

    fn at(&self, s: &str) -> bool {
        let mut rest = self.src[self.i.min(self.src.len())..].iter();
        s.chars().all(|c| rest.next() == Some(&c))
    }

    fn verbose(&self) -> bool {
        self.flags & VERBOSE != 0
    }

    fn ascii(&self) -> bool {
        self.flags & ASCII != 0
    }

    /// How characters written here compare.
    pub fn fold(&self) -> Fold {
        match (self.flags & IGNORECASE != 0, self.ascii()) {
            (false, _) => Fold::No,
            (true, true) => Fold::Ascii,
            (true, false) => Fold::Unicode,
        }
    }

    fn char_node(&self, c: char) -> Node {
        Node::Char {
            c,
            fold: self.fold(),
        }
    }

    /// Skips VERBOSE whitespace and comments.
    fn skip_ws(&mut self) {
        if !self.verbose() {
            return;
        }
        while let Some(c) = self.peek() {
            if c.is_whitespace() {
                self.i += 1;
            } else if c == '#' {
                while let Some(c) = self.peek() {
                    self.i += 1;
                    if c == '\n' {
                        break;
                    }
                }
            } else {
                break;
            }
        }
    }

    /// Leading `(?aiLmsux)` groups set flags for the whole pattern.
    fn global_flags(&mut self) -> R<()> {
        loop {
            self.skip_ws();
            if !self.at("(?") {
                return Ok(());
            }
            let save = self.i;
            self.i += 2;
            let mut add = 0;
            while let Some(c) = self.peek() {
                match flag_bit(c) {
                    Some(b) => add |= b,
                    None => break,
                }
                self.i += 1;
            }
            if add == 0 || self.peek() != Some(')') {
                self.i = save;
                return Ok(());
            }
            self.i += 1;
            self.flags |= add;
        }
    }

    pub fn alternation(&mut self) -> R<Node> {
        if self.depth >= MAX_GROUP_DEPTH {
            return Err(ReError {
                msg: TOO_DEEP.into(),
                pos: None,
            });
        }
        self.depth += 1;
        let r = self.alternation_inner();
        self.depth -= 1;
        r
    }

    fn alternation_inner(&mut self) -> R<Node> {
        let first = self.sequence()?;
        if self.peek() != Some('|') {
            return Ok(first);
        }
        let mut branches = vec![first];
        while self.peek() == Some('|') {
            self.i += 1;
            branches.push(self.sequence()?);
        }
        Ok(Node::Alt(branches))
    }

    pub fn sequence(&mut self) -> R<Node> {
        let mut items: Vec<Node> = Vec::new();
        // whether the last item can be repeated (None: no item to repeat)
        let mut last: Option<bool> = None;
        let mut last_repeat = false;
        loop {
            self.skip_ws();
            let Some(c) = self.peek() else { break };
            if c == '|' || c == ')' {
                break;
            }
            let start = self.i;
            if matches!(c, '*' | '+' | '?' | '{') {
                if let Some((min, max)) = self.quantifier()? {
                    let Some(repeatable) = last else {
                        return err("nothing to repeat", start);
                    };
                    if last_repeat {
                        return err("multiple repeat", start);
                    }
                    if !repeatable {
                        return err("nothing to repeat", start);
                    }
                    let node = Box::new(items.pop().expect("an item"));
                    let (greedy, possessive) = match self.peek() {
                        Some('?') => (false, false),
                        Some('+') => (true, true),
                        _ => (true, false),
                    };
                    if !greedy || possessive {
                        self.i += 1;
                    }
                    items.push(Node::Repeat {
                        node,
                        min: min as u32,
                        max: max.map(|m| m as u32),
                        greedy,
                        possessive,
                    });
                    last = Some(true);
                    last_repeat = true;
                    continue;
                }
                // a `{` that is not a quantifier is a literal
                self.i = start + 1;
                items.push(self.char_node('{'));
                last = Some(true);
                last_repeat = false;
                continue;
            }
            last_repeat = false;
            match self.item()? {
                Some((node, repeatable)) => {
                    items.push(node);
                    last = Some(repeatable);
                }
                // comments leave nothing to repeat
                None => last = None,
            }
        }
        Ok(concat(items))
    }

    /// `*`, `+`, `?` or `{m,n}` at the cursor; `None` for a `{` that is a
    /// literal.
    fn quantifier(&mut self) -> R<Option<(u64, Option<u64>)>> {
        let start = self.i;
        let c = self.peek().expect("checked");
        self.i += 1;
        match c {
            '*' => return Ok(Some((0, None))),
            '+' => return Ok(Some((1, None))),
            '?' => return Ok(Some((0, Some(1)))),
            _ => {}
        }
        if self.peek() == Some('}') {
            self.i = start;
            return Ok(None);
        }
        let digits = |p: &mut Parser| {
            let s = p.i;
            while p.peek().is_some_and(|c| c.is_ascii_digit()) {
                p.i += 1;
            }
            p.src[s..p.i].iter().collect::<String>()
        };
        let lo = digits(self);
        let hi = if self.peek() == Some(',') {
            self.i += 1;
            digits(self)
        } else {
            lo.clone()
        };
        if self.peek() != Some('}') {
            self.i = start;
            return Ok(None);
        }
        self.i += 1;
        let parse = |s: &str| -> R<u64> {
            s.parse::<u64>()
                .ok()
                .filter(|n| *n < u32::MAX as u64)
                .ok_or_else(|| ReError {
                    msg: REPEAT_TOO_LARGE.into(),
                    pos: None,
                })
        };
        let lo_n = if lo.is_empty() { 0 } else { parse(&lo)? };
        let hi_n = if hi.is_empty() {
            None
        } else {
            Some(parse(&hi)?)
        };
        if let Some(h) = hi_n {
            if h < lo_n {
                return err("min repeat greater than max repeat", start + 1);
            }
        }
        Ok(Some((lo_n, hi_n)))
    }

    /// One item and whether it can take a quantifier (None for a
    /// comment).
    fn item(&mut self) -> R<Option<(Node, bool)>> {
        let c = self.peek().expect("checked");
        let start = self.i;
        self.i += 1;
        let multiline = self.flags & MULTILINE != 0;
        let node = match c {
            '.' => Node::Any {
                dotall: self.flags & DOTALL != 0,
            },
            '^' => {
                let a = if multiline {
                    Assertion::LineStart
                } else {
                    Assertion::TextStart
                };
                return Ok(Some((Node::Assert(a), false)));
            }
            '$' => {
                let a = if multiline {
                    Assertion::LineEnd
                } else {
                    Assertion::EndOrFinalNewline
                };
                return Ok(Some((Node::Assert(a), false)));
            }
            '[' => self.class(start)?,
            '(' => return self.group(start),
            '\\' => return self.escape(start).map(Some),
            c => self.char_node(c),
        };
        Ok(Some((node, true)))
    }

    fn escape(&mut self, start: usize) -> R<(Node, bool)> {
        let Some(c) = self.peek() else {
            return err("bad escape (end of pattern)", start);
        };
        self.i += 1;
        let ascii = self.ascii();
        let assert = |a| Ok((Node::Assert(a), false));
        let node = match c {
            'A' => return assert(Assertion::TextStart),
            'Z' => return assert(Assertion::TextEnd),
            'b' => return assert(Assertion::WordBoundary { ascii }),
            'B' => return assert(Assertion::NotWordBoundary { ascii }),
            'd' | 'D' | 's' | 'S' | 'w' | 'W' => Node::Set(Box::new(Set {
                negated: false,
                fold: Fold::No,
                items: vec![class_escape(c, ascii)],
            })),
            '0'..='9' => {
                if let Some(ch) = self.octal_or_none(c, start)? {
                    self.char_node(ch)
                } else {
                    // a group reference: one or two digits
                    let mut n = c.to_digit(10).expect("digit") as usize;
                    if let Some(d) = self.peek().and_then(|d| d.to_digit(10)) {
                        n = n * 10 + d as usize;
                        self.i += 1;
                    }
                    self.backref(n, start)?;
                    Node::Backref {
                        group: n,
                        fold: self.fold(),
                    }
                }
            }
            _ => {
                let ch = self.simple_escape(c, start)?;
                self.char_node(ch)
            }
        };
        Ok((node, true))
    }

    /// `\0`, `\0NN` and three-digit octal escapes; `None` for a group
    /// reference.
    fn octal_or_none(&mut self, c: char, start: usize) -> R<Option<char>> {
        let oct = |x: Option<char>| x.is_some_and(|x| ('0'..='7').contains(&x));
        if c == '0' {
            let mut v = 0u32;
            for _ in 0..2 {
                if oct(self.peek()) {
                    v = v * 8 + self.peek().and_then(|x| x.to_digit(8)).expect("octal");
                    self.i += 1;
                } else {
                    break;
                }
            }
            return Ok(char::from_u32(v));
        }
        if oct(Some(c)) && oct(self.peek()) && oct(self.src.get(self.i + 1).copied()) {
            let text: String = self.src[start + 1..self.i + 2].iter().collect();
            let v = u32::from_str_radix(&text, 8).expect("octal");
            if v > 0o377 {
                return err(
                    format!("octal escape value \\{text} outside of range 0-0o377"),
                    start,
                );
            }
            self.i += 2;
            return Ok(char::from_u32(v));
        }
        Ok(None)
    }

    pub fn backref(&self, n: usize, start: usize) -> R<()> {
        if n == 0 || n > self.groups {
            return err(format!("invalid group reference {n}"), start + 1);
        }
        if self.open.contains(&n) {
            return err("cannot refer to an open group", start);
        }
        Ok(())
    }

    /// Escapes that stand for one character (both in and out of classes).
    fn simple_escape(&mut self, c: char, start: usize) -> R<char> {
        Ok(match c {
            'a' => '\x07',
            'f' => '\x0c',
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            'v' => '\x0b',
            'x' => self.hex_escape(2, start)?,
            'u' => self.hex_escape(4, start)?,
            'U' => self.hex_escape(8, start)?,
            'N' => {
                return err(
                    "undefined character name (\\N{...} is not supported)",
                    start,
                );
            }
            c if c.is_ascii_alphanumeric() => {
                return err(format!("bad escape \\{c}"), start);
            }
            c => c,
        })
    }

    fn hex_escape(&mut self, n: usize, start: usize) -> R<char> {
        let mut text = String::new();
        for _ in 0..n {
            match self.peek() {
                Some(h) if h.is_ascii_hexdigit() => {
                    text.push(h);
                    self.i += 1;
                }
                _ => break,
            }
        }
        let esc = self.src[start..self.i].iter().collect::<String>();
        if text.len() < n {
            return err(format!("incomplete escape {esc}"), start);
        }
        let v = u32::from_str_radix(&text, 16).expect("hex");
        char::from_u32(v).map_or_else(|| err(format!("bad escape {esc}"), start), Ok)
    }

    fn class(&mut self, start: usize) -> R<Node> {
        let mut negated = false;
        if self.peek() == Some('^') {
            negated = true;
            self.i += 1;
        }
        let mut items: Vec<SetItem> = Vec::new();
        let first = self.i;
        loop {
            let Some(c) = self.peek() else {
                return err("unterminated character set", start);
            };
            if c == ']' && self.i > first {
                self.i += 1;
                break;
            }
            let item_start = self.i;
            let lo = self.class_atom()?;
            if self.peek() == Some('-') && self.src.get(self.i + 1).is_some_and(|&n| n != ']') {
                self.i += 1;
                let hi = self.class_atom()?;
                let (ClassItem::Char(a), ClassItem::Char(b)) = (&lo, &hi) else {
                    let text: String = self.src[item_start..self.i].iter().collect();
                    return err(format!("bad character range {text}"), item_start);
                };
                if b < a {
                    let text: String = self.src[item_start..self.i].iter().collect();
                    return err(format!("bad character range {text}"), item_start);
                }
                items.push(SetItem::Range(*a, *b));
                continue;
            }
            items.push(match lo {
                ClassItem::Char(c) => SetItem::Range(c, c),
                ClassItem::Set(s) => s,
            });
        }
        let set = Set {
            negated,
            fold: self.fold(),
            items,
        };
        Ok(Node::Set(Box::new(set.with_folds())))
    }

    fn class_atom(&mut self) -> R<ClassItem> {
        let start = self.i;
        let c = self.peek().expect("checked");
        self.i += 1;
        if c != '\\' {
            return Ok(ClassItem::Char(c));
        }
        let Some(e) = self.peek() else {
            return err("bad escape (end of pattern)", start);
        };
        self.i += 1;
        Ok(match e {
            'd' | 'D' | 's' | 'S' | 'w' | 'W' => ClassItem::Set(class_escape(e, self.ascii())),
            'b' => ClassItem::Char('\x08'),
            '0'..='7' => {
                let mut text = String::from(e);
                while text.len() < 3 && self.peek().is_some_and(|x| ('0'..='7').contains(&x)) {
                    text.push(self.peek().expect("checked"));
                    self.i += 1;
                }
                let v = u32::from_str_radix(&text, 8).expect("octal");
                if v > 0o377 {
                    return err(
                        format!("octal escape value \\{text} outside of range 0-0o377"),
                        start,
                    );
                }
                ClassItem::Char(char::from_u32(v).expect("octal"))
            }
            '8' | '9' => return err(format!("bad escape \\{e}"), start),
            e => ClassItem::Char(self.simple_escape(e, start)?),
        })
    }
}

pub fn flag_bit(c: char) -> Option<u32> {
    Some(match c {
        'a' => ASCII,
        'i' => IGNORECASE,
        'L' => LOCALE,
        'm' => MULTILINE,
        's' => DOTALL,
        'u' => UNICODE,
        'x' => VERBOSE,
        _ => return None,
    })
}

/// `\d`, `\s`, `\w` and their negations.
fn class_escape(c: char, ascii: bool) -> SetItem {
    SetItem::Class {
        class: match c.to_ascii_lowercase() {
            'd' => Class::Digit,
            's' => Class::Space,
            _ => Class::Word,
        },
        negated: c.is_ascii_uppercase(),
        ascii,
    }
}

/// `re.escape`: a backslash before each special character.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if "()[]{}?*+-|^$\\.&~# \t\n\r\x0b\x0c".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
