//! Narrowing: what a test that guards code tells about a name there.
//!
//! `if x is None:` makes `x` `None` in the body and not `None` in the
//! `else`; `isinstance(r, str)` keeps the `str` members of a union;
//! `if x:` and `x is not None and x.f()` drop `None`; a body that always
//! leaves (`return`, `raise`, `continue`, `break`) narrows the rest of the
//! block by the test being false, and `assert` by it being true.
//!
//! A narrowing holds over a region of the source only when nothing in that
//! region can rebind the name: the name is a local of the scope the test is
//! in (not a global of a module whose functions rebind it, not `nonlocal`
//! anywhere, not a class attribute) and none of its binding sites lies in
//! the region. [`crate::pass`] asks for the facts of a test ([`facts`]),
//! turns them into types ([`Fact::apply`]) and pushes them on the
//! inference's stack ([`crate::infer::Infer::push_narrowing`]) for the region.

use rustpython_parser::ast::{self, CmpOp, Constant, Expr, Stmt};

use crate::infer::Infer;
use crate::scope::{Resolution, ScopeId};
use crate::types::Ty;

/// What a test being true (or false) says of one name.
#[derive(Debug, Clone)]
pub struct Fact<'a> {
    pub name: &'a str,
    kind: FactKind,
}

#[derive(Debug, Clone)]
enum FactKind {
    IsNone,
    NotNone,
    /// `isinstance(x, C)` with these builtin classes.
    Instance(Vec<&'static str>),
    NotInstance(Vec<&'static str>),
}

/// The facts of a test when it is true and when it is false.
#[derive(Debug, Default)]
pub struct Facts<'a> {
    pub when_true: Vec<Fact<'a>>,
    pub when_false: Vec<Fact<'a>>,
}

impl<'a> Facts<'a> {
    fn swap(self) -> Facts<'a> {
        Facts {
            when_true: self.when_false,
            when_false: self.when_true,
        }
    }
}

/// The facts test `e` (evaluated in `scope`) establishes.
pub fn facts<'a>(e: &'a Expr, inf: &Infer, scope: ScopeId) -> Facts<'a> {
    let one = |name: &'a str, yes: FactKind, no: FactKind| Facts {
        when_true: vec![Fact { name, kind: yes }],
        when_false: vec![Fact { name, kind: no }],
    };
    match e {
        Expr::Name(_) | Expr::NamedExpr(_) => match subject(e) {
            Some(name) => Facts {
                when_true: vec![Fact {
                    name,
                    kind: FactKind::NotNone,
                }],
                when_false: Vec::new(),
            },
            None => Facts::default(),
        },
        Expr::UnaryOp(u) if matches!(u.op, ast::UnaryOp::Not) => {
            facts(&u.operand, inf, scope).swap()
        }
        Expr::BoolOp(b) => {
            let parts = b.values.iter().map(|v| facts(v, inf, scope));
            match b.op {
                ast::BoolOp::And => Facts {
                    when_true: parts.flat_map(|f| f.when_true).collect(),
                    when_false: Vec::new(),
                },
                ast::BoolOp::Or => Facts {
                    when_true: Vec::new(),
                    when_false: parts.flat_map(|f| f.when_false).collect(),
                },
            }
        }
        Expr::Compare(c) if c.ops.len() == 1 && matches!(c.ops[0], CmpOp::Is | CmpOp::IsNot) => {
            let right = &c.comparators[0];
            let name = match (subject(&c.left), subject(right)) {
                (Some(n), None) if is_none(right) => n,
                (None, Some(n)) if is_none(&c.left) => n,
                _ => return Facts::default(),
            };
            let f = one(name, FactKind::IsNone, FactKind::NotNone);
            if matches!(c.ops[0], CmpOp::Is) {
                f
            } else {
                f.swap()
            }
        }
        Expr::Call(c) if c.args.len() == 2 && c.keywords.is_empty() => {
            let Expr::Name(f) = &*c.func else {
                return Facts::default();
            };
            if f.id.as_str() != "isinstance" || !is_builtin(inf, scope, "isinstance") {
                return Facts::default();
            }
            let Some(name) = subject(&c.args[0]) else {
                return Facts::default();
            };
            match classes(&c.args[1], inf, scope) {
                Some(cls) => one(
                    name,
                    FactKind::Instance(cls.clone()),
                    FactKind::NotInstance(cls),
                ),
                None => Facts::default(),
            }
        }
        _ => Facts::default(),
    }
}

/// The name a test is about: `x`, or the target of `(x := ...)`.
fn subject(e: &Expr) -> Option<&str> {
    match e {
        Expr::Name(n) => Some(n.id.as_str()),
        Expr::NamedExpr(w) => match &*w.target {
            Expr::Name(n) => Some(n.id.as_str()),
            _ => None,
        },
        _ => None,
    }
}

fn is_none(e: &Expr) -> bool {
    matches!(e, Expr::Constant(c) if matches!(c.value, Constant::None))
}

