//! Formatting tracebacks exactly as CPython prints them: the chain of
//! causes and contexts, folded repeated lines, notes, and exception groups
//! drawn as nested numbered boxes (`traceback.py`'s layout, with its limits
//! of 15 sub-exceptions per group and 10 levels of nesting). The report is
//! built as the pieces `traceback.format_exception` returns (a header, one
//! per frame, the exception's line, one per note, the chaining messages).

use crate::object::{Obj, TbEntry, Value};

use super::Vm;

const CAUSE_MESSAGE: &str =
    "\nThe above exception was the direct cause of the following exception:\n\n";
const CONTEXT_MESSAGE: &str =
    "\nDuring handling of the above exception, another exception occurred:\n\n";
/// Sub-exceptions printed per group; the rest are counted.
const MAX_GROUP_WIDTH: usize = 15;
/// Groups nested deeper are elided.
const MAX_GROUP_DEPTH: usize = 10;

/// Where the printer is inside nested exception groups.
#[derive(Default)]
pub struct PrintCtx {
    /// 0 outside any group; each level indents by two columns and a margin.
    group_depth: usize,
    /// The last sub-exception's box is still open.
    need_close: bool,
}

impl PrintCtx {
    fn indent(&self) -> String {
        " ".repeat(2 * self.group_depth)
    }

    /// Appends `text` as a piece with every line (blank ones too) indented
    /// for the current depth, behind `margin` inside a group.
    fn emit(&self, out: &mut Vec<String>, text: &str, margin: char) {
        if self.group_depth == 0 {
            out.push(text.to_string());
            return;
        }
        let mut prefix = self.indent();
        prefix.push(margin);
        prefix.push(' ');
        let mut piece = String::with_capacity(text.len() + 8);
        for line in text.split_inclusive('\n') {
            piece.push_str(&prefix);
            piece.push_str(line);
        }
        out.push(piece);
    }

    fn emit_all(&self, out: &mut Vec<String>, pieces: Vec<String>) {
        if self.group_depth == 0 {
            out.extend(pieces);
        } else {
            pieces.iter().for_each(|p| self.emit(out, p, '|'));
        }
    }
}

impl Vm {
    /// The exception's class name, `str()` and full traceback text.
    pub fn describe_exception(&mut self, exc: Value) -> (String, String, String) {
        let (kind, msg) = self.exception_type_and_str(exc);
        let mut out = Vec::new();
        self.format_chain(exc, &mut out, &mut PrintCtx::default(), 0, Some(&msg), true);
        (kind, msg, out.concat())
    }

    /// The report of `exc` as the pieces `traceback.format_exception`
    /// returns; `chain` includes the causes and contexts before it.
    pub fn format_exception_pieces(&mut self, exc: Value, chain: bool) -> Vec<String> {
        let mut out = Vec::new();
        self.format_chain(exc, &mut out, &mut PrintCtx::default(), 0, None, chain);
        out
    }

    /// `traceback.format_exception_only(exc)`: the final line (with the
    /// hints the VM adds) and the notes.
    pub fn format_exception_only_pieces(&mut self, exc: Value) -> Vec<String> {
        let mut out = Vec::new();
        self.format_exception_only(exc, &mut out, None);
        out
    }

    /// `traceback.format_tb`: one piece per traceback entry (repeats
    /// folded as in the full report).
    pub fn format_tb_pieces(&mut self, exc: Value) -> Vec<String> {
        let mut out = Vec::new();
        let tb = self.traceback_of(exc);
        self.format_stack(&tb, &mut out);
        out
    }

