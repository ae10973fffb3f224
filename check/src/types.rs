//! The gradual type lattice: [`Ty`], what an annotation means as one,
//! how a type is named in messages, and when an argument's type is
//! certainly incompatible with a parameter's.
//!
//! [`Ty::Unknown`] is both "not inferred" and `Any`: every check passes on
//! it. A union is incompatible with a type only when each member is.

use rustpython_parser::ast::{self, Constant, Expr};

use crate::stubs::Stubs;

/// A type as far as the checker knows it.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Ty {
    /// Not known, or `Any`: never reported on.
    #[default]
    Unknown,
    /// No value: what an expression that certainly fails gives, and the
    /// starting point of inferring a name bound in terms of itself.
    Never,
    None,
    Bool,
    Int,
    Float,
    Str,
    Bytes,
    List(Box<Ty>),
    Dict(Box<Ty>, Box<Ty>),
    /// A tuple of known length.
    Tuple(Vec<Ty>),
    /// `tuple[T, ...]`.
    TupleOf(Box<Ty>),
    Set(Box<Ty>),
    /// A dict shaped by a stub's `TypedDict` class.
    TypedDict(String),
    /// One of these (never nested, never holding `Unknown`).
    Union(Vec<Ty>),
    /// What calling an async function gives: awaiting it gives the inner type.
    Coroutine(Box<Ty>),
    /// Something iterable giving items of this type whose other behaviour
    /// is not modelled (`enumerate(...)`, `d.items()`, a generator).
    Iter(Box<Ty>),
}

impl Ty {
    /// The union of two types (`Unknown` absorbs everything).
    pub fn join(a: Ty, b: Ty) -> Ty {
        if a == b || b == Ty::Never {
            return a;
        }
        if a == Ty::Never {
            return b;
        }
        if a == Ty::Unknown || b == Ty::Unknown {
            return Ty::Unknown;
        }
        let mut members = Vec::new();
        for t in [a, b] {
            match t {
                Ty::Union(ms) => {
                    for m in ms {
                        if !members.contains(&m) {
                            members.push(m);
                        }
                    }
                }
                t => {
                    if !members.contains(&t) {
                        members.push(t);
                    }
                }
            }
        }
        if members.len() == 1 {
            members.pop().unwrap_or(Ty::Unknown)
        } else {
            Ty::Union(members)
        }
    }

    /// The join of all of `items` (`Unknown` for none).
    pub fn join_all(items: impl IntoIterator<Item = Ty>) -> Ty {
        let mut it = items.into_iter();
        let Some(first) = it.next() else {
            return Ty::Unknown;
        };
        it.fold(first, Ty::join)
    }

    /// The type without `None` when it is `T | None`: what an operation
    /// that fails on `None` anyway (an attribute, an item, an operator)
    /// must also support for the non-`None` case.
    pub fn without_none(self) -> Ty {
        match self {
            Ty::Union(ms) if ms.contains(&Ty::None) => {
                Ty::join_all(ms.into_iter().filter(|m| *m != Ty::None))
            }
            t => t,
        }
    }

    /// Whether the type is known (not `Unknown`, not `Never`).
    pub fn known(&self) -> bool {
        !matches!(self, Ty::Unknown | Ty::Never)
    }

    /// The runtime type's name, as CPython's messages write it.
    pub fn runtime_name(&self) -> String {
        match self {
            Ty::Unknown => "object".into(),
            Ty::Never => "never".into(),
            Ty::None => "NoneType".into(),
            Ty::Bool => "bool".into(),
            Ty::Int => "int".into(),
            Ty::Float => "float".into(),
            Ty::Str => "str".into(),
            Ty::Bytes => "bytes".into(),
            Ty::List(_) => "list".into(),
            Ty::Dict(..) | Ty::TypedDict(_) => "dict".into(),
            Ty::Tuple(_) | Ty::TupleOf(_) => "tuple".into(),
            Ty::Set(_) => "set".into(),
            Ty::Union(ms) => ms
                .iter()
                .map(Ty::runtime_name)
                .collect::<Vec<_>>()
                .join(" | "),
            Ty::Coroutine(_) => "coroutine".into(),
            Ty::Iter(_) => "iterator".into(),
        }
    }

