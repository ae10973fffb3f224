//! The core's `vm` module with its VM instantiated at [`Library`], so the
//! modules name `Vm` as the one VM they run on.
//!
//! A leaf: it names only `monty-vm`. [`Library`] (a unit type) is declared
//! here so the alias can name it without reaching up; its `Stdlib`
//! implementation, which names every module, is in `library.rs` at the top.

pub use monty_vm::vm::*;

/// The standard library of this build (its `Stdlib` impl: `library.rs`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Library;

/// The VM running this library.
pub type Vm = monty_vm::vm::Vm<Library>;
