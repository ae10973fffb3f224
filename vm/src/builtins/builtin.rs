//! The [`Builtin`] enum (one variant per builtin function) with each
//! one's Python name.
//!
//! A leaf: it names nothing in the crate, so values (`object/value.rs`),
//! dict keys and the VM core can hold a `Builtin` without reaching the
//! builtins' implementations. The call of each builtin is dispatched in
//! `dispatch.rs`, at the top of `builtins/`.

use serde::{Deserialize, Serialize};

/// The builtin functions: each entry is the enum variant and the Python
/// name. The native that implements each is named in `dispatch.rs`.
macro_rules! builtin_names {
    ($($variant:ident => $name:literal),* $(,)?) => {
        /// A builtin function.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum Builtin { $($variant),* }

        impl Builtin {
            /// Every builtin function, in declaration order.
            pub const ALL: &'static [Builtin] = &[$(Builtin::$variant),*];

            pub const fn name(self) -> &'static str {
                match self { $(Builtin::$variant => $name),* }
            }

            pub(crate) fn from_name(name: &str) -> Option<Builtin> {
                match name { $($name => Some(Builtin::$variant),)* _ => None }
            }
        }
    };
}

builtin_names! {
    Print => "print",
    Len => "len",
    Repr => "repr",
    Ascii => "ascii",
    IsInstance => "isinstance",
    IsSubclass => "issubclass",
    Sorted => "sorted",
    Sum => "sum",
    Min => "min",
    Max => "max",
    Abs => "abs",
    Round => "round",
    Any => "any",
    All => "all",
    Iter => "iter",
    Next => "next",
    Callable => "callable",
    Chr => "chr",
    Ord => "ord",
    Hex => "hex",
    Bin => "bin",
    Oct => "oct",
    DivMod => "divmod",
    Pow => "pow",
    Hash => "hash",
    Id => "id",
    GetAttr => "getattr",
    HasAttr => "hasattr",
    SetAttr => "setattr",
    Format => "format",
    Ellipsis => "Ellipsis",
    NotImplemented => "NotImplemented",
    Super => "super",
    StaticMethod => "staticmethod",
    ClassMethod => "classmethod",
    Property => "property",
    DelAttr => "delattr",
    Vars => "vars",
    Dir => "dir",
    // Reachable only as methods of `super()`, never by name.
    ObjectInit => "object.__init__",
    ExceptionInit => "BaseException.__init__",
    ObjectSetattr => "object.__setattr__",
    ObjectEq => "object.__eq__",
    Str_ => "object.__str__",
    // Appended: the enum is part of the snapshot format.
    AIter => "aiter",
    ANext => "anext",
    Eval => "eval",
    Exec => "exec",
    Locals => "locals",
    Globals => "globals",
    Open => "open",
}
