//! The TOML 1.0 parser behind `tomllib`. It works on the document as a
//! vector of characters (positions and the "(at line L, column C)" suffix
//! count characters, after `\r\n` became `\n`, as CPython's does) and
//! follows the statement-by-statement structure of CPython's pure-Python
//! parser closely enough that every error is reported with the same
//! message at the same position: a tree of tables ([`Node`]) plus the
//! namespace flags (explicitly declared, frozen) that decide which
//! redefinitions are errors. Scalars become Python values as they are
//! parsed (so a `parse_float` callable is called in document order). The
//! table tree and the flags live in `toml_tables.rs`.

use super::toml_tables::{
    append_nest_to_list, get_or_create_nest, Flags, Node, Table, EXPLICIT_NEST, FROZEN,
};
use crate::object::Value;
use crate::vm::{PyErr, Vm};

/// What went wrong: a decode error at a position, or an exception raised
/// while converting (a `parse_float` failure, the int digit limit, ...).
pub enum Fail {
    At(usize, String),
    Py(PyErr),
}

impl From<PyErr> for Fail {
    fn from(e: PyErr) -> Fail {
        Fail::Py(e)
    }
}

type R<T> = Result<T, Fail>;

fn is_ws(c: char) -> bool {
    c == ' ' || c == '\t'
}

fn is_bare(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_'
}

/// Control characters not allowed in one-line strings and comments.
fn illegal_basic(c: char) -> bool {
    (c < ' ' && c != '\t') || c == '\x7f'
}

/// The same for multi-line strings (newlines allowed).
fn illegal_multiline(c: char) -> bool {
    (c < ' ' && c != '\t' && c != '\n') || c == '\x7f'
}

/// Python's `repr` of a one-character string, as in the messages.
fn char_repr(c: char) -> String {
    crate::vm::repr::str_repr(&c.to_string())
}

/// A key as Python prints the tuple: `('a', 'b')`.
fn key_repr(key: &[String]) -> String {
    let parts: Vec<String> = key.iter().map(|k| crate::vm::repr::str_repr(k)).collect();
    if parts.len() == 1 {
        format!("({},)", parts[0])
    } else {
        format!("({})", parts.join(", "))
    }
}

/// Most parts a dotted key may have (3.14's limit).
const MAX_KEY_PARTS: usize = 1000;

pub struct Parser<'v> {
    src: Vec<char>,
    vm: &'v mut Vm,
    /// `parse_float`, or `None` for `float`.
    parse_float: Option<Value>,
    depth: usize,
    max_depth: usize,
}

