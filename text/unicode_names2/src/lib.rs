//! The part of the `unicode_names2` crate's API that rustpython-parser
//! uses (`character`, for `\N{...}` in string literals), and `name`, over
//! `monty_text::unicode::names` (the same names, Unicode 16.0.0; see
//! README.md, "Module size"). Patched in by the workspace's
//! `[patch.crates-io]` so monty.wasm holds one copy of the names.

use core::fmt;

/// A character's name (`Display`s as the name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name(String);

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The name of `c`, or `None` if it has none.
pub fn name(c: char) -> Option<Name> {
    monty_text::unicode::names::name(c).map(Name)
}

/// The character called `name` (ASCII case-insensitive, aliases included).
pub fn character(name: &str) -> Option<char> {
    monty_text::unicode::names::character(name)
}
