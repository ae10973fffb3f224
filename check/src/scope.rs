//! Python's scoping rules: which scope binds each name, where, and how.
//!
//! [`Scopes::build`] walks the module once and records every binding of
//! every scope (module, function, lambda, class, comprehension): assignment
//! and augmented-assignment targets, `for`/`with`/`except` targets, imports,
//! `def`/`class`, parameters, `del`, match captures, walrus targets (bound
//! in the enclosing non-comprehension scope, as PEP 572 says), type
//! parameters; `global` and `nonlocal` send a function's bindings to the
//! module or mark the name as a free variable. [`Scopes::resolve`] then
//! finds the scope a name read in a given scope refers to: the scope's own
//! bindings, the enclosing function scopes (class bodies are not visible
//! to the functions inside them), the module, and finally nothing (a
//! builtin, a stub or an undefined name).
//!
//! A module with a `from m import *`, `exec(...)`, `globals()`, `locals()`
//! or `vars()` can bind names no reader can see: it is marked dynamic and
//! undefined names are then not reported.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use rustpython_parser::ast::{self, Expr, Pattern, Ranged, Stmt};

/// Index of a scope in [`Scopes::scopes`].
pub type ScopeId = usize;

/// The kinds of scope.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScopeKind {
    Module,
    Function { is_async: bool },
    Lambda,
    Class,
    Comprehension,
}

/// How a binding gives its name a value.
#[derive(Debug, Clone)]
pub enum BindKind<'a> {
    /// `name = value` (or a walrus, or an annotated assignment with a value).
    Value(&'a Expr),
    /// Part of an unpacked value: `path` indexes into nested tuples of
    /// `value`'s items (when `item` is set, of the items iterating `value`
    /// gives: `for k, v in value`).
    Part {
        value: &'a Expr,
        item: bool,
        path: Vec<usize>,
    },
    /// `name op= value`: the name's value before, combined with `value`.
    Aug { op: ast::Operator, value: &'a Expr },
    /// The parameter of a lambda given as the key (or function) of a
    /// builtin that calls it with the items of `iterable`:
    /// `sorted(xs, key=lambda x: ...)`, `map(lambda x: ..., xs)`,
    /// `xs.sort(key=...)`. `func` is the called expression, to make sure
    /// it is the builtin.
    ItemOf { func: &'a Expr, iterable: &'a Expr },
    /// `import m` / `import m as x`: the module's name.
    Import(String),
    /// `def name(...)`; `generator` when its body yields, `decorated`
    /// when a decorator may have replaced it.
    Def {
        is_async: bool,
        generator: bool,
        decorated: bool,
        args: &'a ast::Arguments,
        /// The function's body and the scope it opens.
        body: &'a [Stmt],
        scope: ScopeId,
    },
    /// `class name`.
    Class,
    /// `name: T` with no value: makes the name local without binding it.
    Declared,
    /// Anything else (parameters, `with ... as`, `except ... as`, `del`,
    /// `+=`, match captures, `from m import name`).
    Other,
}

/// One binding site.
#[derive(Debug, Clone)]
pub struct Binding<'a> {
    /// The byte offset from which the name is bound (the end of the
    /// assignment: `x = x + 1` reads `x` before binding it).
    pub offset: u32,
    pub kind: BindKind<'a>,
    /// The scope its value is evaluated in.
    pub eval_scope: ScopeId,
}

/// One scope.
#[derive(Debug, Clone)]
pub struct Scope<'a> {
    pub kind: ScopeKind,
    pub parent: Option<ScopeId>,
    /// The name of the function or class.
    pub name: String,
    pub bindings: HashMap<String, Vec<Binding<'a>>>,
    /// Names declared `global` here.
    pub globals: HashSet<String>,
    /// Names declared `nonlocal` here.
    pub nonlocals: HashSet<String>,
}

/// Every scope of a module.
#[derive(Debug, Default)]
pub struct Scopes<'a> {
    pub scopes: Vec<Scope<'a>>,
    /// The scope each function, lambda, class and comprehension node opens,
    /// by the node's byte range.
    by_node: HashMap<(u32, u32), ScopeId>,
    /// Whether names can be bound in ways not visible in the source.
    pub dynamic: bool,
    /// Names some function declares `global`.
    pub global_decls: HashSet<String>,
    /// Names some function declares `nonlocal`.
    pub nonlocal_decls: HashSet<String>,
    /// How deep the expression walk is.
    depth: u32,
}

