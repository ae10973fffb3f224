//! Values and the heap objects they refer to, one file per concern.
//!
//! Every object is plain data (`serde`-serializable, no closures, no Rust
//! references between objects), which is what lets an execution pause at
//! any external call and later be snapshotted.

pub mod attrs;
pub mod bytes;
pub mod class;
pub mod complex;
pub mod dict;
pub mod exc;
pub mod float;
pub mod heap;
pub mod int;
pub mod iter;
pub mod key_str;
pub mod list;
pub mod packed;
pub mod shape;
pub mod slots;
pub mod str;
pub mod types;
pub mod value;

use num_bigint::BigInt;

use serde::{Deserialize, Serialize};

pub use attrs::Attrs;
pub use class::{Class, ClassFlags, DataclassInfo, Field, Instance, Property};
pub use dict::{hash_of, python_hash, Dict, DictKind, HashKey};
pub use exc::ExcType;
pub use heap::Heap;
pub use iter::Iter;
pub use key_str::KeyStr;
pub use list::{List, Seq};
pub use str::PyStr;
pub use types::Type;
pub use value::{NativeId, ObjId, Value};

/// A heap object.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub enum Obj {
    Str(PyStr),
    /// `bytes` (immutable) and `bytearray` (mutable): `object/bytes.rs`.
    Bytes(Vec<u8>),
    ByteArray(Vec<u8>),
    BigInt(BigInt),
    List(List),
    Tuple(Vec<Value>),
    Dict(Box<Dict>),
    Set(Box<Dict>),
    FrozenSet(Box<Dict>),
    Function(Box<Function>),
    /// A variable captured by a closure.
    Cell(Value),
    Exception(Box<Exception>),
    Range(Range),
    Slice(Box<[Value; 3]>),
    Iter(Iter),
    /// `d.keys()`, `d.values()`, `d.items()`.
    DictView(ObjId, ViewKind),
    /// A method of a builtin type bound to its receiver (`lst.append`).
    BuiltinMethod(Value, String),
    /// A function provided by the host; calling it pauses the run.
    External(External),
    /// An imported module: its name and attributes.
    Module(Box<Module>),
    /// A native function with values bound in front of its arguments
    /// (`operator.itemgetter(1)`, `functools.partial(f, x)`): calling it
    /// calls `func(*bound, *args)`. `name` is its class name for reprs.
    BoundNative {
        func: NativeId,
        bound: Vec<Value>,
        name: String,
    },
    Class(Box<Class>),
    /// (not boxed: 20 bytes on wasm32, within the slot's size)
    Instance(Instance),
    /// A function bound to the object it was looked up on.
    BoundMethod {
        func: Value,
        recv: Value,
    },
    StaticMethod(Value),
    ClassMethod(Value),
    Property(Box<Property>),
    /// `super()`: look up attributes after `class` in `obj`'s MRO.
    Super {
        class: ObjId,
        obj: Value,
    },
    /// What `dataclasses.field(...)` returns (and `fields()` lists).
    FieldSpec(Box<Field>),
    Generator(Box<Generator>),
    /// An object of a native module (`monty-stdlib`'s `objects/`).
    Native(crate::vm::library_data::LibData),
    /// A `complex` number (`object/complex.rs`).
    Complex(complex::Complex),
}

/// Which view `d.keys()`/`values()`/`items()` returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ViewKind {
    Keys,
    Values,
    Items,
}

/// `range(start, stop, step)` over machine ints.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub struct Range {
    pub start: i64,
    pub stop: i64,
    pub step: i64,
}

impl Range {
    /// The exact length (a range of i64 bounds can hold up to 2**64 items).
    pub fn len_i128(&self) -> i128 {
        let (start, stop, step) = (self.start as i128, self.stop as i128, self.step as i128);
        if step > 0 && start < stop {
            (stop - start - 1) / step + 1
        } else if step < 0 && start > stop {
            (start - stop - 1) / (-step) + 1
        } else {
            0
        }
    }

    pub fn len(&self) -> i64 {
        if self.step > 0 && self.start < self.stop {
            ((self.stop as i128 - self.start as i128 - 1) / self.step as i128 + 1) as i64
        } else if self.step < 0 && self.start > self.stop {
            ((self.start as i128 - self.stop as i128 - 1) / (-(self.step as i128)) + 1) as i64
        } else {
            0
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn get(&self, i: i64) -> i64 {
        self.start + i * self.step
    }
}

/// A Python function: code plus the values captured when `def` ran.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Function {
    pub code: u32,
    /// Defaults of the last positional parameters.
    pub defaults: Vec<Value>,
    /// Defaults of keyword-only parameters, `Undef` where there is none.
    pub kwdefaults: Vec<Value>,
    /// The cells of the free variables, in the code's `freevars` order.
    pub closure: Vec<Value>,
    /// What was set on it, boxed because few functions have any (every
    /// heap slot is as large as the largest variant).
    pub attrs: Option<Box<FunctionAttrs>>,
}

/// The attributes set on a function.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FunctionAttrs {
    /// Its `__dict__` (attributes set on it, `__wrapped__`): `None` until
    /// one is set.
    pub dict: Value,
    /// `__name__`, `__qualname__`, `__doc__`, `__module__` set on it (by
    /// `functools.wraps`), which are not in `__dict__`: a dict, or `None`.
    pub names: Value,
}

impl Default for FunctionAttrs {
    fn default() -> Self {
        FunctionAttrs {
            dict: Value::None,
            names: Value::None,
        }
    }
}