    /// The report of `exc` and (with `chain`) the exceptions chained to
    /// it; `msg` is `str(exc)` when the caller has it already (a message
    /// can be tens of megabytes: it is not computed twice).
    fn format_chain(
        &mut self,
        exc: Value,
        out: &mut Vec<String>,
        ctx: &mut PrintCtx,
        depth: usize,
        msg: Option<&str>,
        chain: bool,
    ) {
        let Value::Ref(id) = exc else { return };
        let Obj::Exception(e) = self.heap.get(id) else {
            return;
        };
        let (cause, context, suppress) = (e.cause, e.context, e.suppress_context);
        if depth < 32 && chain {
            if !cause.is_none() {
                self.format_chain(cause, out, ctx, depth + 1, None, chain);
                ctx.emit(out, CAUSE_MESSAGE, '|');
            } else if !context.is_none() && !suppress {
                self.format_chain(context, out, ctx, depth + 1, None, chain);
                ctx.emit(out, CONTEXT_MESSAGE, '|');
            }
        }
        match self.group_members(exc) {
            None => {
                let tb = self.traceback_of(exc);
                let mut pieces = Vec::new();
                if !tb.is_empty() {
                    pieces.push("Traceback (most recent call last):\n".to_string());
                    self.format_stack(&tb, &mut pieces);
                }
                self.format_exception_only(exc, &mut pieces, msg);
                ctx.emit_all(out, pieces);
            }
            Some(_) if ctx.group_depth > MAX_GROUP_DEPTH => {
                ctx.emit(
                    out,
                    &format!("... (max_group_depth is {MAX_GROUP_DEPTH})\n"),
                    '|',
                );
            }
            Some(members) => self.format_group(exc, &members, out, ctx, msg, chain),
        }
    }

    /// An exception group: its own traceback and line, then each
    /// sub-exception (and its chain) in a numbered box, as CPython's
    /// `traceback` module prints them.
    fn format_group(
        &mut self,
        exc: Value,
        members: &[Value],
        out: &mut Vec<String>,
        ctx: &mut PrintCtx,
        msg: Option<&str>,
        chain: bool,
    ) {
        let top_level = ctx.group_depth == 0;
        if top_level {
            ctx.group_depth += 1;
        }
        let tb = self.traceback_of(exc);
        if !tb.is_empty() {
            let margin = if top_level { '+' } else { '|' };
            ctx.emit(
                out,
                "Exception Group Traceback (most recent call last):\n",
                margin,
            );
            let mut pieces = Vec::new();
            self.format_stack(&tb, &mut pieces);
            ctx.emit_all(out, pieces);
        }
        let mut pieces = Vec::new();
        self.format_exception_only(exc, &mut pieces, msg);
        ctx.emit_all(out, pieces);
        let shown = members.len().min(MAX_GROUP_WIDTH + 1);
        ctx.need_close = false;
        for i in 0..shown {
            let last = i + 1 == shown;
            if last {
                ctx.need_close = true;
            }
            let truncated = i >= MAX_GROUP_WIDTH;
            let title = if truncated {
                "...".to_string()
            } else {
                (i + 1).to_string()
            };
            out.push(format!(
                "{}{}+---------------- {title} ----------------\n",
                ctx.indent(),
                if i == 0 { "+-" } else { "  " }
            ));
            ctx.group_depth += 1;
            if truncated {
                let more = members.len() - MAX_GROUP_WIDTH;
                let s = if more > 1 { "s" } else { "" };
                ctx.emit(out, &format!("and {more} more exception{s}\n"), '|');
            } else {
                self.format_chain(members[i], out, ctx, 0, None, chain);
            }
            if last && ctx.need_close {
                out.push(format!(
                    "{}+------------------------------------\n",
                    ctx.indent()
                ));
                ctx.need_close = false;
            }
            ctx.group_depth -= 1;
        }
        if top_level {
            ctx.group_depth = 0;
        }
    }

