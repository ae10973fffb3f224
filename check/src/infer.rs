//! Type inference over the [`Ty`] lattice, good enough for the code LLMs
//! write: literals, containers, f-strings, comprehensions, the results of
//! declared tools (from their stubs' return annotations), builtins and the
//! methods of builtin types, `await`, and locals.
//!
//! A local has a type only when the program binds it exactly once in its
//! scope (`x = ...`, a `for` target, a comprehension target) and nothing
//! else can rebind it (`global`/`nonlocal` elsewhere, a dynamic module):
//! then whenever it is read it holds that value. Anything else is
//! [`Ty::Unknown`], and the rules stay silent on it.

use rustc_hash::FxHashMap as HashMap;
use std::cell::{Cell, RefCell};

use rustpython_parser::ast::{self, Constant, Expr};

use crate::env::Environment;
use crate::scope::{BindKind, Resolution, ScopeId, ScopeKind, Scopes};
use crate::stubs::{Signature, Stubs};
use crate::types::Ty;

/// What a called expression is.
#[derive(Debug, Clone)]
pub enum Callee<'s> {
    /// A function declared by the stubs or the host (by name), and its
    /// signature if one is known.
    Declared(&'s str, Option<&'s Signature>),
    /// A function of the program itself, bound once by an undecorated
    /// `def` (`coroutine`: an `async def` that does not yield), and what
    /// calling it returns (awaiting it, for a coroutine).
    Own {
        sig: Signature,
        coroutine: bool,
        returns: Ty,
    },
    /// A builtin function or type, not shadowed.
    Builtin,
    /// Anything else.
    Other,
}

/// The inference context of one module.
pub struct Infer<'s, 'a> {
    pub scopes: &'s Scopes<'a>,
    pub stubs: &'s Stubs,
    pub env: &'s Environment,
    depth: Cell<u32>,
    /// The types of names already inferred, by binding scope and name.
    names: RefCell<HashMap<(ScopeId, String), Ty>>,
    /// The provisional types of the names being inferred (a name bound in
    /// terms of itself: `total = total + x`).
    in_progress: RefCell<HashMap<(ScopeId, String), Ty>>,
    /// The narrowings in force where the walk is ([`crate::narrow`]): a
    /// name bound in a scope, read in that scope (or a comprehension in
    /// it), has the type of the last entry for it.
    narrowed: RefCell<Vec<(ScopeId, String, Ty)>>,
    /// Set while the type of a binding site is computed: a site's type
    /// does not depend on where the name is read.
    sites: Cell<u32>,
    /// What each of the program's functions returns, by its scope.
    returns: RefCell<HashMap<ScopeId, Ty>>,
}

impl<'s, 'a> Infer<'s, 'a> {
    /// Inference over a module's scopes.
    pub fn new(scopes: &'s Scopes<'a>, stubs: &'s Stubs, env: &'s Environment) -> Infer<'s, 'a> {
        Infer {
            scopes,
            stubs,
            env,
            depth: Cell::new(0),
            names: RefCell::new(HashMap::default()),
            in_progress: RefCell::new(HashMap::default()),
            narrowed: RefCell::new(Vec::new()),
            sites: Cell::new(0),
            returns: RefCell::new(HashMap::default()),
        }
    }

    /// Narrows `name`, bound in scope `s`, to `ty` until [`Self::narrowings_to`]
    /// drops it.
    pub fn push_narrowing(&self, s: ScopeId, name: &str, ty: Ty) {
        self.narrowed.borrow_mut().push((s, name.to_string(), ty));
    }

    /// How many narrowings are in force (a mark for [`Self::narrowings_to`]).
    pub fn narrowings(&self) -> usize {
        self.narrowed.borrow().len()
    }

    /// Drops the narrowings pushed since `mark`.
    pub fn narrowings_to(&self, mark: usize) {
        self.narrowed.borrow_mut().truncate(mark);
    }

    /// The narrowed type of `name` (bound in `s`) read in `scope`.
    fn narrowed(&self, s: ScopeId, name: &str, scope: ScopeId) -> Option<Ty> {
        if self.sites.get() > 0 {
            return None;
        }
        let narrowed = self.narrowed.borrow();
        let (_, _, t) = narrowed
            .iter()
            .rev()
            .find(|(at, n, _)| *at == s && n == name)?;
        // read in the scope itself, or in comprehensions run right there
        let mut cur = scope;
        while cur != s {
            let sc = &self.scopes.scopes[cur];
            if sc.kind != ScopeKind::Comprehension {
                return None;
            }
            cur = sc.parent?;
        }
        Some(t.clone())
    }

