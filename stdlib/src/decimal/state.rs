//! The `decimal` module's hidden state, a native object's data: a leaf
//! (plain values only), so the native object enum can hold it without
//! naming the module that works on it.

use crate::object::Value;

/// The module's hidden state: the current context and the exception
/// classes (see [`super::CLASS_NAMES`]), then `DecimalTuple`.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct DecState {
    pub current: Value,
    pub classes: Vec<Value>,
    pub tuple_class: Value,
    pub templates: Vec<Value>,
}
