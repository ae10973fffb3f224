//! The data of `re.Pattern` and `re.Match` objects (`NativeObj::RePattern`,
//! `NativeObj::ReMatch`).
//!
//! A leaf: plain data naming no module, so `objects/mod.rs` can name it
//! without a circle through `re.rs`, which names `NativeObj`.

use serde::{Deserialize, Serialize};

use crate::object::Value;

/// A compiled pattern (`re.Pattern`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PatternData {
    pub pattern: String,
    pub flags: u32,
    pub groups: usize,
    pub names: Vec<(String, usize)>,
}

/// A match (`re.Match`): spans in code points and in bytes.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MatchData {
    pub pattern: Value,
    pub string: Value,
    pub pos: usize,
    pub endpos: usize,
    pub spans: Vec<Option<(usize, usize)>>,
    pub bspans: Vec<Option<(usize, usize)>>,
}