    /// What `func`, called in `scope`, refers to.
    pub fn callee(&self, func: &Expr, scope: ScopeId) -> Callee<'s> {
        match func {
            Expr::Name(n) => match self.scopes.resolve(scope, &n.id) {
                Resolution::Unbound => {
                    if let Some((name, sig)) = self.stubs.functions.get_key_value(n.id.as_str()) {
                        Callee::Declared(name.as_str(), sig.as_ref())
                    } else if self.env.builtins.contains(n.id.as_str())
                        && !self.stubs.defines(&n.id)
                    {
                        Callee::Builtin
                    } else {
                        Callee::Other
                    }
                }
                Resolution::Bound(s) => match self.single(s, &n.id).map(|b| &b.kind) {
                    Some(BindKind::Def {
                        is_async,
                        generator,
                        decorated: false,
                        args,
                        body,
                        scope: f,
                    }) => Callee::Own {
                        sig: Signature::of(args, None, *is_async, None),
                        coroutine: *is_async && !*generator,
                        returns: if *generator {
                            Ty::Unknown
                        } else {
                            self.returns(*f, body)
                        },
                    },
                    _ => Callee::Other,
                },
                Resolution::Free => Callee::Other,
            },
            Expr::Attribute(a) => {
                // `tools.search(...)` after `import tools`
                if let Expr::Name(m) = &*a.value {
                    if let Resolution::Bound(s) = self.scopes.resolve(scope, &m.id) {
                        if let Some(BindKind::Import(module)) =
                            self.single(s, &m.id).map(|b| &b.kind)
                        {
                            if self.stubs.modules.contains(module) {
                                if let Some((name, sig)) =
                                    self.stubs.functions.get_key_value(a.attr.as_str())
                                {
                                    return Callee::Declared(name.as_str(), sig.as_ref());
                                }
                            }
                        }
                    }
                }
                Callee::Other
            }
            _ => Callee::Other,
        }
    }

    /// What the function of scope `f` with `body` returns: the join of
    /// its `return` values, and `None` when it may run off its end.
    fn returns(&self, f: ScopeId, body: &[ast::Stmt]) -> Ty {
        if let Some(t) = self.returns.borrow().get(&f) {
            return t.clone();
        }
        // a recursive call while this is computed knows nothing yet
        self.returns.borrow_mut().insert(f, Ty::Unknown);
        self.sites.set(self.sites.get() + 1);
        let mut values = Vec::new();
        crate::narrow::returns(body, &mut values);
        let mut t = Ty::Never;
        for v in values {
            let vt = v.map_or(Ty::None, |v| self.ty(v, f));
            t = Ty::join(t, vt);
            if t == Ty::Unknown {
                break;
            }
        }
        if !crate::narrow::always_leaves(body) {
            t = Ty::join(t, Ty::None);
        }
        self.sites.set(self.sites.get() - 1);
        if self.in_progress.borrow().is_empty() {
            self.returns.borrow_mut().insert(f, t.clone());
        } else {
            // computed from provisional types: provisional too
            self.returns.borrow_mut().remove(&f);
        }
        t
    }

    /// Whether the binding sites of `name` in scope `s` are all that can
    /// bind it: not a class attribute (set from outside too), not
    /// `nonlocal` anywhere, not a global of a dynamic module or one a
    /// function declares `global`.
    pub fn bound_only_here(&self, s: ScopeId, name: &str) -> bool {
        !(self.scopes.scopes[s].kind == ScopeKind::Class
            || self.scopes.nonlocal_decls.contains(name)
            || (s == 0 && (self.scopes.dynamic || self.scopes.global_decls.contains(name))))
    }

    /// The one binding of `name` in scope `s`, if it has exactly one and
    /// nothing else can rebind it.
    pub fn single(&self, s: ScopeId, name: &str) -> Option<&'s crate::scope::Binding<'a>> {
        if !self.bound_only_here(s, name) {
            return None;
        }
        match self.scopes.bindings(s, name) {
            [b] => Some(b),
            _ => None,
        }
    }

    /// The type of `e`, evaluated in `scope`.
    pub fn ty(&self, e: &Expr, scope: ScopeId) -> Ty {
        let d = self.depth.get();
        if d > 40 {
            return Ty::Unknown;
        }
        self.depth.set(d + 1);
        let t = self.ty_inner(e, scope);
        self.depth.set(d);
        t
    }

    fn ty_inner(&self, e: &Expr, scope: ScopeId) -> Ty {
        match e {
            Expr::Constant(c) => constant(&c.value),
            Expr::JoinedStr(_) => Ty::Str,
            Expr::Name(n) => self.name(&n.id, scope),
            Expr::List(l) => Ty::List(Box::new(self.elements(&l.elts, scope))),
            Expr::Set(l) => Ty::Set(Box::new(self.elements(&l.elts, scope))),
            Expr::Tuple(t) => {
                if t.elts.iter().any(|e| matches!(e, Expr::Starred(_))) {
                    Ty::TupleOf(Box::new(Ty::Unknown))
                } else {
                    Ty::Tuple(t.elts.iter().map(|e| self.ty(e, scope)).collect())
                }
            }
            Expr::Dict(d) => {
                if d.keys.iter().any(Option::is_none) {
                    return Ty::Dict(Box::new(Ty::Unknown), Box::new(Ty::Unknown));
                }
                let k = Ty::join_all(d.keys.iter().flatten().map(|k| self.ty(k, scope)));
                let v = Ty::join_all(d.values.iter().map(|v| self.ty(v, scope)));
                Ty::Dict(Box::new(k), Box::new(v))
            }
            Expr::ListComp(l) => Ty::List(Box::new(self.in_comprehension(e, &l.elt, scope))),
            Expr::SetComp(l) => Ty::Set(Box::new(self.in_comprehension(e, &l.elt, scope))),
            Expr::GeneratorExp(l) => Ty::Iter(Box::new(self.in_comprehension(e, &l.elt, scope))),
            Expr::DictComp(d) => {
                let k = self.in_comprehension(e, &d.key, scope);
                let v = self.in_comprehension(e, &d.value, scope);
                Ty::Dict(Box::new(k), Box::new(v))
            }
            Expr::Await(a) => match self.ty(&a.value, scope) {
                Ty::Coroutine(t) => *t,
                _ => Ty::Unknown,
            },
            Expr::IfExp(i) => Ty::join(self.ty(&i.body, scope), self.ty(&i.orelse, scope)),
            Expr::Compare(c) => {
                let all_known = std::iter::once(&*c.left)
                    .chain(&c.comparators)
                    .all(|x| builtin_scalar(&self.ty(x, scope)));
                if all_known {
                    Ty::Bool
                } else {
                    Ty::Unknown
                }
            }
            Expr::UnaryOp(u) => match u.op {
                ast::UnaryOp::Not => Ty::Bool,
                _ => match self.ty(&u.operand, scope) {
                    Ty::Int | Ty::Bool => Ty::Int,
                    Ty::Float => Ty::Float,
                    _ => Ty::Unknown,
                },
            },
            Expr::BinOp(b) => {
                binop_result(&self.ty(&b.left, scope), b.op, &self.ty(&b.right, scope))
            }
            Expr::Subscript(s) => self.subscript(&self.ty(&s.value, scope), &s.slice, scope),
            Expr::Call(c) => self.call(c, scope),
            _ => Ty::Unknown,
        }
    }

    fn elements(&self, elts: &[Expr], scope: ScopeId) -> Ty {
        if elts.iter().any(|e| matches!(e, Expr::Starred(_))) {
            return Ty::Unknown;
        }
        Ty::join_all(elts.iter().map(|e| self.ty(e, scope)))
    }

    fn in_comprehension(&self, comp: &Expr, elt: &Expr, scope: ScopeId) -> Ty {
        use rustpython_parser::ast::Ranged;
        match self.scopes.scope_of(comp.range()) {
            Some(c) => self.ty(elt, c),
            None => {
                let _ = scope;
                Ty::Unknown
            }
        }
    }

    /// The type of name `name` read in `scope`.
    pub fn name(&self, name: &str, scope: ScopeId) -> Ty {
        match self.scopes.resolve(scope, name) {
            Resolution::Unbound => {
                if let Some(t) = self.stubs.constants.get(name) {
                    t.clone()
                } else {
                    Ty::Unknown
                }
            }
            Resolution::Free => Ty::Unknown,
            Resolution::Bound(s) => {
                if let Some(t) = self.narrowed(s, name, scope) {
                    return t;
                }
                let key = (s, name.to_string());
                if let Some(t) = self.in_progress.borrow().get(&key) {
                    return t.clone();
                }
                if let Some(t) = self.names.borrow().get(&key) {
                    return t.clone();
                }
                self.sites.set(self.sites.get() + 1);
                let t = self.bound_name(s, name);
                self.sites.set(self.sites.get() - 1);
                // a type computed from provisional ones is provisional too
                if self.in_progress.borrow().is_empty() {
                    self.names.borrow_mut().insert(key, t.clone());
                }
                t
            }
        }
    }

    /// The type of `name` bound in scope `s`: the join of what each of
    /// its bindings gives, found by iterating from `Never` while a binding
    /// reads the name itself (`total = total + x`, `n += 1`) until the join
    /// is stable, or `Unknown` when it is not after a few rounds or when a
    /// binding is not modelled.
    fn bound_name(&self, s: ScopeId, name: &str) -> Ty {
        if !self.bound_only_here(s, name) {
            return Ty::Unknown;
        }
        let sites = self.scopes.bindings(s, name);
        if sites.is_empty() || sites.len() > 16 {
            return Ty::Unknown;
        }
        let key = (s, name.to_string());
        let mut provisional = Ty::Never;
        for _ in 0..4 {
            self.in_progress
                .borrow_mut()
                .insert(key.clone(), provisional.clone());
            let mut t = Ty::Never;
            for b in sites {
                t = Ty::join(t, self.site(b, name));
                if t == Ty::Unknown {
                    break;
                }
            }
            self.in_progress.borrow_mut().remove(&key);
            if t == Ty::Unknown || t == provisional {
                return t;
            }
            provisional = t;
        }
        Ty::Unknown
    }

    /// The type binding `b` gives `name`.
    fn site(&self, b: &crate::scope::Binding<'a>, name: &str) -> Ty {
        match &b.kind {
            BindKind::Value(v) => self.ty(v, b.eval_scope),
            BindKind::Part { value, item, path } => {
                let mut t = self.ty(value, b.eval_scope);
                if *item {
                    t = t.item();
                }
                for i in path {
                    t = match t {
                        Ty::Tuple(ts) => ts.get(*i).cloned().unwrap_or(Ty::Unknown),
                        Ty::TupleOf(t) => *t,
                        _ => Ty::Unknown,
                    };
                }
                t
            }
            BindKind::Aug { op, value } => {
                let before = self.name(name, b.eval_scope);
                let v = self.ty(value, b.eval_scope);
                match (&before, op) {
                    // `xs += iterable` extends the list in place
                    (Ty::List(_), ast::Operator::Add) => Ty::List(Box::new(Ty::Unknown)),
                    _ => binop_result(&before, *op, &v),
                }
            }
            BindKind::ItemOf { func, iterable } => {
                let builtin = match func {
                    Expr::Name(n) => {
                        self.scopes.resolve(b.eval_scope, &n.id) == Resolution::Unbound
                            && !self.stubs.defines(&n.id)
                            && self.env.builtins.contains(n.id.as_str())
                    }
                    _ => matches!(self.ty(iterable, b.eval_scope), Ty::List(_)),
                };
                if builtin {
                    self.ty(iterable, b.eval_scope).item()
                } else {
                    Ty::Unknown
                }
            }
            _ => Ty::Unknown,
        }
    }

    /// The type of `value[slice]`.
    fn subscript(&self, value: &Ty, slice: &Expr, scope: ScopeId) -> Ty {
        if let Expr::Slice(_) = slice {
            return match value {
                Ty::List(_) | Ty::Str | Ty::Bytes | Ty::TupleOf(_) => value.clone(),
                Ty::Tuple(ts) => Ty::TupleOf(Box::new(Ty::join_all(ts.iter().cloned()))),
                _ => Ty::Unknown,
            };
        }
        match value {
            Ty::List(t) | Ty::TupleOf(t) => (**t).clone(),
            Ty::Str => Ty::Str,
            Ty::Bytes => Ty::Int,
            Ty::Dict(_, v) => (**v).clone(),
            Ty::Tuple(ts) => match int_literal(slice) {
                Some(i) => {
                    let i = if i < 0 { ts.len() as i64 + i } else { i };
                    usize::try_from(i)
                        .ok()
                        .and_then(|i| ts.get(i))
                        .cloned()
                        .unwrap_or(Ty::Unknown)
                }
                None => Ty::Unknown,
            },
            Ty::TypedDict(name) => match str_literal(slice) {
                Some(key) => self.field(name, key).unwrap_or(Ty::Unknown),
                None => {
                    let _ = scope;
                    Ty::Unknown
                }
            },
            _ => Ty::Unknown,
        }
    }

    /// The type of field `key` of TypedDict `name`.
    pub fn field(&self, name: &str, key: &str) -> Option<Ty> {
        self.stubs
            .typed_dicts
            .get(name)?
            .fields
            .iter()
            .find(|(n, _, _)| n == key)
            .map(|(_, t, _)| t.clone())
    }

    fn call(&self, c: &ast::ExprCall, scope: ScopeId) -> Ty {
        match self.callee(&c.func, scope) {
            Callee::Declared(name, sig) => {
                let ret = sig.map_or(Ty::Unknown, |s| s.returns.clone());
                if self.stubs.is_async(name) {
                    Ty::Coroutine(Box::new(ret))
                } else {
                    ret
                }
            }
            Callee::Own {
                coroutine: true,
                returns,
                ..
            } => Ty::Coroutine(Box::new(returns)),
            Callee::Own { returns, .. } => returns,
            Callee::Builtin => {
                let Expr::Name(n) = &*c.func else {
                    return Ty::Unknown;
                };
                let arg = |i: usize| c.args.get(i).map_or(Ty::Unknown, |a| self.ty(a, scope));
                let simple = !c.args.iter().any(|a| matches!(a, Expr::Starred(_)));
                match n.id.as_str() {
                    "len" | "ord" | "hash" | "id" => Ty::Int,
                    "str" | "repr" | "chr" | "hex" | "bin" | "oct" | "ascii" | "format"
                    | "input" => Ty::Str,
                    "int" => Ty::Int,
                    "float" => Ty::Float,
                    "bool" | "isinstance" | "issubclass" | "callable" | "any" | "all"
                    | "hasattr" => Ty::Bool,
                    "round" if c.args.len() == 1 && c.keywords.is_empty() => Ty::Int,
                    "list" if simple && c.args.len() == 1 => Ty::List(Box::new(arg(0).item())),
                    "list" if c.args.is_empty() && c.keywords.is_empty() => {
                        Ty::List(Box::new(Ty::Unknown))
                    }
                    "set" if simple && c.args.len() == 1 => Ty::Set(Box::new(arg(0).item())),
                    "sorted" if simple && !c.args.is_empty() => Ty::List(Box::new(arg(0).item())),
                    "tuple" if simple && c.args.len() == 1 => Ty::TupleOf(Box::new(arg(0).item())),
                    "dict" => Ty::Dict(Box::new(Ty::Unknown), Box::new(Ty::Unknown)),
                    "range" => Ty::Iter(Box::new(Ty::Int)),
                    "reversed" if simple && c.args.len() == 1 => Ty::Iter(Box::new(arg(0).item())),
                    "enumerate" if simple && !c.args.is_empty() => {
                        Ty::Iter(Box::new(Ty::Tuple(vec![Ty::Int, arg(0).item()])))
                    }
                    "zip" if simple && c.keywords.is_empty() => Ty::Iter(Box::new(Ty::Tuple(
                        c.args.iter().map(|a| self.ty(a, scope).item()).collect(),
                    ))),
                    "print" => Ty::None,
                    _ => Ty::Unknown,
                }
            }
            Callee::Other => {
                let Expr::Attribute(a) = &*c.func else {
                    return Ty::Unknown;
                };
                let recv = self.ty(&a.value, scope);
                let arg = |i: usize| c.args.get(i).map_or(Ty::Unknown, |x| self.ty(x, scope));
                method_result(&recv, &a.attr, c.args.len(), &arg, self)
            }
        }
    }
}

