//! The monty guest: the WIT exports of `monty.wasm` over a session.
//!
//! The layers below it are their own crates: `monty-compile` (source →
//! bytecode), `monty-vm` (values, heap, dispatch, builtins; generic over
//! its library) and `monty-stdlib` (the modules, and the `Library` the VM
//! is instantiated with). This crate owns [`boundary`] (the session over
//! `monty-wire` messages, the snapshot format and its validator) and the
//! exports (`exports`, wasm only).
//!
//! Everything an execution can observe comes through the request: there is
//! no filesystem, clock, environment or randomness.

pub mod boundary;
pub use monty_stdlib as modules;
pub use monty_stdlib::{builtins, object, output, unicode, vm};

#[cfg(target_arch = "wasm32")]
mod exports;

pub use boundary::session::{check, Session};
