//! `Packed`: a [`Value`] in 8 bytes, for storage that holds many values
//! and is read far less often than the VM's stack (an instance's attribute
//! values: `object/attrs.rs`).
//!
//! A `Value` is 16 bytes (a word of tag, a word of payload) so the stack
//! and the arithmetic never unpack anything; CPython stores a reference in
//! 8. `Packed` NaN-boxes: a float is its own bits; everything else is a
//! quiet NaN pattern no float arithmetic produces (sign set, top 16 bits
//! `0xFFF9..=0xFFFF`) whose low 48 bits carry the payload. Not every
//! value fits: an int beyond ±2^47 and a float that is one of those NaN
//! patterns (only `struct` tricks make one) do not, and [`Packed::pack`]
//! says so; the container then keeps full `Value`s instead.

use super::exc::ExcType;
use super::types::Type;
use super::value::{NativeId, ObjId, Value};
use crate::builtins::builtin::Builtin;

/// A value in 8 bytes (see the module doc).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Packed(u64);

/// The top 16 bits of each non-float kind.
const INT: u64 = 0xFFF9;
const REF: u64 = 0xFFFA;
/// `Undef`, `None`, `False`, `True` as payload 0..=3.
const SMALL: u64 = 0xFFFB;
const BUILTIN: u64 = 0xFFFC;
const NATIVE: u64 = 0xFFFD;
const TYPE: u64 = 0xFFFE;
const EXC_TYPE: u64 = 0xFFFF;

const PAYLOAD: u64 = (1 << 48) - 1;
/// The ints that fit: 48-bit two's complement.
const INT_MIN: i64 = -(1 << 47);
const INT_MAX: i64 = (1 << 47) - 1;

impl Packed {
    /// `None`, packed.
    pub const NONE: Packed = Packed(SMALL << 48 | 1);

    #[inline]
    fn tagged(tag: u64, payload: u64) -> Packed {
        Packed(tag << 48 | payload)
    }

    /// `v` in 8 bytes, or `None` when it does not fit (see the module doc).
    /// Ints, references and floats are tested first, in branches (a
    /// `match` became a jump table, whose indirect jump cost more than
    /// the rest together in a loop over a list).
    #[inline(always)]
    pub fn pack(v: Value) -> Option<Packed> {
        if let Value::Int(i) = v {
            return (INT_MIN..=INT_MAX)
                .contains(&i)
                .then(|| Packed::tagged(INT, i as u64 & PAYLOAD));
        }
        if let Value::Ref(ObjId(id)) = v {
            return Some(Packed::tagged(REF, id as u64));
        }
        if let Value::Float(f) = v {
            let bits = f.to_bits();
            return (bits >> 48 < INT).then_some(Packed(bits));
        }
        Some(Packed::pack_rare(v))
    }

    #[inline(never)]
    fn pack_rare(v: Value) -> Packed {
        match v {
            Value::Undef => Packed::tagged(SMALL, 0),
            Value::None => Packed::NONE,
            Value::Bool(b) => Packed::tagged(SMALL, 2 + b as u64),
            Value::Builtin(b) => Packed::tagged(BUILTIN, b as u64),
            Value::Native(NativeId { module, func }) => {
                Packed::tagged(NATIVE, (module as u64) << 16 | func as u64)
            }
            Value::Type(t) => Packed::tagged(TYPE, t as u64),
            Value::ExcType(e) => Packed::tagged(EXC_TYPE, e as u64),
            Value::Int(_) | Value::Ref(_) | Value::Float(_) => {
                unreachable!("packed by Packed::pack")
            }
        }
    }

    /// The value packed: ints, references and floats in branches (see
    /// [`Packed::pack`]), the rest out of line.
    #[inline(always)]
    pub fn unpack(self) -> Value {
        // Ordered comparisons of the whole word, not equality tests of
        // the tag: LLVM turns a chain of those into a jump table.
        if self.0 < INT << 48 {
            return Value::Float(f64::from_bits(self.0));
        }
        if self.0 < REF << 48 {
            return Value::Int(((self.0 << 16) as i64) >> 16);
        }
        if self.0 < SMALL << 48 {
            return Value::Ref(ObjId(self.0 as u32));
        }
        self.unpack_rare()
    }

    #[inline(never)]
    fn unpack_rare(self) -> Value {
        let payload = self.0 & PAYLOAD;
        match self.0 >> 48 {
            SMALL => match payload {
                0 => Value::Undef,
                1 => Value::None,
                p => Value::Bool(p == 3),
            },
            BUILTIN => Value::Builtin(Builtin::ALL[payload as usize]),
            NATIVE => Value::Native(NativeId {
                module: (payload >> 16) as u16,
                func: payload as u16,
            }),
            TYPE => Value::Type(Type::ALL[payload as usize]),
            _ => Value::ExcType(ExcType::ALL[payload as usize]),
        }
    }

    /// The heap object this refers to, if any (the collector's walk,
    /// without unpacking the rest).
    #[inline]
    pub fn as_ref(self) -> Option<ObjId> {
        (self.0 >> 48 == REF).then_some(ObjId((self.0 & PAYLOAD) as u32))
    }
}

impl std::fmt::Debug for Packed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.unpack().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(v: Value) {
        let p = Packed::pack(v).unwrap_or_else(|| panic!("{v:?} packs"));
        match (p.unpack(), v) {
            (Value::Float(a), Value::Float(b)) => assert_eq!(a.to_bits(), b.to_bits()),
            (a, b) => assert_eq!(a, b),
        }
    }

    #[test]
    fn every_kind_round_trips() {
        for v in [
            Value::Undef,
            Value::None,
            Value::Bool(false),
            Value::Bool(true),
            Value::Int(0),
            Value::Int(-1),
            Value::Int(INT_MAX),
            Value::Int(INT_MIN),
            Value::Float(0.0),
            Value::Float(-0.0),
            Value::Float(f64::INFINITY),
            Value::Float(f64::NEG_INFINITY),
            Value::Float(f64::NAN),
            Value::Float(-f64::NAN),
            Value::Float(f64::MIN_POSITIVE),
            Value::Ref(ObjId(0)),
            Value::Ref(ObjId(u32::MAX)),
            Value::Native(NativeId {
                module: 7,
                func: 65535,
            }),
        ] {
            round_trip(v);
        }
        for &b in Builtin::ALL {
            round_trip(Value::Builtin(b));
        }
        for &t in Type::ALL {
            round_trip(Value::Type(t));
        }
        for &e in ExcType::ALL {
            round_trip(Value::ExcType(e));
        }
    }

    #[test]
    fn what_does_not_fit_says_so() {
        assert!(Packed::pack(Value::Int(INT_MAX + 1)).is_none());
        assert!(Packed::pack(Value::Int(INT_MIN - 1)).is_none());
        assert!(Packed::pack(Value::Int(i64::MAX)).is_none());
        assert!(Packed::pack(Value::Float(f64::from_bits(0xFFF9_0000_0000_0001))).is_none());
        assert!(Packed::pack(Value::Float(f64::from_bits(u64::MAX))).is_none());
    }

    #[test]
    fn only_refs_are_refs() {
        assert_eq!(
            Packed::pack(Value::Ref(ObjId(42))).unwrap().as_ref(),
            Some(ObjId(42))
        );
        assert_eq!(Packed::pack(Value::Int(42)).unwrap().as_ref(), None);
        assert_eq!(Packed::pack(Value::Float(1.5)).unwrap().as_ref(), None);
    }
}
