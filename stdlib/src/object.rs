//! The core's `object` module, as the modules name it (`crate::object`).
//!
//! A leaf: it names only `monty-vm`.

pub use monty_vm::object::slots::Slots;
pub use monty_vm::object::*;
