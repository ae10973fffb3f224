//! The first pass of scope analysis: walks statements (and patterns),
//! creating a [`Scope`] per function, class and comprehension and recording
//! in each the names bound, used and declared `global`/`nonlocal`, with
//! CPython's syntax errors for misplaced declarations. Expressions are
//! walked in `expr.rs`.

use rustc_hash::FxHashMap as HashMap;
use rustpython_parser::ast::{self, Expr, Ranged, Stmt};

use super::{Scope, ScopeKind};
use crate::error::CompileError;

pub(super) struct Builder<'l> {
    pub(super) scopes: Vec<Scope>,
    pub(super) by_node: HashMap<usize, usize>,
    pub(super) cur: usize,
    pub(super) lines: &'l dyn Fn(u32) -> u32,
    /// Current statement/expression nesting: bounded like the compiler's
    /// (this pass runs first, so it is what meets hostile nesting).
    pub(super) depth: u32,
    /// `await` is allowed at the top level (a program run as a coroutine);
    /// not in code compiled by `exec`/`eval`.
    pub(super) top_await: bool,
}

impl Builder<'_> {
    pub(super) fn push<T>(&mut self, node: &T, kind: ScopeKind) -> usize {
        let id = self.scopes.len();
        self.scopes.push(Scope::new(kind, Some(self.cur)));
        self.by_node.insert(node as *const T as usize, id);
        let prev = self.cur;
        self.cur = id;
        prev
    }

    pub(super) fn bind(&mut self, name: &str) {
        let s = &mut self.scopes[self.cur];
        s.bound.insert(name.to_string());
        s.uses.insert(name.to_string());
    }

    /// An `import` binding: unlike other bindings, CPython accepts a later
    /// `global` declaration of the name in the same scope.
    fn bind_import(&mut self, name: &str) {
        self.scopes[self.cur].bound.insert(name.to_string());
    }

    pub(super) fn use_name(&mut self, name: &str) {
        self.scopes[self.cur].uses.insert(name.to_string());
    }

    pub(super) fn stmts(&mut self, body: &[Stmt]) -> Result<(), CompileError> {
        for s in body {
            self.stmt(s)?;
        }
        Ok(())
    }

    pub(super) fn line(&self, offset: u32) -> u32 {
        (self.lines)(offset)
    }

    fn declare(
        &mut self,
        names: &[ast::Identifier],
        global: bool,
        at: u32,
    ) -> Result<(), CompileError> {
        let line = self.line(at);
        let module = self.scopes[self.cur].kind == ScopeKind::Module;
        for n in names {
            let n = n.as_str();
            let s = &mut self.scopes[self.cur];
            if !global && module {
                return Err(CompileError::syntax(
                    "nonlocal declaration not allowed at module level".into(),
                    line,
                ));
            }
            if s.params.iter().any(|p| p == n) {
                let kind = if global { "global" } else { "nonlocal" };
                return Err(CompileError::syntax(
                    format!("name '{n}' is parameter and {kind}"),
                    line,
                ));
            }
            if s.uses.contains(n) {
                let kind = if global { "global" } else { "nonlocal" };
                let what = if s.bound.contains(n) {
                    "assigned to"
                } else {
                    "used"
                };
                return Err(CompileError::syntax(
                    format!("name '{n}' is {what} before {kind} declaration"),
                    line,
                ));
            }
            if global {
                // (at module level too: code `exec` runs with a namespace
                // binds such names in the globals)
                s.globals.insert(n.to_string());
            } else {
                s.nonlocals.insert(n.to_string());
            }
            s.decl_lines.insert(n.to_string(), line);
        }
        Ok(())
    }

    /// The parts of `try` (and `try`/`except*`) statements.
    fn try_parts(
        &mut self,
        body: &[Stmt],
        handlers: &[ast::ExceptHandler],
        orelse: &[Stmt],
        finalbody: &[Stmt],
    ) -> Result<(), CompileError> {
        self.stmts(body)?;
        for h in handlers {
            let ast::ExceptHandler::ExceptHandler(h) = h;
            if let Some(ty) = &h.type_ {
                self.expr(ty)?;
            }
            if let Some(n) = &h.name {
                self.bind(n.as_str());
            }
            self.stmts(&h.body)?;
        }
        self.stmts(orelse)?;
        self.stmts(finalbody)
    }

    fn stmt(&mut self, s: &Stmt) -> Result<(), CompileError> {
        self.enter(s.range().start().into())?;
        let r = self.stmt_inner(s);
        self.depth -= 1;
        r
    }

    /// Counts one level of nesting, refusing more than the compiler accepts.
    pub(super) fn enter(&mut self, offset: u32) -> Result<(), CompileError> {
        self.depth += 1;
        if self.depth > crate::error::MAX_NESTING {
            self.depth -= 1;
            return Err(crate::error::too_deeply_nested((self.lines)(offset)));
        }
        Ok(())
    }

    fn stmt_inner(&mut self, s: &Stmt) -> Result<(), CompileError> {
        match s {
            Stmt::FunctionDef(f) => {
                self.function_def(
                    f,
                    f.name.as_str(),
                    &f.decorator_list,
                    &f.args,
                    &f.body,
                    false,
                )?;
            }
            Stmt::AsyncFunctionDef(f) => {
                self.function_def(
                    f,
                    f.name.as_str(),
                    &f.decorator_list,
                    &f.args,
                    &f.body,
                    true,
                )?;
            }
            Stmt::ClassDef(c) => {
                for d in &c.decorator_list {
                    self.expr(d)?;
                }
                for b in &c.bases {
                    self.expr(b)?;
                }
                for k in &c.keywords {
                    self.expr(&k.value)?;
                }
                self.bind(c.name.as_str());
                let prev = self.push(c, ScopeKind::Class);
                self.stmts(&c.body)?;
                self.cur = prev;
            }
            Stmt::Return(r) => {
                if let Some(v) = &r.value {
                    self.expr(v)?;
                }
            }
            Stmt::Delete(d) => {
                for t in &d.targets {
                    self.target(t)?;
                }
            }
            Stmt::Assign(a) => {
                self.expr(&a.value)?;
                for t in &a.targets {
                    self.target(t)?;
                }
            }
            Stmt::AugAssign(a) => {
                self.expr(&a.value)?;
                self.target(&a.target)?;
            }
            Stmt::AnnAssign(a) => {
                if let Some(v) = &a.value {
                    self.expr(v)?;
                }
                self.target(&a.target)?;
            }
            Stmt::For(f) => {
                self.expr(&f.iter)?;
                self.target(&f.target)?;
                self.stmts(&f.body)?;
                self.stmts(&f.orelse)?;
            }
            Stmt::While(w) => {
                self.expr(&w.test)?;
                self.stmts(&w.body)?;
                self.stmts(&w.orelse)?;
            }
            Stmt::If(i) => {
                self.expr(&i.test)?;
                self.stmts(&i.body)?;
                self.stmts(&i.orelse)?;
            }
            Stmt::With(w) => {
                for item in &w.items {
                    self.expr(&item.context_expr)?;
                    if let Some(v) = &item.optional_vars {
                        self.target(v)?;
                    }
                }
                self.stmts(&w.body)?;
            }
            Stmt::Raise(r) => {
                if let Some(e) = &r.exc {
                    self.expr(e)?;
                }
                if let Some(e) = &r.cause {
                    self.expr(e)?;
                }
            }
            Stmt::Try(t) => self.try_parts(&t.body, &t.handlers, &t.orelse, &t.finalbody)?,
            Stmt::TryStar(t) => self.try_parts(&t.body, &t.handlers, &t.orelse, &t.finalbody)?,
            Stmt::Assert(a) => {
                self.expr(&a.test)?;
                if let Some(m) = &a.msg {
                    self.expr(m)?;
                }
            }
            Stmt::Import(i) => {
                for a in &i.names {
                    let n = a.asname.as_ref().unwrap_or(&a.name);
                    let first = n.as_str().split('.').next().unwrap_or("");
                    self.bind_import(first);
                }
            }
            Stmt::ImportFrom(i) => {
                for a in &i.names {
                    let n = a.asname.as_ref().unwrap_or(&a.name);
                    self.bind_import(n.as_str());
                }
            }
            Stmt::Global(g) => self.declare(&g.names, true, g.range.start().into())?,
            Stmt::Nonlocal(n) => self.declare(&n.names, false, n.range.start().into())?,
            Stmt::Expr(e) => self.expr(&e.value)?,
            Stmt::Pass(_) | Stmt::Break(_) | Stmt::Continue(_) => {}
            // Rejected by the code generator with a clear message.
            Stmt::Match(m) => {
                self.expr(&m.subject)?;
                for case in &m.cases {
                    self.pattern(&case.pattern)?;
                    if let Some(g) = &case.guard {
                        self.expr(g)?;
                    }
                    self.stmts(&case.body)?;
                }
            }
            Stmt::AsyncFor(f) => {
                self.require_async("'async for'", f.range.start().into())?;
                self.expr(&f.iter)?;
                self.target(&f.target)?;
                self.stmts(&f.body)?;
                self.stmts(&f.orelse)?;
            }
            Stmt::AsyncWith(w) => {
                self.require_async("'async with'", w.range.start().into())?;
                for item in &w.items {
                    self.expr(&item.context_expr)?;
                    if let Some(v) = &item.optional_vars {
                        self.target(v)?;
                    }
                }
                self.stmts(&w.body)?;
            }
            Stmt::TypeAlias(t) => {
                // the value is a function of its own (`type_alias.rs`)
                self.target(&t.name)?;
                let args = crate::type_alias::type_param_args(&t.type_params);
                let prev = self.push(t, ScopeKind::Function);
                self.params(&args);
                self.expr(&t.value)?;
                self.cur = prev;
            }
        }
        Ok(())
    }

    /// `def` / `async def`: decorators and defaults are evaluated in the
    /// enclosing scope, which binds the name; the body gets its own scope.
    fn function_def<T>(
        &mut self,
        node: &T,
        name: &str,
        decorators: &[Expr],
        args: &ast::Arguments,
        body: &[Stmt],
        is_async: bool,
    ) -> Result<(), CompileError> {
        for d in decorators {
            self.expr(d)?;
        }
        self.arg_defaults(args)?;
        self.bind(name);
        let prev = self.push(node, ScopeKind::Function);
        self.scopes[self.cur].is_coroutine = is_async;
        self.params(args);
        self.stmts(body)?;
        self.cur = prev;
        Ok(())
    }

    fn pattern(&mut self, p: &ast::Pattern) -> Result<(), CompileError> {
        use ast::Pattern as P;
        match p {
            P::MatchValue(v) => self.expr(&v.value)?,
            P::MatchSingleton(_) => {}
            P::MatchSequence(s) => {
                for q in &s.patterns {
                    self.pattern(q)?;
                }
            }
            P::MatchMapping(m) => {
                for k in &m.keys {
                    self.expr(k)?;
                }
                for q in &m.patterns {
                    self.pattern(q)?;
                }
                if let Some(r) = &m.rest {
                    self.bind(r.as_str());
                }
            }
            P::MatchClass(c) => {
                self.expr(&c.cls)?;
                for q in c.patterns.iter().chain(&c.kwd_patterns) {
                    self.pattern(q)?;
                }
            }
            P::MatchStar(s) => {
                if let Some(n) = &s.name {
                    self.bind(n.as_str());
                }
            }
            P::MatchAs(a) => {
                if let Some(q) = &a.pattern {
                    self.pattern(q)?;
                }
                if let Some(n) = &a.name {
                    self.bind(n.as_str());
                }
            }
            P::MatchOr(o) => {
                for q in &o.patterns {
                    self.pattern(q)?;
                }
            }
        }
        Ok(())
    }

    pub(super) fn arg_defaults(&mut self, args: &ast::Arguments) -> Result<(), CompileError> {
        for a in args
            .posonlyargs
            .iter()
            .chain(&args.args)
            .chain(&args.kwonlyargs)
        {
            if let Some(d) = &a.default {
                self.expr(d)?;
            }
        }
        Ok(())
    }

    pub(super) fn params(&mut self, args: &ast::Arguments) {
        let s = &mut self.scopes[self.cur];
        for a in args.posonlyargs.iter().chain(&args.args) {
            s.params.push(a.def.arg.to_string());
        }
        for a in &args.kwonlyargs {
            s.params.push(a.def.arg.to_string());
        }
        if let Some(v) = &args.vararg {
            s.params.push(v.arg.to_string());
        }
        if let Some(v) = &args.kwarg {
            s.params.push(v.arg.to_string());
        }
        let ps = s.params.clone();
        for p in ps {
            self.use_name(&p);
        }
    }
}
