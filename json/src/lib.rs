//! The engine of `json`: [`encode::dumps`] (CPython's C encoder re-done
//! natively) and [`decode::loads`] (a recursive-descent scanner after
//! CPython's C scanner).
//!
//! A crate of its own so that it is compiled for speed (opt-level 3) while
//! `monty-stdlib`, which declares the module (`json.dumps`' keyword
//! arguments, `dump`/`load` over file objects, `JSONDecodeError`'s
//! attributes), is compiled for size: agents' programs spend much of their
//! time in `json`. It reads and builds heap objects, so it depends on the
//! VM core; nothing here names the library.

pub mod decode;
pub mod encode;
