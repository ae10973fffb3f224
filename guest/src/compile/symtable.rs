//! Scope analysis: which names are local, captured (cells), free, global or
//! builtin in every function, lambda and comprehension.
//!
//! Runs over the whole AST before code generation so the generator can turn
//! every name into a slot index. Scopes are keyed by the address of their
//! AST node, which does not move while the program is compiled.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

type IndexSet<T> = indexmap::IndexSet<T, std::hash::BuildHasherDefault<rustc_hash::FxHasher>>;
use rustpython_parser::ast::{self, Expr, Ranged, Stmt};

use super::CompileError;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScopeKind {
    Module,
    Function,
    /// Inlined into the enclosing frame, but with its own iteration names.
    Comprehension,
    /// A class body: its names live in the class namespace and are not
    /// visible to the functions defined inside it.
    Class,
}

#[derive(Debug)]
pub struct Scope {
    pub kind: ScopeKind,
    pub parent: Option<usize>,
    pub params: Vec<String>,
    /// Names bound in this scope (assignment, for, def, except-as, ...).
    pub bound: IndexSet<String>,
    pub globals: HashSet<String>,
    pub nonlocals: HashSet<String>,
    /// Names read or written here (candidates for free variables).
    pub uses: IndexSet<String>,
    /// Locals captured by an inner function.
    pub cells: HashSet<String>,
    /// Names this function takes from enclosing functions, in closure order.
    pub frees: IndexSet<String>,
    /// Line of the first `nonlocal`/`global` declaration per name (errors).
    decl_lines: HashMap<String, u32>,
    /// The body mentions `super` or `__class__` (needs the class cell).
    uses_class_cell: bool,
    /// The function contains `yield` (calling it makes a generator).
    pub is_generator: bool,
    /// `async def`: calling it makes a coroutine.
    pub is_coroutine: bool,
}

impl Scope {
    fn new(kind: ScopeKind, parent: Option<usize>) -> Scope {
        Scope {
            kind,
            parent,
            params: Vec::new(),
            bound: IndexSet::default(),
            globals: HashSet::default(),
            nonlocals: HashSet::default(),
            uses: IndexSet::default(),
            cells: HashSet::default(),
            frees: IndexSet::default(),
            decl_lines: HashMap::default(),
            uses_class_cell: false,
            is_generator: false,
            is_coroutine: false,
        }
    }

    /// Is `name` a local variable of this scope (not declared elsewhere)?
    pub fn is_local(&self, name: &str) -> bool {
        self.kind != ScopeKind::Module
            && !self.globals.contains(name)
            && !self.nonlocals.contains(name)
            && (self.bound.contains(name) || self.params.iter().any(|p| p == name))
    }
}

/// The scopes of a whole program.
pub struct SymbolTable {
    pub scopes: Vec<Scope>,
    by_node: HashMap<usize, usize>,
    /// Every name stored as a module global anywhere in the program.
    pub global_stores: IndexSet<String>,
}

impl SymbolTable {
    /// The scope created for the AST node at `node`.
    pub fn scope_of<T>(&self, node: &T) -> usize {
        self.by_node[&(node as *const T as usize)]
    }

    /// The nearest enclosing scope that is not a comprehension.
    pub fn frame_scope_kind(&self, scope: usize) -> ScopeKind {
        self.scopes[self.frame_of(scope)].kind
    }

    /// The scope that owns the frame `scope` runs in.
    pub fn frame_of(&self, mut scope: usize) -> usize {
        while self.scopes[scope].kind == ScopeKind::Comprehension {
            scope = self.scopes[scope]
                .parent
                .expect("comprehension has a parent");
        }
        scope
    }

    /// Analyzes `body`; `predeclared` names (inputs, externals) are globals.
    ///
    /// # Errors
    /// A `SyntaxError` for misplaced `nonlocal`/`global` declarations.
    pub fn build(
        body: &[Stmt],
        predeclared: &[String],
        lines: &dyn Fn(u32) -> u32,
    ) -> Result<SymbolTable, CompileError> {
        let mut b = Builder {
            scopes: vec![Scope::new(ScopeKind::Module, None)],
            by_node: HashMap::default(),
            cur: 0,
            lines,
            depth: 0,
        };
        for name in predeclared {
            b.scopes[0].bound.insert(name.clone());
        }
        b.stmts(body)?;
        let mut st = SymbolTable {
            scopes: b.scopes,
            by_node: b.by_node,
            global_stores: IndexSet::default(),
        };
        st.analyze()?;
        Ok(st)
    }

