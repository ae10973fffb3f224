//! A consumer frame's data ([`Consumer`], [`ConsumerKind`]) and the code
//! that marks one ([`CONSUMER_CODE`]).
//!
//! A leaf: plain data naming only values, so the VM's frames (`mod.rs`)
//! and exceptions can hold and recognize a consumer without a circle
//! through the consuming code (`consumer.rs`), which calls builtins.

use serde::{Deserialize, Serialize};

use crate::object::value::Value;

/// Marks a consumer frame (no code of its own).
pub const CONSUMER_CODE: u32 = u32::MAX;

/// What a consumer does with the values it receives.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum ConsumerKind {
    /// Collect everything, then call `callee` with the collected list in
    /// place of argument `slot` (`sum`, `list`, `sorted`, `str.join`, ...).
    Collect {
        callee: Value,
        args: Vec<Value>,
        kwargs: Vec<(String, Value)>,
        slot: usize,
    },
    /// `any` (`want` = true) / `all` (`want` = false): stop at the first
    /// value whose truth is `want`.
    AnyAll { want: bool },
    /// `next(gen[, default])`: the first value.
    Next { default: Option<Value> },
}

/// The state of a consumer frame.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Consumer {
    pub kind: ConsumerKind,
    pub gen: Value,
    pub acc: Vec<Value>,
}

impl Consumer {
    pub fn for_each_child(&self, f: &mut dyn FnMut(Value)) {
        f(self.gen);
        self.acc.iter().for_each(|v| f(*v));
        match &self.kind {
            ConsumerKind::Collect {
                callee,
                args,
                kwargs,
                ..
            } => {
                f(*callee);
                args.iter().for_each(|v| f(*v));
                kwargs.iter().for_each(|kv| f(kv.1));
            }
            ConsumerKind::Next { default: Some(d) } => f(*d),
            _ => {}
        }
    }
}
