//! What the front end reports: [`CompileError`] (a `SyntaxError` or a
//! `NotImplementedError` naming an unsupported construct, with its line),
//! [`LineIndex`] (byte offsets to lines), and the nesting bound the parser
//! check and the compiler share.

/// Deepest expression/statement nesting the compiler accepts (it recurses
/// on the native stack, which is small in wasm).
pub(crate) const MAX_NESTING: u32 = 200;

/// A compile-time error, reported to Python as an exception.
#[derive(Debug, Clone)]
pub struct CompileError {
    /// `SyntaxError`, `NotImplementedError`, ...
    pub kind: &'static str,
    pub message: String,
    pub line: u32,
}

impl CompileError {
    pub fn syntax(message: String, line: u32) -> CompileError {
        CompileError {
            kind: "SyntaxError",
            message,
            line,
        }
    }

    pub fn unsupported(what: &str, line: u32) -> CompileError {
        CompileError {
            kind: "NotImplementedError",
            message: format!("{what} are not supported by this sandbox yet (line {line})"),
            line,
        }
    }
}

pub type CResult<T> = Result<T, CompileError>;

/// Maps byte offsets to 1-based line numbers.
pub struct LineIndex {
    starts: Vec<u32>,
}

impl LineIndex {
    pub fn new(src: &str) -> LineIndex {
        let mut starts = vec![0];
        for (i, b) in src.bytes().enumerate() {
            if b == b'\n' {
                starts.push(i as u32 + 1);
            }
        }
        LineIndex { starts }
    }

    pub fn line(&self, offset: u32) -> u32 {
        match self.starts.binary_search(&offset) {
            Ok(i) => i as u32 + 1,
            Err(i) => i as u32,
        }
    }
}

pub(crate) const TOO_DEEP_MESSAGE: &str = "too many nested expressions or statements";

/// The error for code nested deeper than [`MAX_NESTING`].
pub(crate) fn too_deeply_nested(line: u32) -> CompileError {
    CompileError {
        kind: "SyntaxError",
        message: TOO_DEEP_MESSAGE.into(),
        line,
    }
}
