//! Scope analysis of expressions: names read, assignment targets,
//! lambdas and comprehensions (each its own scope; the first iterable is
//! evaluated outside), and `yield`/`await`, which mark the enclosing
//! function or raise CPython's syntax errors where they are not allowed.

use rustpython_parser::ast::{self, Expr, Ranged};

use super::builder::Builder;
use super::ScopeKind;
use crate::error::CompileError;

impl Builder<'_> {
    pub(super) fn target(&mut self, t: &Expr) -> Result<(), CompileError> {
        match t {
            Expr::Name(n) => self.bind(n.id.as_str()),
            Expr::Tuple(t) => {
                for e in &t.elts {
                    self.target(e)?;
                }
            }
            Expr::List(t) => {
                for e in &t.elts {
                    self.target(e)?;
                }
            }
            Expr::Starred(s) => self.target(&s.value)?,
            other => self.expr(other)?,
        }
        Ok(())
    }

    fn comprehension<T>(
        &mut self,
        node: &T,
        generators: &[ast::Comprehension],
        elts: &[&Expr],
    ) -> Result<(), CompileError> {
        // The first iterable is evaluated in the enclosing scope.
        self.expr(&generators[0].iter)?;
        let prev = self.push(node, ScopeKind::Comprehension);
        for (i, g) in generators.iter().enumerate() {
            if i > 0 {
                self.expr(&g.iter)?;
            }
            if g.is_async {
                self.require_async("asynchronous comprehension", g.iter.range().start().into())?;
            }
            self.target(&g.target)?;
            for c in &g.ifs {
                self.expr(c)?;
            }
        }
        for e in elts {
            self.expr(e)?;
        }
        self.cur = prev;
        Ok(())
    }

    /// `await`, `async for` and `async with` (`what`) run only in an
    /// `async def` (comprehensions are inlined into their function) or at
    /// the top level, which runs as a coroutine.
    pub(super) fn require_async(&self, what: &str, at: u32) -> Result<(), CompileError> {
        let mut s = self.cur;
        while self.scopes[s].kind == ScopeKind::Comprehension {
            s = self.scopes[s].parent.expect("has parent");
        }
        let ok = match self.scopes[s].kind {
            ScopeKind::Function => self.scopes[s].is_coroutine,
            // top-level await (the program is run as a coroutine)
            ScopeKind::Module => self.top_await,
            _ => false,
        };
        if ok {
            return Ok(());
        }
        if !self.top_await && what == "'await'" && self.scopes[s].kind != ScopeKind::Function {
            return Err(CompileError::syntax(
                "'await' outside function".into(),
                self.line(at),
            ));
        }
        let message = if self.scopes[self.cur].kind == ScopeKind::Comprehension {
            "asynchronous comprehension outside of an asynchronous function".to_string()
        } else {
            format!("{what} outside async function")
        };
        Err(CompileError::syntax(message, self.line(at)))
    }

    /// `yield` makes the enclosing function a generator; elsewhere it is a
    /// syntax error, as in CPython.
    fn mark_generator(&mut self, at: u32, what: &str) -> Result<(), CompileError> {
        let line = self.line(at);
        match self.scopes[self.cur].kind {
            ScopeKind::Function => {
                self.scopes[self.cur].is_generator = true;
                Ok(())
            }
            ScopeKind::Comprehension => Err(CompileError::syntax(
                format!("'{what}' inside list comprehension"),
                line,
            )),
            _ => Err(CompileError::syntax(
                format!("'{what}' outside function"),
                line,
            )),
        }
    }

    pub(super) fn expr(&mut self, e: &Expr) -> Result<(), CompileError> {
        self.enter(e.range().start().into())?;
        let r = self.expr_inner(e);
        self.depth -= 1;
        r
    }

    fn expr_inner(&mut self, e: &Expr) -> Result<(), CompileError> {
        match e {
            Expr::Name(n) => {
                let id = n.id.as_str();
                if id == "super" || id == "__class__" {
                    self.scopes[self.cur].uses_class_cell = true;
                }
                self.use_name(id)
            }
            Expr::NamedExpr(n) => {
                self.expr(&n.value)?;
                if let Expr::Name(t) = &*n.target {
                    // The walrus binds in the nearest scope that is not a
                    // comprehension or generator expression; the generator
                    // expressions in between reach it as a free variable
                    // (or a global, from the module level).
                    let name = t.id.as_str();
                    let saved = self.cur;
                    let mut crossed = Vec::new();
                    loop {
                        let s = &self.scopes[self.cur];
                        if s.kind == ScopeKind::Comprehension || s.is_genexpr {
                            if s.is_genexpr {
                                crossed.push(self.cur);
                            }
                            self.cur = s.parent.expect("has parent");
                        } else {
                            break;
                        }
                    }
                    self.bind(name);
                    let target_scope = self.cur;
                    let at_module = self.scopes[target_scope].kind == ScopeKind::Module;
                    for g in crossed {
                        if at_module {
                            self.scopes[g].globals.insert(name.to_string());
                        } else {
                            self.scopes[g].nonlocals.insert(name.to_string());
                        }
                    }
                    self.cur = saved;
                    if saved != target_scope {
                        self.use_name(name);
                    }
                }
            }
            Expr::Lambda(l) => {
                self.arg_defaults(&l.args)?;
                let prev = self.push(l, ScopeKind::Function);
                self.params(&l.args);
                self.expr(&l.body)?;
                self.cur = prev;
            }
            Expr::ListComp(c) => self.comprehension(c, &c.generators, &[&c.elt])?,
            Expr::SetComp(c) => self.comprehension(c, &c.generators, &[&c.elt])?,
            Expr::GeneratorExp(c) => {
                // A generator expression is a generator function of its own
                // (not inlined): its first iterable is evaluated outside and
                // passed in as the parameter `.0`.
                self.expr(&c.generators[0].iter)?;
                let prev = self.push(c, ScopeKind::Function);
                self.scopes[self.cur].params.push(".0".into());
                self.scopes[self.cur].is_generator = true;
                self.scopes[self.cur].is_genexpr = true;
                // `async for` in it makes an asynchronous generator
                self.scopes[self.cur].is_coroutine = c.generators.iter().any(|g| g.is_async);
                for (i, g) in c.generators.iter().enumerate() {
                    if i > 0 {
                        self.expr(&g.iter)?;
                    }
                    self.target(&g.target)?;
                    for cond in &g.ifs {
                        self.expr(cond)?;
                    }
                }
                self.expr(&c.elt)?;
                self.cur = prev;
            }
            Expr::DictComp(c) => self.comprehension(c, &c.generators, &[&c.key, &c.value])?,
            Expr::BoolOp(b) => {
                for v in &b.values {
                    self.expr(v)?;
                }
            }
            Expr::BinOp(b) => {
                self.expr(&b.left)?;
                self.expr(&b.right)?;
            }
            Expr::UnaryOp(u) => self.expr(&u.operand)?,
            Expr::IfExp(i) => {
                self.expr(&i.test)?;
                self.expr(&i.body)?;
                self.expr(&i.orelse)?;
            }
            Expr::Dict(d) => {
                for k in d.keys.iter().flatten() {
                    self.expr(k)?;
                }
                for v in &d.values {
                    self.expr(v)?;
                }
            }
            Expr::Set(s) => {
                for v in &s.elts {
                    self.expr(v)?;
                }
            }
            Expr::Await(a) => {
                self.require_async("'await'", a.range.start().into())?;
                self.expr(&a.value)?
            }
            Expr::Yield(y) => {
                self.mark_generator(y.range.start().into(), "yield")?;
                if let Some(v) = &y.value {
                    self.expr(v)?;
                }
            }
            Expr::YieldFrom(y) => {
                self.mark_generator(y.range.start().into(), "yield")?;
                self.expr(&y.value)?
            }
            Expr::Compare(c) => {
                self.expr(&c.left)?;
                for v in &c.comparators {
                    self.expr(v)?;
                }
            }
            Expr::Call(c) => {
                self.expr(&c.func)?;
                for a in &c.args {
                    self.expr(a)?;
                }
                for k in &c.keywords {
                    self.expr(&k.value)?;
                }
            }
            Expr::FormattedValue(f) => {
                self.expr(&f.value)?;
                if let Some(s) = &f.format_spec {
                    self.expr(s)?;
                }
            }
            Expr::JoinedStr(j) => {
                for v in &j.values {
                    self.expr(v)?;
                }
            }
            Expr::Constant(_) => {}
            Expr::Attribute(a) => self.expr(&a.value)?,
            Expr::Subscript(s) => {
                self.expr(&s.value)?;
                self.expr(&s.slice)?;
            }
            Expr::Starred(s) => self.expr(&s.value)?,
            Expr::List(l) => {
                for v in &l.elts {
                    self.expr(v)?;
                }
            }
            Expr::Tuple(l) => {
                for v in &l.elts {
                    self.expr(v)?;
                }
            }
            Expr::Slice(s) => {
                for v in [&s.lower, &s.upper, &s.step].into_iter().flatten() {
                    self.expr(v)?;
                }
            }
        }
        Ok(())
    }
}
