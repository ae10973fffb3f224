//! Parsing: source text → `rustpython-parser` AST, with errors turned into
//! CPython-style `SyntaxError`s. A module that fails to parse is tried
//! again with its f-strings lexed here (`fstring.rs`: the PEP 701 forms
//! the parser's 3.11 grammar does not know).

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
            if let Some((rewritten, table)) = crate::fstring::rewrite(source) {
                if let Ok(body) = ast::Suite::parse(&rewritten, filename) {
                    return crate::fstring::splice(body, table);
                }
            }
            let lines = LineIndex::new(source);
            let line = lines.line(e.offset.into());
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
