//! Scope analysis: which names are local, captured (cells), free, global or
//! builtin in every function, lambda and comprehension.
//!
//! Runs over the whole AST before code generation so the generator can turn
//! every name into a slot index. Scopes are keyed by the address of their
//! AST node, which does not move while the program is compiled.
//!
//! This file owns the scope data and the analysis that resolves every
//! name once all scopes are known; the walk that records scopes, bindings
//! and uses is in `builder.rs` (statements) and `expr.rs` (expressions).

mod builder;
mod expr;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

type IndexSet<T> = indexmap::IndexSet<T, std::hash::BuildHasherDefault<rustc_hash::FxHasher>>;
use rustpython_parser::ast::Stmt;

use crate::error::CompileError;
use builder::Builder;

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
    /// A generator expression's function: a walrus in it binds in the
    /// scope around it.
    pub is_genexpr: bool,
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
            is_genexpr: false,
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
        Self::build_with(body, predeclared, lines, true)
    }

    /// [`SymbolTable::build`]; `top_await`: whether the top level may
    /// `await` (a program may, code given to `exec` may not).
    ///
    /// # Errors
    /// As [`SymbolTable::build`].
    pub fn build_with(
        body: &[Stmt],
        predeclared: &[String],
        lines: &dyn Fn(u32) -> u32,
        top_await: bool,
    ) -> Result<SymbolTable, CompileError> {
        let mut b = Builder {
            scopes: vec![Scope::new(ScopeKind::Module, None)],
            by_node: HashMap::default(),
            cur: 0,
            lines,
            depth: 0,
            top_await,
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
