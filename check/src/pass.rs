//! The one walk over the program that applies every rule: names against
//! the scopes ([`crate::scope`]), calls ([`crate::calls`]), attributes,
//! operators and subscripts on inferred types ([`crate::infer`],
//! [`crate::ops`]), and the async rules ([`crate::async_rules`]).

use rustc_hash::FxHashSet as HashSet;

use rustpython_parser::ast::{self, Expr, Ranged, Stmt};

use crate::async_rules::{self, AwaitContext, COROUTINE_ATTRS};
use crate::calls;
use crate::diag::{Diagnostic, Lines, Severity};
use crate::env::Environment;
use crate::infer::{str_literal, Callee, Infer};
use crate::narrow;
use crate::ops;
use crate::scope::{BindKind, Resolution, ScopeId, ScopeKind, Scopes};
use crate::stubs::Stubs;
use crate::suggest::suggest;
use crate::types::Ty;
use crate::Options;

/// Where the walk is.
#[derive(Clone, Copy)]
struct Ctx {
    scope: ScopeId,
    /// The outermost loop of the current scope around this point.
    outer_loop: Option<(u32, u32)>,
    /// Inside a `try` whose handlers catch a failed import.
    import_guard: bool,
    /// The exception classes the handlers of the enclosing `try` bodies
    /// name (of this scope): an error they catch is handled, not reported.
    caught: u32,
    /// Inside an assignment target (`d[k] = v`): its reads run after the
    /// value and the targets before it are stored (`x = x[0] = 1`).
    in_target: bool,
    awaits: AwaitContext,
}

struct Pass<'s, 'a> {
    lines: Lines<'s>,
    inf: Infer<'s, 'a>,
    options: Options,
    out: Vec<Diagnostic>,
    /// How deep the expression walk is.
    depth: u32,
}

/// Runs every rule over module `body`.
pub fn run(
    source: &str,
    body: &[Stmt],
    stubs: &Stubs,
    env: &Environment,
    options: Options,
) -> Vec<Diagnostic> {
    let scopes = Scopes::build(body);
    let mut p = Pass {
        lines: Lines::new(source),
        inf: Infer::new(&scopes, stubs, env),
        options,
        out: Vec::new(),
        depth: 0,
    };
    let ctx = Ctx {
        scope: 0,
        outer_loop: None,
        import_guard: false,
        caught: 0,
        in_target: false,
        awaits: AwaitContext::Module,
    };
    p.stmts(body, ctx);
    let mut out = p.out;
    out.sort_by_key(|d| (d.line, d.col));
    let mut seen = HashSet::default();
    out.retain(|d| seen.insert((d.line, d.col, d.code, d.message.clone())));
    out
}

impl<'s, 'a> Pass<'s, 'a> {
    fn rep(
        &mut self,
        ctx: Ctx,
        at: &dyn Ranged,
        code: &'static str,
        type_name: &'static str,
        message: String,
    ) {
        self.report_in(at, code, type_name, message, ctx.caught);
    }

    /// Reports unless the enclosing handlers (`caught`) catch `type_name`.
    fn report_in(
        &mut self,
        at: &dyn Ranged,
        code: &'static str,
        type_name: &'static str,
        message: String,
        caught: u32,
    ) {
        if caught & class_bit(type_name) != 0 {
            return;
        }
        let r = at.range();
        let (line, col) = self.lines.position(r.start().into());
        let (end_line, end_col) = self.lines.position(r.end().into());
        let severity = if code == "async-not-awaited" && type_name == "RuntimeWarning" {
            Severity::Warning
        } else {
            Severity::Error
        };
        self.out.push(Diagnostic {
            line,
            col,
            end_line,
            end_col,
            code,
            type_name,
            message,
            severity,
        });
    }

    fn stmts(&mut self, body: &[Stmt], ctx: Ctx) {
        let mark = self.inf.narrowings();
        let end = body.last().map_or(0, |s| s.end().into());
        for s in body {
            self.stmt(s, ctx);
            // what holds for the rest of the block
            let after = match s {
                Stmt::If(i) if narrow::always_leaves(&i.body) => Some((
                    narrow::facts(&i.test, &self.inf, ctx.scope).when_false,
                    i.test.end(),
                )),
                Stmt::If(i) if narrow::always_leaves(&i.orelse) => Some((
                    narrow::facts(&i.test, &self.inf, ctx.scope).when_true,
                    i.test.end(),
                )),
                Stmt::Assert(a) => Some((
                    narrow::facts(&a.test, &self.inf, ctx.scope).when_true,
                    a.test.end(),
                )),
                _ => None,
            };
            if let Some((facts, from)) = after {
                narrow::push(&self.inf, &facts, ctx.scope, (from.into(), end));
            }
        }
        self.inf.narrowings_to(mark);
    }

