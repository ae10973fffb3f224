//! `monty repl`: an interactive session with CPython's prompts. Each input
//! (one line, or a block ended by an empty line) is the next cell of one
//! [`monty_host::Session`]: names, imports, functions and classes carry
//! over; a non-None value of a last expression is echoed as its `repr()`;
//! an exception prints its traceback and the session goes on. Prompts go
//! to stderr as CPython's do (`>>> `, `... `); cells are named
//! `<python-input-N>` in tracebacks, as CPython 3.13 names them.
//!
//! A cell that hits a limit would take the session's state with it, so the
//! state is saved before each cell and restored after such a breach.
//!
//! Does not cover: line editing and history (no readline), Ctrl-C (it ends
//! the process), echoing every expression statement of a block (only a
//! last one, as a cell's value).

use std::io::{BufRead, Write};

use monty_host::{CaptureSink, Engine, Error, Session, StartRequest, StdioSink};

use super::args::RunArgs;
use super::{drive, prepare, report_error, Failure, Finished, EXIT_OK};

/// Whether more lines are needed before `text` can run: open brackets or
/// triple-quoted strings, a trailing backslash, or a block (a first line
/// ending in `:`, a compound statement's or a decorator) not yet closed by
/// an empty line.
pub fn needs_more(text: &str) -> bool {
    let mut depth = 0i32;
    let mut quote: Option<(char, bool)> = None;
    let mut chars = text.chars().peekable();
    let mut line_end_escaped = false;
    while let Some(c) = chars.next() {
        line_end_escaped = false;
        match quote {
            Some((q, triple)) => match c {
                '\\' => {
                    chars.next();
                }
                '\n' if !triple => quote = None,
                c if c == q => {
                    if !triple {
                        quote = None;
                    } else if chars.peek() == Some(&q) {
                        chars.next();
                        if chars.peek() == Some(&q) {
                            chars.next();
                            quote = None;
                        }
                    }
                }
                _ => {}
            },
            None => match c {
                '#' => {
                    while chars.peek().is_some_and(|&n| n != '\n') {
                        chars.next();
                    }
                }
                '\'' | '"' => {
                    let mut triple = false;
                    let mut ahead = chars.clone();
                    if ahead.next() == Some(c) && ahead.next() == Some(c) {
                        chars.next();
                        chars.next();
                        triple = true;
                    }
                    quote = Some((c, triple));
                }
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => depth -= 1,
                '\\' if chars.peek() == Some(&'\n') || chars.peek().is_none() => {
                    chars.next();
                    line_end_escaped = true;
                }
                _ => {}
            },
        }
    }
    if depth > 0 || matches!(quote, Some((_, true))) || line_end_escaped {
        return true;
    }
    let lines: Vec<&str> = text.trim_end_matches('\n').split('\n').collect();
    let first = strip_comment(lines[0]).trim_end();
    let keyword = first
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .next();
    // (a compound statement on one line, `while x: x -= 1`, is a block too)
    let compound = matches!(
        keyword,
        Some("if" | "while" | "for" | "def" | "class" | "with" | "try" | "async")
    );
    let opens_block = compound || first.ends_with(':') || first.starts_with('@');
    if !opens_block {
        return false;
    }
    // a block ends with an empty line
    let closed = text.ends_with("\n\n")
        || (lines.len() > 1 && lines.last().is_some_and(|l| l.trim().is_empty()));
    !closed
}

/// The line without a `#` comment (outside strings).
fn strip_comment(line: &str) -> &str {
    let mut quote = None;
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '#') => return &line[..i],
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            _ => {}
        }
    }
    line
}

/// Reads one cell with prompts; `None` at end of input.
fn read_cell(input: &mut impl BufRead) -> Option<String> {
    let mut text = String::new();
    loop {
        eprint!("{}", if text.is_empty() { ">>> " } else { "... " });
        let _ = std::io::stderr().flush();
        let mut line = String::new();
        match input.read_line(&mut line) {
            Ok(0) | Err(_) => {
                eprintln!();
                return if text.trim().is_empty() {
                    None
                } else {
                    Some(text)
                };
            }
            Ok(_) => {}
        }
        if !line.ends_with('\n') {
            line.push('\n');
        }
        if text.is_empty() && line.trim().is_empty() {
            continue;
        }
        text.push_str(&line);
        if !needs_more(&text) {
            return Some(text);
        }
    }
}

/// `monty repl`.
pub fn cmd_repl(run: RunArgs) -> u8 {
    let (engine, os, mut server) = match prepare(&run) {
        Ok(parts) => parts,
        Err(exit) => return exit,
    };
    eprintln!(
        "monty {} (Python 3.13 in a sandbox)\nType Ctrl-D to exit.",
        env!("CARGO_PKG_VERSION")
    );
    let mut session = engine.session();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut n = 0u64;
    while let Some(code) = read_cell(&mut input) {
        let mut request = StartRequest::new(code).filename(format!("<python-input-{n}>"));
        n += 1;
        request.inputs.clone_from(&run.inputs);
        request.cwd.clone_from(&run.cwd);
        if let Some(server) = &server {
            request.externals = server.functions.clone();
        }
        let before = (session.cells() > 0)
            .then(|| session.snapshot().ok())
            .flatten();
        let first = session.feed(request, StdioSink);
        match drive(first, server.as_mut(), &os, None) {
            Ok(Finished::Complete(_, repr)) => {
                if let Some(repr) = repr {
                    println!("{repr}");
                }
            }
            Ok(Finished::Saved(..)) => {}
            Err(Failure::Run(error)) => {
                report_error(&error, None);
                if matches!(error, Error::Limit(_)) {
                    session = recover(&engine, before);
                }
            }
            Err(Failure::Host(message)) => {
                report_error(&Error::Internal(message), None);
                session = recover(&engine, before);
            }
        }
        let _ = std::io::stdout().flush();
    }
    if let Some(server) = server {
        server.finish();
    }
    EXIT_OK
}

/// The session as it was before the cell that ended it.
fn recover(engine: &Engine, before: Option<Vec<u8>>) -> Session {
    let restored = before.and_then(|bytes| {
        engine
            .restore_session(&bytes, None, CaptureSink::new())
            .ok()
            .map(|(session, _)| session)
    });
    match restored {
        Some(session) => {
            eprintln!("monty: the session is back to where it was before that input");
            session
        }
        None => {
            eprintln!("monty: the session's state is lost; starting a new session");
            engine.session()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::needs_more;

    #[test]
    fn complete_inputs_run_at_once() {
        for text in [
            "1 + 1\n",
            "x = [1,\n 2]\n",
            "s = '''a\nb'''\n",
            "print(':')\n",
            "d = {}  # {\n",
        ] {
            assert!(!needs_more(text), "{text:?}");
        }
    }

    #[test]
    fn open_inputs_wait_for_more() {
        for text in [
            "x = [1,\n",
            "s = '''a\n",
            "x = 1 + \\\n",
            "def f():\n",
            "def f():\n    return 1\n",
            "@decorator\n",
            "for i in range(3):  # loop\n",
            "if x:\n    pass\nelse:\n",
            "while x: x -= 1\n",
        ] {
            assert!(needs_more(text), "{text:?}");
        }
        assert!(!needs_more("def f():\n    return 1\n\n"));
    }
}
