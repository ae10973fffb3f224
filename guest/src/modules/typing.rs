//! `typing`: the names exist so annotated code imports and runs; they carry
//! no runtime checks (annotations are not evaluated, as in Python 3.14).

use super::{ModuleDef, NativeFn};
use crate::builtins::Args;
use crate::object::{Type, Value};
use crate::vm::{PyResult, Vm};

const NAMES: &[&str] = &[
    "Any",
    "Callable",
    "ClassVar",
    "Final",
    "Generic",
    "Iterable",
    "Iterator",
    "Generator",
    "Literal",
    "Mapping",
    "MutableMapping",
    "Sequence",
    "MutableSequence",
    "NoReturn",
    "Never",
    "Optional",
    "Protocol",
    "Self",
    "TypeAlias",
    "TypeVar",
    "Union",
    "Awaitable",
    "Coroutine",
    "AsyncIterator",
    "AsyncGenerator",
    "Annotated",
    "TypeGuard",
    "ParamSpec",
    "Concatenate",
    "Hashable",
    "Sized",
    "Collection",
    "Container",
    "AbstractSet",
    "MutableSet",
    "NamedTuple",
    "TypedDict",
    "SupportsInt",
    "SupportsFloat",
    "Required",
    "NotRequired",
    "Unpack",
    "LiteralString",
    "IO",
    "TextIO",
    "BinaryIO",
    "Pattern",
    "Match",
];

fn cast(_vm: &mut Vm, a: Args) -> PyResult<Value> {
    a.check(2, 2, &[])?;
    Ok(a.pos[1])
}

fn identity(_vm: &mut Vm, a: Args) -> PyResult<Value> {
    a.check(1, 1, &[])?;
    Ok(a.pos[0])
}

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    for n in NAMES {
        let v = vm.new_str(format!("typing.{n}"));
        attrs.push((n.to_string(), v));
    }
    for (n, t) in [
        ("List", Type::List),
        ("Dict", Type::Dict),
        ("Set", Type::Set),
        ("Tuple", Type::Tuple),
        ("FrozenSet", Type::FrozenSet),
        ("Type", Type::Type),
    ] {
        attrs.push((n.to_string(), Value::Type(t)));
    }
    attrs.push(("TYPE_CHECKING".into(), Value::Bool(false)));
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "typing",
    funcs: &[
        NativeFn {
            name: "cast",
            call: cast,
        },
        NativeFn {
            name: "overload",
            call: identity,
        },
        NativeFn {
            name: "final",
            call: identity,
        },
        NativeFn {
            name: "runtime_checkable",
            call: identity,
        },
        NativeFn {
            name: "no_type_check",
            call: identity,
        },
    ],
    init,
};
