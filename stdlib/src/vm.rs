//! The core's `vm` module, as the modules name it (`crate::vm`), and
//! [`Library`], the unit type this crate implements the core's `Stdlib`
//! trait for (`library.rs`, at the top).
//!
//! A leaf: it names only `monty-vm`.

pub use monty_vm::vm::*;

/// The standard library of this build (its `Stdlib` impl: `library.rs`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Library;
