//! The data of a `time.struct_time` (`NativeObj::StructTime`).
//!
//! A leaf: plain data naming no module, so `objects/mod.rs` can name it
//! without a circle through `time.rs`, which names `NativeObj`.

use serde::{Deserialize, Serialize};

/// A `time.struct_time`: the nine tuple fields, the zone name and offset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StructTime {
    pub f: [i64; 9],
    pub zone: String,
    pub gmtoff: i64,
}
