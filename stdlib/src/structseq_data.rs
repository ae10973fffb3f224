//! Which struct sequence a `NativeObj::StructSeq` is (`sys.version_info`,
//! `sys.float_info`, `sys.flags`, `datetime.IsoCalendarDate`): its class name and field names.
//!
//! A leaf: plain data naming no module, so `objects/mod.rs` can name it
//! without a circle through `structseq.rs`, which names `NativeObj`.

use serde::{Deserialize, Serialize};

/// Which struct sequence a [`NativeObj::StructSeq`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeqKind {
    VersionInfo,
    // Appended, not sorted: the enum is part of the snapshot format.
    FloatInfo,
    Flags,
    /// `datetime.date.isocalendar()`'s result.
    IsoCalendarDate,
    /// `os.stat()` and `Path.stat()`'s result.
    StatResult,
}

impl SeqKind {
    pub fn type_name(self) -> &'static str {
        match self {
            SeqKind::VersionInfo => "sys.version_info",
            SeqKind::FloatInfo => "sys.float_info",
            SeqKind::Flags => "sys.flags",
            SeqKind::IsoCalendarDate => "datetime.IsoCalendarDate",
            SeqKind::StatResult => "os.stat_result",
        }
    }

    pub fn fields(self) -> &'static [&'static str] {
        match self {
            SeqKind::IsoCalendarDate => &["year", "week", "weekday"],
            SeqKind::StatResult => &[
                "st_mode", "st_ino", "st_dev", "st_nlink", "st_uid", "st_gid", "st_size",
                "st_atime", "st_mtime", "st_ctime",
            ],
            SeqKind::VersionInfo => &["major", "minor", "micro", "releaselevel", "serial"],
            SeqKind::FloatInfo => &[
                "max",
                "max_exp",
                "max_10_exp",
                "min",
                "min_exp",
                "min_10_exp",
                "dig",
                "mant_dig",
                "epsilon",
                "radix",
                "rounds",
            ],
            SeqKind::Flags => &[
                "debug",
                "inspect",
                "interactive",
                "optimize",
                "dont_write_bytecode",
                "no_user_site",
                "no_site",
                "ignore_environment",
                "verbose",
                "bytes_warning",
                "quiet",
                "hash_randomization",
                "isolated",
                "dev_mode",
                "utf8_mode",
                "warn_default_encoding",
                "safe_path",
                "int_max_str_digits",
            ],
        }
    }
}