/// The type a method of a builtin type returns.
fn method_result(
    recv: &Ty,
    name: &str,
    nargs: usize,
    arg: &dyn Fn(usize) -> Ty,
    inf: &Infer,
) -> Ty {
    match recv {
        Ty::Str => match name {
            "lower" | "upper" | "strip" | "lstrip" | "rstrip" | "title" | "capitalize"
            | "casefold" | "replace" | "format" | "join" | "center" | "ljust" | "rjust"
            | "zfill" | "swapcase" | "expandtabs" | "removeprefix" | "removesuffix"
            | "format_map" => Ty::Str,
            "split" | "rsplit" | "splitlines" => Ty::List(Box::new(Ty::Str)),
            "partition" | "rpartition" => Ty::Tuple(vec![Ty::Str, Ty::Str, Ty::Str]),
            "find" | "rfind" | "index" | "rindex" | "count" => Ty::Int,
            "encode" => Ty::Bytes,
            n if n.starts_with("is") || n == "startswith" || n == "endswith" => Ty::Bool,
            _ => Ty::Unknown,
        },
        Ty::List(t) => match name {
            "copy" => recv.clone(),
            "pop" => (**t).clone(),
            "index" | "count" => Ty::Int,
            "append" | "extend" | "insert" | "remove" | "sort" | "reverse" | "clear" => Ty::None,
            _ => Ty::Unknown,
        },
        Ty::Dict(k, v) => match name {
            "get" if nargs == 1 => Ty::join((**v).clone(), Ty::None),
            "get" if nargs == 2 => Ty::join((**v).clone(), arg(1)),
            "keys" => Ty::Iter(k.clone()),
            "values" => Ty::Iter(v.clone()),
            "items" => Ty::Iter(Box::new(Ty::Tuple(vec![(**k).clone(), (**v).clone()]))),
            "copy" => recv.clone(),
            _ => Ty::Unknown,
        },
        Ty::TypedDict(td) => match name {
            "keys" => Ty::Iter(Box::new(Ty::Str)),
            "copy" => recv.clone(),
            "get" if nargs >= 1 => {
                let _ = inf;
                Ty::Unknown
            }
            _ => {
                let _ = td;
                Ty::Unknown
            }
        },
        _ => Ty::Unknown,
    }
}

