//! `textwrap`: `wrap`, `fill`, `shorten`, `dedent` and `indent`, following
//! `TextWrapper`'s algorithm: text is split into chunks (words, whitespace
//! runs, hyphenated parts and em-dashes), then packed greedily into lines,
//! long words broken, and a placeholder added when `max_lines` cuts it.

use super::ModuleDef;
use crate::object::Value;
use crate::vm::call::Kwargs;
use crate::vm::{as_str, PyErr, PyResult, Vm};

/// The whitespace `TextWrapper` splits on (ASCII only, as in CPython).
fn is_ws(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0b' | '\x0c' | '\r' | ' ')
}

/// Python's `str.isspace` for one character.
fn is_space(c: char) -> bool {
    monty_vm::unicode::is_space(c)
}

/// Regex `\w`.
fn is_w(c: char) -> bool {
    c == '_'
        || monty_vm::unicode::is_alpha(c)
        || monty_vm::unicode::is_numeric(c)
        || monty_vm::unicode::is_digit(c)
}

/// Regex `[^\d\W]`: a word character that is not a digit.
fn is_letter(c: char) -> bool {
    is_w(c) && crate::builtins::format::decimal_value(c).is_none()
}

/// `[\w!"'&.,?]`: what may precede an em-dash.
fn is_word_punct(c: char) -> bool {
    is_w(c) || matches!(c, '!' | '"' | '\'' | '&' | '.' | ',' | '?')
}

fn blank(chunk: &[char]) -> bool {
    chunk.iter().all(|&c| is_space(c))
}

/// The options of `TextWrapper`.
struct Wrapper {
    width: i64,
    initial_indent: String,
    subsequent_indent: String,
    expand_tabs: bool,
    replace_whitespace: bool,
    fix_sentence_endings: bool,
    break_long_words: bool,
    drop_whitespace: bool,
    break_on_hyphens: bool,
    tabsize: i64,
    max_lines: Option<i64>,
    placeholder: String,
}

impl Wrapper {
    /// Reads the options from keyword arguments (`width` may come first).
    fn from_args(vm: &mut Vm, width: Option<Value>, kw: &[(String, Value)]) -> PyResult<Wrapper> {
        let mut w = Wrapper {
            width: 70,
            initial_indent: String::new(),
            subsequent_indent: String::new(),
            expand_tabs: true,
            replace_whitespace: true,
            fix_sentence_endings: false,
            break_long_words: true,
            drop_whitespace: true,
            break_on_hyphens: true,
            tabsize: 8,
            max_lines: None,
            placeholder: " [...]".into(),
        };
        if let Some(v) = width {
            w.width = vm.index_arg(v)?;
        }
        let text = |vm: &Vm, v: Value| -> PyResult<String> {
            as_str(&vm.heap, v).map(str::to_string).ok_or_else(|| {
                PyErr::type_error(format!(
                    "object of type '{}' has no len()",
                    vm.class_name(v)
                ))
            })
        };
        for (k, v) in kw {
            let v = *v;
            match k.as_str() {
                "width" => w.width = vm.index_arg(v)?,
                "initial_indent" => w.initial_indent = text(vm, v)?,
                "subsequent_indent" => w.subsequent_indent = text(vm, v)?,
                "expand_tabs" => w.expand_tabs = vm.truthy(v)?,
                "replace_whitespace" => w.replace_whitespace = vm.truthy(v)?,
                "fix_sentence_endings" => w.fix_sentence_endings = vm.truthy(v)?,
                "break_long_words" => w.break_long_words = vm.truthy(v)?,
                "drop_whitespace" => w.drop_whitespace = vm.truthy(v)?,
                "break_on_hyphens" => w.break_on_hyphens = vm.truthy(v)?,
                "tabsize" => w.tabsize = vm.index_arg(v)?,
                "max_lines" if v.is_none() => w.max_lines = None,
                "max_lines" => w.max_lines = Some(vm.index_arg(v)?),
                "placeholder" => w.placeholder = text(vm, v)?,
                _ => {
                    return Err(PyErr::type_error(format!(
                        "TextWrapper.__init__() got an unexpected keyword argument '{k}'"
                    )))
                }
            }
        }
        Ok(w)
    }

