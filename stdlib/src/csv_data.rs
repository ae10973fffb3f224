//! The data of the `csv` objects: dialects, readers, writers and the
//! `DictReader`/`DictWriter` states (`NativeObj::CsvDialect`, `CsvReader`,
//! `CsvWriter`, `CsvDictReader`, `CsvDictWriter`), and the quoting
//! constants a dialect holds.
//!
//! A leaf: plain data naming no module, so `objects/mod.rs` can name it
//! without a circle through the `csv_*.rs` files, which name `NativeObj`.

use serde::{Deserialize, Serialize};

use crate::object::Value;

pub const QUOTE_MINIMAL: u8 = 0;
pub const QUOTE_ALL: u8 = 1;
pub const QUOTE_NONNUMERIC: u8 = 2;
pub const QUOTE_NONE: u8 = 3;
pub const QUOTE_STRINGS: u8 = 4;
pub const QUOTE_NOTNULL: u8 = 5;

/// The format parameters. `None` chars are CPython's `NOT_SET`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Dialect {
    pub delimiter: char,
    pub quotechar: Option<char>,
    pub escapechar: Option<char>,
    pub doublequote: bool,
    pub skipinitialspace: bool,
    pub lineterminator: String,
    pub quoting: u8,
    pub strict: bool,
}

impl Dialect {
    pub fn excel() -> Dialect {
        Dialect {
            delimiter: ',',
            quotechar: Some('"'),
            escapechar: None,
            doublequote: true,
            skipinitialspace: false,
            lineterminator: "\r\n".into(),
            quoting: QUOTE_MINIMAL,
            strict: false,
        }
    }
}

/// A reader: its line iterator, dialect and line count.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ReaderState {
    pub src: Value,
    /// The `Dialect` object (`reader.dialect`).
    pub dialect: Value,
    pub d: Dialect,
    pub line_num: i64,
}

impl ReaderState {
    pub fn for_each_child(&self, f: &mut dyn FnMut(Value)) {
        f(self.src);
        f(self.dialect);
    }
}

/// A writer: the bound `write` callable and the dialect.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct WriterState {
    pub write: Value,
    pub dialect: Value,
    pub d: Dialect,
}

impl WriterState {
    pub fn for_each_child(&self, f: &mut dyn FnMut(Value)) {
        f(self.write);
        f(self.dialect);
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DictReaderState {
    pub reader: Value,
    /// `None` until the header row is read.
    pub fieldnames: Value,
    pub restkey: Value,
    pub restval: Value,
    pub dialect: Value,
    pub line_num: Value,
}

impl DictReaderState {
    pub fn for_each_child(&self, f: &mut dyn FnMut(Value)) {
        for v in [
            self.reader,
            self.fieldnames,
            self.restkey,
            self.restval,
            self.dialect,
            self.line_num,
        ] {
            f(v);
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DictWriterState {
    pub writer: Value,
    pub fieldnames: Value,
    pub restval: Value,
    pub extrasaction: Value,
}

impl DictWriterState {
    pub fn for_each_child(&self, f: &mut dyn FnMut(Value)) {
        for v in [
            self.writer,
            self.fieldnames,
            self.restval,
            self.extrasaction,
        ] {
            f(v);
        }
    }
}
