//! The front end of the monty sandbox: Python source → [`Program`] of
//! bytecode, with no knowledge of the VM that runs it.
//!
//! [`parse`] turns source into a `rustpython-parser` AST (syntax errors as
//! CPython reports them); `symtable` decides where every name lives;
//! `stmt`, `expr` and `pattern` generate code per construct; [`bytecode`]
//! defines the output ([`disassemble`] lists it) and [`verify`] proves each code object's stack depth
//! at every instruction (the snapshot validator checks frames against it).
//! Constructs the VM does not support are rejected here, before anything
//! runs, with an error naming the construct and its line.

pub mod bytecode;
pub mod cell;
mod disassemble;
mod error;
mod except_star;
mod expr;
mod fold;
mod fstring;
pub mod fuse;
pub mod parse;
mod pattern;
pub mod snippet;
mod stmt;
pub mod symtable;
mod type_alias;
pub mod verify;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use rustpython_parser::ast::{self, Ranged, Stmt};

use bytecode::{Code, Const, ConstKey, Op, Params, Program};

pub use disassemble::disassemble;
use error::{too_deeply_nested, MAX_NESTING, TOO_DEEP_MESSAGE};
pub use error::{CResult, CompileError, LineIndex};
use symtable::{ScopeKind, SymbolTable};

/// The feature names `from __future__ import ...` accepts.
pub const FUTURE_FEATURES: &[&str] = &[
    "nested_scopes",
    "generators",
    "division",
    "absolute_import",
    "with_statement",
    "print_function",
    "unicode_literals",
    "barry_as_FLUFL",
    "generator_stop",
    "annotations",
];

/// Where a name lives, as resolved at compile time.
#[derive(Clone, Copy, Debug)]
enum NameLoc {
    /// A name in the namespace of the class body being executed.
    ClassNs(u32),
    Fast(u32),
    Deref(u32),
    Global(u32),
    Builtin(u32),
    /// A global of code compiled by `exec` with a globals dict: the name.
    GlobalNs(u32),
}

/// What `break`/`continue`/`return` must undo when leaving a block.
enum Block<'a> {
    Loop {
        continue_target: u32,
        breaks: Vec<usize>,
        /// A `for` loop keeps its iterator on the stack.
        is_for: bool,
    },
    /// Inside `try:` with a handler pushed.
    Try,
    /// Inside `try:` of a try/finally: the handler plus the finally body.
    TryFinally(&'a [Stmt]),
    /// Inside an `except` body; with `as name`, a handler that clears the
    /// name on an exceptional exit is pushed too.
    ExceptBody(Option<&'a str>),
    /// Inside an `except*` body (`except_star.rs`): as `ExceptBody`, with
    /// its handler always pushed; no `break`, `continue` or `return` may
    /// leave it.
    ExceptStarBody(Option<&'a str>),
    /// Inside the exceptional path of a `finally`: the exception is on the stack.
    FinallyExc,
    /// Inside a `with` body: its handler and the manager on the stack.
    With,
    /// Inside an `async with` body: as `With`, leaving awaits `__aexit__`.
    AsyncWith,
}

/// The code object being generated.
struct Unit<'a> {
    code: Code,
    /// The scope whose frame this code runs in.
    frame_scope: usize,
    /// The innermost scope (a comprehension while compiling one).
    scope: usize,
    slots: HashMap<(usize, String), u32>,
    cell_slots: HashSet<u32>,
    blocks: Vec<Block<'a>>,
    line: u32,
}

pub struct Compiler<'a> {
    st: SymbolTable,
    lines: LineIndex,
    codes: Vec<Option<Code>>,
    consts: Vec<Const>,
    const_index: HashMap<ConstKey, u32>,
    names: Vec<String>,
    name_index: HashMap<String, u32>,
    globals: Vec<String>,
    global_index: HashMap<String, u32>,
    units: Vec<Unit<'a>>,
    depth: u32,
    /// The source text (class-body annotations are recorded as strings).
    source: &'a str,
    /// `__file__`: the request's filename as an absolute path (the sandbox
    /// has no working directory; a relative name is taken from `/`).
    file_path: String,
    /// Index in the whole program of `codes[0]` (non-zero when compiling
    /// code for `exec`/`eval` onto a running program: `snippet.rs`).
    code_base: u32,
    /// Global slots that exist before this compilation (a running
    /// program's): names found there are globals even if never stored here.
    known_globals: usize,
    /// Every name that is not local is a global slot (a session's cells:
    /// a later cell may define it); unset slots read as builtins.
    open_globals: bool,
    /// The top level's names live in the namespace dict in slot 0 (code for
    /// `exec`/`eval` with a locals mapping), not in the globals.
    ns_top: bool,
    /// Globals are the dict held in this global slot, not the slots.
    globals_dict: Option<u32>,
    /// The captures of the `case` pattern being compiled, by name and the
    /// slot holding the value: bound only once the whole pattern matched.
    match_captures: Vec<(String, u32)>,
}