    /// Expands tabs and turns every whitespace character into a space.
    fn munge(&self, text: &str) -> Vec<char> {
        let mut out = Vec::with_capacity(text.len());
        let mut col: i64 = 0;
        for c in text.chars() {
            if c == '\t' && self.expand_tabs {
                if self.tabsize > 0 {
                    let n = self.tabsize - col % self.tabsize;
                    out.extend(std::iter::repeat_n(' ', n as usize));
                    col += n;
                }
                continue;
            }
            col = if c == '\n' || c == '\r' { 0 } else { col + 1 };
            out.push(if self.replace_whitespace && is_ws(c) {
                ' '
            } else {
                c
            });
        }
        out
    }

    fn split(&self, t: &[char]) -> Vec<Vec<char>> {
        let n = t.len();
        let mut chunks = Vec::new();
        let mut p = 0;
        let hyphens_then_word = |k: usize| {
            let mut q = k;
            while q < n && t[q] == '-' {
                q += 1;
            }
            (q - k >= 2 && q < n && is_w(t[q])).then_some(q)
        };
        while p < n {
            let end = if is_ws(t[p]) {
                let mut q = p;
                while q < n && is_ws(t[q]) {
                    q += 1;
                }
                q
            } else if !self.break_on_hyphens {
                let mut q = p;
                while q < n && !is_ws(t[q]) {
                    q += 1;
                }
                q
            } else if let Some(q) = (t[p] == '-' && p > 0 && is_word_punct(t[p - 1]))
                .then(|| hyphens_then_word(p))
                .flatten()
            {
                // an em-dash between words
                q
            } else {
                let letter = |i: usize| i < n && is_letter(t[i]);
                let mut k = p + 1;
                loop {
                    if k < n && t[k] == '-' {
                        let behind = (k >= 2 && letter(k - 2) && letter(k - 1))
                            || (k >= 3 && letter(k - 3) && t[k - 2] == '-' && letter(k - 1));
                        let ahead = letter(k + 1)
                            && (letter(k + 2) || (k + 2 < n && t[k + 2] == '-' && letter(k + 3)));
                        if behind && ahead {
                            break k + 1;
                        }
                    }
                    if k == n || is_ws(t[k]) {
                        break k;
                    }
                    if is_word_punct(t[k - 1]) && hyphens_then_word(k).is_some() {
                        break k;
                    }
                    k += 1;
                }
            };
            chunks.push(t[p..end].to_vec());
            p = end;
        }
        chunks
    }

    /// Two spaces after a chunk that ends a sentence (`[a-z][.!?]["']?`).
    fn fix_endings(chunks: &mut [Vec<char>]) {
        let ends_sentence = |c: &[char]| {
            let c = match c.last() {
                Some('"' | '\'') => &c[..c.len() - 1],
                _ => c,
            };
            c.len() >= 2
                && matches!(c[c.len() - 1], '.' | '!' | '?')
                && c[c.len() - 2].is_ascii_lowercase()
        };
        let mut i = 0;
        while i + 1 < chunks.len() {
            if chunks[i + 1] == [' '] && ends_sentence(&chunks[i]) {
                chunks[i + 1] = vec![' ', ' '];
                i += 2;
            } else {
                i += 1;
            }
        }
    }

    fn handle_long_word(
        &self,
        chunks: &mut [Vec<char>],
        cur: &mut Vec<Vec<char>>,
        cur_len: i64,
        width: i64,
    ) -> bool {
        let space_left = if width < 1 { 1 } else { width - cur_len };
        if self.break_long_words {
            let chunk = chunks.last_mut().expect("a chunk");
            let mut end = space_left.max(0) as usize;
            if self.break_on_hyphens && chunk.len() as i64 > space_left {
                let upto = end.min(chunk.len());
                if let Some(h) = chunk[..upto].iter().rposition(|&c| c == '-') {
                    if h > 0 && chunk[..h].iter().any(|&c| c != '-') {
                        end = h + 1;
                    }
                }
            }
            let end = end.min(chunk.len());
            cur.push(chunk[..end].to_vec());
            chunk.drain(..end);
            false
        } else {
            cur.is_empty()
        }
    }

