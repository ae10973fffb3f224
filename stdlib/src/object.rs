//! The core's `object` module with its heap types instantiated at
//! [`Library`].
//!
//! A leaf: it names only `monty-vm` and the [`Library`] type (`vm.rs`, a
//! leaf).

pub use monty_vm::object::*;

use crate::vm::Library;

/// A heap object of this library's VM.
pub type Obj = monty_vm::object::Obj<Library>;
/// The heap's slots in this library's VM.
pub type Slots = monty_vm::object::slots::Slots<Library>;
/// An iterator's state in this library's VM.
pub type Iter = monty_vm::object::Iter<Library>;
/// The heap of this library's VM.
pub type Heap = monty_vm::object::Heap<Library>;
