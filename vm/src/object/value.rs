//! `Value`: the 16-byte, `Copy` handle every part of the VM passes around.
//!
//! Small ints, floats, bools and None live unboxed in the value itself so
//! arithmetic on them never touches the heap; everything else is a `Ref` to a
//! heap slot. Builtin functions and builtin types are unboxed too: they are
//! plain enum tags, which keeps `len(x)` or `isinstance(x, int)` free of
//! allocation.

use serde::{Deserialize, Serialize};

use super::exc::ExcType;
use super::types::Type;
use crate::builtins::builtin::Builtin;

/// A function of a native module: module index and function index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct NativeId {
    pub module: u16,
    pub func: u16,
}

/// Index of an object in the [`Heap`](super::heap::Heap).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ObjId(pub u32);

/// A Python value.
///
/// `repr(u64)`: the tag takes a whole word, so every payload starts at
/// offset 8 and a copy of a `Value` is two aligned words. With a byte tag,
/// rustc copied bytes 1..16 as two overlapping unaligned words, and a load
/// spanning two earlier stores cannot be forwarded from the store buffer:
/// every stack push/pop stalled. Measured: fib -17%, classes -20%, dicts
/// -15% time (native build; the wasm build the same way). Same size (16).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[repr(u64)]
pub enum Value {
    /// Marks an unbound local or global slot; never visible to Python code.
    Undef,
    None,
    Bool(bool),
    Int(i64),
    Float(f64),
    /// A builtin function such as `len`.
    Builtin(Builtin),
    /// A function of a native module (`math.sqrt`), by module and index.
    Native(NativeId),
    /// A builtin type such as `int` or `list`.
    Type(Type),
    /// A builtin exception class such as `ValueError`.
    ExcType(ExcType),
    /// Everything else lives on the heap.
    Ref(ObjId),
}

impl Value {
    #[inline]
    pub fn is_none(self) -> bool {
        matches!(self, Value::None)
    }

    #[inline]
    pub fn as_ref(self) -> Option<ObjId> {
        match self {
            Value::Ref(id) => Some(id),
            _ => None,
        }
    }
}
