//! `fnmatch`: shell-style wildcards (`*`, `?`, `[seq]`, `[!seq]`):
//! `fnmatch`, `fnmatchcase`, `filter` and `translate`. Patterns are parsed
//! once into [`Token`]s, which a glob matcher runs directly (no regex);
//! `translate` renders the same tokens as CPython 3.13's regex text
//! (atomic groups between stars, `(?s:...)\Z`). Bytes patterns and names
//! work as Latin-1 text, as in CPython; paths are case-sensitive (POSIX
//! `normcase`).

use super::ModuleDef;
use crate::object::bytes::as_bytes;
use crate::object::{Obj, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};

/// One piece of a parsed pattern.
#[derive(Debug, PartialEq)]
enum Token {
    Char(char),
    /// `?`
    Any,
    /// `*` (consecutive stars are one).
    Star,
    /// `[...]`: negated, single characters and inclusive ranges (a range
    /// whose ends are reversed is dropped: it matches nothing).
    Set {
        negated: bool,
        chars: Vec<char>,
        ranges: Vec<(char, char)>,
        /// The regex text `translate` writes for the set.
        regex: String,
    },
}

/// The characters `re.escape` escapes.
fn re_escape(c: char, out: &mut String) {
    if "()[]{}?*+-|^$\\.&~# \t\n\r\x0b\x0c".contains(c) {
        out.push('\\');
    }
    out.push(c);
}

/// Parses a pattern.
fn parse(pat: &[char]) -> Vec<Token> {
    let mut out = Vec::new();
    let n = pat.len();
    let mut i = 0;
    while i < n {
        let c = pat[i];
        i += 1;
        match c {
            '*' => {
                if out.last() != Some(&Token::Star) {
                    out.push(Token::Star);
                }
            }
            '?' => out.push(Token::Any),
            '[' => {
                // the set ends at the first `]` after an optional `!` and an
                // optional leading `]`
                let mut j = i;
                if j < n && pat[j] == '!' {
                    j += 1;
                }
                if j < n && pat[j] == ']' {
                    j += 1;
                }
                while j < n && pat[j] != ']' {
                    j += 1;
                }
                if j >= n {
                    out.push(Token::Char('['));
                    continue;
                }
                out.push(parse_set(&pat[i..j]));
                i = j + 1;
            }
            c => out.push(Token::Char(c)),
        }
    }
    out
}

/// A `[...]` set from the text between its brackets.
fn parse_set(body: &[char]) -> Token {
    let (negated, items) = match body.first() {
        Some('!') => (true, &body[1..]),
        _ => (false, body),
    };
    // Items: a range `x-y` (the `-` not first, and a `-` right after a
    // range is a plain character), else single characters.
    let mut chars = Vec::new();
    let mut ranges = Vec::new();
    // (start, end) of each item, in order, for the regex text
    let mut parts: Vec<(char, Option<char>)> = Vec::new();
    let mut k = 0;
    while k < items.len() {
        let c = items[k];
        if k + 2 < items.len() && items[k + 1] == '-' {
            let hi = items[k + 2];
            if c <= hi {
                ranges.push((c, hi));
                parts.push((c, Some(hi)));
            }
            k += 3;
            continue;
        }
        chars.push(c);
        parts.push((c, None));
        k += 1;
    }
    let regex = set_regex(negated, &parts, body.contains(&'-'));
    Token::Set {
        negated,
        chars,
        ranges,
        regex,
    }
}

/// The regex text of a set, as CPython 3.13's `translate` writes it.
/// `dashes`: whether the set's text has a `-` (then CPython escapes every
/// hyphen that is not a range's).
fn set_regex(negated: bool, parts: &[(char, Option<char>)], dashes: bool) -> String {
    let mut stuff = String::new();
    if negated {
        stuff.push('!');
    }
    for (lo, hi) in parts {
        push_set_char(*lo, dashes, &mut stuff);
        if let Some(hi) = hi {
            stuff.push('-');
            push_set_char(*hi, dashes, &mut stuff);
        }
    }
    if stuff.is_empty() {
        return "(?!)".into();
    }
    if stuff == "!" {
        return ".".into();
    }
    if let Some(rest) = stuff.strip_prefix('!') {
        format!("[^{rest}]")
    } else if stuff.starts_with(['^', '[']) {
        format!("[\\{stuff}]")
    } else {
        format!("[{stuff}]")
    }
}

/// One character inside a set's regex: backslashes doubled, set
/// operators (`&`, `~`, `|`) escaped, and hyphens escaped when `dashes`.
fn push_set_char(c: char, dashes: bool, out: &mut String) {
    match c {
        '\\' => out.push_str("\\\\"),
        '-' if dashes => out.push_str("\\-"),
        '&' | '~' | '|' => {
            out.push('\\');
            out.push(c);
        }
        c => out.push(c),
    }
}

/// CPython 3.13's `translate` of parsed tokens.
fn to_regex(tokens: &[Token]) -> String {
    let piece = |t: &Token, out: &mut String| match t {
        Token::Char(c) => re_escape(*c, out),
        Token::Any => out.push('.'),
        Token::Set { regex, .. } => out.push_str(regex),
        Token::Star => {}
    };
    let mut out = String::from("(?s:");
    let mut i = 0;
    while i < tokens.len() && tokens[i] != Token::Star {
        piece(&tokens[i], &mut out);
        i += 1;
    }
    while i < tokens.len() {
        // at a star
        i += 1;
        let start = i;
        while i < tokens.len() && tokens[i] != Token::Star {
            i += 1;
        }
        let mut fixed = String::new();
        tokens[start..i].iter().for_each(|t| piece(t, &mut fixed));
        if i == tokens.len() {
            out.push_str(".*");
            out.push_str(&fixed);
        } else {
            out.push_str("(?>.*?");
            out.push_str(&fixed);
            out.push(')');
        }
    }
    out.push_str(")\\Z");
    out
}

