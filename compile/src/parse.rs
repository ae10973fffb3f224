//! Parsing: source text → `rustpython-parser` AST, with errors turned into
//! CPython-style `SyntaxError`s (and a clear message for the PEP 701
//! nested-quote f-strings the parser does not know).

use rustpython_parser::{ast, Parse};

use crate::error::{CompileError, LineIndex};

/// Deepest bracket nesting accepted (CPython's parser stops at 200 too);
/// checked before parsing so deep nesting cannot exhaust the native stack.
const MAX_BRACKET_DEPTH: usize = 200;

/// Parses a module.
///
/// # Errors
/// A `SyntaxError` with the line it was found on.
pub fn parse_module(source: &str, filename: &str) -> Result<Vec<ast::Stmt>, CompileError> {
    check_nesting(source)?;
    match ast::Suite::parse(source, filename) {
        Ok(body) => Ok(body),
        Err(e) => {
            let lines = LineIndex::new(source);
            let line = lines.line(e.offset.into());
            let src_line = source
                .lines()
                .nth(line.saturating_sub(1) as usize)
                .unwrap_or("");
            if has_nested_quote_fstring(src_line) {
                return Err(CompileError::syntax(
                    "f-string: nested quotes of the same kind inside an f-string (Python 3.12+, PEP 701) are not supported; use the other quote character inside the braces".into(),
                    line,
                ));
            }
            let msg = match &e.error {
                rustpython_parser::ParseErrorType::Eof => {
                    "unexpected EOF while parsing".to_string()
                }
                rustpython_parser::ParseErrorType::Lexical(l) => l.to_string(),
                _ => "invalid syntax".to_string(),
            };
            Err(CompileError::syntax(msg, line))
        }
    }
}

/// Rejects bracket nesting deeper than CPython allows, before parsing.
fn check_nesting(source: &str) -> Result<(), CompileError> {
    let mut depth = 0usize;
    let mut line = 1u32;
    let mut quote: Option<char> = None;
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (_, '\n') => line += 1,
            (Some(q), '\\') => {
                let _ = q;
                chars.next();
            }
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '#') => {
                while let Some(&n) = chars.peek() {
                    if n == '\n' {
                        break;
                    }
                    chars.next();
                }
            }
            (None, '\'' | '"') => quote = Some(c),
            (None, '(' | '[' | '{') => {
                depth += 1;
                if depth > MAX_BRACKET_DEPTH {
                    return Err(CompileError::syntax(
                        "too many nested parentheses".into(),
                        line,
                    ));
                }
            }
            (None, ')' | ']' | '}') => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(())
}

/// Does the line contain an f-string whose `{...}` part uses the f-string's
/// own quote character (valid only since Python 3.12)?
fn has_nested_quote_fstring(line: &str) -> bool {
    let b = line.as_bytes();
    let mut i = 0;
    while i + 1 < b.len() {
        let is_prefix =
            matches!(b[i], b'f' | b'F') && (i == 0 || !(b[i - 1] as char).is_alphanumeric());
        if is_prefix && (b[i + 1] == b'"' || b[i + 1] == b'\'') {
            let q = b[i + 1];
            let mut j = i + 2;
            let mut depth = 0;
            while j < b.len() {
                match b[j] {
                    b'{' => depth += 1,
                    b'}' => depth = (depth - 1).max(0),
                    c if c == q && depth > 0 => return true,
                    c if c == q => break,
                    _ => {}
                }
                j += 1;
            }
            i = j;
        }
        i += 1;
    }
    false
}