fn is_builtin(inf: &Infer, scope: ScopeId, name: &str) -> bool {
    inf.scopes.resolve(scope, name) == Resolution::Unbound
        && !inf.stubs.defines(name)
        && inf.env.builtins.contains(name)
}

/// The builtin classes `isinstance`'s second argument names (a class or
/// a tuple of them), when all are builtins the lattice models.
fn classes(e: &Expr, inf: &Infer, scope: ScopeId) -> Option<Vec<&'static str>> {
    const MODELLED: [&str; 9] = [
        "str", "int", "bool", "float", "bytes", "list", "dict", "tuple", "set",
    ];
    let one = |e: &Expr| -> Option<&'static str> {
        let Expr::Name(n) = e else { return None };
        let c = MODELLED.iter().find(|c| **c == n.id.as_str())?;
        is_builtin(inf, scope, c).then_some(*c)
    };
    match e {
        Expr::Tuple(t) => t.elts.iter().map(one).collect(),
        e => one(e).map(|c| vec![c]),
    }
}

/// Whether a value of type `t` is an instance of builtin class `class`.
fn instance_of(t: &Ty, class: &str) -> bool {
    match class {
        "str" => *t == Ty::Str,
        "int" => matches!(t, Ty::Int | Ty::Bool),
        "bool" => *t == Ty::Bool,
        "float" => *t == Ty::Float,
        "bytes" => *t == Ty::Bytes,
        "list" => matches!(t, Ty::List(_)),
        "dict" => matches!(t, Ty::Dict(..) | Ty::TypedDict(_)),
        "tuple" => matches!(t, Ty::Tuple(_) | Ty::TupleOf(_)),
        "set" => matches!(t, Ty::Set(_)),
        _ => false,
    }
}

impl Fact<'_> {
    /// The type a name of type `t` has where the fact holds (`Never`:
    /// it cannot hold). An unknown type stays unknown except under
    /// `is None`: an `isinstance` test does not say which subclass.
    pub fn apply(&self, t: Ty) -> Ty {
        let members = match &t {
            Ty::Union(ms) => ms.clone(),
            t => vec![t.clone()],
        };
        match &self.kind {
            FactKind::IsNone => match t {
                Ty::Unknown | Ty::None => Ty::None,
                Ty::Union(ms) if ms.contains(&Ty::None) => Ty::None,
                _ => Ty::Never,
            },
            FactKind::NotNone => match t {
                Ty::None => Ty::Never,
                t => t.without_none(),
            },
            FactKind::Instance(cls) | FactKind::NotInstance(cls) => {
                if !t.known() || members.iter().any(|m| !m.known()) {
                    return t;
                }
                let keep = matches!(self.kind, FactKind::Instance(_));
                let kept = members
                    .into_iter()
                    .filter(|m| cls.iter().any(|c| instance_of(m, c)) == keep);
                let mut out = Ty::Never;
                for m in kept {
                    out = Ty::join(out, m);
                }
                out
            }
        }
    }
}

/// Whether running `body` never goes on past its end: its last statement
/// returns, raises, continues or breaks (or is an `if` all of whose
/// branches do).
pub fn always_leaves(body: &[Stmt]) -> bool {
    match body.last() {
        Some(Stmt::Return(_) | Stmt::Raise(_) | Stmt::Continue(_) | Stmt::Break(_)) => true,
        Some(Stmt::If(i)) => {
            !i.orelse.is_empty() && always_leaves(&i.body) && always_leaves(&i.orelse)
        }
        _ => false,
    }
}

/// The values of the `return` statements of a function's `body` (`None`
/// for a bare `return`), not those of the functions and classes in it.
pub fn returns<'a>(body: &'a [Stmt], out: &mut Vec<Option<&'a Expr>>) {
    for s in body {
        match s {
            Stmt::Return(r) => out.push(r.value.as_deref()),
            Stmt::FunctionDef(_) | Stmt::AsyncFunctionDef(_) | Stmt::ClassDef(_) => {}
            s => crate::scope::for_each_body(s, |b| returns(b, out)),
        }
    }
}

/// Narrows by `facts` over the source range `region` (byte offsets) of
/// scope `scope`: pushes the narrowed type of each name whose narrowing
/// holds there (see the module doc).
pub fn push(inf: &Infer, facts: &[Fact], scope: ScopeId, region: (u32, u32)) {
    for f in facts {
        let Resolution::Bound(s) = inf.scopes.resolve(scope, f.name) else {
            continue;
        };
        if s != scope || !inf.bound_only_here(s, f.name) {
            continue;
        }
        let rebound = inf
            .scopes
            .bindings(s, f.name)
            .iter()
            .any(|b| b.offset >= region.0 && b.offset <= region.1);
        if rebound {
            continue;
        }
        let t = f.apply(inf.name(f.name, scope));
        inf.push_narrowing(s, f.name, t);
    }
}