/// Parses and compiles `source`.
///
/// An AST nested too deeply to compile is leaked rather than dropped:
/// dropping it recurses once per level and would overflow the guest's
/// native stack (100 000 nested unary minus signs parse fine but drop
/// 100 000 frames deep). Each execution is a fresh instance, so the leak
/// lasts only until it ends.
///
/// # Errors
/// A [`CompileError`] for invalid, unsupported or too deeply nested code.
pub fn compile_source(source: &str, filename: &str, predeclared: &[String]) -> CResult<Program> {
    with_parsed(source, filename, |ast| {
        compile(ast, source, filename, predeclared)
    })
}

/// Parses `source` and gives the module to `compile`. An AST nested too
/// deeply to compile is leaked rather than dropped: dropping it would
/// recurse as deep as it nests.
pub(crate) fn with_parsed<T>(
    source: &str,
    filename: &str,
    compile: impl FnOnce(&[Stmt]) -> CResult<T>,
) -> CResult<T> {
    let ast = crate::parse::parse_module(source, filename)?;
    let result = compile(&ast);
    if matches!(&result, Err(e) if e.message == TOO_DEEP_MESSAGE) {
        std::mem::forget(ast);
    }
    result
}

/// The absolute path `__file__` gives for a program named `filename`.
pub(crate) fn file_path(filename: &str) -> String {
    if filename.starts_with('/') {
        filename.to_string()
    } else {
        format!("/{filename}")
    }
}

/// Whether `e` is the error for code nested too deeply to compile, whose
/// AST must then be leaked rather than dropped (see [`compile_source`]).
pub fn is_too_deep(e: &CompileError) -> bool {
    e.message == TOO_DEEP_MESSAGE
}

/// Compiles a parsed module.
///
/// `predeclared` are the global names the host provides (inputs and
/// externals); they get global slots before the program's own names.
///
/// # Errors
/// A [`CompileError`] for invalid or unsupported code.
pub fn compile<'a>(
    body: &'a [Stmt],
    source: &'a str,
    filename: &str,
    predeclared: &[String],
) -> CResult<Program> {
    let lines = LineIndex::new(source);
    let st = SymbolTable::build(body, predeclared, &|o| lines.line(o))?;
    let mut c = Compiler {
        st,
        lines,
        codes: vec![None],
        consts: Vec::new(),
        const_index: HashMap::default(),
        names: Vec::new(),
        name_index: HashMap::default(),
        globals: Vec::new(),
        global_index: HashMap::default(),
        units: Vec::new(),
        depth: 0,
        source,
        file_path: file_path(filename),
        code_base: 0,
        known_globals: 0,
        open_globals: false,
        ns_top: false,
        globals_dict: None,
        match_captures: Vec::new(),
    };
    for name in predeclared {
        c.global_slot(name);
    }
    let module = c.compile_module(body)?;
    let mut module = module;
    fuse::superinstructions(&mut module);
    c.codes[0] = Some(module);
    Ok(Program {
        codes: c
            .codes
            .into_iter()
            .map(|c| c.expect("every code compiled"))
            .collect(),
        consts: c.consts,
        names: c.names,
        globals: c.globals,
        filename: filename.to_string(),
        source_lines: source.lines().map(str::to_string).collect(),
        cells: Vec::new(),
    })
}