    /// Walks `body` where `facts` hold.
    fn narrowed_stmts(&mut self, body: &[Stmt], facts: &[narrow::Fact], ctx: Ctx) {
        let (Some(first), Some(last)) = (body.first(), body.last()) else {
            return;
        };
        let mark = self.inf.narrowings();
        let region = (first.start().into(), last.end().into());
        narrow::push(&self.inf, facts, ctx.scope, region);
        self.stmts(body, ctx);
        self.inf.narrowings_to(mark);
    }

    /// Walks `e` where `facts` hold.
    fn narrowed_expr(&mut self, e: &Expr, facts: &[narrow::Fact], ctx: Ctx) {
        let mark = self.inf.narrowings();
        narrow::push(
            &self.inf,
            facts,
            ctx.scope,
            (e.start().into(), e.end().into()),
        );
        self.expr(e, ctx);
        self.inf.narrowings_to(mark);
    }

    fn function(
        &mut self,
        range: ast::text_size::TextRange,
        is_async: bool,
        body: &[Stmt],
        ctx: Ctx,
    ) {
        let Some(scope) = self.inf.scopes.scope_of(range) else {
            return;
        };
        let inner = Ctx {
            scope,
            outer_loop: None,
            import_guard: false,
            caught: 0,
            in_target: false,
            awaits: if is_async {
                AwaitContext::Async
            } else {
                AwaitContext::Sync
            },
        };
        let _ = ctx;
        self.stmts(body, inner);
    }