    /// Gives every function that uses `super()`/`__class__` a free
    /// variable `__class__`, provided by a cell in the nearest enclosing
    /// class body (set when the class is created).
    fn analyze_class_cells(&mut self) {
        for sid in 0..self.scopes.len() {
            if !self.scopes[sid].uses_class_cell || self.scopes[sid].kind == ScopeKind::Class {
                continue;
            }
            let mut path = Vec::new();
            let mut cur = Some(sid);
            let mut class = None;
            while let Some(x) = cur {
                match self.scopes[x].kind {
                    ScopeKind::Class => {
                        class = Some(x);
                        break;
                    }
                    ScopeKind::Module => break,
                    ScopeKind::Function => path.push(x),
                    ScopeKind::Comprehension => {}
                }
                cur = self.scopes[x].parent;
            }
            let Some(c) = class else { continue };
            if path.is_empty() {
                continue;
            }
            self.scopes[c].cells.insert("__class__".to_string());
            for f in path {
                self.scopes[f].frees.insert("__class__".to_string());
            }
        }
    }

    fn analyze(&mut self) -> Result<(), CompileError> {
        self.analyze_class_cells();
        for name in &self.scopes[0].bound {
            self.global_stores.insert(name.clone());
        }
        for s in &self.scopes {
            for g in &s.globals {
                self.global_stores.insert(g.clone());
            }
        }
        for sid in 0..self.scopes.len() {
            if self.scopes[sid].kind == ScopeKind::Module {
                continue;
            }
            let mut names: Vec<String> = self.scopes[sid].uses.iter().cloned().collect();
            names.extend(self.scopes[sid].nonlocals.iter().cloned());
            for name in names {
                let s = &self.scopes[sid];
                if s.is_local(&name) || s.globals.contains(&name) {
                    continue;
                }
                let is_nonlocal = s.nonlocals.contains(&name);
                let mut definer = None;
                let mut cur = s.parent;
                while let Some(a) = cur {
                    let sc = &self.scopes[a];
                    if sc.kind == ScopeKind::Class {
                        // class-level names are invisible to nested scopes
                        cur = sc.parent;
                        continue;
                    }
                    if sc.kind == ScopeKind::Module || sc.globals.contains(&name) {
                        break;
                    }
                    if sc.is_local(&name) {
                        definer = Some(a);
                        break;
                    }
                    cur = sc.parent;
                }
                let Some(d) = definer else {
                    if is_nonlocal {
                        let line = self.scopes[sid].decl_lines.get(&name).copied().unwrap_or(0);
                        return Err(CompileError::syntax(
                            format!("no binding for nonlocal '{name}' found"),
                            line,
                        ));
                    }
                    continue;
                };
                if self.frame_of(sid) == self.frame_of(d) {
                    continue;
                }
                self.scopes[d].cells.insert(name.clone());
                let mut x = sid;
                while x != d {
                    if matches!(self.scopes[x].kind, ScopeKind::Function | ScopeKind::Class) {
                        self.scopes[x].frees.insert(name.clone());
                    }
                    x = self.scopes[x].parent.expect("definer is an ancestor");
                }
            }
        }
        Ok(())
    }
}

struct Builder<'l> {
    scopes: Vec<Scope>,
    by_node: HashMap<usize, usize>,
    cur: usize,
    lines: &'l dyn Fn(u32) -> u32,
    /// Current statement/expression nesting: bounded like the compiler's
    /// (this pass runs first, so it is what meets hostile nesting).
    depth: u32,
}

