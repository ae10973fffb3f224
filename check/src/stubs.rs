//! The declarations a program is checked against: Python stub text given
//! by the host (functions with their signatures and annotations, `async
//! def`, `TypedDict` classes, other classes, constants and type aliases)
//! and the external functions hosts already declare on the wire (names,
//! parameter names, async).

use std::collections::{HashMap, HashSet};

use rustpython_parser::ast::{self, Expr, Stmt};

use crate::types::{from_annotation, Ty};

/// One parameter of a declared function.
#[derive(Debug, Clone)]
pub struct Param {
    pub name: String,
    /// Whether it has a default (so may be left out).
    pub default: bool,
    /// Its annotation's type.
    pub ty: Ty,
}

/// A declared function's signature.
#[derive(Debug, Clone, Default)]
pub struct Signature {
    /// Positional-only parameters (before `/`).
    pub posonly: Vec<Param>,
    /// Positional-or-keyword parameters.
    pub params: Vec<Param>,
    /// Whether it takes `*args`.
    pub vararg: bool,
    /// Keyword-only parameters.
    pub kwonly: Vec<Param>,
    /// Whether it takes `**kwargs`.
    pub kwarg: bool,
    /// The return annotation's type.
    pub returns: Ty,
    /// `async def`: a call gives a coroutine.
    pub is_async: bool,
    /// Whether defaults are known: a wire declaration names parameters
    /// without saying which may be left out, so missing arguments are not
    /// reported for it.
    pub defaults_known: bool,
}

impl Signature {
    /// The signature of a `def` with these parameters; annotations are
    /// read only with `stubs` (the program's own are not trusted).
    pub fn of(
        args: &ast::Arguments,
        returns: Option<&Expr>,
        is_async: bool,
        stubs: Option<&Stubs>,
    ) -> Signature {
        let ty = |e: Option<&Expr>| match (e, stubs) {
            (Some(e), Some(stubs)) => from_annotation(e, stubs),
            _ => Ty::Unknown,
        };
        let param = |a: &ast::ArgWithDefault| Param {
            name: a.def.arg.to_string(),
            default: a.default.is_some(),
            ty: ty(a.def.annotation.as_deref()),
        };
        Signature {
            posonly: args.posonlyargs.iter().map(param).collect(),
            params: args.args.iter().map(param).collect(),
            vararg: args.vararg.is_some(),
            kwonly: args.kwonlyargs.iter().map(param).collect(),
            kwarg: args.kwarg.is_some(),
            returns: ty(returns),
            is_async,
            defaults_known: true,
        }
    }
}

/// A stub's `TypedDict` class.
#[derive(Debug, Clone, Default)]
pub struct TypedDictDecl {
    /// Field name, type and whether it is required, in order.
    pub fields: Vec<(String, Ty, bool)>,
}

/// The parameters of a host function as the wire declares it.
#[derive(Debug, Clone, Default)]
pub struct ExternalDecl {
    pub name: String,
    /// Parameter names; `None`: any arguments.
    pub params: Option<Vec<String>>,
    pub is_async: bool,
    /// A module the function is also an attribute of (`import tools`).
    pub module: Option<String>,
}

/// Everything declared for the program.
#[derive(Debug, Clone, Default)]
pub struct Stubs {
    /// Functions by name; `None` for a name declared with no usable
    /// signature (overloads, any arguments).
    pub functions: HashMap<String, Option<Signature>>,
    /// Whether each declared function is async (kept even when the
    /// signature is not).
    pub async_functions: HashSet<String>,
    pub typed_dicts: HashMap<String, TypedDictDecl>,
    /// Names of other classes.
    pub classes: HashSet<String>,
    /// Constants (inputs) and their types.
    pub constants: HashMap<String, Ty>,
    /// Type aliases: `Rows = list[dict[str, Any]]`.
    pub aliases: HashMap<String, Expr>,
    /// Modules the host's functions are attributes of (`tools`).
    pub modules: HashSet<String>,
}

