//! Code compiled while a program runs, for `exec` and `eval`: the source
//! becomes an [`Extension`] of the running [`Program`], whose tables it
//! continues (its code, constant, name and global indices follow the
//! program's), so the VM appends it and runs it like any other code.
//!
//! Where the snippet's names live is decided here, from [`SnippetScope`]:
//! - plain (`exec` at module level, no mappings given): the top level is
//!   module code over the program's global slots, new names get new slots;
//! - `ns_top`: the top level's names are in the namespace dict passed as
//!   the entry code's one parameter (a function's locals snapshot, a class
//!   body's namespace, an explicit `locals`), as in a class body; loads
//!   fall back to the globals, then the builtins;
//! - `globals_dict`: the globals are a dict (explicit `globals`), held in
//!   a global slot of the program; every global name of the snippet, in
//!   functions defined by it too, is looked up there by name.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use rustpython_parser::ast::{self, Stmt};

use crate::bytecode::{Code, Const, Op, Params, Program};
use crate::error::{CResult, CompileError, LineIndex};
use crate::symtable::SymbolTable;
use crate::{Compiler, Unit};

/// The file name of code compiled from a string, as CPython names it.
pub const SNIPPET_FILENAME: &str = "<string>";

/// What the source is compiled as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SnippetMode {
    /// Statements (`exec`): the entry code returns None.
    Exec,
    /// One expression (`eval`): the entry code returns its value.
    Eval,
}

/// Where the snippet's names live (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SnippetScope {
    pub ns_top: bool,
    pub globals_dict: Option<u32>,
}

/// The compiled snippet: what to append to the program's tables. Its entry
/// code is `codes[0]`, at index `codes.len()` of the program it extends.
#[derive(Debug)]
pub struct Extension {
    pub codes: Vec<Code>,
    pub consts: Vec<Const>,
    pub names: Vec<String>,
    pub globals: Vec<String>,
}

/// Compiles `source` to run inside `base` (see the module docs).
///
/// # Errors
/// A [`CompileError`] for invalid or unsupported code; its line counts
/// from the source's first line.
pub fn compile_snippet(
    base: &Program,
    source: &str,
    mode: SnippetMode,
    scope: SnippetScope,
) -> CResult<Extension> {
    // eval ignores leading spaces and tabs (not newlines: they still count)
    let source = match mode {
        SnippetMode::Eval => source.trim_start_matches([' ', '\t']),
        SnippetMode::Exec => source,
    };
    crate::with_parsed(source, SNIPPET_FILENAME, |ast| {
        compile_parsed(base, ast, source, mode, scope)
    })
}

fn compile_parsed(
    base: &Program,
    body: &[Stmt],
    source: &str,
    mode: SnippetMode,
    scope: SnippetScope,
) -> CResult<Extension> {
    let expr = match mode {
        SnippetMode::Eval => Some(single_expression(body, source)?),
        SnippetMode::Exec => None,
    };
    let lines = LineIndex::new(source);
    let mut st = SymbolTable::build_with(body, &[], &|o| lines.line(o), false)?;
    if scope.ns_top {
        // the top level binds in the namespace: only `global` names are
        // globals
        st.global_stores = st
            .scopes
            .iter()
            .flat_map(|s| s.globals.iter().cloned())
            .collect();
    }
    let mut c = Compiler::extending(base, st, lines, source, SNIPPET_FILENAME.to_string(), scope);
    let first_line = 1;
    let mut code = Compiler::new_code("<module>", "<module>", first_line);
    if scope.ns_top {
        code.params = Params {
            positional: 1,
            names: vec!["<namespace>".into()],
            ..Params::default()
        };
    }
    c.units.push(Unit {
        code,
        frame_scope: 0,
        scope: 0,
        slots: HashMap::default(),
        cell_slots: HashSet::default(),
        blocks: Vec::new(),
        line: first_line,
    });
    if scope.ns_top {
        c.new_slot("<namespace>".into());
    }
    match expr {
        Some(e) => {
            c.set_line(ast::Ranged::range(e).start().into());
            c.expr(e)?;
            c.emit(Op::Return);
        }
        None => {
            for s in body {
                c.stmt(s)?;
            }
            c.emit(Op::LoadNone);
            c.emit(Op::Return);
        }
    }
    let entry = c.units.pop().expect("entry unit").code;
    Ok(c.extension(base, entry, |code| {
        code.filename = Some(SNIPPET_FILENAME.to_string());
        code.globals_dict = scope.globals_dict;
    }))
}

impl<'a> Compiler<'a> {
    /// A compiler continuing `base`'s tables: new codes, constants, names
    /// and global slots get the indices after the program's.
    pub(crate) fn extending(
        base: &Program,
        st: SymbolTable,
        lines: LineIndex,
        source: &'a str,
        file_path: String,
        scope: SnippetScope,
    ) -> Compiler<'a> {
        let index = |items: &[String]| -> HashMap<String, u32> {
            items
                .iter()
                .enumerate()
                .map(|(i, n)| (n.clone(), i as u32))
                .collect()
        };
        Compiler {
            st,
            lines,
            codes: vec![None],
            consts: base.consts.clone(),
            const_index: base
                .consts
                .iter()
                .enumerate()
                .map(|(i, k)| (crate::bytecode::ConstKey::from(k), i as u32))
                .collect(),
            names: base.names.clone(),
            name_index: index(&base.names),
            globals: base.globals.clone(),
            global_index: index(&base.globals),
            units: Vec::new(),
            depth: 0,
            source,
            file_path,
            code_base: base.codes.len() as u32,
            known_globals: base.globals.len(),
            open_globals: false,
            ns_top: scope.ns_top,
            globals_dict: scope.globals_dict,
            match_captures: Vec::new(),
        }
    }

    /// What this compiler added to `base`, with `entry` as its first code;
    /// `finish` is applied to every code.
    pub(crate) fn extension(
        mut self,
        base: &Program,
        entry: Code,
        finish: impl Fn(&mut Code),
    ) -> Extension {
        let mut entry = entry;
        crate::fuse::superinstructions(&mut entry);
        self.codes[0] = Some(entry);
        let codes = self
            .codes
            .into_iter()
            .map(|code| {
                let mut code = code.expect("every code compiled");
                finish(&mut code);
                code
            })
            .collect();
        Extension {
            codes,
            consts: self.consts.split_off(base.consts.len()),
            names: self.names.split_off(base.names.len()),
            globals: self.globals.split_off(base.globals.len()),
        }
    }
}

/// The one expression `eval` source must be.
fn single_expression<'a>(body: &'a [Stmt], source: &str) -> CResult<&'a ast::Expr> {
    let unparenthesized_yield = |e: &ast::Expr| {
        matches!(e, ast::Expr::Yield(_) | ast::Expr::YieldFrom(_))
            && !source.trim_start().starts_with('(')
    };
    let bad = match body {
        [Stmt::Expr(e)] if !unparenthesized_yield(&e.value) => return Ok(&e.value),
        [Stmt::Expr(_), second, ..] => Some(second),
        [first, ..] => Some(first),
        [] => None,
    };
    let line = match bad {
        Some(s) => LineIndex::new(source).line(ast::Ranged::range(s).start().into()),
        None => 1,
    };
    Err(CompileError::syntax("invalid syntax".into(), line))
}
