//! The boundary of the monty sandbox, as typed Rust.
//!
//! `monty.wasm` and its hosts exchange JSON messages (DESIGN.md, "The
//! boundary"): a [`Request`] starts an execution, every step answers with a
//! [`Progress`], the host continues with a [`Resume`] (a [`Reply`] or
//! [`Results`]), and [`CheckRequest`]
//! asks for a [`CheckReport`]. Values inside them use the tagged encoding of
//! [`Value`]. The guest and the Rust host both build and read exactly these
//! types, so a field one side sends and the other does not read is a
//! compile error, not a silent drift.
//!
//! The crate is `no_std` + `alloc` (serde and serde_json without `std`), so
//! the guest links it as it is.
//! Hosts in other languages implement the same shapes by hand; the JSON
//! examples in each type's docs are the reference.

#![no_std]
#![warn(missing_docs)]

extern crate alloc;

mod base64;
mod host_object;
mod message;
mod ordered;
mod progress;
pub mod quick_read;
mod record;
mod snapshot_checksum;
mod value;

pub use base64::{decode as base64_decode, encode as base64_encode};
pub use host_object::{is_identifier, HostObject, Method};
pub use message::{
    Call, CheckReport, CheckRequest, Diagnostic, Exception, External, Limits, Progress, Reply,
    ReplyError, Request, Results, Resume, SessionStep,
};
pub use ordered::Ordered;
pub use snapshot_checksum::payload_checksum;
pub use value::{Value, MAX_PLAIN_INT};