/// A generator: a suspended frame saved as data.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Generator {
    pub code: u32,
    pub state: GenState,
    /// The frame's slots and operand stack while suspended.
    pub saved: Vec<Value>,
    pub ip: u32,
    /// Active handlers, with stack lengths relative to the frame base.
    pub handlers: Vec<(u32, u32, u32)>,
    /// Exceptions being handled inside the generator when it yielded.
    pub exc_saved: Vec<Value>,
    /// What its frame returned, until the `StopIteration` (or the `yield
    /// from`) that reports it takes it.
    pub ret: Value,
    /// An async generator being closed (`aclose()`): a `yield` now is an
    /// error, and `GeneratorExit` leaving it is the close's success.
    pub closing: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GenState {
    Created,
    Suspended,
    Running,
    Done,
}

/// A module object.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Module {
    pub name: String,
    pub attrs: Dict,
}

/// A host function declared in the request.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct External {
    pub name: String,
    pub params: Option<Vec<String>>,
    pub is_async: bool,
}

/// One line of a traceback: which code, which line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TbEntry {
    pub code: u32,
    pub line: u32,
}

/// An exception instance.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Exception {
    pub kind: ExcType,
    pub args: Vec<Value>,
    /// Outermost frame first, as printed. A deque: each frame the
    /// exception passes through goes in front, and an exception raised
    /// again (`raise e` in a loop) keeps its old entries, as in CPython,
    /// so a `Vec`'s insertion at 0 made such a loop quadratic. Serialized
    /// as the same sequence.
    pub traceback: std::collections::VecDeque<TbEntry>,
    /// `raise ... from cause`.
    pub cause: Value,
    /// The exception being handled when this one was raised.
    pub context: Value,
    pub suppress_context: bool,
    /// The user class, for instances of `class E(Exception)`.
    pub class: Option<ObjId>,
    /// Instance attributes set on a user exception (`self.code = ...`).
    pub attrs: Dict,
    /// An exception group's sub-exceptions (`eg.exceptions`); empty for
    /// every other exception.
    pub exceptions: Vec<Value>,
}

impl Exception {
    pub fn new(kind: ExcType, args: Vec<Value>) -> Exception {
        Exception {
            kind,
            args,
            traceback: std::collections::VecDeque::new(),
            cause: Value::None,
            context: Value::None,
            suppress_context: false,
            class: None,
            attrs: Dict::new(),
            exceptions: Vec::new(),
        }
    }
}

impl Obj {
    /// The items, if this is a list or a tuple.
    #[inline]
    pub fn seq(&self) -> Option<Seq<'_>> {
        match self {
            Obj::List(l) => Some(Seq::List(l)),
            Obj::Tuple(t) => Some(Seq::Tuple(t)),
            _ => None,
        }
    }

    /// Calls `f` with every value this object refers to (for the collector).
    pub fn for_each_child(&self, f: &mut dyn FnMut(Value)) {
        match self {
            Obj::Str(_) | Obj::BigInt(_) | Obj::Range(_) | Obj::External(_) | Obj::Complex(_) => {}
            Obj::Bytes(_) | Obj::ByteArray(_) => {}
            Obj::List(items) => items.for_each_ref(f),
            Obj::Tuple(items) => items.iter().for_each(|v| f(*v)),
            Obj::Dict(d) | Obj::Set(d) | Obj::FrozenSet(d) => d.for_each_value(f),
            Obj::Function(func) => {
                func.defaults.iter().for_each(|v| f(*v));
                func.kwdefaults.iter().for_each(|v| f(*v));
                func.closure.iter().for_each(|v| f(*v));
                if let Some(a) = &func.attrs {
                    f(a.dict);
                    f(a.names);
                }
            }
            Obj::Cell(v) => f(*v),
            Obj::Exception(e) => {
                e.args.iter().for_each(|v| f(*v));
                e.exceptions.iter().for_each(|v| f(*v));
                f(e.cause);
                f(e.context);
                if let Some(c) = e.class {
                    f(Value::Ref(c));
                }
                e.attrs.for_each_value(f);
            }
            Obj::Class(c) => {
                c.bases.iter().for_each(|v| f(*v));
                c.mro.iter().for_each(|id| f(Value::Ref(*id)));
                if let Some(m) = c.meta {
                    f(Value::Ref(m));
                }
                c.attrs.for_each_value(f);
                if let Some(dc) = &c.dataclass {
                    for fd in &dc.fields {
                        f(fd.default);
                        f(fd.default_factory);
                    }
                }
                if let Some((_, defaults)) = &c.namedtuple {
                    defaults.iter().for_each(|v| f(*v));
                }
            }
            Obj::Instance(i) => {
                f(Value::Ref(i.class));
                i.attrs.for_each_value(f);
            }
            Obj::BoundMethod { func, recv } => {
                f(*func);
                f(*recv);
            }
            Obj::StaticMethod(v) | Obj::ClassMethod(v) => f(*v),
            Obj::Property(p) => {
                f(p.fget);
                f(p.fset);
                f(p.fdel);
            }
            Obj::Super { class, obj } => {
                f(Value::Ref(*class));
                f(*obj);
            }
            Obj::FieldSpec(fd) => {
                f(fd.default);
                f(fd.default_factory);
            }
            Obj::Generator(g) => {
                g.saved.iter().for_each(|v| f(*v));
                g.exc_saved.iter().for_each(|v| f(*v));
                f(g.ret);
            }
            Obj::Native(n) => n.for_each_child(f),
            Obj::Slice(parts) => {
                let [a, b, c] = **parts;
                f(a);
                f(b);
                f(c);
            }
            Obj::Iter(it) => it.for_each_child(f),
            Obj::DictView(d, _) => f(Value::Ref(*d)),
            Obj::BuiltinMethod(recv, _) => f(*recv),
            Obj::Module(m) => m.attrs.for_each_value(f),
            Obj::BoundNative { bound, .. } => bound.iter().for_each(|v| f(*v)),
        }
    }
}