fn one_matches(t: &Token, c: char) -> bool {
    match t {
        Token::Char(p) => *p == c,
        Token::Any => true,
        Token::Set {
            negated,
            chars,
            ranges,
            ..
        } => {
            let inside =
                chars.contains(&c) || ranges.iter().any(|(lo, hi)| (*lo..=*hi).contains(&c));
            inside != *negated
        }
        Token::Star => false,
    }
}

/// Whether `name` matches the whole pattern (a star matches any run,
/// newlines included).
fn matches(tokens: &[Token], name: &[char]) -> bool {
    let (mut t, mut s) = (0, 0);
    let mut retry: Option<(usize, usize)> = None;
    while s < name.len() {
        if t < tokens.len() && tokens[t] == Token::Star {
            retry = Some((t, s));
            t += 1;
        } else if t < tokens.len() && one_matches(&tokens[t], name[s]) {
            t += 1;
            s += 1;
        } else if let Some((rt, rs)) = retry {
            // let the last star take one more character
            t = rt + 1;
            s = rs + 1;
            retry = Some((rt, rs + 1));
        } else {
            return false;
        }
    }
    tokens[t..].iter().all(|x| *x == Token::Star)
}

/// Text of a pattern or name: a str's characters or bytes as Latin-1; the
/// flag says bytes.
fn chars_of(vm: &Vm, v: Value) -> Option<(Vec<char>, bool)> {
    if let Some(s) = as_str(&vm.heap, v) {
        return Some((s.chars().collect(), false));
    }
    as_bytes(&vm.heap, v).map(|b| (b.iter().map(|&c| c as char).collect(), true))
}

/// POSIX `os.path.normcase`: `os.fspath` (no case change).
fn normcase(vm: &Vm, v: Value) -> PyResult<()> {
    let ok = as_str(&vm.heap, v).is_some()
        || matches!(v, Value::Ref(id) if matches!(vm.heap.get(id), Obj::Bytes(_)));
    if ok {
        return Ok(());
    }
    Err(PyErr::type_error(format!(
        "expected str, bytes or os.PathLike object, not {}",
        vm.class_name(v)
    )))
}

/// The compiled pattern (`_compile_pattern`): its tokens and whether it
/// is a bytes pattern.
fn compile(vm: &mut Vm, pat: Value) -> PyResult<(Vec<Token>, bool)> {
    // cached by CPython with `lru_cache`: the pattern must be hashable
    vm.hash_key(pat)?;
    match chars_of(vm, pat) {
        Some((chars, bytes)) => Ok((parse(&chars), bytes)),
        None => Err(PyErr::type_error(format!(
            "object of type '{}' has no len()",
            vm.class_name(pat)
        ))),
    }
}

/// `match(name)` of a compiled pattern.
fn match_name(vm: &Vm, tokens: &[Token], bytes: bool, name: Value) -> PyResult<bool> {
    let Some((chars, is_bytes)) = chars_of(vm, name) else {
        return Err(PyErr::type_error(format!(
            "expected string or bytes-like object, got '{}'",
            vm.class_name(name)
        )));
    };
    if is_bytes != bytes {
        return Err(PyErr::type_error(if bytes {
            "cannot use a bytes pattern on a string-like object"
        } else {
            "cannot use a string pattern on a bytes-like object"
        }));
    }
    Ok(matches(tokens, &chars))
}

native! {
    /// `fnmatch(name, pat)`.
    def fn fnmatch(vm, name, pat) {
        normcase(vm, name)?;
        normcase(vm, pat)?;
        let (tokens, bytes) = compile(vm, pat)?;
        match_name(vm, &tokens, bytes, name).map(Value::Bool)
    }

    /// `fnmatchcase(name, pat)`.
    def fn fnmatchcase(vm, name, pat) {
        let (tokens, bytes) = compile(vm, pat)?;
        match_name(vm, &tokens, bytes, name).map(Value::Bool)
    }

    /// `filter(names, pat)`: the names that match, in order.
    def fn filter(vm, names, pat) {
        normcase(vm, pat)?;
        let (tokens, bytes) = compile(vm, pat)?;
        let mut out = Vec::new();
        for name in vm.collect_iterable(names)? {
            if match_name(vm, &tokens, bytes, name)? {
                out.push(name);
            }
        }
        Ok(vm.new_list(out))
    }

    /// `translate(pat)`: the pattern as a regular expression.
    def fn translate(vm, pat) {
        let Some(s) = as_str(&vm.heap, pat) else {
            return Err(PyErr::type_error(format!(
                "object of type '{}' has no len()",
                vm.class_name(pat)
            )));
        };
        let chars: Vec<char> = s.chars().collect();
        let out = to_regex(&parse(&chars));
        Ok(vm.new_str(out))
    }
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "fnmatch",
    funcs: natives_table![fnmatch, fnmatchcase, filter, translate],
    init: super::no_init,
};