impl<'v> Parser<'v> {
    pub fn new(vm: &'v mut Vm, src: &str, parse_float: Option<Value>) -> Parser<'v> {
        let max_depth = vm.limits.max_recursion_depth.saturating_sub(10) / 2;
        Parser {
            src: src.replace("\r\n", "\n").chars().collect(),
            vm,
            parse_float,
            depth: 0,
            max_depth,
        }
    }

    /// The `(at line L, column C)` suffix for position `pos`.
    pub fn coord(&self, pos: usize) -> String {
        if pos >= self.src.len() {
            return "end of document".into();
        }
        let line = self.src[..pos].iter().filter(|c| **c == '\n').count() + 1;
        let col = match self.src[..pos].iter().rposition(|c| *c == '\n') {
            Some(nl) => pos - nl,
            None => pos + 1,
        };
        format!("line {line}, column {col}")
    }

    fn at(&self, pos: usize) -> Option<char> {
        self.src.get(pos).copied()
    }

    fn starts_with(&self, pos: usize, s: &str) -> bool {
        (pos..).zip(s.chars()).all(|(i, c)| self.at(i) == Some(c))
    }

    fn skip(&self, mut pos: usize, pred: impl Fn(char) -> bool) -> usize {
        while self.at(pos).is_some_and(&pred) {
            pos += 1;
        }
        pos
    }

    fn err<T>(pos: usize, msg: impl Into<String>) -> R<T> {
        Err(Fail::At(pos, msg.into()))
    }

    /// `skip_until`: the index of `expect` from `pos`, failing on a
    /// character `illegal` accepts before it.
    fn skip_until(
        &self,
        pos: usize,
        expect: &str,
        illegal: fn(char) -> bool,
        error_on_eof: bool,
    ) -> R<usize> {
        let n = self.src.len();
        let mut end = n;
        let mut i = pos;
        while i < n {
            if self.starts_with(i, expect) {
                end = i;
                break;
            }
            i += 1;
        }
        if end == n && error_on_eof {
            return Self::err(n, format!("Expected {}", crate::vm::repr::str_repr(expect)));
        }
        if let Some(bad) = (pos..end).find(|i| illegal(self.src[*i])) {
            return Self::err(
                bad,
                format!("Found invalid character {}", char_repr(self.src[bad])),
            );
        }
        Ok(end)
    }

    fn skip_comment(&self, pos: usize) -> R<usize> {
        if self.at(pos) == Some('#') {
            return self.skip_until(pos + 1, "\n", illegal_basic, false);
        }
        Ok(pos)
    }

    fn skip_comments_and_array_ws(&self, mut pos: usize) -> R<usize> {
        loop {
            let before = pos;
            pos = self.skip(pos, |c| is_ws(c) || c == '\n');
            pos = self.skip_comment(pos)?;
            if pos == before {
                return Ok(pos);
            }
        }
    }

    /// Parses the whole document.
    pub fn parse(&mut self) -> R<Table> {
        let mut data = Table::default();
        let mut flags = Flags::default();
        let mut header: Vec<String> = Vec::new();
        let mut pos = 0;
        loop {
            pos = self.skip(pos, is_ws);
            let Some(c) = self.at(pos) else { break };
            if c == '\n' {
                pos += 1;
                continue;
            }
            if is_bare(c) || c == '"' || c == '\'' {
                pos = self.key_value_rule(pos, &mut data, &mut flags, &header)?;
                pos = self.skip(pos, is_ws);
            } else if c == '[' {
                flags.finalize_pending();
                if self.at(pos + 1) == Some('[') {
                    (pos, header) = self.create_list_rule(pos, &mut data, &mut flags)?;
                } else {
                    (pos, header) = self.create_dict_rule(pos, &mut data, &mut flags)?;
                }
                pos = self.skip(pos, is_ws);
            } else if c != '#' {
                return Self::err(pos, "Invalid statement");
            }
            pos = self.skip_comment(pos)?;
            match self.at(pos) {
                None => break,
                Some('\n') => pos += 1,
                Some(_) => {
                    return Self::err(pos, "Expected newline or end of document after a statement")
                }
            }
        }
        Ok(data)
    }

    fn create_dict_rule(
        &mut self,
        pos: usize,
        data: &mut Table,
        flags: &mut Flags,
    ) -> R<(usize, Vec<String>)> {
        let pos = self.skip(pos + 1, is_ws);
        let (pos, key) = self.parse_key(pos)?;
        if flags.is(&key, EXPLICIT_NEST) || flags.is(&key, FROZEN) {
            return Self::err(pos, format!("Cannot declare {} twice", key_repr(&key)));
        }
        flags.set(&key, EXPLICIT_NEST, false);
        if get_or_create_nest(data, &key, true).is_err() {
            return Self::err(pos, "Cannot overwrite a value");
        }
        if self.at(pos) != Some(']') {
            return Self::err(pos, "Expected ']' at the end of a table declaration");
        }
        Ok((pos + 1, key))
    }

    fn create_list_rule(
        &mut self,
        pos: usize,
        data: &mut Table,
        flags: &mut Flags,
    ) -> R<(usize, Vec<String>)> {
        let pos = self.skip(pos + 2, is_ws);
        let (pos, key) = self.parse_key(pos)?;
        if flags.is(&key, FROZEN) {
            return Self::err(
                pos,
                format!("Cannot mutate immutable namespace {}", key_repr(&key)),
            );
        }
        flags.unset_all(&key);
        flags.set(&key, EXPLICIT_NEST, false);
        if append_nest_to_list(data, &key).is_err() {
            return Self::err(pos, "Cannot overwrite a value");
        }
        if !self.starts_with(pos, "]]") {
            return Self::err(pos, "Expected ']]' at the end of an array declaration");
        }
        Ok((pos + 2, key))
    }

    fn key_value_rule(
        &mut self,
        pos: usize,
        data: &mut Table,
        flags: &mut Flags,
        header: &[String],
    ) -> R<usize> {
        let (pos, key, value) = self.parse_key_value_pair(pos)?;
        let (parent, stem) = key.split_at(key.len() - 1);
        let mut abs_parent = header.to_vec();
        abs_parent.extend_from_slice(parent);
        for i in 1..key.len() {
            let mut cont_key = header.to_vec();
            cont_key.extend_from_slice(&key[..i]);
            if flags.is(&cont_key, EXPLICIT_NEST) {
                return Self::err(
                    pos,
                    format!("Cannot redefine namespace {}", key_repr(&cont_key)),
                );
            }
            flags.add_pending(&cont_key, EXPLICIT_NEST);
        }
        if flags.is(&abs_parent, FROZEN) {
            return Self::err(
                pos,
                format!(
                    "Cannot mutate immutable namespace {}",
                    key_repr(&abs_parent)
                ),
            );
        }
        let Ok(nest) = get_or_create_nest(data, &abs_parent, true) else {
            return Self::err(pos, "Cannot overwrite a value");
        };
        if nest.contains(&stem[0]) {
            return Self::err(pos, "Cannot overwrite a value");
        }
        if matches!(value, Node::Table(_) | Node::Array(_)) {
            let mut full = header.to_vec();
            full.extend_from_slice(&key);
            flags.set(&full, FROZEN, true);
        }
        nest.insert(stem[0].clone(), value);
        Ok(pos)
    }

    fn parse_key_value_pair(&mut self, pos: usize) -> R<(usize, Vec<String>, Node)> {
        let (pos, key) = self.parse_key(pos)?;
        if self.at(pos) != Some('=') {
            return Self::err(pos, "Expected '=' after a key in a key/value pair");
        }
        let pos = self.skip(pos + 1, is_ws);
        let (pos, value) = self.parse_value(pos)?;
        Ok((pos, key, value))
    }

    fn parse_key(&mut self, pos: usize) -> R<(usize, Vec<String>)> {
        let (mut pos, part) = self.parse_key_part(pos)?;
        let mut key = vec![part];
        pos = self.skip(pos, is_ws);
        while self.at(pos) == Some('.') {
            pos = self.skip(pos + 1, is_ws);
            let (p, part) = self.parse_key_part(pos)?;
            key.push(part);
            if key.len() > MAX_KEY_PARTS {
                return Err(Fail::Py(PyErr::new(
                    crate::object::ExcType::RecursionError,
                    format!("TOML key has more than the allowed {MAX_KEY_PARTS} parts"),
                )));
            }
            pos = self.skip(p, is_ws);
        }
        Ok((pos, key))
    }

    fn parse_key_part(&mut self, pos: usize) -> R<(usize, String)> {
        match self.at(pos) {
            Some(c) if is_bare(c) => {
                let end = self.skip(pos, is_bare);
                Ok((end, self.src[pos..end].iter().collect()))
            }
            Some('\'') => self.parse_literal_str(pos),
            Some('"') => self.parse_basic_str(pos + 1, false),
            _ => Self::err(pos, "Invalid initial character for a key part"),
        }
    }

    fn enter(&mut self) -> R<()> {
        self.depth += 1;
        if self.depth > self.max_depth {
            return Err(Fail::Py(PyErr::new(
                crate::object::ExcType::RecursionError,
                "maximum recursion depth exceeded",
            )));
        }
        Ok(())
    }

    fn parse_array(&mut self, pos: usize) -> R<(usize, Node)> {
        self.enter()?;
        let r = self.parse_array_items(pos);
        self.depth -= 1;
        r
    }

    fn parse_array_items(&mut self, pos: usize) -> R<(usize, Node)> {
        let mut items = Vec::new();
        let mut pos = self.skip_comments_and_array_ws(pos + 1)?;
        if self.at(pos) == Some(']') {
            return Ok((pos + 1, Node::Array(items)));
        }
        loop {
            let (p, v) = self.parse_value(pos)?;
            items.push(v);
            pos = self.skip_comments_and_array_ws(p)?;
            match self.at(pos) {
                Some(']') => return Ok((pos + 1, Node::Array(items))),
                Some(',') => {}
                _ => return Self::err(pos, "Unclosed array"),
            }
            pos = self.skip_comments_and_array_ws(pos + 1)?;
            if self.at(pos) == Some(']') {
                return Ok((pos + 1, Node::Array(items)));
            }
        }
    }

    fn parse_inline_table(&mut self, pos: usize) -> R<(usize, Node)> {
        self.enter()?;
        let r = self.parse_inline_items(pos);
        self.depth -= 1;
        r
    }

    fn parse_inline_items(&mut self, pos: usize) -> R<(usize, Node)> {
        let mut table = Table::default();
        let mut flags = Flags::default();
        let mut pos = self.skip(pos + 1, is_ws);
        if self.at(pos) == Some('}') {
            return Ok((pos + 1, Node::Table(table)));
        }
        loop {
            let (p, key, value) = self.parse_key_value_pair(pos)?;
            pos = p;
            let (parent, stem) = key.split_at(key.len() - 1);
            if flags.is(&key, FROZEN) {
                return Self::err(
                    pos,
                    format!("Cannot mutate immutable namespace {}", key_repr(&key)),
                );
            }
            let Ok(nest) = get_or_create_nest(&mut table, parent, false) else {
                return Self::err(pos, "Cannot overwrite a value");
            };
            if nest.contains(&stem[0]) {
                return Self::err(
                    pos,
                    format!(
                        "Duplicate inline table key {}",
                        crate::vm::repr::str_repr(&stem[0])
                    ),
                );
            }
            let container = matches!(value, Node::Table(_) | Node::Array(_));
            nest.insert(stem[0].clone(), value);
            pos = self.skip(pos, is_ws);
            match self.at(pos) {
                Some('}') => return Ok((pos + 1, Node::Table(table))),
                Some(',') => {}
                _ => return Self::err(pos, "Unclosed inline table"),
            }
            if container {
                flags.set(&key, FROZEN, true);
            }
            pos = self.skip(pos + 1, is_ws);
        }
    }

    /// A one-line or multi-line basic string from `pos` (after the
    /// opening quote(s)); returns the position after the closing quote(s).
    fn parse_basic_str(&mut self, mut pos: usize, multiline: bool) -> R<(usize, String)> {
        let illegal = if multiline {
            illegal_multiline
        } else {
            illegal_basic
        };
        let mut out = String::new();
        loop {
            let Some(c) = self.at(pos) else {
                return Self::err(pos, "Unterminated string");
            };
            if c == '"' {
                if !multiline {
                    return Ok((pos + 1, out));
                }
                if self.starts_with(pos, "\"\"\"") {
                    return Ok((pos + 3, out));
                }
                out.push(c);
                pos += 1;
                continue;
            }
            if c == '\\' {
                let (p, s) = self.parse_escape(pos, multiline)?;
                out.push_str(&s);
                pos = p;
                continue;
            }
            if illegal(c) {
                return Self::err(pos, format!("Illegal character {}", char_repr(c)));
            }
            out.push(c);
            pos += 1;
        }
    }

    fn parse_escape(&mut self, pos: usize, multiline: bool) -> R<(usize, String)> {
        let id = self.at(pos + 1);
        let mut pos = pos + 2;
        if multiline && matches!(id, Some(' ' | '\t' | '\n')) {
            if id != Some('\n') {
                pos = self.skip(pos, is_ws);
                match self.at(pos) {
                    None => return Ok((pos, String::new())),
                    Some('\n') => pos += 1,
                    Some(_) => return Self::err(pos, "Unescaped '\\' in a string"),
                }
            }
            pos = self.skip(pos, |c| is_ws(c) || c == '\n');
            return Ok((pos, String::new()));
        }
        let c = match id {
            Some('u') => return self.parse_hex_char(pos, 4),
            Some('U') => return self.parse_hex_char(pos, 8),
            Some('b') => '\u{8}',
            Some('t') => '\t',
            Some('n') => '\n',
            Some('f') => '\u{c}',
            Some('r') => '\r',
            Some('"') => '"',
            Some('\\') => '\\',
            _ => return Self::err(pos.min(self.src.len()), "Unescaped '\\' in a string"),
        };
        Ok((pos, c.to_string()))
    }

    fn parse_hex_char(&mut self, pos: usize, len: usize) -> R<(usize, String)> {
        let end = (pos + len).min(self.src.len());
        let digits = &self.src[pos..end];
        if digits.len() != len || !digits.iter().all(char::is_ascii_hexdigit) {
            return Self::err(pos, "Invalid hex value");
        }
        let s: String = digits.iter().collect();
        let n = u32::from_str_radix(&s, 16).unwrap_or(u32::MAX);
        match char::from_u32(n) {
            Some(c) => Ok((pos + len, c.to_string())),
            None => Self::err(pos + len, "Escaped character is not a Unicode scalar value"),
        }
    }

    fn parse_literal_str(&mut self, pos: usize) -> R<(usize, String)> {
        let start = pos + 1;
        let end = self.skip_until(start, "'", illegal_basic, true)?;
        Ok((end + 1, self.src[start..end].iter().collect()))
    }

    fn parse_multiline_str(&mut self, pos: usize, literal: bool) -> R<(usize, String)> {
        let mut pos = pos + 3;
        if self.at(pos) == Some('\n') {
            pos += 1;
        }
        let (delim, mut pos, mut result) = if literal {
            let end = self.skip_until(pos, "'''", illegal_multiline, true)?;
            ('\'', end + 3, self.src[pos..end].iter().collect::<String>())
        } else {
            let (p, s) = self.parse_basic_str(pos, true)?;
            ('"', p, s)
        };
        for _ in 0..2 {
            if self.at(pos) != Some(delim) {
                break;
            }
            result.push(delim);
            pos += 1;
        }
        Ok((pos, result))
    }

    fn parse_value(&mut self, pos: usize) -> R<(usize, Node)> {
        let c = self.at(pos);
        match c {
            Some('"') => {
                let (p, s) = if self.starts_with(pos, "\"\"\"") {
                    self.parse_multiline_str(pos, false)?
                } else {
                    self.parse_basic_str(pos + 1, false)?
                };
                return Ok((p, Node::Scalar(self.vm.new_str(s))));
            }
            Some('\'') => {
                let (p, s) = if self.starts_with(pos, "'''") {
                    self.parse_multiline_str(pos, true)?
                } else {
                    self.parse_literal_str(pos)?
                };
                return Ok((p, Node::Scalar(self.vm.new_str(s))));
            }
            Some('t') if self.starts_with(pos, "true") => {
                return Ok((pos + 4, Node::Scalar(Value::Bool(true))))
            }
            Some('f') if self.starts_with(pos, "false") => {
                return Ok((pos + 5, Node::Scalar(Value::Bool(false))))
            }
            Some('[') => return self.parse_array(pos),
            Some('{') => return self.parse_inline_table(pos),
            _ => {}
        }
        if let Some(r) = super::tomllib::parse_datetime(self.vm, &self.src, pos)? {
            return Ok(r);
        }
        if let Some((end, is_float)) = self.match_number(pos) {
            let text: String = self.src[pos..end].iter().collect();
            let v = if is_float {
                self.float_value(&text)?
            } else {
                super::tomllib::int_value(self.vm, &text)?
            };
            return Ok((end, Node::Scalar(v)));
        }
        for len in [3, 4] {
            let end = (pos + len).min(self.src.len());
            let text: String = self.src[pos..end].iter().collect();
            let special = match len {
                3 => matches!(text.as_str(), "inf" | "nan"),
                _ => matches!(text.as_str(), "-inf" | "+inf" | "-nan" | "+nan"),
            };
            if special {
                return Ok((end, Node::Scalar(self.float_value(&text)?)));
            }
        }
        Self::err(pos, "Invalid value")
    }

    /// `parse_float(text)`, checked not to return a dict or list.
    fn float_value(&mut self, text: &str) -> R<Value> {
        let s = self.vm.new_str(text);
        let Some(f) = self.parse_float else {
            let v =
                self.vm
                    .call_value(Value::Type(crate::object::Type::Float), vec![s], Vec::new())?;
            return Ok(v);
        };
        let v = self.vm.call_value(f, vec![s], Vec::new())?;
        if let Value::Ref(r) = v {
            if matches!(
                self.vm.heap.get(r),
                crate::object::Obj::Dict(_) | crate::object::Obj::List(_)
            ) {
                return Err(Fail::Py(PyErr::value_error(
                    "parse_float must not return dicts or lists",
                )));
            }
        }
        Ok(v)
    }

    /// Digits of `radix` with single underscores between them, from `pos`:
    /// the end, or `None` if there is not even one digit.
    fn digits(&self, pos: usize, ok: fn(char) -> bool) -> Option<usize> {
        if !self.at(pos).is_some_and(ok) {
            return None;
        }
        let mut p = pos + 1;
        loop {
            match self.at(p) {
                Some(c) if ok(c) => p += 1,
                Some('_') if self.at(p + 1).is_some_and(ok) => p += 2,
                _ => return Some(p),
            }
        }
    }

    /// The number at `pos` per TOML's grammar: its end and whether it has
    /// a fraction or exponent.
    fn match_number(&self, pos: usize) -> Option<(usize, bool)> {
        if self.at(pos) == Some('0') {
            let prefixed = match self.at(pos + 1) {
                Some('x') => self.digits(pos + 2, |c| c.is_ascii_hexdigit()),
                Some('b') => self.digits(pos + 2, |c| c == '0' || c == '1'),
                Some('o') => self.digits(pos + 2, |c| ('0'..='7').contains(&c)),
                _ => None,
            };
            if let Some(end) = prefixed {
                return Some((end, false));
            }
        }
        let mut p = pos;
        if matches!(self.at(p), Some('+' | '-')) {
            p += 1;
        }
        let dec = |c: char| c.is_ascii_digit();
        p = match self.at(p) {
            Some('0') => p + 1,
            Some('1'..='9') => self.digits(p, dec)?,
            _ => return None,
        };
        let int_end = p;
        if self.at(p) == Some('.') {
            if let Some(e) = self.digits(p + 1, dec) {
                p = e;
            }
        }
        if matches!(self.at(p), Some('e' | 'E')) {
            let mut q = p + 1;
            if matches!(self.at(q), Some('+' | '-')) {
                q += 1;
            }
            if let Some(e) = self.digits(q, dec) {
                p = e;
            }
        }
        Some((p, p != int_end))
    }
}
