//! The regular expression engine of `re` (`monty-re`), in its own crate so
//! it is built for speed in monty.wasm while the modules around it are
//! built for size (README.md, "Module size"), and so it names nothing of
//! the VM:
//!
//! - [`parse`] and [`groups`]: Python's pattern syntax into [`node`]'s tree;
//! - [`compile`]: the tree into sre-shaped instructions ([`compile::Program`]);
//! - [`offsets`]: the matcher's byte offsets as Python's code-point ones;
//! - [`exec`]: the backtracking matcher, which calls the caller's `tick`
//!   every 32 steps (the VM counts them against the run's budget and may
//!   stop the match: [`exec::Stopped`]).
//!
//! `monty-stdlib`'s `re.rs` and `re_match.rs` are the module around it.

pub mod compile;
pub mod exec;
pub mod groups;
pub mod node;
pub mod offsets;
pub mod parse;