    fn wrap_chunks(&self, mut chunks: Vec<Vec<char>>) -> PyResult<Vec<String>> {
        let mut lines: Vec<String> = Vec::new();
        if self.width <= 0 {
            return Err(PyErr::value_error(format!(
                "invalid width {} (must be > 0)",
                self.width
            )));
        }
        let clen = |s: &str| s.chars().count() as i64;
        if let Some(max) = self.max_lines {
            let indent = if max > 1 {
                &self.subsequent_indent
            } else {
                &self.initial_indent
            };
            if clen(indent) + clen(self.placeholder.trim_start()) > self.width {
                return Err(PyErr::value_error("placeholder too large for max width"));
            }
        }
        chunks.reverse();
        while !chunks.is_empty() {
            let mut cur: Vec<Vec<char>> = Vec::new();
            let mut cur_len: i64 = 0;
            let indent = if lines.is_empty() {
                &self.initial_indent
            } else {
                &self.subsequent_indent
            };
            let width = self.width - clen(indent);
            if self.drop_whitespace && !lines.is_empty() && blank(chunks.last().expect("chunk")) {
                chunks.pop();
            }
            while let Some(l) = chunks.last().map(|c| c.len() as i64) {
                if cur_len + l <= width {
                    cur.push(chunks.pop().expect("chunk"));
                    cur_len += l;
                } else {
                    break;
                }
            }
            if chunks.last().is_some_and(|c| c.len() as i64 > width) {
                if self.handle_long_word(&mut chunks, &mut cur, cur_len, width) {
                    cur.push(chunks.pop().expect("chunk"));
                }
                cur_len = cur.iter().map(|c| c.len() as i64).sum();
            }
            if self.drop_whitespace && cur.last().is_some_and(|c| blank(c)) {
                cur_len -= cur.last().map_or(0, |c| c.len() as i64);
                cur.pop();
            }
            if cur.is_empty() {
                continue;
            }
            let fits = match self.max_lines {
                None => true,
                Some(max) => {
                    (lines.len() as i64) + 1 < max
                        || ((chunks.is_empty()
                            || (self.drop_whitespace && chunks.len() == 1 && blank(&chunks[0])))
                            && cur_len <= width)
                }
            };
            let join = |cur: &[Vec<char>]| -> String { cur.iter().flatten().collect() };
            if fits {
                lines.push(format!("{indent}{}", join(&cur)));
                continue;
            }
            let ph_len = clen(&self.placeholder);
            loop {
                let Some(last) = cur.last() else {
                    if let Some(prev) = lines.last() {
                        let prev = prev.trim_end_matches(is_space).to_string();
                        if clen(&prev) + ph_len <= self.width {
                            *lines.last_mut().expect("line") = prev + &self.placeholder;
                            return Ok(lines);
                        }
                    }
                    lines.push(format!("{indent}{}", self.placeholder.trim_start()));
                    return Ok(lines);
                };
                if !blank(last) && cur_len + ph_len <= width {
                    lines.push(format!("{indent}{}{}", join(&cur), self.placeholder));
                    return Ok(lines);
                }
                cur_len -= last.len() as i64;
                cur.pop();
            }
        }
        Ok(lines)
    }

    fn wrap(&self, text: &str) -> PyResult<Vec<String>> {
        let munged = self.munge(text);
        let mut chunks: Vec<Vec<char>> = self
            .split(&munged)
            .into_iter()
            .filter(|c| !c.is_empty())
            .collect();
        if self.fix_sentence_endings {
            Self::fix_endings(&mut chunks);
        }
        self.wrap_chunks(chunks)
    }
}

/// The `text` argument: a str, or the `AttributeError` CPython's first
/// method call on it gives.
fn text_arg(vm: &Vm, v: Value, method: &str) -> PyResult<String> {
    as_str(&vm.heap, v).map(str::to_string).ok_or_else(|| {
        PyErr::new(
            crate::object::ExcType::AttributeError,
            format!("'{}' object has no attribute '{method}'", vm.class_name(v)),
        )
    })
}

/// The text and the wrapper of `wrap`/`fill`/`shorten`: `shorten` sets
/// `max_lines` itself, so a `max_lines` keyword is refused as CPython's
/// `TextWrapper(width=width, max_lines=1, **kwargs)` refuses it.
fn wrapper(
    vm: &mut Vm,
    text: Value,
    width: Option<Value>,
    kwargs: &Kwargs,
    shorten: bool,
) -> PyResult<(String, Wrapper)> {
    if shorten && kwargs.iter().any(|(k, _)| k == "max_lines") {
        return Err(PyErr::type_error(
            "textwrap.TextWrapper() got multiple values for keyword argument 'max_lines'",
        ));
    }
    let w = Wrapper::from_args(vm, width, kwargs)?;
    let text = text_arg(vm, text, if shorten { "strip" } else { "expandtabs" })?;
    Ok((text, w))
}

