//! User-defined classes and their instances, plus the method wrappers
//! (`staticmethod`, `classmethod`, `property`) and `super()` objects.
//!
//! A class is a namespace dict plus its C3 method resolution order; an
//! instance is its class and an attribute dict. Everything refers by
//! `ObjId`, so classes and instances are plain data like the rest of the
//! heap.

use serde::{Deserialize, Serialize};

use super::dict::Dict;
use super::exc::ExcType;
use super::value::{ObjId, Value};

/// A class created by a `class` statement.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Class {
    pub name: String,
    pub qualname: String,
    /// Direct bases as written (classes, or builtin exception classes).
    pub bases: Vec<Value>,
    /// Method resolution order: this class first, then its ancestors; user
    /// classes only (the builtin root, `object` or an exception class, is
    /// implied by `exc_base`).
    pub mro: Vec<ObjId>,
    /// The class namespace (methods, class attributes).
    pub attrs: Dict,
    /// The builtin exception class this class derives from, if any.
    pub exc_base: Option<ExcType>,
    /// Set by `@dataclass`.
    pub dataclass: Option<DataclassInfo>,
    /// Set for classes made by `collections.namedtuple`: the field names
    /// and the defaults of the last fields.
    pub namedtuple: Option<(Vec<String>, Vec<Value>)>,
    /// The metaclass, when it is not `type`: a class the library made
    /// (`enum.EnumType`, `abc.ABCMeta`), inherited from the first base
    /// that has one. Operations on the class object itself (calling it,
    /// iterating it, `len`, `in`, `[]`, `repr`, setting attributes, and
    /// attributes the class lacks) consult its special methods first
    /// (`vm/src/vm/meta.rs`).
    pub meta: Option<ObjId>,
    /// Cached [`ClassFlags`] bits of the whole MRO and the heap's class
    /// epoch they were computed at (see `Vm::class_flags`); not saved.
    #[serde(skip, default = "stale_flags")]
    pub flags: std::cell::Cell<(u64, u8)>,
    /// Cached `__init__` lookup through the MRO and the class epoch it was
    /// made at (see `Vm::class_init`); not saved. (A collection moves the
    /// epoch on, so the value is never read after it was freed.)
    #[serde(skip, default = "stale_init")]
    pub init: std::cell::Cell<(u64, Option<Value>)>,
}

fn stale_flags() -> std::cell::Cell<(u64, u8)> {
    std::cell::Cell::new((u64::MAX, 0))
}

fn stale_init() -> std::cell::Cell<(u64, Option<Value>)> {
    std::cell::Cell::new((u64::MAX, None))
}

impl Class {
    /// A class with an empty MRO (set once computed) and no extras.
    pub fn new(name: String, qualname: String, bases: Vec<Value>, attrs: Dict) -> Class {
        Class {
            name,
            qualname,
            bases,
            mro: Vec::new(),
            attrs,
            exc_base: None,
            dataclass: None,
            namedtuple: None,
            meta: None,
            flags: stale_flags(),
            init: stale_init(),
        }
    }
}

/// What a class's MRO defines that the attribute fast paths must respect.
pub struct ClassFlags;

impl ClassFlags {
    /// `__setattr__` is defined.
    pub const SETATTR: u8 = 1;
    /// Some class attribute is a `property` (which takes precedence over
    /// the instance dict).
    pub const PROPERTY: u8 = 2;
    /// A frozen dataclass.
    pub const FROZEN: u8 = 4;
    /// A builtin type is a base (`class Status(str, Enum)`, under a
    /// metaclass: `vm/meta.rs`).
    pub const BUILTIN_BASE: u8 = 8;
}

/// What `@dataclass` recorded about a class.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DataclassInfo {
    pub fields: Vec<Field>,
    pub frozen: bool,
    pub order: bool,
    pub eq: bool,
    pub repr: bool,
    pub init: bool,
}

/// One dataclass field.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Field {
    pub name: String,
    /// `Undef` when there is no default.
    pub default: Value,
    /// A zero-argument callable producing the default, or `Undef`.
    pub default_factory: Value,
    pub init: bool,
    pub repr: bool,
    pub compare: bool,
    pub kw_only: bool,
}

/// An instance of a user class.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Instance {
    pub class: ObjId,
    /// (`object/attrs.rs`: names and values, not a `Dict`.)
    pub attrs: super::Attrs,
}

/// `property(fget, fset, fdel)`.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub struct Property {
    pub fget: Value,
    pub fset: Value,
    pub fdel: Value,
}

impl Class {
    /// Computes the C3 linearization of a class with these bases' MROs.
    ///
    /// # Errors
    /// A message when no consistent order exists (`TypeError` in Python).
    pub fn c3(
        this: ObjId,
        base_mros: Vec<Vec<ObjId>>,
        bases: &[ObjId],
    ) -> Result<Vec<ObjId>, String> {
        let mut seqs: Vec<Vec<ObjId>> = base_mros;
        seqs.push(bases.to_vec());
        let mut out = vec![this];
        loop {
            seqs.retain(|s| !s.is_empty());
            if seqs.is_empty() {
                return Ok(out);
            }
            let mut found = None;
            for s in &seqs {
                let head = s[0];
                if !seqs.iter().any(|t| t[1..].contains(&head)) {
                    found = Some(head);
                    break;
                }
            }
            let Some(head) = found else {
                return Err("Cannot create a consistent method resolution order (MRO)".into());
            };
            out.push(head);
            for s in &mut seqs {
                if s[0] == head {
                    s.remove(0);
                }
            }
        }
    }
}