/// Where a name read in some scope lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resolution {
    /// Bound in this scope of the program.
    Bound(ScopeId),
    /// Declared `nonlocal` (bound in an enclosing function).
    Free,
    /// Not bound by the program: a builtin, a stub, or undefined.
    Unbound,
}

impl<'a> Scopes<'a> {
    /// The scopes of module `body`.
    pub fn build(body: &'a [Stmt]) -> Scopes<'a> {
        let mut s = Scopes::default();
        s.new_scope(ScopeKind::Module, None, "<module>", None);
        s.prescan_decls(0, body);
        s.stmts(0, body);
        s
    }

    /// The scope opened by the node with this range.
    pub fn scope_of(&self, range: ast::text_size::TextRange) -> Option<ScopeId> {
        self.by_node
            .get(&(range.start().into(), range.end().into()))
            .copied()
    }

    /// The bindings of `name` in `scope`.
    pub fn bindings(&self, scope: ScopeId, name: &str) -> &[Binding<'a>] {
        self.scopes[scope]
            .bindings
            .get(name)
            .map_or(&[], Vec::as_slice)
    }

    /// The scope a read of `name` in `scope` refers to.
    pub fn resolve(&self, scope: ScopeId, name: &str) -> Resolution {
        let mut cur = scope;
        let mut first = true;
        loop {
            let s = &self.scopes[cur];
            let visible = first || s.kind != ScopeKind::Class;
            if visible {
                if s.globals.contains(name) {
                    return self.resolve_global(name);
                }
                if s.nonlocals.contains(name) {
                    return Resolution::Free;
                }
                if s.bindings.contains_key(name) {
                    return Resolution::Bound(cur);
                }
            }
            first = false;
            match s.parent {
                Some(p) => cur = p,
                None => return Resolution::Unbound,
            }
        }
    }

    fn resolve_global(&self, name: &str) -> Resolution {
        if self.scopes[0].bindings.contains_key(name) {
            Resolution::Bound(0)
        } else {
            Resolution::Unbound
        }
    }

    /// The nearest enclosing function scope of `scope` (itself included),
    /// looking through comprehensions; `None` at module or class level.
    pub fn function_of(&self, scope: ScopeId) -> Option<ScopeId> {
        let mut cur = scope;
        loop {
            match self.scopes[cur].kind {
                ScopeKind::Function { .. } | ScopeKind::Lambda => return Some(cur),
                ScopeKind::Comprehension => cur = self.scopes[cur].parent?,
                _ => return None,
            }
        }
    }

    fn new_scope(
        &mut self,
        kind: ScopeKind,
        parent: Option<ScopeId>,
        name: &str,
        range: Option<ast::text_size::TextRange>,
    ) -> ScopeId {
        let id = self.scopes.len();
        self.scopes.push(Scope {
            kind,
            parent,
            name: name.to_string(),
            bindings: HashMap::default(),
            globals: HashSet::default(),
            nonlocals: HashSet::default(),
        });
        if let Some(r) = range {
            self.by_node.insert((r.start().into(), r.end().into()), id);
        }
        id
    }

    fn bind(
        &mut self,
        scope: ScopeId,
        name: &str,
        offset: u32,
        kind: BindKind<'a>,
        eval_scope: ScopeId,
    ) {
        let target = if self.scopes[scope].globals.contains(name) {
            0
        } else if self.scopes[scope].nonlocals.contains(name) {
            return;
        } else {
            scope
        };
        self.scopes[target]
            .bindings
            .entry(name.to_string())
            .or_default()
            .push(Binding {
                offset,
                kind,
                eval_scope,
            });
    }

    /// Records the `global`/`nonlocal` declarations of a body (not of the
    /// functions and classes inside it) before its bindings.
    fn prescan_decls(&mut self, scope: ScopeId, body: &[Stmt]) {
        for stmt in body {
            match stmt {
                Stmt::Global(g) => {
                    for n in &g.names {
                        if scope != 0 {
                            self.scopes[scope].globals.insert(n.to_string());
                            self.global_decls.insert(n.to_string());
                        }
                    }
                }
                Stmt::Nonlocal(g) => {
                    for n in &g.names {
                        self.scopes[scope].nonlocals.insert(n.to_string());
                        self.nonlocal_decls.insert(n.to_string());
                    }
                }
                _ => for_each_body(stmt, |b| self.prescan_decls(scope, b)),
            }
        }
    }

    fn stmts(&mut self, scope: ScopeId, body: &'a [Stmt]) {
        for s in body {
            self.stmt(scope, s);
        }
    }

    fn stmt(&mut self, scope: ScopeId, stmt: &'a Stmt) {
        let end: u32 = stmt.range().end().into();
        match stmt {
            Stmt::FunctionDef(ast::StmtFunctionDef {
                name,
                args,
                body,
                decorator_list,
                type_params,
                range,
                ..
            })
            | Stmt::AsyncFunctionDef(ast::StmtAsyncFunctionDef {
                name,
                args,
                body,
                decorator_list,
                type_params,
                range,
                ..
            }) => {
                let is_async = matches!(stmt, Stmt::AsyncFunctionDef(_));
                for d in decorator_list {
                    self.expr(scope, d);
                }
                self.defaults(scope, args);
                let f = self.new_scope(
                    ScopeKind::Function { is_async },
                    Some(scope),
                    name,
                    Some(*range),
                );
                for t in type_params {
                    self.type_param(f, t);
                }
                self.params(f, args);
                self.prescan_decls(f, body);
                self.stmts(f, body);
                let kind = BindKind::Def {
                    is_async,
                    generator: body.iter().any(yields),
                    decorated: !decorator_list.is_empty(),
                    args,
                    body,
                    scope: f,
                };
                self.bind(scope, name, range.start().into(), kind, scope);
            }
            Stmt::ClassDef(c) => {
                for d in &c.decorator_list {
                    self.expr(scope, d);
                }
                for b in &c.bases {
                    self.expr(scope, b);
                }
                for k in &c.keywords {
                    self.expr(scope, &k.value);
                }
                let cs = self.new_scope(ScopeKind::Class, Some(scope), &c.name, Some(c.range));
                for t in &c.type_params {
                    self.type_param(cs, t);
                }
                self.prescan_decls(cs, &c.body);
                self.stmts(cs, &c.body);
                self.bind(scope, &c.name, end, BindKind::Class, scope);
            }
            Stmt::Assign(a) => {
                self.expr(scope, &a.value);
                for t in &a.targets {
                    self.target(scope, t, end, &a.value, false, Vec::new());
                }
            }
            Stmt::AnnAssign(a) => {
                if let Some(v) = &a.value {
                    self.expr(scope, v);
                    self.target(scope, &a.target, end, v, false, Vec::new());
                } else if let Expr::Name(n) = &*a.target {
                    self.bind(scope, &n.id, end, BindKind::Declared, scope);
                } else {
                    self.expr(scope, &a.target);
                }
            }
            Stmt::AugAssign(a) => {
                self.expr(scope, &a.value);
                match &*a.target {
                    Expr::Name(n) => {
                        let kind = BindKind::Aug {
                            op: a.op,
                            value: &a.value,
                        };
                        self.bind(scope, &n.id, end, kind, scope)
                    }
                    t => self.expr(scope, t),
                }
            }
            Stmt::TypeAlias(t) => {
                if let Expr::Name(n) = &*t.name {
                    self.bind(scope, &n.id, end, BindKind::Other, scope);
                }
            }
            Stmt::For(ast::StmtFor {
                target,
                iter,
                body,
                orelse,
                ..
            })
            | Stmt::AsyncFor(ast::StmtAsyncFor {
                target,
                iter,
                body,
                orelse,
                ..
            }) => {
                self.expr(scope, iter);
                let at: u32 = iter.range().end().into();
                self.target(scope, target, at, iter, true, Vec::new());
                self.stmts(scope, body);
                self.stmts(scope, orelse);
            }
            Stmt::With(ast::StmtWith { items, body, .. })
            | Stmt::AsyncWith(ast::StmtAsyncWith { items, body, .. }) => {
                for item in items {
                    self.expr(scope, &item.context_expr);
                    if let Some(v) = &item.optional_vars {
                        self.other_target(scope, v);
                    }
                }
                self.stmts(scope, body);
            }
            Stmt::Try(ast::StmtTry {
                body,
                handlers,
                orelse,
                finalbody,
                ..
            })
            | Stmt::TryStar(ast::StmtTryStar {
                body,
                handlers,
                orelse,
                finalbody,
                ..
            }) => {
                self.stmts(scope, body);
                for h in handlers {
                    let ast::ExceptHandler::ExceptHandler(h) = h;
                    if let Some(t) = &h.type_ {
                        self.expr(scope, t);
                    }
                    if let Some(n) = &h.name {
                        self.bind(scope, n, h.range.start().into(), BindKind::Other, scope);
                    }
                    self.stmts(scope, &h.body);
                }
                self.stmts(scope, orelse);
                self.stmts(scope, finalbody);
            }
            Stmt::Import(i) => {
                for a in &i.names {
                    match &a.asname {
                        Some(asname) => self.bind(
                            scope,
                            asname,
                            end,
                            BindKind::Import(a.name.to_string()),
                            scope,
                        ),
                        None => {
                            let top = a.name.split('.').next().unwrap_or(&a.name);
                            self.bind(scope, top, end, BindKind::Import(top.to_string()), scope);
                        }
                    }
                }
            }
            Stmt::ImportFrom(i) => {
                for a in &i.names {
                    if a.name.as_str() == "*" {
                        self.dynamic = true;
                    } else {
                        let n = a.asname.as_ref().unwrap_or(&a.name);
                        self.bind(scope, n, end, BindKind::Other, scope);
                    }
                }
            }
            Stmt::Delete(d) => {
                for t in &d.targets {
                    match t {
                        Expr::Name(n) => self.bind(scope, &n.id, end, BindKind::Other, scope),
                        t => self.other_target(scope, t),
                    }
                }
            }
            Stmt::Match(m) => {
                self.expr(scope, &m.subject);
                for c in &m.cases {
                    self.pattern(scope, &c.pattern);
                    if let Some(g) = &c.guard {
                        self.expr(scope, g);
                    }
                    self.stmts(scope, &c.body);
                }
            }
            _ => {
                for_each_expr(stmt, |e| self.expr(scope, e));
                for_each_body(stmt, |b| self.stmts(scope, b));
            }
        }
    }

    fn defaults(&mut self, scope: ScopeId, args: &'a ast::Arguments) {
        for a in args
            .posonlyargs
            .iter()
            .chain(&args.args)
            .chain(&args.kwonlyargs)
        {
            if let Some(d) = &a.default {
                self.expr(scope, d);
            }
        }
    }

    fn params(&mut self, f: ScopeId, args: &'a ast::Arguments) {
        let all = args
            .posonlyargs
            .iter()
            .chain(&args.args)
            .chain(&args.kwonlyargs)
            .map(|a| &a.def)
            .chain(args.vararg.as_deref())
            .chain(args.kwarg.as_deref());
        for a in all {
            self.bind(f, &a.arg, 0, BindKind::Other, f);
        }
    }

    fn type_param(&mut self, scope: ScopeId, t: &'a ast::TypeParam) {
        let name = match t {
            ast::TypeParam::TypeVar(t) => &t.name,
            ast::TypeParam::ParamSpec(t) => &t.name,
            ast::TypeParam::TypeVarTuple(t) => &t.name,
        };
        self.bind(scope, name, 0, BindKind::Other, scope);
    }

    /// Binds the names of an assignment target whose value (or, with
    /// `item`, whose value's items) is `value`, at `path` inside it.
    fn target(
        &mut self,
        scope: ScopeId,
        t: &'a Expr,
        at: u32,
        value: &'a Expr,
        item: bool,
        path: Vec<usize>,
    ) {
        match t {
            Expr::Name(n) => {
                let kind = if path.is_empty() && !item {
                    BindKind::Value(value)
                } else {
                    BindKind::Part { value, item, path }
                };
                self.bind(scope, &n.id, at, kind, scope);
            }
            Expr::Tuple(ast::ExprTuple { elts, .. }) | Expr::List(ast::ExprList { elts, .. }) => {
                let starred = elts.iter().any(|e| matches!(e, Expr::Starred(_)));
                for (i, e) in elts.iter().enumerate() {
                    if starred {
                        self.other_target(scope, e);
                    } else {
                        let mut p = path.clone();
                        p.push(i);
                        self.target(scope, e, at, value, item, p);
                    }
                }
            }
            t => self.other_target(scope, t),
        }
    }

    /// Binds the names of a target whose value is not modelled.
    fn other_target(&mut self, scope: ScopeId, t: &'a Expr) {
        match t {
            Expr::Name(n) => {
                let at = t.range().end().into();
                self.bind(scope, &n.id, at, BindKind::Other, scope);
            }
            Expr::Tuple(ast::ExprTuple { elts, .. }) | Expr::List(ast::ExprList { elts, .. }) => {
                for e in elts {
                    self.other_target(scope, e);
                }
            }
            Expr::Starred(s) => self.other_target(scope, &s.value),
            t => self.expr(scope, t),
        }
    }

    fn pattern(&mut self, scope: ScopeId, p: &'a Pattern) {
        let at: u32 = p.range().end().into();
        match p {
            Pattern::MatchValue(v) => self.expr(scope, &v.value),
            Pattern::MatchSingleton(_) => {}
            Pattern::MatchSequence(s) => {
                for p in &s.patterns {
                    self.pattern(scope, p);
                }
            }
            Pattern::MatchMapping(m) => {
                for k in &m.keys {
                    self.expr(scope, k);
                }
                for p in &m.patterns {
                    self.pattern(scope, p);
                }
                if let Some(r) = &m.rest {
                    self.bind(scope, r, at, BindKind::Other, scope);
                }
            }
            Pattern::MatchClass(c) => {
                self.expr(scope, &c.cls);
                for p in c.patterns.iter().chain(&c.kwd_patterns) {
                    self.pattern(scope, p);
                }
            }
            Pattern::MatchStar(s) => {
                if let Some(n) = &s.name {
                    self.bind(scope, n, at, BindKind::Other, scope);
                }
            }
            Pattern::MatchAs(a) => {
                if let Some(p) = &a.pattern {
                    self.pattern(scope, p);
                }
                if let Some(n) = &a.name {
                    self.bind(scope, n, at, BindKind::Other, scope);
                }
            }
            Pattern::MatchOr(o) => {
                for p in &o.patterns {
                    self.pattern(scope, p);
                }
            }
        }
    }

    fn expr(&mut self, scope: ScopeId, e: &'a Expr) {
        if self.depth > crate::MAX_DEPTH {
            return;
        }
        self.depth += 1;
        self.expr_inner(scope, e);
        self.depth -= 1;
    }

    fn expr_inner(&mut self, scope: ScopeId, e: &'a Expr) {
        match e {
            Expr::Lambda(l) => {
                self.defaults(scope, &l.args);
                let f = self.new_scope(ScopeKind::Lambda, Some(scope), "<lambda>", Some(l.range));
                self.params(f, &l.args);
                self.expr(f, &l.body);
            }
            Expr::ListComp(ast::ExprListComp {
                generators, range, ..
            })
            | Expr::SetComp(ast::ExprSetComp {
                generators, range, ..
            })
            | Expr::GeneratorExp(ast::ExprGeneratorExp {
                generators, range, ..
            })
            | Expr::DictComp(ast::ExprDictComp {
                generators, range, ..
            }) => {
                let c = self.new_scope(
                    ScopeKind::Comprehension,
                    Some(scope),
                    "<comprehension>",
                    Some(*range),
                );
                for (i, g) in generators.iter().enumerate() {
                    self.expr(if i == 0 { scope } else { c }, &g.iter);
                    let at: u32 = g.iter.range().end().into();
                    self.target_in(c, &g.target, at, &g.iter, if i == 0 { scope } else { c });
                    for cond in &g.ifs {
                        self.expr(c, cond);
                    }
                }
                match e {
                    Expr::ListComp(l) => self.expr(c, &l.elt),
                    Expr::SetComp(l) => self.expr(c, &l.elt),
                    Expr::GeneratorExp(l) => self.expr(c, &l.elt),
                    Expr::DictComp(d) => {
                        self.expr(c, &d.key);
                        self.expr(c, &d.value);
                    }
                    _ => {}
                }
            }
            Expr::NamedExpr(n) => {
                self.expr(scope, &n.value);
                if let Expr::Name(t) = &*n.target {
                    let mut target = scope;
                    while self.scopes[target].kind == ScopeKind::Comprehension {
                        target = self.scopes[target].parent.unwrap_or(0);
                    }
                    let at = e.range().end().into();
                    self.bind(target, &t.id, at, BindKind::Value(&n.value), scope);
                }
            }
            Expr::Call(c) => {
                if let Expr::Name(n) = &*c.func {
                    if matches!(n.id.as_str(), "exec" | "globals" | "locals" | "vars") {
                        self.dynamic = true;
                    }
                }
                self.expr(scope, &c.func);
                for a in &c.args {
                    self.expr(scope, a);
                }
                for k in &c.keywords {
                    self.expr(scope, &k.value);
                }
                self.lambda_items(scope, c);
            }
            e => for_each_child(e, |c| self.expr(scope, c)),
        }
    }

    /// Gives the lambda of `sorted(xs, key=lambda x: ...)` and its kind a
    /// parameter bound to the items of `xs` (the lambda's scope exists by
    /// now).
    fn lambda_items(&mut self, scope: ScopeId, c: &'a ast::ExprCall) {
        let key = || {
            c.keywords
                .iter()
                .find(|k| k.arg.as_deref() == Some("key"))
                .map(|k| &k.value)
        };
        let (lambda, iterable) = match &*c.func {
            Expr::Name(n) => match n.id.as_str() {
                "sorted" | "min" | "max" if c.args.len() == 1 => (key(), c.args.first()),
                "map" | "filter" if c.args.len() == 2 => (c.args.first(), c.args.get(1)),
                _ => return,
            },
            Expr::Attribute(a) if a.attr.as_str() == "sort" && c.args.is_empty() => {
                (key(), Some(&*a.value))
            }
            _ => return,
        };
        let (Some(Expr::Lambda(l)), Some(iterable)) = (lambda, iterable) else {
            return;
        };
        let Some(ls) = self.scope_of(l.range) else {
            return;
        };
        let [p] = l.args.args.as_slice() else { return };
        if !l.args.posonlyargs.is_empty() || p.default.is_some() {
            return;
        }
        if let Some(sites) = self.scopes[ls].bindings.get_mut(p.def.arg.as_str()) {
            if let [b] = sites.as_mut_slice() {
                b.kind = BindKind::ItemOf {
                    func: &c.func,
                    iterable,
                };
                b.eval_scope = scope;
            }
        }
    }

    /// A comprehension's target: bound in `c`, its iterable evaluated in
    /// `eval_scope`.
    fn target_in(&mut self, c: ScopeId, t: &'a Expr, at: u32, iter: &'a Expr, eval_scope: ScopeId) {
        let before = self.scopes[c].bindings.clone();
        self.target(c, t, at, iter, true, Vec::new());
        for (name, sites) in self.scopes[c].bindings.iter_mut() {
            let old = before.get(name).map_or(0, Vec::len);
            for b in sites.iter_mut().skip(old) {
                b.eval_scope = eval_scope;
            }
        }
    }
}

/// Calls `f` on each statement body directly inside `stmt` (not those of
/// functions and classes).
pub fn for_each_body<'a>(stmt: &'a Stmt, mut f: impl FnMut(&'a [Stmt])) {
    match stmt {
        Stmt::For(s) => {
            f(&s.body);
            f(&s.orelse);
        }
        Stmt::AsyncFor(s) => {
            f(&s.body);
            f(&s.orelse);
        }
        Stmt::While(s) => {
            f(&s.body);
            f(&s.orelse);
        }
        Stmt::If(s) => {
            f(&s.body);
            f(&s.orelse);
        }
        Stmt::With(s) => f(&s.body),
        Stmt::AsyncWith(s) => f(&s.body),
        Stmt::Try(s) => {
            f(&s.body);
            for h in &s.handlers {
                let ast::ExceptHandler::ExceptHandler(h) = h;
                f(&h.body);
            }
            f(&s.orelse);
            f(&s.finalbody);
        }
        Stmt::TryStar(s) => {
            f(&s.body);
            for h in &s.handlers {
                let ast::ExceptHandler::ExceptHandler(h) = h;
                f(&h.body);
            }
            f(&s.orelse);
            f(&s.finalbody);
        }
        Stmt::Match(m) => {
            for c in &m.cases {
                f(&c.body);
            }
        }
        _ => {}
    }
}

/// Calls `f` on the expressions of a simple statement (those evaluated in
/// the statement's scope; not the bodies of compound ones).
pub fn for_each_expr<'a>(stmt: &'a Stmt, mut f: impl FnMut(&'a Expr)) {
    match stmt {
        Stmt::Return(r) => r.value.iter().for_each(|v| f(v)),
        Stmt::Expr(e) => f(&e.value),
        Stmt::If(s) => f(&s.test),
        Stmt::While(s) => f(&s.test),
        Stmt::Raise(r) => {
            r.exc.iter().for_each(|v| f(v));
            r.cause.iter().for_each(|v| f(v));
        }
        Stmt::Assert(a) => {
            f(&a.test);
            a.msg.iter().for_each(|v| f(v));
        }
        _ => {}
    }
}

/// Calls `f` on each direct child expression of `e`.
pub fn for_each_child<'a>(e: &'a Expr, mut f: impl FnMut(&'a Expr)) {
    match e {
        Expr::BoolOp(b) => b.values.iter().for_each(f),
        Expr::NamedExpr(n) => {
            f(&n.target);
            f(&n.value);
        }
        Expr::BinOp(b) => {
            f(&b.left);
            f(&b.right);
        }
        Expr::UnaryOp(u) => f(&u.operand),
        Expr::Lambda(l) => f(&l.body),
        Expr::IfExp(i) => {
            f(&i.test);
            f(&i.body);
            f(&i.orelse);
        }
        Expr::Dict(d) => {
            d.keys.iter().flatten().for_each(&mut f);
            d.values.iter().for_each(f);
        }
        Expr::Set(s) => s.elts.iter().for_each(f),
        Expr::ListComp(l) => f(&l.elt),
        Expr::SetComp(l) => f(&l.elt),
        Expr::GeneratorExp(l) => f(&l.elt),
        Expr::DictComp(d) => {
            f(&d.key);
            f(&d.value);
        }
        Expr::Await(a) => f(&a.value),
        Expr::Yield(y) => y.value.iter().for_each(|v| f(v)),
        Expr::YieldFrom(y) => f(&y.value),
        Expr::Compare(c) => {
            f(&c.left);
            c.comparators.iter().for_each(f);
        }
        Expr::Call(c) => {
            f(&c.func);
            c.args.iter().for_each(&mut f);
            c.keywords.iter().for_each(|k| f(&k.value));
        }
        Expr::FormattedValue(v) => {
            f(&v.value);
            v.format_spec.iter().for_each(|s| f(s));
        }
        Expr::JoinedStr(j) => j.values.iter().for_each(f),
        Expr::Attribute(a) => f(&a.value),
        Expr::Subscript(s) => {
            f(&s.value);
            f(&s.slice);
        }
        Expr::Starred(s) => f(&s.value),
        Expr::List(l) => l.elts.iter().for_each(f),
        Expr::Tuple(t) => t.elts.iter().for_each(f),
        Expr::Slice(s) => {
            s.lower.iter().for_each(|v| f(v));
            s.upper.iter().for_each(|v| f(v));
            s.step.iter().for_each(|v| f(v));
        }
        Expr::Constant(_) | Expr::Name(_) => {}
    }
}

/// Whether a statement of a function's body (not of a function inside it)
/// contains `yield`.
pub fn yields(stmt: &Stmt) -> bool {
    fn in_expr(e: &Expr) -> bool {
        match e {
            Expr::Yield(_) | Expr::YieldFrom(_) => true,
            Expr::Lambda(_)
            | Expr::ListComp(_)
            | Expr::SetComp(_)
            | Expr::DictComp(_)
            | Expr::GeneratorExp(_) => false,
            e => {
                let mut found = false;
                for_each_child(e, |c| found = found || in_expr(c));
                found
            }
        }
    }
    let mut found = false;
    match stmt {
        Stmt::FunctionDef(_) | Stmt::AsyncFunctionDef(_) | Stmt::ClassDef(_) => return false,
        Stmt::Assign(a) => found = in_expr(&a.value),
        Stmt::AnnAssign(a) => found = a.value.as_deref().is_some_and(in_expr),
        Stmt::AugAssign(a) => found = in_expr(&a.value),
        Stmt::For(f) => found = in_expr(&f.iter),
        Stmt::AsyncFor(f) => found = in_expr(&f.iter),
        Stmt::With(w) => found = w.items.iter().any(|i| in_expr(&i.context_expr)),
        Stmt::AsyncWith(w) => found = w.items.iter().any(|i| in_expr(&i.context_expr)),
        _ => for_each_expr(stmt, |e| found = found || in_expr(e)),
    }
    for_each_body(stmt, |b| found = found || b.iter().any(yields));
    found
}
