//! PEP 701 f-strings (Python 3.12+) ahead of `rustpython-parser`, whose
//! grammar is 3.11's: inside the braces, the f-string's own quotes,
//! backslashes, comments and line breaks.
//!
//! Only when a module fails to parse, [`rewrite`] lexes every f-string of
//! the source itself and replaces it by a placeholder call of the same
//! line span, `__monty_fstring__(K, (expr1), (expr2), ...)`: each
//! replacement field's expression is kept verbatim in its own parentheses
//! (where 3.11 allows all of the above), on its own lines, so line numbers
//! do not move. After parsing, [`splice`] turns each placeholder back into
//! the `JoinedStr` node the parser would have built, from the literal text,
//! conversions and format specs recorded in table entry `K`. The compiler
//! sees an ordinary f-string.

use rustpython_parser::ast::{self, fold, ConversionFlag, Fold};
use rustpython_parser::text_size::TextRange;

use crate::error::CompileError;

/// The placeholder's name: no Python program defines it.
const PLACEHOLDER: &str = "__monty_fstring__";

/// One lexed f-string.
#[derive(Debug)]
pub struct FString {
    parts: Vec<Part>,
}

#[derive(Debug)]
enum Part {
    Literal(String),
    /// A replacement field: its expression is the placeholder's next
    /// argument; `debug` is the `{expr=}` text shown before the value.
    Field {
        conversion: ConversionFlag,
        spec: Option<Vec<Part>>,
        debug: Option<String>,
    },
}

/// The source with every f-string replaced by a placeholder, and what the
/// placeholders stand for; None when the source has no f-string or one
/// this lexer cannot read (the parser's error is then reported).
pub fn rewrite(source: &str) -> Option<(String, Vec<FString>)> {
    let mut table = Vec::new();
    let out = Lexer {
        s: source.as_bytes(),
        src: source,
        table: &mut table,
        nest: 0,
    }
    .code(0, source.len(), 0)?;
    if table.is_empty() {
        return None;
    }
    Some((out, table))
}

struct Lexer<'a, 't> {
    s: &'a [u8],
    src: &'a str,
    table: &'t mut Vec<FString>,
    /// f-strings nested around the one being lexed.
    nest: u32,
}

/// Deepest f-string nesting lexed (each level is lexed twice, to find its
/// end and then to rewrite it); deeper code keeps the parser's error.
const MAX_NESTING: u32 = 12;

/// The expressions of one f-string's fields, in order, each with the
/// count of literal line breaks before it; `pending`: the breaks since the
/// last one.
#[derive(Default)]
struct Args {
    exprs: Vec<(usize, String)>,
    pending: usize,
}

/// What a string literal starting at some offset is.
struct StrStart {
    /// Offset of the opening quote.
    quote_at: usize,
    quote: u8,
    triple: bool,
    is_f: bool,
    raw: bool,
}

