//! The data of `io.StringIO` and `io.BytesIO` objects
//! (`NativeObj::StringIO`, `NativeObj::BytesIO`).
//!
//! A leaf: plain data naming no module, so `objects/mod.rs` can name it
//! without a circle through `io.rs`, which names `NativeObj`.

use serde::{Deserialize, Serialize};

/// What `StringIO(newline=...)` selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Newline {
    /// `None`: universal newlines, translated to `\n` on write.
    Universal,
    /// `''`: any line ending ends a line; nothing is translated.
    Untranslated,
    Lf,
    Cr,
    CrLf,
}

/// A `StringIO`'s state.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TextBuf {
    pub buf: Vec<char>,
    pub pos: usize,
    pub closed: bool,
    pub newline: Newline,
}

/// A `BytesIO`'s state.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ByteBuf {
    pub buf: Vec<u8>,
    pub pos: usize,
    pub closed: bool,
}