impl Builder<'_> {
    fn push<T>(&mut self, node: &T, kind: ScopeKind) -> usize {
        let id = self.scopes.len();
        self.scopes.push(Scope::new(kind, Some(self.cur)));
        self.by_node.insert(node as *const T as usize, id);
        let prev = self.cur;
        self.cur = id;
        prev
    }

    fn bind(&mut self, name: &str) {
        let s = &mut self.scopes[self.cur];
        s.bound.insert(name.to_string());
        s.uses.insert(name.to_string());
    }

    /// An `import` binding: unlike other bindings, CPython accepts a later
    /// `global` declaration of the name in the same scope.
    fn bind_import(&mut self, name: &str) {
        self.scopes[self.cur].bound.insert(name.to_string());
    }

    fn use_name(&mut self, name: &str) {
        self.scopes[self.cur].uses.insert(name.to_string());
    }

    fn stmts(&mut self, body: &[Stmt]) -> Result<(), CompileError> {
        for s in body {
            self.stmt(s)?;
        }
        Ok(())
    }

    fn line(&self, offset: u32) -> u32 {
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
                if !module {
                    s.globals.insert(n.to_string());
                }
            } else {
                s.nonlocals.insert(n.to_string());
            }
            s.decl_lines.insert(n.to_string(), line);
        }
        Ok(())
    }

    fn stmt(&mut self, s: &Stmt) -> Result<(), CompileError> {
        self.enter(s.range().start().into())?;
        let r = self.stmt_inner(s);
        self.depth -= 1;
        r
    }

    /// Counts one level of nesting, refusing more than the compiler accepts.
    fn enter(&mut self, offset: u32) -> Result<(), CompileError> {
        self.depth += 1;
        if self.depth > super::MAX_NESTING {
            self.depth -= 1;
            return Err(super::too_deeply_nested((self.lines)(offset)));
        }
        Ok(())
    }

    fn stmt_inner(&mut self, s: &Stmt) -> Result<(), CompileError> {
        match s {
            Stmt::FunctionDef(f) => {
                for d in &f.decorator_list {
                    self.expr(d)?;
                }
                self.arg_defaults(&f.args)?;
                self.bind(f.name.as_str());
                let prev = self.push(f, ScopeKind::Function);
                self.params(&f.args);
                self.stmts(&f.body)?;
                self.cur = prev;
            }
            Stmt::AsyncFunctionDef(f) => {
                for d in &f.decorator_list {
                    self.expr(d)?;
                }
                self.arg_defaults(&f.args)?;
                self.bind(f.name.as_str());
                let prev = self.push(f, ScopeKind::Function);
                self.scopes[self.cur].is_coroutine = true;
                self.params(&f.args);
                self.stmts(&f.body)?;
                self.cur = prev;
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
            Stmt::Try(t) => {
                self.stmts(&t.body)?;
                for h in &t.handlers {
                    let ast::ExceptHandler::ExceptHandler(h) = h;
                    if let Some(ty) = &h.type_ {
                        self.expr(ty)?;
                    }
                    if let Some(n) = &h.name {
                        self.bind(n.as_str());
                    }
                    self.stmts(&h.body)?;
                }
                self.stmts(&t.orelse)?;
                self.stmts(&t.finalbody)?;
            }
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
            Stmt::AsyncFor(_) | Stmt::AsyncWith(_) | Stmt::TryStar(_) | Stmt::TypeAlias(_) => {}
        }
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

    fn arg_defaults(&mut self, args: &ast::Arguments) -> Result<(), CompileError> {
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

    fn params(&mut self, args: &ast::Arguments) {
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

    fn target(&mut self, t: &Expr) -> Result<(), CompileError> {
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

    fn expr(&mut self, e: &Expr) -> Result<(), CompileError> {
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
                    // The walrus binds in the nearest non-comprehension scope.
                    let saved = self.cur;
                    while self.scopes[self.cur].kind == ScopeKind::Comprehension {
                        self.cur = self.scopes[self.cur].parent.expect("has parent");
                    }
                    self.bind(t.id.as_str());
                    let target_scope = self.cur;
                    self.cur = saved;
                    if saved != target_scope {
                        self.use_name(t.id.as_str());
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
                let line = self.line(a.range.start().into());
                let mut s = self.cur;
                while self.scopes[s].kind == ScopeKind::Comprehension {
                    s = self.scopes[s].parent.expect("has parent");
                }
                let ok = match self.scopes[s].kind {
                    ScopeKind::Function => self.scopes[s].is_coroutine,
                    // top-level await (the program is run as a coroutine)
                    ScopeKind::Module => true,
                    _ => false,
                };
                if !ok {
                    return Err(CompileError::syntax(
                        "'await' outside async function".into(),
                        line,
                    ));
                }
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