impl Lexer<'_, '_> {
    /// Copies code `from..to` (inside `depth` brackets), replacing the
    /// f-strings in it.
    fn code(&mut self, from: usize, to: usize, mut depth: usize) -> Option<String> {
        let mut out = String::new();
        let mut i = from;
        let mut copied = from;
        while i < to {
            let c = self.s[i];
            if c == b'#' {
                while i < to && self.s[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            if self.string_start(i).is_some() {
                let (text, end) = self.literal_run(i, depth)?;
                if let Some(text) = text {
                    out.push_str(&self.src[copied..i]);
                    out.push_str(&text);
                    copied = end;
                }
                i = end;
                continue;
            }
            match c {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth = depth.saturating_sub(1),
                _ => {}
            }
            if c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80 {
                // an identifier or number: not a string prefix
                while i < to
                    && (self.s[i].is_ascii_alphanumeric() || self.s[i] == b'_' || self.s[i] >= 0x80)
                {
                    i += 1;
                }
                continue;
            }
            i += 1;
        }
        out.push_str(&self.src[copied..to]);
        Some(out)
    }

    /// The run of adjacent string literals at `i` (implicitly
    /// concatenated): its end, and if it holds an f-string, the one
    /// placeholder that stands for the whole run.
    fn literal_run(&mut self, i: usize, depth: usize) -> Option<(Option<String>, usize)> {
        let mut lits = Vec::new();
        let mut j = i;
        loop {
            let st = self.string_start(j)?;
            let end = self.string_end(&st)?;
            lits.push((st, j, end));
            let next = self.gap(end, depth);
            if self.string_start(next).is_none() {
                break;
            }
            j = next;
        }
        let end = lits.last()?.2;
        if !lits.iter().any(|(st, ..)| st.is_f) {
            return Some((None, end));
        }
        let mut args = Args::default();
        let mut parts = Vec::new();
        let mut prev_end = i;
        for (st, start, end) in &lits {
            args.pending += self.src[prev_end..*start].matches('\n').count();
            prev_end = *end;
            let qlen = if st.triple { 3 } else { 1 };
            if st.is_f {
                parts.extend(self.parts(st.quote_at + qlen, st, false, &mut args)?.0);
            } else {
                if self.src[*start..st.quote_at]
                    .to_ascii_lowercase()
                    .contains('b')
                {
                    return None;
                }
                let body = &self.src[st.quote_at + qlen..end - qlen];
                args.pending += body.matches('\n').count();
                parts.push(Part::Literal(self.plain_value(
                    st,
                    st.quote_at + qlen,
                    end - qlen,
                )?));
            }
        }
        let k = self.table.len();
        self.table.push(FString { parts });
        // each expression after the line breaks before it, so it stays on
        // its lines
        let mut text = format!("{PLACEHOLDER}({k}");
        for (breaks, arg) in &args.exprs {
            text.push_str(&"\n".repeat(*breaks));
            text.push_str(", (");
            text.push_str(arg);
            text.push(')');
        }
        text.push_str(&"\n".repeat(args.pending));
        text.push(')');
        Some((Some(text), end))
    }

    /// Past the blanks after offset `i` that may separate concatenated
    /// literals: spaces and line continuations, and inside brackets line
    /// breaks and comments too.
    fn gap(&self, mut i: usize, depth: usize) -> usize {
        while let Some(&c) = self.s.get(i) {
            match c {
                b' ' | b'\t' | b'\x0c' => i += 1,
                b'\\' if self.s.get(i + 1) == Some(&b'\n') => i += 2,
                b'\n' | b'\r' if depth > 0 => i += 1,
                b'#' if depth > 0 => {
                    while self.s.get(i).is_some_and(|&c| c != b'\n') {
                        i += 1;
                    }
                }
                _ => break,
            }
        }
        i
    }

    /// The value of a plain string literal's body `from..to`.
    fn plain_value(&self, st: &StrStart, from: usize, to: usize) -> Option<String> {
        if st.raw {
            return Some(self.src[from..to].to_string());
        }
        let mut v = String::new();
        let mut i = from;
        while i < to {
            if self.s[i] == b'\\' {
                let (text, next) = self.escape(i)?;
                v.push_str(&text);
                i = next;
            } else {
                let ch = self.src[i..].chars().next()?;
                v.push(ch);
                i += ch.len_utf8();
            }
        }
        Some(v)
    }

    /// A string literal (with its prefix) starting at `i`.
    fn string_start(&self, i: usize) -> Option<StrStart> {
        if i > 0 && (self.s[i - 1].is_ascii_alphanumeric() || self.s[i - 1] == b'_') {
            return None;
        }
        let mut j = i;
        while j < self.s.len() && j - i < 3 && self.s[j].is_ascii_alphabetic() {
            j += 1;
        }
        // (bytes: `i` may sit inside a multi-byte character)
        let prefix: String = self.s[i..j]
            .iter()
            .map(|b| b.to_ascii_lowercase() as char)
            .collect();
        if !matches!(
            prefix.as_str(),
            "" | "r" | "u" | "b" | "f" | "br" | "rb" | "fr" | "rf"
        ) {
            return None;
        }
        let quote = *self.s.get(j)?;
        if quote != b'\'' && quote != b'"' {
            return None;
        }
        let triple = self.s.get(j + 1) == Some(&quote) && self.s.get(j + 2) == Some(&quote);
        Some(StrStart {
            quote_at: j,
            quote,
            triple,
            is_f: prefix.contains('f'),
            raw: prefix.contains('r'),
        })
    }

    fn closes(&self, i: usize, st: &StrStart) -> bool {
        self.s[i] == st.quote
            && (!st.triple
                || (self.s.get(i + 1) == Some(&st.quote) && self.s.get(i + 2) == Some(&st.quote)))
    }

    /// The offset after the string literal `st` (an f-string is lexed into
    /// a throwaway table to find it).
    fn string_end(&self, st: &StrStart) -> Option<usize> {
        if !st.is_f {
            return self.skip_string(st);
        }
        let mut scratch = Lexer {
            s: self.s,
            src: self.src,
            table: &mut Vec::new(),
            nest: self.nest,
        };
        let qlen = if st.triple { 3 } else { 1 };
        let (_, end) = scratch.parts(st.quote_at + qlen, st, false, &mut Args::default())?;
        Some(end + qlen)
    }

    /// The end of a plain (non-f) string literal.
    fn skip_string(&self, st: &StrStart) -> Option<usize> {
        let qlen = if st.triple { 3 } else { 1 };
        let mut i = st.quote_at + qlen;
        while i < self.s.len() {
            match self.s[i] {
                b'\\' => i += 2,
                b'\n' if !st.triple => return None,
                _ if self.closes(i, st) => return Some(i + qlen),
                _ => i += 1,
            }
        }
        None
    }

    /// The parts of an f-string (or of a format spec, `in_spec`) from `i`
    /// to its closing quote (`}` for a spec); the fields' expressions go to
    /// `args`.
    fn parts(
        &mut self,
        mut i: usize,
        st: &StrStart,
        in_spec: bool,
        args: &mut Args,
    ) -> Option<(Vec<Part>, usize)> {
        let mut parts = Vec::new();
        let mut lit = String::new();
        loop {
            let c = *self.s.get(i)?;
            if !in_spec && self.closes(i, st) {
                break;
            }
            if in_spec && c == b'}' {
                break;
            }
            match c {
                b'{' if self.s.get(i + 1) == Some(&b'{') && !in_spec => {
                    lit.push('{');
                    i += 2;
                }
                b'}' if self.s.get(i + 1) == Some(&b'}') => {
                    lit.push('}');
                    i += 2;
                }
                b'}' => return None,
                b'{' => {
                    if !lit.is_empty() {
                        parts.push(Part::Literal(std::mem::take(&mut lit)));
                    }
                    let (part, next) = self.field(i + 1, st, args)?;
                    parts.push(part);
                    i = next;
                }
                b'\n' if !st.triple => return None,
                b'\\' if !st.raw => {
                    let (text, next) = self.escape(i)?;
                    lit.push_str(&text);
                    i = next;
                }
                _ => {
                    let ch = self.src[i..].chars().next()?;
                    if ch == '\n' {
                        args.pending += 1;
                    }
                    lit.push(ch);
                    i += ch.len_utf8();
                }
            }
        }
        if !lit.is_empty() {
            parts.push(Part::Literal(lit));
        }
        Some((parts, i))
    }

    /// A replacement field after its `{`: the part and the offset after `}`.
    fn field(&mut self, start: usize, st: &StrStart, args: &mut Args) -> Option<(Part, usize)> {
        if self.nest >= MAX_NESTING {
            return None;
        }
        self.nest += 1;
        let r = self.field_in(start, st, args);
        self.nest -= 1;
        r
    }

    fn field_in(&mut self, start: usize, st: &StrStart, args: &mut Args) -> Option<(Part, usize)> {
        let mut i = start;
        let mut depth = 0usize;
        let expr_end;
        let mut debug_end = None;
        loop {
            let c = *self.s.get(i)?;
            if depth == 0 {
                match c {
                    b'}' | b':' => {
                        expr_end = i;
                        break;
                    }
                    b'!' if self.s.get(i + 1) != Some(&b'=') => {
                        expr_end = i;
                        break;
                    }
                    b'=' if i > start
                        && self.s.get(i + 1) != Some(&b'=')
                        && !matches!(self.s[i - 1], b'=' | b'!' | b'<' | b'>' | b':') =>
                    {
                        // `{expr=}`: what follows is whitespace, then ! : or }
                        let mut j = i + 1;
                        while matches!(self.s.get(j), Some(b' ' | b'\t' | b'\n')) {
                            j += 1;
                        }
                        if matches!(self.s.get(j), Some(b'}' | b'!' | b':')) {
                            expr_end = i;
                            debug_end = Some(j);
                            break;
                        }
                    }
                    _ => {}
                }
            }
            match c {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth = depth.checked_sub(1)?,
                b'#' => {
                    while *self.s.get(i)? != b'\n' {
                        i += 1;
                    }
                    continue;
                }
                _ => {}
            }
            if let Some(inner) = self.string_start(i) {
                // (skipped here: f-strings in it are rewritten with the
                // whole expression)
                i = self.string_end(&inner)?;
                continue;
            }
            if c.is_ascii_alphanumeric() || c == b'_' {
                while self
                    .s
                    .get(i)
                    .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
                {
                    i += 1;
                }
                continue;
            }
            i += 1;
        }
        let expr_text = &self.src[start..expr_end];
        if expr_text.trim().is_empty() {
            return None;
        }
        let debug = debug_end.map(|e| self.src[start..e].to_string());
        i = debug_end.unwrap_or(expr_end);
        // the expression, its own f-strings rewritten
        let arg = self.code(start, expr_end, 1)?;
        args.exprs.push((std::mem::take(&mut args.pending), arg));
        // (line breaks between `=` and what follows)
        args.pending += self.src[expr_end..i].matches('\n').count();
        let mut conversion = ConversionFlag::None;
        if self.s.get(i) == Some(&b'!') {
            conversion = match self.s.get(i + 1)? {
                b's' => ConversionFlag::Str,
                b'r' => ConversionFlag::Repr,
                b'a' => ConversionFlag::Ascii,
                _ => return None,
            };
            i += 2;
        }
        let mut spec = None;
        if self.s.get(i) == Some(&b':') {
            let (parts, end) = self.parts(i + 1, st, true, args)?;
            spec = Some(parts);
            i = end;
        }
        if self.s.get(i) != Some(&b'}') {
            return None;
        }
        if debug.is_some() && conversion == ConversionFlag::None && spec.is_none() {
            conversion = ConversionFlag::Repr;
        }
        Some((
            Part::Field {
                conversion,
                spec,
                debug,
            },
            i + 1,
        ))
    }

    /// A backslash escape of a literal part at `i`: its text and the
    /// offset after it.
    fn escape(&self, i: usize) -> Option<(String, usize)> {
        let c = *self.s.get(i + 1)?;
        let simple = match c {
            b'\n' => Some(""),
            b'\\' => Some("\\"),
            b'\'' => Some("'"),
            b'"' => Some("\""),
            b'a' => Some("\x07"),
            b'b' => Some("\x08"),
            b'f' => Some("\x0c"),
            b'n' => Some("\n"),
            b'r' => Some("\r"),
            b't' => Some("\t"),
            b'v' => Some("\x0b"),
            _ => None,
        };
        if let Some(s) = simple {
            return Some((s.to_string(), i + 2));
        }
        let hex = |len: usize| -> Option<(String, usize)> {
            let digits = self.src.get(i + 2..i + 2 + len)?;
            let n = u32::from_str_radix(digits, 16).ok()?;
            Some((char::from_u32(n)?.to_string(), i + 2 + len))
        };
        match c {
            b'x' => hex(2),
            b'u' => hex(4),
            b'U' => hex(8),
            b'0'..=b'7' => {
                let mut j = i + 1;
                let mut n = 0u32;
                while j < i + 4 && matches!(self.s.get(j), Some(b'0'..=b'7')) {
                    n = n * 8 + u32::from(self.s[j] - b'0');
                    j += 1;
                }
                Some((char::from_u32(n)?.to_string(), j))
            }
            // (`\N{...}` needs the Unicode name table: left to the parser's error)
            b'N' => None,
            // an unknown escape keeps its backslash; the next character is
            // read as usual (`\{` still opens a field)
            _ => Some(("\\".to_string(), i + 1)),
        }
    }
}

/// Replaces the placeholders of [`rewrite`] in the parsed module by the
/// f-strings they stand for.
///
/// # Errors
/// A `SyntaxError` if a placeholder is malformed (a program that calls
/// the placeholder name itself).
pub fn splice(body: Vec<ast::Stmt>, table: Vec<FString>) -> Result<Vec<ast::Stmt>, CompileError> {
    let mut splicer = Splicer {
        table: table.into_iter().map(Some).collect(),
    };
    body.into_iter().map(|s| splicer.fold_stmt(s)).collect()
}

struct Splicer {
    table: Vec<Option<FString>>,
}

impl Fold<TextRange> for Splicer {
    type TargetU = TextRange;
    type Error = CompileError;
    type UserContext = ();

    fn will_map_user(&mut self, _user: &TextRange) {}

    fn map_user(&mut self, user: TextRange, _context: ()) -> Result<TextRange, CompileError> {
        Ok(user)
    }

    fn fold_expr(&mut self, node: ast::Expr) -> Result<ast::Expr, CompileError> {
        let ast::Expr::Call(call) = node else {
            return fold::fold_expr(self, node);
        };
        let is_placeholder =
            matches!(&*call.func, ast::Expr::Name(n) if n.id.as_str() == PLACEHOLDER);
        if !is_placeholder {
            return fold::fold_expr(self, ast::Expr::Call(call));
        }
        let bad = || CompileError::syntax("invalid f-string".into(), 0);
        let mut args = call.args.into_iter();
        let k = match args.next() {
            Some(ast::Expr::Constant(c)) => match c.value {
                ast::Constant::Int(k) => usize::try_from(&k).map_err(|_| bad())?,
                _ => return Err(bad()),
            },
            _ => return Err(bad()),
        };
        let fstring = self
            .table
            .get_mut(k)
            .and_then(Option::take)
            .ok_or_else(bad)?;
        let mut fields = Vec::with_capacity(args.len());
        for a in args {
            fields.push(self.fold_expr(a)?);
        }
        let mut fields = fields.into_iter();
        let values = joined(fstring.parts, &mut fields, call.range)?;
        Ok(ast::Expr::JoinedStr(ast::ExprJoinedStr {
            range: call.range,
            values,
        }))
    }
}

/// The `JoinedStr` values of `parts`, taking field expressions in order.
fn joined(
    parts: Vec<Part>,
    fields: &mut impl Iterator<Item = ast::Expr>,
    range: TextRange,
) -> Result<Vec<ast::Expr>, CompileError> {
    let text = |s: String| {
        ast::Expr::Constant(ast::ExprConstant {
            range,
            value: ast::Constant::Str(s),
            kind: None,
        })
    };
    let mut values = Vec::new();
    for part in parts {
        match part {
            Part::Literal(s) => values.push(text(s)),
            Part::Field {
                conversion,
                spec,
                debug,
            } => {
                let value = fields
                    .next()
                    .ok_or_else(|| CompileError::syntax("invalid f-string".into(), 0))?;
                if let Some(d) = debug {
                    values.push(text(d));
                }
                let format_spec = match spec {
                    Some(p) => Some(Box::new(ast::Expr::JoinedStr(ast::ExprJoinedStr {
                        range,
                        values: joined(p, fields, range)?,
                    }))),
                    None => None,
                };
                values.push(ast::Expr::FormattedValue(ast::ExprFormattedValue {
                    range,
                    value: Box::new(value),
                    conversion,
                    format_spec,
                }));
            }
        }
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::rewrite;

    fn placeholders(src: &str) -> String {
        rewrite(src).expect("rewritten").0
    }

    #[test]
    fn fields_become_parenthesized_arguments() {
        assert_eq!(
            placeholders("print(f\"{d[\"k\"]}\")\n"),
            "print(__monty_fstring__(0, (d[\"k\"])))\n"
        );
    }

    #[test]
    fn lines_are_kept() {
        let src = "x = f\"\"\"a\n{b}\nc{\n  d # note\n}\"\"\"\ny = 1\n";
        let out = placeholders(src);
        assert_eq!(
            out.matches('\n').count(),
            src.matches('\n').count(),
            "{out}"
        );
        assert!(out.ends_with("\ny = 1\n"), "{out}");
    }

    #[test]
    fn adjacent_literals_are_one_placeholder() {
        assert_eq!(
            placeholders("s = (\"a\" f'{x}'\n     f\"{y!r}\")\n"),
            "s = (__monty_fstring__(0, (x)\n, (y)))\n"
        );
    }

    #[test]
    fn deep_nesting_gives_none_quickly() {
        let mut src = String::from("x");
        for _ in 0..200 {
            src = format!("f\"{{{src}}}\"");
        }
        assert!(rewrite(&format!("y = {src}\n")).is_none());
    }

    #[test]
    fn no_fstring_or_unreadable_gives_none() {
        assert!(rewrite("x = 'plain'\n").is_none());
        assert!(rewrite("x = f'{unclosed'\n").is_none());
    }
}
