//! The data of a `graphlib.TopologicalSorter` (`NativeObj::TopoSorter`).
//!
//! A leaf: plain data naming no module, so `objects/mod.rs` can name it
//! without a circle through `graphlib.rs`, which names `NativeObj`.

use serde::{Deserialize, Serialize};

use crate::object::Value;

/// `npredecessors` of a node `get_ready` has passed out.
pub const NODE_OUT: i64 = -1;
/// `npredecessors` of a node marked `done`.
pub const NODE_DONE: i64 = -2;

/// One node: the node itself, how many predecessors are not done yet (or
/// [`NODE_OUT`] / [`NODE_DONE`]), and its successors' indices.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct NodeInfo {
    pub node: Value,
    pub npredecessors: i64,
    pub successors: Vec<usize>,
}

/// A sorter's state, as CPython's `TopologicalSorter` keeps it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TopoState {
    /// A dict from each node to its index in `nodes` (nodes are found by
    /// hash and equality, as in CPython's `_node2info`).
    pub index: Value,
    /// The nodes in the order they were first added.
    pub nodes: Vec<NodeInfo>,
    /// The nodes ready to be passed out; `None` before `prepare()`.
    pub ready: Option<Vec<usize>>,
    pub npassedout: usize,
    pub nfinished: usize,
}
