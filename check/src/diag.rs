//! [`Diagnostic`]: one finding, with its position, stable code and message.

/// How sure the checker is that the program fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// The program raises when it reaches this point.
    Error,
    /// The program runs but almost certainly not as meant (a coroutine
    /// never awaited: the tool is never called).
    Warning,
}

impl Severity {
    /// `"error"` or `"warning"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// 1-based line of the start.
    pub line: u32,
    /// 1-based column (in characters) of the start.
    pub col: u32,
    /// 1-based line of the end.
    pub end_line: u32,
    /// 1-based column just past the end.
    pub end_col: u32,
    /// A stable code: `undefined-name`, `used-before-assignment`,
    /// `call-arity`, `call-keyword`, `arg-type`, `attr-unknown`,
    /// `key-unknown`, `operator-type`, `format-type`, `async-not-awaited`,
    /// `await-not-async`, `await-outside-async`, `unsupported`.
    pub code: &'static str,
    /// The exception CPython would raise (`NameError`, `TypeError`, ...).
    pub type_name: &'static str,
    /// CPython's message for it.
    pub message: String,
    /// Error or warning.
    pub severity: Severity,
}

/// Byte offsets to 1-based lines and character columns.
pub(crate) struct Lines<'s> {
    source: &'s str,
    starts: Vec<u32>,
}

impl<'s> Lines<'s> {
    pub(crate) fn new(source: &'s str) -> Lines<'s> {
        let mut starts = vec![0];
        for (i, b) in source.bytes().enumerate() {
            if b == b'\n' {
                starts.push(i as u32 + 1);
            }
        }
        Lines { source, starts }
    }

    /// The line and column of byte `offset`.
    pub(crate) fn position(&self, offset: u32) -> (u32, u32) {
        let i = match self.starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let start = self.starts[i] as usize;
        let end = (offset as usize).min(self.source.len()).max(start);
        let col = self
            .source
            .get(start..end)
            .map_or(end - start, |s| s.chars().count());
        (i as u32 + 1, col as u32 + 1)
    }
}
