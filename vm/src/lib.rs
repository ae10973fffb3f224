//! The monty VM core: everything that runs compiled Python except the
//! standard library's modules.
//!
//! - [`object`]: `Value`, the heap and its object kinds, one file per type;
//! - [`vm`]: frames over one value stack (Python calls never recurse on the
//!   Rust stack), dispatch, calls, exceptions, generators, async tasks;
//! - [`builtins`]: builtin functions, constructors and methods;
//! - [`output`]: what `print` writes (WASI stdout/stderr);
//! - [`cold_sort`]: one sort for the call sites off the hot paths.
//!
//! The core calls the library it runs with through a trait object
//! ([`vm::stdlib`]: `monty-stdlib` implements [`vm::stdlib::Stdlib`] and
//! installs it), so it is compiled once, here, whatever the library's
//! crate is built with. The whole state is plain data, so a run can pause
//! at a host call and resume later, in another process.

pub mod builtins;
pub mod cold_sort;
pub mod object;
pub mod output;
pub mod vm;

pub use monty_text::unicode;

pub(crate) use vm::stdlib::lib;
