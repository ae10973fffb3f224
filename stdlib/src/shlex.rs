//! `shlex`: `split` (POSIX and non-POSIX modes, optional `#` comments),
//! `quote` and `join`. `split` runs the tokenizer state machine of
//! CPython's `shlex.shlex` with `whitespace_split=True` over the whole
//! text, so quoting, backslash escapes, empty quoted words and its
//! `ValueError`s ("No closing quotation", "No escaped character") match.

use super::ModuleDef;
use crate::object::bytes::as_bytes;
use crate::object::Value;
use crate::vm::{as_str, PyErr, PyResult, Vm};

/// Where the tokenizer is.
#[derive(Clone, Copy, PartialEq)]
enum State {
    /// Between words (`' '`).
    Space,
    /// Inside a word (`'a'`).
    Word,
    /// Inside quotes opened by this character.
    Quote(char),
    /// After a backslash.
    Escape,
    /// Past the end (`None`).
    End,
}

const WHITESPACE: &str = " \t\r\n";
const QUOTES: &str = "'\"";

/// The tokenizer over one text.
struct Lexer {
    chars: Vec<char>,
    pos: usize,
    posix: bool,
    comments: bool,
    state: State,
}

impl Lexer {
    fn next_char(&mut self) -> Option<char> {
        let c = self.chars.get(self.pos).copied();
        if c.is_some() {
            self.pos += 1;
        }
        c
    }

    /// Skips the rest of the line (a comment), its newline included.
    fn skip_line(&mut self) {
        while let Some(c) = self.next_char() {
            if c == '\n' {
                break;
            }
        }
    }

    fn is_comment(&self, c: char) -> bool {
        self.comments && c == '#'
    }

    /// The next token: `None` at the end.
    fn read_token(&mut self) -> PyResult<Option<String>> {
        let mut quoted = false;
        let mut escaped_state = State::Space;
        let mut token = String::new();
        loop {
            if self.state == State::End {
                token.clear();
                break;
            }
            let next = self.next_char();
            match self.state {
                State::Space => {
                    let Some(c) = next else {
                        self.state = State::End;
                        break;
                    };
                    if WHITESPACE.contains(c) {
                        if !token.is_empty() || (self.posix && quoted) {
                            break;
                        }
                    } else if self.is_comment(c) {
                        self.skip_line();
                    } else if self.posix && c == '\\' {
                        escaped_state = State::Word;
                        self.state = State::Escape;
                    } else if QUOTES.contains(c) {
                        if !self.posix {
                            token.push(c);
                        }
                        self.state = State::Quote(c);
                    } else {
                        token.push(c);
                        self.state = State::Word;
                    }
                }
                State::Quote(q) => {
                    quoted = true;
                    let Some(c) = next else {
                        return Err(PyErr::value_error("No closing quotation"));
                    };
                    if c == q {
                        if !self.posix {
                            token.push(c);
                            self.state = State::Space;
                            break;
                        }
                        self.state = State::Word;
                    } else if self.posix && c == '\\' && q == '"' {
                        escaped_state = self.state;
                        self.state = State::Escape;
                    } else {
                        token.push(c);
                    }
                }
                State::Escape => {
                    let Some(c) = next else {
                        return Err(PyErr::value_error("No escaped character"));
                    };
                    // inside quotes, a backslash escapes only the quote and
                    // itself
                    if let State::Quote(q) = escaped_state {
                        if c != '\\' && c != q {
                            token.push('\\');
                        }
                    }
                    token.push(c);
                    self.state = escaped_state;
                }
                State::Word => {
                    let Some(c) = next else {
                        self.state = State::End;
                        break;
                    };
                    if WHITESPACE.contains(c) {
                        self.state = State::Space;
                        if !token.is_empty() || (self.posix && quoted) {
                            break;
                        }
                    } else if self.is_comment(c) {
                        self.skip_line();
                        if self.posix {
                            self.state = State::Space;
                            if !token.is_empty() || quoted {
                                break;
                            }
                        }
                    } else if self.posix && QUOTES.contains(c) {
                        self.state = State::Quote(c);
                    } else if self.posix && c == '\\' {
                        escaped_state = State::Word;
                        self.state = State::Escape;
                    } else {
                        token.push(c);
                    }
                }
                State::End => unreachable!("handled above"),
            }
        }
        if token.is_empty() && !(self.posix && quoted) {
            return Ok(None);
        }
        Ok(Some(token))
    }
}

/// `shlex.split` on text.
fn split_text(text: &str, comments: bool, posix: bool) -> PyResult<Vec<String>> {
    let mut lexer = Lexer {
        chars: text.chars().collect(),
        pos: 0,
        posix,
        comments,
        state: State::Space,
    };
    let mut out = Vec::new();
    while let Some(t) = lexer.read_token()? {
        out.push(t);
    }
    Ok(out)
}

/// Characters `quote` leaves unquoted (`[\w@%+=:,./-]`, ASCII).
fn is_safe(c: char) -> bool {
    c.is_ascii_alphanumeric() || "_@%+=:,./-".contains(c)
}

/// `shlex.quote` of one value.
fn quote_value(vm: &mut Vm, s: Value) -> PyResult<String> {
    if !vm.truthy(s)? {
        return Ok("''".into());
    }
    let Some(text) = as_str(&vm.heap, s) else {
        return Err(PyErr::type_error(if as_bytes(&vm.heap, s).is_some() {
            "cannot use a string pattern on a bytes-like object".to_string()
        } else {
            format!(
                "expected string or bytes-like object, got '{}'",
                vm.class_name(s)
            )
        }));
    };
    if text.chars().all(is_safe) {
        return Ok(text.to_string());
    }
    Ok(format!("'{}'", text.replace('\'', "'\"'\"'")))
}

native! {
    /// `shlex.split(s, comments=False, posix=True)`.
    def fn split(vm, s, comments?, posix?) {
        if s.is_none() {
            return Err(PyErr::value_error("s argument must not be None"));
        }
        let comments = match comments {
            Some(c) => vm.truthy(c)?,
            None => false,
        };
        let posix = match posix {
            Some(p) => vm.truthy(p)?,
            None => true,
        };
        let text = match as_str(&vm.heap, s) {
            Some(t) => t.to_string(),
            None => {
                // a stream: shlex reads it
                let read = vm.get_attr(s, "read")?;
                let all = vm.call_value(read, Vec::new(), Vec::new())?;
                vm.str_of(all)?
            }
        };
        let words = split_text(&text, comments, posix)?;
        let items = words.into_iter().map(|w| vm.new_str(w)).collect();
        Ok(vm.new_list(items))
    }

    /// `shlex.quote(s)`: `s` safe to paste into a POSIX shell command.
    def fn quote(vm, s) {
        let q = quote_value(vm, s)?;
        Ok(vm.new_str(q))
    }

    /// `shlex.join(split_command)`: the quoted words joined by spaces.
    def fn join(vm, split_command) {
        let words = vm.collect_iterable(split_command)?;
        let mut parts = Vec::with_capacity(words.len());
        for w in words {
            parts.push(quote_value(vm, w)?);
        }
        Ok(vm.new_str(parts.join(" ")))
    }
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "shlex",
    funcs: natives_table![split, quote, join],
    init: super::no_init,
};