impl<'a> Compiler<'a> {
    fn new_code(name: &str, qualname: &str, first_line: u32) -> Code {
        Code {
            name: name.to_string(),
            qualname: qualname.to_string(),
            params: Params::default(),
            nlocals: 0,
            local_names: Vec::new(),
            freevars: Vec::new(),
            ops: Vec::new(),
            lines: Vec::new(),
            first_line,
            is_lambda: false,
            is_generator: false,
            is_coroutine: false,
            doc: None,
            class_cell: None,
            filename: None,
            globals_dict: None,
            scoped_slots: Vec::new(),
        }
    }

    fn compile_module(&mut self, body: &'a [Stmt]) -> CResult<Code> {
        self.units.push(Unit {
            code: Self::new_code("<module>", "<module>", 1),
            frame_scope: 0,
            scope: 0,
            slots: HashMap::default(),
            cell_slots: HashSet::default(),
            blocks: Vec::new(),
            line: 1,
        });
        let n = body.len();
        for (i, s) in body.iter().enumerate() {
            if i + 1 == n {
                if let Stmt::Expr(e) = s {
                    self.set_line(e.range.start().into());
                    self.expr(&e.value)?;
                    self.emit(Op::SetResult);
                    continue;
                }
            }
            self.stmt(s)?;
        }
        self.emit(Op::LoadNone);
        self.emit(Op::Return);
        Ok(self.units.pop().expect("module unit").code)
    }

    // ----- emission helpers -----