/// The type of `a op b` when it succeeds, for builtin operand types.
pub fn binop_result(a: &Ty, op: ast::Operator, b: &Ty) -> Ty {
    use ast::Operator as O;
    if *a == Ty::Never || *b == Ty::Never || crate::ops::binop_error(a, op, b).is_some() {
        // no value: the operation fails (or its operand does)
        return Ty::Never;
    }
    let num = |t: &Ty| matches!(t, Ty::Int | Ty::Bool | Ty::Float);
    match (a, op, b) {
        (Ty::Str, O::Add, Ty::Str) => Ty::Str,
        (Ty::Str, O::Mod, _) => Ty::Str,
        (Ty::Str, O::Mult, Ty::Int) | (Ty::Int, O::Mult, Ty::Str) => Ty::Str,
        (Ty::List(x), O::Add, Ty::List(y)) => {
            Ty::List(Box::new(Ty::join((**x).clone(), (**y).clone())))
        }
        (Ty::List(_), O::Mult, Ty::Int) => a.clone(),
        (Ty::Float, _, _) | (_, _, Ty::Float) if num(a) && num(b) && !matches!(op, O::MatMult) => {
            Ty::Float
        }
        (_, O::Div, _) if num(a) && num(b) => Ty::Float,
        (
            Ty::Int | Ty::Bool,
            O::Add | O::Sub | O::Mult | O::FloorDiv | O::Mod,
            Ty::Int | Ty::Bool,
        ) => Ty::Int,
        _ => Ty::Unknown,
    }
}

