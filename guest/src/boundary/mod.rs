//! The boundary messages: requests and replies in, progress out, all JSON
//! (DESIGN.md "The boundary"). This is the only place that knows the
//! message shapes; `session` drives the VM with them.

pub mod check_env;
pub mod checker;
pub mod host_object;
pub mod names;
pub mod progress_json;
pub mod record;
pub mod reply_json;
pub mod session;
pub mod value;
// The snapshot format and its validation live in their own crate, built
// for size (they run once per snapshot or restore).
pub use monty_snapshot as snapshot;
pub use monty_snapshot::validate;
