//! The monty VM core: everything that runs compiled Python except the
//! standard library's modules.
//!
//! - [`object`]: `Value`, the heap and its object kinds, one file per type;
//! - [`vm`]: frames over one value stack (Python calls never recurse on the
//!   Rust stack), dispatch, calls, exceptions, generators, async tasks;
//! - [`builtins`]: builtin functions, constructors and methods;
//! - [`output`]: what `print` writes (WASI stdout/stderr).
//!
//! The core is generic over the library it runs with (`Vm<S: Stdlib>`,
//! [`vm::stdlib`]): `monty-stdlib` implements [`vm::stdlib::Stdlib`] and
//! instantiates it. The whole state is plain data, so a run can pause at a
//! host call and resume later, in another process.

pub mod builtins;
pub mod object;
pub mod output;
pub mod vm;

pub use monty_text::unicode;