fn builtin_scalar(t: &Ty) -> bool {
    matches!(
        t,
        Ty::Int | Ty::Bool | Ty::Float | Ty::Str | Ty::None | Ty::Bytes
    )
}

fn constant(c: &Constant) -> Ty {
    match c {
        Constant::None => Ty::None,
        Constant::Bool(_) => Ty::Bool,
        Constant::Str(_) => Ty::Str,
        Constant::Bytes(_) => Ty::Bytes,
        Constant::Int(_) => Ty::Int,
        Constant::Float(_) => Ty::Float,
        Constant::Tuple(items) => Ty::Tuple(items.iter().map(constant).collect()),
        _ => Ty::Unknown,
    }
}

/// The value of an int literal (`0`, `-1`).
pub fn int_literal(e: &Expr) -> Option<i64> {
    match e {
        Expr::Constant(c) => match &c.value {
            Constant::Int(i) => i64::try_from(i).ok(),
            _ => None,
        },
        Expr::UnaryOp(u) if matches!(u.op, ast::UnaryOp::USub) => {
            int_literal(&u.operand).map(|i| -i)
        }
        _ => None,
    }
}

/// The value of a str literal.
pub fn str_literal(e: &Expr) -> Option<&str> {
    match e {
        Expr::Constant(c) => match &c.value {
            Constant::Str(s) => Some(s),
            _ => None,
        },
        _ => None,
    }
}