impl Stubs {
    /// Parses stub text.
    ///
    /// # Errors
    /// The `SyntaxError` of stub text that does not parse.
    pub fn parse(text: &str) -> Result<Stubs, monty_compile::CompileError> {
        let body = monty_compile::parse::parse_module(text, "stubs.pyi")?;
        let mut stubs = Stubs::default();
        // names first, so annotations can refer to classes declared later
        for stmt in &body {
            match stmt {
                Stmt::ClassDef(c) => {
                    if c.bases.iter().any(|b| base_name(b) == Some("TypedDict")) {
                        stubs
                            .typed_dicts
                            .insert(c.name.to_string(), TypedDictDecl::default());
                    } else {
                        stubs.classes.insert(c.name.to_string());
                    }
                }
                Stmt::Assign(a) if is_type_expr(&a.value) => {
                    if let [Expr::Name(n)] = a.targets.as_slice() {
                        stubs.aliases.insert(n.id.to_string(), (*a.value).clone());
                    }
                }
                Stmt::TypeAlias(t) => {
                    if let Expr::Name(n) = &*t.name {
                        stubs.aliases.insert(n.id.to_string(), (*t.value).clone());
                    }
                }
                Stmt::AnnAssign(a) if matches!(&*a.annotation, Expr::Name(n) if n.id.as_str() == "TypeAlias") => {
                    if let (Expr::Name(n), Some(v)) = (&*a.target, &a.value) {
                        stubs.aliases.insert(n.id.to_string(), (**v).clone());
                    }
                }
                _ => {}
            }
        }
        for stmt in &body {
            match stmt {
                Stmt::FunctionDef(f) => {
                    stubs.add_function(&f.name, &f.args, f.returns.as_deref(), false)
                }
                Stmt::AsyncFunctionDef(f) => {
                    stubs.add_function(&f.name, &f.args, f.returns.as_deref(), true)
                }
                Stmt::ClassDef(c) if stubs.typed_dicts.contains_key(c.name.as_str()) => {
                    let total = !c.keywords.iter().any(|k| {
                        k.arg.as_deref() == Some("total")
                            && matches!(&k.value, Expr::Constant(v) if matches!(v.value, ast::Constant::Bool(false)))
                    });
                    let mut decl = TypedDictDecl::default();
                    // fields of TypedDict bases come first
                    for b in &c.bases {
                        if let Some(parent) = base_name(b).and_then(|n| stubs.typed_dicts.get(n)) {
                            decl.fields.extend(parent.fields.iter().cloned());
                        }
                    }
                    for s in &c.body {
                        if let Stmt::AnnAssign(a) = s {
                            if let Expr::Name(n) = &*a.target {
                                let required = match &*a.annotation {
                                    Expr::Subscript(s) => match base_name(&s.value) {
                                        Some("NotRequired") => false,
                                        Some("Required") => true,
                                        _ => total,
                                    },
                                    _ => total,
                                };
                                let ty = from_annotation(&a.annotation, &stubs);
                                decl.fields.push((n.id.to_string(), ty, required));
                            }
                        }
                    }
                    stubs.typed_dicts.insert(c.name.to_string(), decl);
                }
                Stmt::AnnAssign(a) => {
                    if let Expr::Name(n) = &*a.target {
                        if !stubs.aliases.contains_key(n.id.as_str()) {
                            let ty = from_annotation(&a.annotation, &stubs);
                            stubs.constants.insert(n.id.to_string(), ty);
                        }
                    }
                }
                Stmt::Assign(a) if !is_type_expr(&a.value) => {
                    for t in &a.targets {
                        if let Expr::Name(n) = t {
                            stubs
                                .constants
                                .insert(n.id.to_string(), literal_type(&a.value));
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(stubs)
    }

    /// Adds the host's wire declarations; a function the stub text already
    /// declares keeps its stub signature.
    pub fn add_externals(&mut self, externals: &[ExternalDecl]) {
        for e in externals {
            if let Some(m) = &e.module {
                self.modules.insert(m.clone());
            }
            if e.is_async {
                self.async_functions.insert(e.name.clone());
            }
            if self.functions.contains_key(&e.name) {
                continue;
            }
            let sig = e.params.as_ref().map(|names| Signature {
                params: names
                    .iter()
                    .map(|n| Param {
                        name: n.clone(),
                        default: true,
                        ty: Ty::Unknown,
                    })
                    .collect(),
                is_async: e.is_async,
                returns: Ty::Unknown,
                defaults_known: false,
                ..Signature::default()
            });
            self.functions.insert(e.name.clone(), sig);
        }
    }

    /// Whether `name` is declared (a function, class, constant or alias).
    pub fn defines(&self, name: &str) -> bool {
        self.functions.contains_key(name)
            || self.typed_dicts.contains_key(name)
            || self.classes.contains(name)
            || self.constants.contains_key(name)
            || self.aliases.contains_key(name)
    }

    /// Every declared name (for suggestions).
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.functions
            .keys()
            .chain(self.typed_dicts.keys())
            .chain(self.classes.iter())
            .chain(self.constants.keys())
            .map(String::as_str)
    }

    /// Whether declared function `name` is async.
    pub fn is_async(&self, name: &str) -> bool {
        self.async_functions.contains(name)
    }

    fn add_function(
        &mut self,
        name: &str,
        args: &ast::Arguments,
        returns: Option<&Expr>,
        is_async: bool,
    ) {
        if is_async {
            self.async_functions.insert(name.to_string());
        }
        if self.functions.contains_key(name) {
            // overloads: no one signature to check against
            self.functions.insert(name.to_string(), None);
            return;
        }
        let sig = Signature::of(args, returns, is_async, Some(self));
        self.functions.insert(name.to_string(), Some(sig));
    }
}

/// The last name of a dotted base (`typing.TypedDict` → `TypedDict`).
fn base_name(e: &Expr) -> Option<&str> {
    match e {
        Expr::Name(n) => Some(n.id.as_str()),
        Expr::Attribute(a) => Some(a.attr.as_str()),
        Expr::Subscript(s) => base_name(&s.value),
        _ => None,
    }
}

/// Whether an assigned value reads as a type (an alias), not a constant.
fn is_type_expr(e: &Expr) -> bool {
    match e {
        Expr::Subscript(_) => true,
        Expr::BinOp(b) => matches!(b.op, ast::Operator::BitOr) && is_type_expr_operand(&b.left),
        _ => false,
    }
}

fn is_type_expr_operand(e: &Expr) -> bool {
    matches!(
        e,
        Expr::Name(_) | Expr::Subscript(_) | Expr::Attribute(_) | Expr::BinOp(_)
    ) || matches!(e, Expr::Constant(c) if matches!(c.value, ast::Constant::None))
}

/// The type of a constant's literal value.
fn literal_type(e: &Expr) -> Ty {
    match e {
        Expr::Constant(c) => match &c.value {
            ast::Constant::Str(_) => Ty::Str,
            ast::Constant::Int(_) => Ty::Int,
            ast::Constant::Float(_) => Ty::Float,
            ast::Constant::Bool(_) => Ty::Bool,
            ast::Constant::None => Ty::None,
            ast::Constant::Bytes(_) => Ty::Bytes,
            _ => Ty::Unknown,
        },
        _ => Ty::Unknown,
    }
}