    /// The type as an annotation would write it (`list[str]`, `Order`).
    pub fn display(&self) -> String {
        match self {
            Ty::Unknown => "Any".into(),
            Ty::Never => "Never".into(),
            Ty::None => "None".into(),
            Ty::List(t) => format!("list[{}]", t.display()),
            Ty::Dict(k, v) => format!("dict[{}, {}]", k.display(), v.display()),
            Ty::Tuple(ts) => format!(
                "tuple[{}]",
                ts.iter().map(Ty::display).collect::<Vec<_>>().join(", ")
            ),
            Ty::TupleOf(t) => format!("tuple[{}, ...]", t.display()),
            Ty::Set(t) => format!("set[{}]", t.display()),
            Ty::TypedDict(n) => n.clone(),
            Ty::Union(ms) => ms.iter().map(Ty::display).collect::<Vec<_>>().join(" | "),
            Ty::Coroutine(t) => format!("Coroutine[{}]", t.display()),
            Ty::Iter(t) => format!("Iterator[{}]", t.display()),
            t => t.runtime_name(),
        }
    }

    /// The type of the items iterating over a value of this type gives.
    pub fn item(&self) -> Ty {
        match self {
            Ty::Str => Ty::Str,
            Ty::Bytes => Ty::Int,
            Ty::List(t) | Ty::Set(t) | Ty::TupleOf(t) | Ty::Iter(t) => (**t).clone(),
            Ty::Dict(k, _) => (**k).clone(),
            Ty::TypedDict(_) => Ty::Str,
            Ty::Tuple(ts) => Ty::join_all(ts.iter().cloned()),
            _ => Ty::Unknown,
        }
    }

    /// Whether iterating over a value of this type certainly fails.
    pub fn not_iterable(&self) -> bool {
        match self {
            Ty::None | Ty::Bool | Ty::Int | Ty::Float | Ty::Coroutine(_) => true,
            Ty::Union(ms) => ms.iter().all(Ty::not_iterable),
            _ => false,
        }
    }
}

/// Whether a value of type `actual` can certainly not be passed where
/// `expected` is declared.
pub fn incompatible(actual: &Ty, expected: &Ty) -> bool {
    match (actual, expected) {
        (Ty::Unknown | Ty::Never, _) | (_, Ty::Unknown | Ty::Never) => false,
        (Ty::Union(ms), e) => ms.iter().all(|m| incompatible(m, e)),
        (a, Ty::Union(es)) => es.iter().all(|e| incompatible(a, e)),
        (Ty::Bool, Ty::Int | Ty::Float) | (Ty::Int, Ty::Float) => false,
        (Ty::List(a), Ty::List(e))
        | (Ty::Set(a), Ty::Set(e))
        | (Ty::TupleOf(a), Ty::TupleOf(e)) => incompatible(a, e),
        (Ty::Tuple(a), Ty::TupleOf(e)) => a.iter().any(|t| incompatible(t, e)),
        (Ty::TupleOf(a), Ty::Tuple(e)) => e.iter().any(|t| incompatible(a, t)),
        (Ty::Tuple(a), Ty::Tuple(e)) => {
            a.len() != e.len() || a.iter().zip(e).any(|(a, e)| incompatible(a, e))
        }
        (Ty::Dict(ak, av), Ty::Dict(ek, ev)) => incompatible(ak, ek) || incompatible(av, ev),
        (Ty::Dict(..) | Ty::TypedDict(_), Ty::Dict(..) | Ty::TypedDict(_)) => false,
        (Ty::Coroutine(_), _) => true,
        (Ty::Iter(_), _) => false,
        (a, e) => std::mem::discriminant(a) != std::mem::discriminant(e),
    }
}

/// What the annotation `ann` means (names resolved against the stubs'
/// classes and aliases); `Unknown` for anything not modelled.
pub fn from_annotation(ann: &Expr, stubs: &Stubs) -> Ty {
    from_annotation_at(ann, stubs, 0)
}