    fn stmt(&mut self, stmt: &Stmt, ctx: Ctx) {
        match stmt {
            Stmt::FunctionDef(f) => {
                self.exprs(&f.decorator_list, ctx);
                self.defaults(&f.args, ctx);
                self.function(f.range, false, &f.body, ctx);
            }
            Stmt::AsyncFunctionDef(f) => {
                self.exprs(&f.decorator_list, ctx);
                self.defaults(&f.args, ctx);
                self.function(f.range, true, &f.body, ctx);
            }
            Stmt::ClassDef(c) => {
                self.exprs(&c.decorator_list, ctx);
                self.exprs(&c.bases, ctx);
                for k in &c.keywords {
                    self.expr(&k.value, ctx);
                }
                if let Some(scope) = self.inf.scopes.scope_of(c.range) {
                    let inner = Ctx {
                        scope,
                        outer_loop: None,
                        ..ctx
                    };
                    self.stmts(&c.body, inner);
                }
            }
            Stmt::Expr(e) => {
                if let Some(name) = async_rules::discarded_coroutine(&e.value, &self.inf, ctx.scope)
                {
                    self.rep(
                        ctx,
                        &*e.value,
                        "async-not-awaited",
                        "RuntimeWarning",
                        format!("coroutine '{name}' was never awaited"),
                    );
                }
                self.expr(&e.value, ctx);
            }
            Stmt::Assign(a) => {
                self.expr(&a.value, ctx);
                for t in &a.targets {
                    self.target(t, ctx);
                }
            }
            Stmt::AnnAssign(a) => {
                if let Some(v) = &a.value {
                    self.expr(v, ctx);
                }
                self.target(&a.target, ctx);
            }
            Stmt::AugAssign(a) => {
                self.expr(&a.value, ctx);
                match &*a.target {
                    Expr::Name(n) => {
                        self.name_load(n, ctx);
                        let before = self.inf.name(&n.id, ctx.scope).without_none();
                        let value = self.inf.ty(&a.value, ctx.scope).without_none();
                        let extends =
                            matches!(before, Ty::List(_)) && matches!(a.op, ast::Operator::Add);
                        if let Some(m) =
                            ops::binop_error(&before, a.op, &value).filter(|_| !extends)
                        {
                            let m = m.replace(" or pow():", ":").replacen(": '", "=: '", 1);
                            self.rep(ctx, stmt, "operator-type", "TypeError", m);
                        }
                    }
                    t => self.target(t, ctx),
                }
            }
            Stmt::For(ast::StmtFor {
                target,
                iter,
                body,
                orelse,
                range,
                ..
            }) => {
                self.for_loop(target, iter, body, orelse, *range, ctx, false);
            }
            Stmt::AsyncFor(ast::StmtAsyncFor {
                target,
                iter,
                body,
                orelse,
                range,
                ..
            }) => {
                if let Some(m) = async_rules::outside_async(
                    "async for",
                    ctx.awaits,
                    self.options.top_level_await,
                ) {
                    self.rep(ctx, stmt, "await-outside-async", "SyntaxError", m);
                }
                self.for_loop(target, iter, body, orelse, *range, ctx, true);
            }
            Stmt::While(w) => {
                let inner = Ctx {
                    outer_loop: ctx
                        .outer_loop
                        .or(Some((w.range.start().into(), w.range.end().into()))),
                    ..ctx
                };
                self.expr(&w.test, inner);
                let facts = narrow::facts(&w.test, &self.inf, ctx.scope);
                self.narrowed_stmts(&w.body, &facts.when_true, inner);
                self.stmts(&w.orelse, ctx);
            }
            Stmt::With(ast::StmtWith { items, body, .. })
            | Stmt::AsyncWith(ast::StmtAsyncWith { items, body, .. }) => {
                if matches!(stmt, Stmt::AsyncWith(_)) {
                    if let Some(m) = async_rules::outside_async(
                        "async with",
                        ctx.awaits,
                        self.options.top_level_await,
                    ) {
                        self.rep(ctx, stmt, "await-outside-async", "SyntaxError", m);
                    }
                }
                for item in items {
                    self.expr(&item.context_expr, ctx);
                    if let Some(v) = &item.optional_vars {
                        self.target(v, ctx);
                    }
                }
                self.stmts(body, ctx);
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
                let guard = handlers.iter().any(|h| {
                    let ast::ExceptHandler::ExceptHandler(h) = h;
                    h.type_.as_deref().is_none_or(catches_import_error)
                });
                let caught = handlers.iter().fold(0, |acc, h| {
                    let ast::ExceptHandler::ExceptHandler(h) = h;
                    acc | h.type_.as_deref().map_or(0, caught_classes)
                });
                let inner = Ctx {
                    import_guard: ctx.import_guard || guard,
                    caught: ctx.caught | caught,
                    ..ctx
                };
                self.stmts(body, inner);
                for h in handlers {
                    let ast::ExceptHandler::ExceptHandler(h) = h;
                    if let Some(t) = &h.type_ {
                        self.expr(t, ctx);
                    }
                    self.stmts(&h.body, ctx);
                }
                self.stmts(orelse, ctx);
                self.stmts(finalbody, ctx);
            }
            Stmt::Import(i) => {
                for a in &i.names {
                    self.import(&a.name, a, ctx);
                }
            }
            Stmt::ImportFrom(i) => {
                if i.level.map_or(0, |l| l.to_u32()) == 0 {
                    if let Some(m) = &i.module {
                        self.import(m, stmt, ctx);
                        self.import_names(m, &i.names, ctx);
                    }
                }
            }
            Stmt::Delete(d) => {
                for t in &d.targets {
                    if !matches!(t, Expr::Name(_)) {
                        self.target(t, ctx);
                    }
                }
            }
            Stmt::Match(m) => {
                self.expr(&m.subject, ctx);
                for c in &m.cases {
                    if let Some(g) = &c.guard {
                        self.expr(g, ctx);
                    }
                    self.stmts(&c.body, ctx);
                }
            }
            Stmt::If(i) if is_type_checking(&i.test) => {
                // never runs: imports of what only a type checker sees
                let inner = Ctx {
                    import_guard: true,
                    ..ctx
                };
                self.stmts(&i.body, inner);
                self.stmts(&i.orelse, ctx);
            }
            Stmt::If(i) => {
                self.expr(&i.test, ctx);
                let facts = narrow::facts(&i.test, &self.inf, ctx.scope);
                self.narrowed_stmts(&i.body, &facts.when_true, ctx);
                self.narrowed_stmts(&i.orelse, &facts.when_false, ctx);
            }
            Stmt::TypeAlias(_) => {}
            _ => {
                crate::scope::for_each_expr(stmt, |e| self.expr(e, ctx));
                crate::scope::for_each_body(stmt, |b| self.stmts(b, ctx));
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn for_loop(
        &mut self,
        target: &Expr,
        iter: &Expr,
        body: &[Stmt],
        orelse: &[Stmt],
        range: ast::text_size::TextRange,
        ctx: Ctx,
        is_async: bool,
    ) {
        self.expr(iter, ctx);
        if !is_async {
            self.iteration(iter, ctx);
        }
        let inner = Ctx {
            outer_loop: ctx
                .outer_loop
                .or(Some((range.start().into(), range.end().into()))),
            ..ctx
        };
        self.target(target, inner);
        self.stmts(body, inner);
        self.stmts(orelse, ctx);
    }

    /// Iterating over `iter`, which must be iterable.
    fn iteration(&mut self, iter: &Expr, ctx: Ctx) {
        let t = self.inf.ty(iter, ctx.scope);
        if t.not_iterable() && !matches!(t, Ty::Union(_)) {
            let code = if matches!(t, Ty::Coroutine(_)) {
                "async-not-awaited"
            } else {
                "operator-type"
            };
            let msg = format!("'{}' object is not iterable", t.runtime_name());
            self.rep(ctx, iter, code, "TypeError", msg);
        }
    }

    fn defaults(&mut self, args: &ast::Arguments, ctx: Ctx) {
        for a in args
            .posonlyargs
            .iter()
            .chain(&args.args)
            .chain(&args.kwonlyargs)
        {
            if let Some(d) = &a.default {
                self.expr(d, ctx);
            }
        }
    }

    fn import(&mut self, module: &str, at: &dyn Ranged, ctx: Ctx) {
        let env = self.inf.env;
        let top = module.split('.').next().unwrap_or(module);
        if ctx.import_guard
            || env.modules.is_empty()
            || env.has_module(module)
            || self.inf.stubs.modules.contains(top)
        {
            return;
        }
        self.rep(
            ctx,
            at,
            "unsupported",
            "ModuleNotFoundError",
            format!("No module named '{top}' (not available in this sandbox)"),
        );
    }

    /// `from m import a, b`: names the module has (or submodules).
    fn import_names(&mut self, module: &str, names: &[ast::Alias], ctx: Ctx) {
        let env = self.inf.env;
        let Some(attrs) = env.module_attrs.get(module) else {
            return;
        };
        if ctx.import_guard {
            return;
        }
        for a in names {
            let name = a.name.as_str();
            if name == "*"
                || attrs.iter().any(|x| x == name)
                || env.modules.contains(&format!("{module}.{name}"))
            {
                continue;
            }
            let mut msg = format!("cannot import name '{name}' from '{module}'");
            if let Some(s) = suggest(name, attrs.iter().map(String::as_str)) {
                msg.push_str(&format!(". Did you mean: '{s}'?"));
            }
            self.rep(ctx, a, "attr-unknown", "ImportError", msg);
        }
    }

    /// An assignment target: names are bindings; attributes and subscripts
    /// read their object.
    fn target(&mut self, t: &Expr, ctx: Ctx) {
        match t {
            Expr::Name(_) => {}
            Expr::Tuple(ast::ExprTuple { elts, .. }) | Expr::List(ast::ExprList { elts, .. }) => {
                for e in elts {
                    self.target(e, ctx);
                }
            }
            Expr::Starred(s) => self.target(&s.value, ctx),
            Expr::Attribute(a) => self.expr(
                &a.value,
                Ctx {
                    in_target: true,
                    ..ctx
                },
            ),
            Expr::Subscript(s) => {
                let inner = Ctx {
                    in_target: true,
                    ..ctx
                };
                self.expr(&s.value, inner);
                self.expr(&s.slice, inner);
                let t = self.inf.ty(&s.value, ctx.scope);
                if matches!(t, Ty::Str | Ty::Tuple(_) | Ty::TupleOf(_) | Ty::Bytes) {
                    let msg = format!(
                        "'{}' object does not support item assignment",
                        t.runtime_name()
                    );
                    self.rep(ctx, &*s.value, "operator-type", "TypeError", msg);
                }
            }
            e => self.expr(e, ctx),
        }
    }

    fn exprs(&mut self, es: &[Expr], ctx: Ctx) {
        for e in es {
            self.expr(e, ctx);
        }
    }

    fn expr(&mut self, e: &Expr, ctx: Ctx) {
        if self.depth > crate::MAX_DEPTH {
            return;
        }
        self.depth += 1;
        self.expr_inner(e, ctx);
        self.depth -= 1;
    }

    fn expr_inner(&mut self, e: &Expr, ctx: Ctx) {
        match e {
            Expr::Name(n) => {
                if matches!(n.ctx, ast::ExprContext::Load) {
                    self.name_load(n, ctx);
                }
            }
            Expr::Lambda(l) => {
                self.defaults(&l.args, ctx);
                if let Some(scope) = self.inf.scopes.scope_of(l.range) {
                    let inner = Ctx {
                        scope,
                        outer_loop: None,
                        import_guard: false,
                        caught: 0,
                        in_target: false,
                        awaits: AwaitContext::Sync,
                    };
                    self.expr(&l.body, inner);
                }
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
                let Some(scope) = self.inf.scopes.scope_of(*range) else {
                    return;
                };
                let mark = self.inf.narrowings();
                let inner = Ctx {
                    scope,
                    outer_loop: None,
                    ..ctx
                };
                for (i, g) in generators.iter().enumerate() {
                    let at = if i == 0 { ctx } else { inner };
                    self.expr(&g.iter, at);
                    if !g.is_async {
                        self.iteration(&g.iter, at);
                    }
                    self.target(&g.target, inner);
                    for cond in &g.ifs {
                        self.expr(cond, inner);
                        // the rest of the comprehension runs where it held
                        let facts = narrow::facts(cond, &self.inf, scope);
                        narrow::push(
                            &self.inf,
                            &facts.when_true,
                            scope,
                            (cond.end().into(), range.end().into()),
                        );
                    }
                }
                match e {
                    Expr::ListComp(l) => self.expr(&l.elt, inner),
                    Expr::SetComp(l) => self.expr(&l.elt, inner),
                    Expr::GeneratorExp(l) => self.expr(&l.elt, inner),
                    Expr::DictComp(d) => {
                        self.expr(&d.key, inner);
                        self.expr(&d.value, inner);
                    }
                    _ => {}
                }
                self.inf.narrowings_to(mark);
            }
            Expr::BoolOp(b) => {
                let mark = self.inf.narrowings();
                for (i, v) in b.values.iter().enumerate() {
                    self.expr(v, ctx);
                    if let Some(last) = b.values.last().filter(|_| i + 1 < b.values.len()) {
                        // the next operands run only when this one was true (`and`) or false (`or`)
                        let facts = narrow::facts(v, &self.inf, ctx.scope);
                        let facts = match b.op {
                            ast::BoolOp::And => facts.when_true,
                            ast::BoolOp::Or => facts.when_false,
                        };
                        let region = (b.values[i + 1].start().into(), last.end().into());
                        narrow::push(&self.inf, &facts, ctx.scope, region);
                    }
                }
                self.inf.narrowings_to(mark);
            }
            Expr::IfExp(x) => {
                self.expr(&x.test, ctx);
                let facts = narrow::facts(&x.test, &self.inf, ctx.scope);
                self.narrowed_expr(&x.body, &facts.when_true, ctx);
                self.narrowed_expr(&x.orelse, &facts.when_false, ctx);
            }
            Expr::Call(c) => {
                self.expr(&c.func, ctx);
                self.exprs(&c.args, ctx);
                for k in &c.keywords {
                    self.expr(&k.value, ctx);
                }
                self.call(c, ctx);
            }
            Expr::Attribute(a) => {
                self.expr(&a.value, ctx);
                if matches!(a.ctx, ast::ExprContext::Load) {
                    self.attribute(a, ctx);
                }
            }
            Expr::BinOp(b) => {
                self.expr(&b.left, ctx);
                self.expr(&b.right, ctx);
                let l = self.inf.ty(&b.left, ctx.scope).without_none();
                let r = self.inf.ty(&b.right, ctx.scope).without_none();
                if let Some(m) = ops::binop_error(&l, b.op, &r) {
                    let code = if matches!(l, Ty::Coroutine(_)) || matches!(r, Ty::Coroutine(_)) {
                        "async-not-awaited"
                    } else {
                        "operator-type"
                    };
                    self.rep(ctx, e, code, "TypeError", m);
                }
            }
            Expr::Compare(c) => {
                self.expr(&c.left, ctx);
                self.exprs(&c.comparators, ctx);
                let mut left = self.inf.ty(&c.left, ctx.scope);
                for (op, right) in c.ops.iter().zip(&c.comparators) {
                    let r = self.inf.ty(right, ctx.scope);
                    if let Some(m) = ops::compare_error(&left, *op, &r) {
                        self.rep(ctx, e, "operator-type", "TypeError", m);
                        break;
                    }
                    left = r;
                }
            }
            Expr::Subscript(s) => {
                self.expr(&s.value, ctx);
                self.expr(&s.slice, ctx);
                if matches!(s.ctx, ast::ExprContext::Load) {
                    self.subscript(s, ctx);
                }
            }
            Expr::Await(a) => {
                self.expr(&a.value, ctx);
                if let Some(m) =
                    async_rules::outside_async("await", ctx.awaits, self.options.top_level_await)
                {
                    self.rep(ctx, e, "await-outside-async", "SyntaxError", m);
                } else if let Some(m) = async_rules::await_error(&a.value, &self.inf, ctx.scope) {
                    self.rep(ctx, e, "await-not-async", "TypeError", m);
                }
            }
            Expr::FormattedValue(f) => {
                crate::scope::for_each_child(e, |c| self.expr(c, ctx));
                if let Some(m) = self.format_error(f, ctx) {
                    self.rep(ctx, &*f.value, "format-type", "ValueError", m);
                }
            }
            e => crate::scope::for_each_child(e, |c| self.expr(c, ctx)),
        }
    }

    /// The `ValueError` of an f-string field whose constant format spec
    /// has a type code the value's type does not take (`{name:.2f}` with a
    /// str).
    fn format_error(&self, f: &ast::ExprFormattedValue, ctx: Ctx) -> Option<String> {
        let Expr::JoinedStr(spec) = f.format_spec.as_deref()? else {
            return None;
        };
        let mut text = String::new();
        for part in &spec.values {
            text.push_str(str_literal(part)?);
        }
        let code = format_type_code(&text)?;
        let t = if matches!(f.conversion, ast::ConversionFlag::None) {
            self.inf.ty(&f.value, ctx.scope)
        } else {
            Ty::Str
        };
        let allowed = match t {
            Ty::Str => "s",
            Ty::Int | Ty::Bool => "bcdeEfFgGnoxX%",
            Ty::Float => "eEfFgGn%",
            _ => return None,
        };
        if allowed.contains(code) {
            return None;
        }
        Some(format!(
            "Unknown format code '{code}' for object of type '{}'",
            t.runtime_name()
        ))
    }

    fn call(&mut self, c: &ast::ExprCall, ctx: Ctx) {
        match self.inf.callee(&c.func, ctx.scope) {
            Callee::Declared(name, Some(sig)) => {
                if let Some(err) = calls::check_call(name, sig, c, &self.inf, ctx.scope) {
                    self.rep(ctx, err.at, err.code, "TypeError", err.message);
                }
            }
            Callee::Own { sig, .. } => {
                let Expr::Name(n) = &*c.func else { return };
                if let Some(err) = calls::check_call(&n.id, &sig, c, &self.inf, ctx.scope) {
                    self.rep(ctx, err.at, err.code, "TypeError", err.message);
                }
            }
            _ => {
                if let Some(m) = self.module_call_error(c, ctx) {
                    self.rep(ctx, &c.args[0], "arg-type", "TypeError", m);
                }
            }
        }
    }

    /// The module a name bound once by `import m` (or `import m as x`)
    /// holds.
    fn module_of(&self, e: &Expr, ctx: Ctx) -> Option<String> {
        let Expr::Name(n) = e else { return None };
        let Resolution::Bound(s) = self.inf.scopes.resolve(ctx.scope, &n.id) else {
            return None;
        };
        match self.inf.single(s, &n.id).map(|b| &b.kind) {
            Some(BindKind::Import(m)) => Some(m.clone()),
            _ => None,
        }
    }

    /// `json.loads(x)` with `x` certainly not text (a tool's result that
    /// is already parsed).
    fn module_call_error(&self, c: &ast::ExprCall, ctx: Ctx) -> Option<String> {
        let Expr::Attribute(a) = &*c.func else {
            return None;
        };
        let Expr::Name(m) = &*a.value else {
            return None;
        };
        let Resolution::Bound(s) = self.inf.scopes.resolve(ctx.scope, &m.id) else {
            return None;
        };
        let Some(BindKind::Import(module)) = self.inf.single(s, &m.id).map(|b| &b.kind) else {
            return None;
        };
        if module != "json" || a.attr.as_str() != "loads" || c.args.is_empty() {
            return None;
        }
        if matches!(c.args[0], Expr::Starred(_)) {
            return None;
        }
        match self.inf.ty(&c.args[0], ctx.scope).without_none() {
            t @ (Ty::Dict(..)
            | Ty::TypedDict(_)
            | Ty::List(_)
            | Ty::Tuple(_)
            | Ty::TupleOf(_)
            | Ty::Int
            | Ty::Float
            | Ty::Bool
            | Ty::Set(_)) => Some(format!(
                "the JSON object must be str, bytes or bytearray, not {}",
                t.runtime_name()
            )),
            _ => None,
        }
    }

    fn attribute(&mut self, a: &ast::ExprAttribute, ctx: Ctx) {
        let name = a.attr.as_str();
        if name.starts_with("__") {
            return;
        }
        if let Some(module) = self.module_of(&a.value, ctx) {
            let Some(attrs) = self.inf.env.module_attrs.get(&module) else {
                return;
            };
            if attrs.iter().any(|x| x == name)
                || self.inf.env.modules.contains(&format!("{module}.{name}"))
            {
                return;
            }
            let mut msg = format!("module '{module}' has no attribute '{name}'");
            if let Some(s) = suggest(name, attrs.iter().map(String::as_str)) {
                msg.push_str(&format!(". Did you mean: '{s}'?"));
            }
            self.rep(ctx, a, "attr-unknown", "AttributeError", msg);
            return;
        }
        let t = self.inf.ty(&a.value, ctx.scope).without_none();
        let (type_name, attrs): (String, Vec<&str>) = match &t {
            Ty::Coroutine(_) => ("coroutine".into(), COROUTINE_ATTRS.to_vec()),
            // None has no attributes but the dunder ones
            Ty::None => ("NoneType".into(), Vec::new()),
            Ty::Union(_) | Ty::Unknown | Ty::Iter(_) => return,
            t => {
                let n = match t {
                    Ty::Bool => "int".to_string(),
                    t => t.runtime_name(),
                };
                match self.inf.env.attrs_of(&n) {
                    Some(list) => (t.runtime_name(), list.iter().map(String::as_str).collect()),
                    None => return,
                }
            }
        };
        if attrs.contains(&name) {
            return;
        }
        let mut msg = format!("'{type_name}' object has no attribute '{name}'");
        if let Ty::TypedDict(td) = &t {
            if self.inf.field(td, name).is_some() {
                msg.push_str(&format!(". Did you mean: ['{name}']?"));
                self.rep(ctx, a, "attr-unknown", "AttributeError", msg);
                return;
            }
        }
        if let Some(s) = suggest(name, attrs.iter().copied()) {
            msg.push_str(&format!(". Did you mean: '{s}'?"));
        }
        let code = if matches!(t, Ty::Coroutine(_)) {
            "async-not-awaited"
        } else {
            "attr-unknown"
        };
        self.rep(ctx, a, code, "AttributeError", msg);
    }

    fn subscript(&mut self, s: &ast::ExprSubscript, ctx: Ctx) {
        let t = self.inf.ty(&s.value, ctx.scope).without_none();
        if ops::not_subscriptable(&t) {
            let code = if matches!(t, Ty::Coroutine(_)) {
                "async-not-awaited"
            } else {
                "operator-type"
            };
            let msg = format!("'{}' object is not subscriptable", t.runtime_name());
            self.rep(ctx, s, code, "TypeError", msg);
            return;
        }
        if let (Ty::TypedDict(td), Some(key)) = (&t, str_literal(&s.slice)) {
            let Some(decl) = self.inf.stubs.typed_dicts.get(td) else {
                return;
            };
            if decl.fields.iter().any(|(n, _, _)| n == key) {
                return;
            }
            let mut msg = format!("'{key}' is not a key of {td}");
            if let Some(h) = suggest(key, decl.fields.iter().map(|(n, _, _)| n.as_str())) {
                msg.push_str(&format!(". Did you mean: '{h}'?"));
            }
            self.rep(ctx, &*s.slice, "key-unknown", "KeyError", msg);
        }
    }

    /// A read of a name: defined somewhere, and bound before this point
    /// when that is certain.
    fn name_load(&mut self, n: &ast::ExprName, ctx: Ctx) {
        let name = n.id.as_str();
        let scopes = self.inf.scopes;
        let at: u32 = n.range.start().into();
        match scopes.resolve(ctx.scope, name) {
            Resolution::Free => {}
            Resolution::Bound(s) => {
                if s != ctx.scope || ctx.in_target || scopes.nonlocal_decls.contains(name) {
                    return;
                }
                let kind = scopes.scopes[s].kind;
                let module = kind == ScopeKind::Module;
                if !(module || matches!(kind, ScopeKind::Function { .. })) {
                    return;
                }
                // a global read before its binding falls back to the builtin
                // or the host's declaration of the same name
                let env = self.inf.env;
                if module
                    && (scopes.dynamic
                        || scopes.global_decls.contains(name)
                        || env.builtins.contains(name)
                        || self.inf.stubs.defines(name))
                {
                    return;
                }
                let sites = scopes.bindings(s, name);
                let bound_before = sites
                    .iter()
                    .filter(|b| !matches!(b.kind, BindKind::Declared))
                    .any(|b| b.offset <= at);
                let in_loop = ctx
                    .outer_loop
                    .is_some_and(|(lo, hi)| sites.iter().any(|b| b.offset >= lo && b.offset <= hi));
                if bound_before || in_loop {
                    return;
                }
                if module {
                    self.rep(
                        ctx,
                        n,
                        "used-before-assignment",
                        "NameError",
                        format!("name '{name}' is not defined"),
                    );
                } else {
                    self.rep(ctx,
                        n,
                        "used-before-assignment",
                        "UnboundLocalError",
                        format!("cannot access local variable '{name}' where it is not associated with a value"),
                    );
                }
            }
            Resolution::Unbound => {
                let env = self.inf.env;
                let stubs = self.inf.stubs;
                if scopes.dynamic
                    || !self.options.undefined_names
                    || (name.starts_with("__") && name.ends_with("__"))
                    || env.builtins.contains(name)
                    || stubs.defines(name)
                    || env.builtins.is_empty()
                {
                    return;
                }
                let mut candidates: Vec<&str> = Vec::new();
                let mut cur = Some(ctx.scope);
                while let Some(c) = cur {
                    // in order of first binding, as a namespace dict holds them
                    let mut names: Vec<(u32, &str)> = scopes.scopes[c]
                        .bindings
                        .iter()
                        .map(|(n, b)| (b.iter().map(|b| b.offset).min().unwrap_or(0), n.as_str()))
                        .collect();
                    names.sort_unstable();
                    candidates.extend(names.into_iter().map(|(_, n)| n));
                    cur = scopes.scopes[c].parent;
                }
                let mut declared: Vec<&str> = stubs.names().collect();
                declared.sort_unstable();
                candidates.extend(declared);
                let mut builtins: Vec<&str> = env.builtins.iter().map(String::as_str).collect();
                builtins.sort_unstable();
                candidates.extend(builtins);
                // in `builtins`' namespace too, so CPython suggests them
                candidates.extend(["True", "False", "None"]);
                let mut msg = format!("name '{name}' is not defined");
                if env.modules.contains(name) {
                    msg.push_str(&format!(". Did you forget to import '{name}'?"));
                } else if let Some(s) = suggest(name, candidates) {
                    msg.push_str(&format!(". Did you mean: '{s}'?"));
                }
                self.rep(ctx, n, "undefined-name", "NameError", msg);
            }
        }
    }
}

/// The bit of the exception classes the checker reports, by name.
fn class_bit(name: &str) -> u32 {
    match name {
        "TypeError" => 1,
        "AttributeError" => 2,
        "NameError" => 4,
        "UnboundLocalError" => 8,
        "KeyError" => 16,
        "ValueError" => 32,
        _ => 0,
    }
}

/// The reported classes an `except` clause names (itself or a base class
/// other than `Exception`: a handler of everything does not make a
/// mistake intended).
fn caught_classes(t: &Expr) -> u32 {
    match t {
        Expr::Name(n) => match n.id.as_str() {
            "NameError" => 4 | 8,
            "LookupError" => 16,
            other => class_bit(other),
        },
        Expr::Tuple(t) => t.elts.iter().fold(0, |acc, e| acc | caught_classes(e)),
        _ => 0,
    }
}

/// The presentation type of a format spec
/// (`[[fill]align][sign][z][#][0][width][grouping][.precision][type]`), if
/// it has one and parses.
fn format_type_code(spec: &str) -> Option<char> {
    let c: Vec<char> = spec.chars().collect();
    let mut i = 0;
    if c.len() >= 2 && "<>=^".contains(c[1]) {
        i = 2;
    } else if !c.is_empty() && "<>=^".contains(c[0]) {
        i = 1;
    }
    let skip = |set: &str, i: &mut usize| {
        if *i < c.len() && set.contains(c[*i]) {
            *i += 1;
        }
    };
    skip("+- ", &mut i);
    skip("z", &mut i);
    skip("#", &mut i);
    skip("0", &mut i);
    while i < c.len() && c[i].is_ascii_digit() {
        i += 1;
    }
    if i < c.len() && ",_".contains(c[i]) {
        // grouping has its own errors with some codes: not modelled
        return None;
    }
    if i < c.len() && c[i] == '.' {
        i += 1;
        while i < c.len() && c[i].is_ascii_digit() {
            i += 1;
        }
    }
    match &c[i..] {
        [t] if t.is_ascii_alphabetic() || *t == '%' => Some(*t),
        _ => None,
    }
}

/// `TYPE_CHECKING` or `typing.TYPE_CHECKING`.
fn is_type_checking(e: &Expr) -> bool {
    match e {
        Expr::Name(n) => n.id.as_str() == "TYPE_CHECKING",
        Expr::Attribute(a) => a.attr.as_str() == "TYPE_CHECKING",
        _ => false,
    }
}

/// Whether an `except` clause's type catches a failed import.
fn catches_import_error(t: &Expr) -> bool {
    match t {
        Expr::Name(n) => matches!(
            n.id.as_str(),
            "ImportError" | "ModuleNotFoundError" | "Exception" | "BaseException"
        ),
        Expr::Tuple(t) => t.elts.iter().any(catches_import_error),
        _ => true,
    }
}
