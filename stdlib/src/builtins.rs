//! The core's `builtins` module, re-exported so the modules name it as
//! `crate::builtins`.
//!
//! A leaf: it names only `monty-vm`.

pub use monty_vm::builtins::*;