    /// The traceback entries of `exc`, oldest first; empty for a
    /// non-exception.
    fn traceback_of(&self, exc: Value) -> Vec<TbEntry> {
        match exc {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Exception(e) => e.traceback.iter().copied().collect(),
                _ => Vec::new(),
            },
            _ => Vec::new(),
        }
    }

    /// The `File ..., line N, in f` pieces of `tb`, one per entry, with
    /// CPython's folding of repeated lines.
    fn format_stack(&self, tb: &[TbEntry], out: &mut Vec<String>) {
        let mut i = 0;
        while i < tb.len() {
            let mut j = i + 1;
            while j < tb.len() && tb[j].code == tb[i].code && tb[j].line == tb[i].line {
                j += 1;
            }
            let run = j - i;
            for _ in 0..run.min(3) {
                let mut one = String::new();
                self.format_entry(tb[i], &mut one);
                out.push(one);
            }
            if run > 3 {
                let more = run - 3;
                let s = if more == 1 { "" } else { "s" };
                out.push(format!("  [Previous line repeated {more} more time{s}]\n"));
            }
            i = j;
        }
    }

    /// `exc`'s own line (`Kind: message`, with CPython's hints) and its
    /// notes, one piece each.
    fn format_exception_only(
        &mut self,
        exc: Value,
        out: &mut Vec<String>,
        known_msg: Option<&str>,
    ) {
        let tb = self.traceback_of(exc);
        let computed;
        // (a located SyntaxError shows its location, then its bare message)
        let syntax = self.syntax_error_msg(exc);
        if syntax.is_some() {
            out.push(self.syntax_error_location(exc));
        }
        let msg = match (&syntax, known_msg) {
            (Some(m), _) => m.as_str(),
            (None, Some(m)) => m,
            (None, None) => {
                computed = self.exception_type_and_str(exc).1;
                &computed
            }
        };
        let kind = match exc {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Exception(e) => match e.class {
                    Some(c) => {
                        let (module, qualname) = self.class_module_and_qualname(c);
                        if module == "__main__" || module == "builtins" {
                            qualname
                        } else {
                            format!("{module}.{qualname}")
                        }
                    }
                    None => e.kind.qualified_name().to_string(),
                },
                _ => "Exception".to_string(),
            },
            _ => "Exception".to_string(),
        };
        let mut line = String::with_capacity(kind.len() + 2 + msg.len() + 1);
        line.push_str(&kind);
        if !msg.is_empty() {
            line.push_str(": ");
            line.push_str(msg);
        }
        if kind == "AttributeError" {
            let hint = self.attribute_error_hint(exc);
            line.push_str(&hint);
        }
        if kind == "NameError" {
            let wrong = msg
                .strip_prefix("name '")
                .and_then(|m| m.strip_suffix("' is not defined"));
            if let (Some(wrong), Some(last)) = (wrong, tb.last()) {
                line.push_str(&self.name_error_hint(wrong, last.code));
            }
        }
        line.push('\n');
        out.push(line);
        self.format_notes(exc, out);
    }

    /// The exception's `__notes__`, one piece per note.
    fn format_notes(&mut self, exc: Value, out: &mut Vec<String>) {
        let Value::Ref(id) = exc else { return };
        let notes = match self.heap.get(id) {
            Obj::Exception(e) => e.attrs.get_str("__notes__"),
            _ => None,
        };
        let Some(Value::Ref(l)) = notes else { return };
        let items = match self.heap.get(l) {
            Obj::List(items) => items.to_vec(),
            Obj::Tuple(items) => items.clone(),
            _ => return,
        };
        for note in items {
            let text = super::as_str(&self.heap, note).map(str::to_string);
            let mut t = match text {
                Some(t) => t,
                None => self.repr(note).unwrap_or_default(),
            };
            t.push('\n');
            out.push(t);
        }
    }

    fn format_entry(&self, entry: TbEntry, out: &mut String) {
        let code = &self.program.codes[entry.code as usize];
        if let Some(file) = &code.filename {
            // (code compiled by `exec`/`eval`: no source file to quote)
            out.push_str(&format!(
                "  File \"{file}\", line {}, in {}\n",
                entry.line, code.name
            ));
            return;
        }
        let (filename, source_lines) = self.program.source_of(entry.code);
        out.push_str(&format!(
            "  File \"{}\", line {}, in {}\n",
            filename, entry.line, code.name
        ));
        // (line 0 only in a forged snapshot's line table)
        let index = (entry.line as usize).checked_sub(1);
        if let Some(src) = index.and_then(|i| source_lines.get(i)) {
            let t = src.trim();
            if !t.is_empty() {
                out.push_str("    ");
                out.push_str(t);
                out.push('\n');
            }
        }
    }
}