    fn unit(&mut self) -> &mut Unit<'a> {
        self.units.last_mut().expect("a unit is active")
    }

    fn emit(&mut self, op: Op) -> usize {
        let u = self.unit();
        u.code.ops.push(op);
        u.code.lines.push(u.line);
        u.code.ops.len() - 1
    }

    fn here(&mut self) -> u32 {
        self.unit().code.ops.len() as u32
    }

    /// Points the jump at `at` to the current position.
    fn patch(&mut self, at: usize) {
        let target = self.here();
        self.patch_to(at, target);
    }

    fn patch_to(&mut self, at: usize, target: u32) {
        let op = &mut self.unit().code.ops[at];
        *op = match *op {
            Op::Jump(_) => Op::Jump(target),
            Op::PopJumpIfFalse(_) => Op::PopJumpIfFalse(target),
            Op::PopJumpIfTrue(_) => Op::PopJumpIfTrue(target),
            Op::JumpIfFalseOrPop(_) => Op::JumpIfFalseOrPop(target),
            Op::JumpIfTrueOrPop(_) => Op::JumpIfTrueOrPop(target),
            Op::ForIter(_) => Op::ForIter(target),
            Op::Send(_) => Op::Send(target),
            Op::SetupExcept(_) => Op::SetupExcept(target),
            Op::WithExitExc(_) => Op::WithExitExc(target),
            Op::AsyncWithCheck(_) => Op::AsyncWithCheck(target),
            other => panic!("patching a non-jump {other:?}"),
        };
    }

    fn line_of(&self, offset: u32) -> u32 {
        self.lines.line(offset)
    }

    fn set_line(&mut self, offset: u32) {
        let l = self.line_of(offset);
        self.unit().line = l;
    }

    fn node_line<T: Ranged>(&self, node: &T) -> u32 {
        self.line_of(node.range().start().into())
    }

    fn enter(&mut self, line: u32) -> CResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(too_deeply_nested(line));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    fn add_const(&mut self, c: Const) -> u32 {
        let key = ConstKey::from(&c);
        if let Some(&i) = self.const_index.get(&key) {
            return i;
        }
        self.consts.push(c);
        let i = self.consts.len() as u32 - 1;
        self.const_index.insert(key, i);
        i
    }

    fn name_idx(&mut self, name: &str) -> u32 {
        if let Some(&i) = self.name_index.get(name) {
            return i;
        }
        self.names.push(name.to_string());
        let i = self.names.len() as u32 - 1;
        self.name_index.insert(name.to_string(), i);
        i
    }

    fn global_slot(&mut self, name: &str) -> u32 {
        if let Some(&i) = self.global_index.get(name) {
            return i;
        }
        self.globals.push(name.to_string());
        let i = self.globals.len() as u32 - 1;
        self.global_index.insert(name.to_string(), i);
        i
    }

    /// A fresh local slot in the current frame.
    fn new_slot(&mut self, name: String) -> u32 {
        let u = self.unit();
        let slot = u.code.nlocals;
        u.code.nlocals += 1;
        u.code.local_names.push(name);
        slot
    }

    /// The slot of `name` bound in scope `scope` (allocated on first use).
    fn local_slot(&mut self, scope: usize, name: &str) -> u32 {
        if let Some(&s) = self.unit().slots.get(&(scope, name.to_string())) {
            return s;
        }
        let slot = self.new_slot(name.to_string());
        self.unit().slots.insert((scope, name.to_string()), slot);
        if self.st.scopes[scope].cells.contains(name) {
            self.unit().cell_slots.insert(slot);
            self.emit(Op::MakeCell(slot));
        }
        slot
    }

    /// Allocates (and wraps in fresh cells) every captured local of `scope`
    /// up front, so a closure never sees a slot that is not a cell.
    fn make_cells(&mut self, scope: usize) {
        let mut cells: Vec<String> = self.st.scopes[scope].cells.iter().cloned().collect();
        cells.sort();
        for name in cells {
            self.local_slot(scope, &name);
        }
    }

    fn resolve(&mut self, name: &str) -> NameLoc {
        let mut x = self.unit().scope;
        loop {
            let sc = &self.st.scopes[x];
            match sc.kind {
                ScopeKind::Comprehension => {
                    if sc.bound.contains(name) {
                        return self.slot_loc(x, name);
                    }
                    x = sc.parent.expect("comprehension has a parent");
                }
                ScopeKind::Function => {
                    if sc.globals.contains(name) {
                        return self.global_loc(name);
                    }
                    if sc.is_local(name) || sc.frees.contains(name) {
                        return self.slot_loc(x, name);
                    }
                    return self.global_or_builtin(name);
                }
                ScopeKind::Module if self.ns_top => {
                    if sc.globals.contains(name) {
                        return self.global_loc(name);
                    }
                    return NameLoc::ClassNs(self.name_idx(name));
                }
                ScopeKind::Module => return self.global_or_builtin(name),
                ScopeKind::Class => {
                    if sc.globals.contains(name) {
                        return self.global_loc(name);
                    }
                    // the namespace starts with these, so look them up there
                    let preset = matches!(name, "__doc__" | "__module__" | "__qualname__");
                    if sc.is_local(name) || preset {
                        return NameLoc::ClassNs(self.name_idx(name));
                    }
                    if sc.cells.contains(name) || sc.frees.contains(name) {
                        return self.slot_loc(x, name);
                    }
                    return self.global_or_builtin(name);
                }
            }
        }
    }

    fn slot_loc(&mut self, scope: usize, name: &str) -> NameLoc {
        let slot = self.local_slot(scope, name);
        if self.unit().cell_slots.contains(&slot) {
            NameLoc::Deref(slot)
        } else {
            NameLoc::Fast(slot)
        }
    }

    fn global_or_builtin(&mut self, name: &str) -> NameLoc {
        let known = || {
            self.global_index
                .get(name)
                .is_some_and(|&g| (g as usize) < self.known_globals)
        };
        if self.globals_dict.is_some() {
            NameLoc::GlobalNs(self.name_idx(name))
        } else if self.st.global_stores.contains(name)
            || known()
            || (self.open_globals && !matches!(name, "__name__" | "__file__" | "__debug__"))
        {
            NameLoc::Global(self.global_slot(name))
        } else {
            NameLoc::Builtin(self.name_idx(name))
        }
    }

    /// Where a name declared `global` lives.
    fn global_loc(&mut self, name: &str) -> NameLoc {
        if self.globals_dict.is_some() {
            NameLoc::GlobalNs(self.name_idx(name))
        } else {
            NameLoc::Global(self.global_slot(name))
        }
    }

    /// The global slot holding the globals dict (`GlobalNs` names only).
    fn ns_slot(&self) -> u32 {
        self.globals_dict
            .expect("a GlobalNs name has a globals dict")
    }

    fn load_name(&mut self, name: &str) {
        let op = match self.resolve(name) {
            NameLoc::ClassNs(n) => match self.globals_dict {
                Some(g) => Op::LoadNameNs(g, n),
                None => Op::LoadName(n),
            },
            NameLoc::GlobalNs(n) => Op::LoadGlobalNs(self.ns_slot(), n),
            NameLoc::Fast(s) => Op::LoadFast(s),
            NameLoc::Deref(s) => Op::LoadDeref(s),
            NameLoc::Global(s) => Op::LoadGlobal(s),
            // module dunders the program never assigns: `__name__` is
            // `'__main__'` (a script), `__file__` its absolute path,
            // `__debug__` is True
            NameLoc::Builtin(_) if name == "__name__" => {
                Op::LoadConst(self.add_const(Const::Str("__main__".into())))
            }
            NameLoc::Builtin(_) if name == "__file__" => {
                Op::LoadConst(self.add_const(Const::Str(self.file_path.clone())))
            }
            NameLoc::Builtin(_) if name == "__debug__" => {
                Op::LoadConst(self.add_const(Const::Bool(true)))
            }
            NameLoc::Builtin(n) => Op::LoadBuiltin(n),
        };
        self.emit(op);
    }

    fn store_name(&mut self, name: &str) {
        let op = match self.resolve(name) {
            NameLoc::ClassNs(n) => Op::StoreName(n),
            NameLoc::Fast(s) => Op::StoreFast(s),
            NameLoc::Deref(s) => Op::StoreDeref(s),
            NameLoc::Global(s) => Op::StoreGlobal(s),
            NameLoc::GlobalNs(n) => Op::StoreGlobalNs(self.ns_slot(), n),
            NameLoc::Builtin(_) => {
                let s = self.global_slot(name);
                Op::StoreGlobal(s)
            }
        };
        self.emit(op);
    }

    fn delete_name(&mut self, name: &str) {
        let op = match self.resolve(name) {
            NameLoc::ClassNs(n) => Op::DeleteName(n),
            NameLoc::Fast(s) => Op::DeleteFast(s),
            NameLoc::Deref(s) => Op::DeleteDeref(s),
            NameLoc::Global(s) => Op::DeleteGlobal(s),
            NameLoc::GlobalNs(n) => Op::DeleteGlobalNs(self.ns_slot(), n),
            NameLoc::Builtin(_) => {
                let s = self.global_slot(name);
                Op::DeleteGlobal(s)
            }
        };
        self.emit(op);
    }

    /// Compiles a function or lambda body into a new code object; returns
    /// its index in the program.
    fn function_code(
        &mut self,
        node_scope: usize,
        name: &str,
        args: &ast::Arguments,
        first_line: u32,
        body: FunctionBody<'a>,
    ) -> CResult<u32> {
        let parent_qual = self.unit().code.qualname.clone();
        let frame_scope = self.unit().frame_scope;
        let parent_kind = self.st.scopes[frame_scope].kind;
        let qualname = match parent_kind {
            ScopeKind::Module => name.to_string(),
            ScopeKind::Class => format!("{parent_qual}.{name}"),
            _ => format!("{parent_qual}.<locals>.{name}"),
        };
        let mut code = Self::new_code(name, &qualname, first_line);
        let mut params = Params::default();
        for a in args.posonlyargs.iter().chain(&args.args) {
            params.names.push(a.def.arg.to_string());
        }
        params.positional = params.names.len() as u32;
        params.posonly = args.posonlyargs.len() as u32;
        for a in &args.kwonlyargs {
            params.names.push(a.def.arg.to_string());
        }
        params.kwonly = args.kwonlyargs.len() as u32;
        if let Some(v) = &args.vararg {
            params.varargs = true;
            params.names.push(v.arg.to_string());
        }
        if let Some(v) = &args.kwarg {
            params.varkw = true;
            params.names.push(v.arg.to_string());
        }
        {
            let mut seen = HashSet::default();
            for n in &params.names {
                if !seen.insert(n) {
                    return Err(CompileError::syntax(
                        format!("duplicate argument '{n}' in function definition"),
                        first_line,
                    ));
                }
            }
        }
        code.is_lambda = matches!(body, FunctionBody::Lambda(_));
        if let FunctionBody::Class(_) = body {
            params = Params {
                positional: 1,
                names: vec!["<namespace>".into()],
                ..Params::default()
            };
        }
        if let FunctionBody::GenExpr(_) = body {
            params = Params {
                positional: 1,
                names: vec![".0".into()],
                ..Params::default()
            };
        }
        code.is_generator = self.st.scopes[node_scope].is_generator;
        code.is_coroutine = self.st.scopes[node_scope].is_coroutine;
        code.params = params.clone();
        let frees: Vec<String> = self.st.scopes[node_scope].frees.iter().cloned().collect();
        code.freevars = frees.clone();
        let idx = self.code_base + self.codes.len() as u32;
        self.codes.push(None);
        self.units.push(Unit {
            code,
            frame_scope: node_scope,
            scope: node_scope,
            slots: HashMap::default(),
            cell_slots: HashSet::default(),
            blocks: Vec::new(),
            line: first_line,
        });
        // Parameters first (the call puts arguments there), then free
        // variables (the call copies the closure there), then the rest.
        for p in &params.names {
            let slot = self.new_slot(p.clone());
            self.unit().slots.insert((node_scope, p.clone()), slot);
        }
        for f in &frees {
            let slot = self.new_slot(f.clone());
            self.unit().slots.insert((node_scope, f.clone()), slot);
            self.unit().cell_slots.insert(slot);
        }
        for (i, p) in params.names.iter().enumerate() {
            if self.st.scopes[node_scope].cells.contains(p) {
                self.unit().cell_slots.insert(i as u32);
                self.emit(Op::MakeCell(i as u32));
            }
        }
        self.make_cells(node_scope);
        match body {
            FunctionBody::Def(stmts) => {
                self.unit().code.doc = docstring(stmts);
                for s in stmts {
                    self.stmt(s)?;
                }
                self.emit(Op::LoadNone);
                self.emit(Op::Return);
            }
            FunctionBody::Lambda(e) => {
                self.expr(e)?;
                self.emit(Op::Return);
            }
            FunctionBody::GenExpr(g) => {
                self.genexpr_body(g)?;
                self.emit(Op::LoadNone);
                self.emit(Op::Return);
            }
            FunctionBody::Class(stmts) => {
                if let Some(doc) = docstring(stmts) {
                    let k = self.add_const(Const::Str(doc));
                    self.emit(Op::LoadConst(k));
                    let n = self.name_idx("__doc__");
                    self.emit(Op::StoreName(n));
                }
                for s in stmts {
                    self.stmt(s)?;
                }
                let cell = self
                    .unit()
                    .slots
                    .get(&(node_scope, "__class__".to_string()))
                    .copied();
                self.unit().code.class_cell = cell;
                self.emit(Op::LoadNone);
                self.emit(Op::Return);
            }
        }
        let mut unit = self.units.pop().expect("function unit");
        fuse::superinstructions(&mut unit.code);
        self.codes[(idx - self.code_base) as usize] = Some(unit.code);
        Ok(idx)
    }
}

/// The docstring of a body: its first statement, if a string literal.
fn docstring(body: &[Stmt]) -> Option<String> {
    match body.first() {
        Some(Stmt::Expr(e)) => match &*e.value {
            ast::Expr::Constant(c) => match &c.value {
                ast::Constant::Str(s) => Some(s.clone()),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

enum FunctionBody<'a> {
    Def(&'a [Stmt]),
    Lambda(&'a ast::Expr),
    /// A class body: one hidden parameter, the namespace dict.
    Class(&'a [Stmt]),
    /// A generator expression: one hidden parameter `.0`, the iterator.
    GenExpr(&'a ast::ExprGeneratorExp),
}
