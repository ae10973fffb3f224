//! The interpreter core of the monty sandbox.
//!
//! The pipeline, one module each:
//!
//! 1. [`parse`]: source → `rustpython-parser` AST (syntax errors as
//!    CPython reports them).
//! 2. [`compile`]: scope analysis resolves every name to a slot, then code
//!    generation produces [`compile::bytecode::Program`]; unsupported
//!    constructs are rejected here, naming the construct and line.
//! 3. [`vm`]: an explicit frame stack over one value stack — Python calls
//!    never recurse on the Rust stack — with the heap in [`object`] as plain
//!    data, so a run can pause at a host call and resume later.
//! 4. [`builtins`]: builtin functions, constructors and methods;
//!    [`modules`]: the importable standard library.
//! 5. [`boundary`]: the JSON messages of the WIT exports (`exports`, wasm only).
//!
//! Everything an execution can observe comes through the request: there is
//! no filesystem, clock, environment or randomness.

pub mod boundary;
pub mod builtins;
pub mod modules;
pub mod object;
pub mod output;
pub use monty_text::unicode;
pub mod vm;

#[cfg(target_arch = "wasm32")]
mod exports;

pub use boundary::session::{check, Session};