native! {
    /// `textwrap.wrap(text, width=70, **kwargs)`.
    def fn wrap(vm, text, width?, **kwargs) {
        let (text, w) = wrapper(vm, text, width, &kwargs, false)?;
        let lines = w.wrap(&text)?;
        let items = lines.into_iter().map(|l| vm.new_str(l)).collect();
        Ok(vm.new_list(items))
    }

    /// `textwrap.fill(text, width=70, **kwargs)`.
    def fn fill(vm, text, width?, **kwargs) {
        let (text, w) = wrapper(vm, text, width, &kwargs, false)?;
        let lines = w.wrap(&text)?;
        Ok(vm.new_str(lines.join("\n")))
    }

    /// `textwrap.shorten(text, width, **kwargs)`.
    def fn shorten(vm, text, width, **kwargs) {
        let (text, mut w) = wrapper(vm, text, Some(width), &kwargs, true)?;
        w.max_lines = Some(1);
        let words: Vec<&str> = text.split(is_space).filter(|s| !s.is_empty()).collect();
        let lines = w.wrap(&words.join(" "))?;
        Ok(vm.new_str(lines.join("\n")))
    }

    /// `textwrap.dedent(text)`.
    def fn dedent(vm, text) {
        dedent_of(vm, text)
    }

    /// `textwrap.indent(text, prefix, predicate=None)`.
    def fn indent(vm, text, prefix, predicate?) {
        let predicate = predicate.unwrap_or(Value::None);
        let splitlines = vm.get_attr(text, "splitlines")?;
        let lines = vm.call_value(splitlines, vec![Value::Bool(true)], Vec::new())?;
        let mark = vm.stack.len();
        vm.stack.extend([text, prefix, predicate, lines]);
        let r = indent_lines(vm, lines, prefix, predicate);
        vm.release_to(mark);
        r
    }
}

fn dedent_of(vm: &mut Vm, v: Value) -> PyResult<Value> {
    if !vm.truthy(v)? {
        return Ok(v);
    }
    let text = text_arg(vm, v, "isspace")?;
    if text.chars().all(is_space) {
        return Ok(vm.new_str("\n".repeat(text.matches('\n').count())));
    }
    let lines: Vec<&str> = text.split('\n').collect();
    let non_blank = lines
        .iter()
        .filter(|l| !l.is_empty() && !l.chars().all(is_space));
    let l1 = non_blank.clone().min().copied().unwrap_or("");
    let l2 = non_blank.max().copied().unwrap_or("");
    let mut margin = 0;
    for (i, (x, y)) in l1.chars().zip(l2.chars()).enumerate() {
        margin = i;
        if x != y || !matches!(x, ' ' | '\t') {
            break;
        }
    }
    let out: Vec<String> = lines
        .iter()
        .map(|l| {
            if !l.is_empty() && l.chars().all(is_space) {
                String::new()
            } else {
                l.chars().skip(margin).collect()
            }
        })
        .collect();
    Ok(vm.new_str(out.join("\n")))
}

fn indent_lines(vm: &mut Vm, lines: Value, prefix: Value, predicate: Value) -> PyResult<Value> {
    let lines = vm.collect_iterable(lines)?;
    let mut out = String::new();
    let mut count = 0;
    for line in lines {
        let l = as_str(&vm.heap, line).unwrap_or("").to_string();
        let add = if predicate.is_none() {
            !l.chars().all(is_space)
        } else {
            let r = vm.call_value(predicate, vec![line], Vec::new())?;
            vm.truthy(r)?
        };
        if add {
            match as_str(&vm.heap, prefix) {
                Some(p) => out.push_str(p),
                None => {
                    return Err(PyErr::type_error(format!(
                        "sequence item {count}: expected str instance, {} found",
                        vm.class_name(prefix)
                    )))
                }
            }
            count += 1;
        }
        out.push_str(&l);
        count += 1;
        vm.check_alloc(out.len() as u128)?;
    }
    Ok(vm.new_str(out))
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "textwrap",
    funcs: natives_table![wrap, fill, shorten, dedent, indent,],
    init: super::no_init,
};
