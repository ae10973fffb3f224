//! The builtin types as unboxed tags: `type(x)`, `isinstance`, and the
//! names used in error messages (`'int' object is not iterable`).

use serde::{Deserialize, Serialize};

/// Declares [`Type`] and its [`Type::ALL`] table from one list.
macro_rules! builtin_types {
    ($($(#[$doc:meta])* $variant:ident,)*) => {
        /// A builtin type.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum Type { $($(#[$doc])* $variant,)* }

        impl Type {
            /// Every builtin type in declaration order: `ALL[t as usize] == t`.
            pub const ALL: &'static [Type] = &[$(Type::$variant),*];
        }
    };
}

builtin_types! {
    Object,
    NoneType,
    Bool,
    Int,
    Float,
    Str,
    Bytes,
    ByteArray,
    List,
    Tuple,
    Dict,
    Set,
    FrozenSet,
    Range,
    Slice,
    Function,
    BuiltinFunction,
    Method,
    Type,
    Cell,
    Iterator,
    CallableIterator,
    Enumerate,
    Zip,
    Map,
    Filter,
    Reversed,
    DictKeys,
    DictValues,
    DictItems,
    ExternalFunction,
    Module,
    Generator,
    Complex,
    // Appended, not sorted: the enum is part of the snapshot format.
    NotImplementedType,
    Ellipsis,
    Coroutine,
    AsyncGenerator,
    // The iterators of the builtin containers, one type each as in CPython.
    ListIterator,
    TupleIterator,
    StrAsciiIterator,
    StrIterator,
    BytesIterator,
    ByteArrayIterator,
    RangeIterator,
    SetIterator,
    DictKeyIterator,
    DictValueIterator,
    DictItemIterator,
    ListReverseIterator,
}

impl Type {
    /// The name Python prints for the type (`type(x).__name__`).
    pub fn name(self) -> &'static str {
        match self {
            Type::Object => "object",
            Type::NoneType => "NoneType",
            Type::Bool => "bool",
            Type::Int => "int",
            Type::Float => "float",
            Type::Str => "str",
            Type::Bytes => "bytes",
            Type::ByteArray => "bytearray",
            Type::List => "list",
            Type::Tuple => "tuple",
            Type::Dict => "dict",
            Type::Set => "set",
            Type::FrozenSet => "frozenset",
            Type::Range => "range",
            Type::Slice => "slice",
            Type::Function => "function",
            Type::BuiltinFunction => "builtin_function_or_method",
            Type::Method => "method",
            Type::Type => "type",
            Type::Cell => "cell",
            Type::Iterator => "iterator",
            Type::CallableIterator => "callable_iterator",
            Type::Enumerate => "enumerate",
            Type::Zip => "zip",
            Type::Map => "map",
            Type::Filter => "filter",
            Type::Reversed => "reversed",
            Type::DictKeys => "dict_keys",
            Type::DictValues => "dict_values",
            Type::DictItems => "dict_items",
            Type::ExternalFunction => "function",
            Type::Module => "module",
            Type::Generator => "generator",
            Type::Complex => "complex",
            Type::NotImplementedType => "NotImplementedType",
            Type::Ellipsis => "ellipsis",
            Type::Coroutine => "coroutine",
            Type::AsyncGenerator => "async_generator",
            Type::ListIterator => "list_iterator",
            Type::TupleIterator => "tuple_iterator",
            Type::StrAsciiIterator => "str_ascii_iterator",
            Type::StrIterator => "str_iterator",
            Type::BytesIterator => "bytes_iterator",
            Type::ByteArrayIterator => "bytearray_iterator",
            Type::RangeIterator => "range_iterator",
            Type::SetIterator => "set_iterator",
            Type::DictKeyIterator => "dict_keyiterator",
            Type::DictValueIterator => "dict_valueiterator",
            Type::DictItemIterator => "dict_itemiterator",
            Type::ListReverseIterator => "list_reverseiterator",
        }
    }

    /// Is `self` the type `base` or a subtype of it?
    pub fn is_subtype_of(self, base: Type) -> bool {
        self == base || base == Type::Object || (self == Type::Bool && base == Type::Int)
    }

    /// The types reachable by name from Python code (`int`, `str`, ...).
    pub fn from_builtin_name(name: &str) -> Option<Type> {
        Some(match name {
            "object" => Type::Object,
            "bool" => Type::Bool,
            "int" => Type::Int,
            "float" => Type::Float,
            "complex" => Type::Complex,
            "str" => Type::Str,
            "bytes" => Type::Bytes,
            "bytearray" => Type::ByteArray,
            "list" => Type::List,
            "tuple" => Type::Tuple,
            "dict" => Type::Dict,
            "set" => Type::Set,
            "frozenset" => Type::FrozenSet,
            "range" => Type::Range,
            "slice" => Type::Slice,
            "type" => Type::Type,
            "enumerate" => Type::Enumerate,
            "zip" => Type::Zip,
            "map" => Type::Map,
            "filter" => Type::Filter,
            "reversed" => Type::Reversed,
            _ => return None,
        })
    }
}