fn from_annotation_at(ann: &Expr, stubs: &Stubs, depth: u32) -> Ty {
    if depth > 20 {
        return Ty::Unknown;
    }
    let rec = |e: &Expr| from_annotation_at(e, stubs, depth + 1);
    match ann {
        Expr::Constant(c) => match &c.value {
            Constant::None => Ty::None,
            Constant::Str(s) => match monty_compile::parse::parse_module(s, "<annotation>") {
                Ok(body) => match body.as_slice() {
                    [ast::Stmt::Expr(e)] => rec(&e.value),
                    _ => Ty::Unknown,
                },
                Err(_) => Ty::Unknown,
            },
            _ => Ty::Unknown,
        },
        Expr::Name(n) => named(n.id.as_str(), stubs, depth),
        Expr::Attribute(a) => named(a.attr.as_str(), stubs, depth),
        Expr::BinOp(b) if matches!(b.op, ast::Operator::BitOr) => {
            union_of([rec(&b.left), rec(&b.right)])
        }
        Expr::Subscript(s) => {
            let base = match &*s.value {
                Expr::Name(n) => n.id.as_str(),
                Expr::Attribute(a) => a.attr.as_str(),
                _ => return Ty::Unknown,
            };
            let args: Vec<&Expr> = match &*s.slice {
                Expr::Tuple(t) => t.elts.iter().collect(),
                e => vec![e],
            };
            let arg = |i: usize| args.get(i).map_or(Ty::Unknown, |e| rec(e));
            match base {
                "list" | "List" => Ty::List(Box::new(arg(0))),
                "set" | "Set" | "frozenset" | "FrozenSet" => Ty::Set(Box::new(arg(0))),
                "dict" | "Dict" => Ty::Dict(Box::new(arg(0)), Box::new(arg(1))),
                "tuple" | "Tuple" => {
                    if args.len() == 2
                        && matches!(args[1], Expr::Constant(c) if matches!(c.value, Constant::Ellipsis))
                    {
                        Ty::TupleOf(Box::new(arg(0)))
                    } else {
                        Ty::Tuple(args.iter().map(|e| rec(e)).collect())
                    }
                }
                "Optional" => union_of([arg(0), Ty::None]),
                "Union" => union_of(args.iter().map(|e| rec(e))),
                "Literal" => union_of(args.iter().map(|e| match e {
                    Expr::Constant(c) => match &c.value {
                        Constant::Str(_) => Ty::Str,
                        Constant::Int(_) => Ty::Int,
                        Constant::Bool(_) => Ty::Bool,
                        Constant::None => Ty::None,
                        _ => Ty::Unknown,
                    },
                    _ => Ty::Unknown,
                })),
                "Annotated" | "Required" | "NotRequired" | "ReadOnly" => arg(0),
                _ => Ty::Unknown,
            }
        }
        _ => Ty::Unknown,
    }
}

fn union_of(items: impl IntoIterator<Item = Ty>) -> Ty {
    Ty::join_all(items)
}

fn named(name: &str, stubs: &Stubs, depth: u32) -> Ty {
    match name {
        "str" => Ty::Str,
        "int" => Ty::Int,
        "float" => Ty::Float,
        "bool" => Ty::Bool,
        "bytes" => Ty::Bytes,
        "None" | "NoneType" => Ty::None,
        "list" | "List" => Ty::List(Box::new(Ty::Unknown)),
        "dict" | "Dict" => Ty::Dict(Box::new(Ty::Unknown), Box::new(Ty::Unknown)),
        "set" | "Set" => Ty::Set(Box::new(Ty::Unknown)),
        "tuple" | "Tuple" => Ty::TupleOf(Box::new(Ty::Unknown)),
        _ => {
            if stubs.typed_dicts.contains_key(name) {
                Ty::TypedDict(name.to_string())
            } else if let Some(alias) = stubs.aliases.get(name) {
                from_annotation_at(alias, stubs, depth + 1)
            } else {
                Ty::Unknown
            }
        }
    }
}
