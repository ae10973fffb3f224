//! Code generation for `try`/`except*` (PEP 654).
//!
//! The exception caught is kept in a hidden slot (`orig`) and what the
//! clauses have not matched yet in another (`rest`). Each clause splits
//! `rest` by its types (`Op::ExceptStarMatch`, which wraps a bare
//! exception in an `ExceptionGroup`); when something matched, the handler
//! runs with that part as the exception being handled, and whatever it
//! raises (a bare `raise` included) is collected in a hidden list instead
//! of propagating. After the last clause `Op::ExceptStarReraise` combines
//! the collected exceptions with the unmatched rest, as CPython does, and
//! raises the result if there is one.

use rustpython_parser::ast;

use super::bytecode::{CmpOp, Op};
use super::{Block, CResult, CompileError, Compiler};

impl<'a> Compiler<'a> {
    /// The `try`, `except*` clauses and `else` of a `try` statement (its
    /// `finally` is `try_finally`'s).
    pub(super) fn try_except_star(&mut self, t: &'a ast::StmtTryStar) -> CResult<()> {
        let done = self.try_body_else(&t.body, &t.orelse)?;
        // stack: exc; it is also the exception being handled
        let orig = self.new_slot("<except* exception>".into());
        let rest = self.new_slot("<except* rest>".into());
        let raised = self.new_slot("<except* raised>".into());
        self.emit(Op::Dup);
        self.emit(Op::StoreFast(orig));
        self.emit(Op::StoreFast(rest));
        self.emit(Op::BuildList(0));
        self.emit(Op::StoreFast(raised));
        for handler in &t.handlers {
            let ast::ExceptHandler::ExceptHandler(hd) = handler;
            self.set_line(hd.range.start().into());
            let Some(ty) = &hd.type_ else {
                return Err(CompileError::syntax(
                    "expected one or more exception types".into(),
                    self.node_line(hd),
                ));
            };
            self.emit(Op::LoadFast(rest));
            self.expr(ty)?;
            self.emit(Op::ExceptStarMatch);
            self.emit(Op::StoreFast(rest));
            // stack: match (or None)
            self.emit(Op::Dup);
            self.emit(Op::LoadNone);
            self.emit(Op::Compare(CmpOp::Is));
            let skip = self.emit(Op::PopJumpIfTrue(0));
            self.emit(Op::PushExcInfo);
            let name = hd.name.as_ref().map(|n| n.as_str());
            match name {
                Some(name) => self.store_name(name),
                None => {
                    self.emit(Op::Pop);
                }
            }
            let caught = self.emit(Op::SetupExcept(0));
            self.unit().blocks.push(Block::ExceptStarBody(name));
            self.stmts(&hd.body)?;
            self.unit().blocks.pop();
            self.emit(Op::PopHandler);
            self.emit(Op::PopExcept);
            if let Some(name) = name {
                self.clear_handler_name(name);
            }
            let next = self.emit(Op::Jump(0));
            // the handler raised: collect it (stack: the new exception,
            // also handled, above the match)
            self.patch(caught);
            self.emit(Op::LoadFast(raised));
            self.emit(Op::Rot2);
            self.emit(Op::ListAppend(1));
            self.emit(Op::Pop);
            self.emit(Op::PopExcept);
            self.emit(Op::PopExcept);
            if let Some(name) = name {
                self.clear_handler_name(name);
            }
            let after = self.emit(Op::Jump(0));
            self.patch(skip);
            self.emit(Op::Pop);
            self.patch(next);
            self.patch(after);
        }
        self.emit(Op::LoadFast(orig));
        self.emit(Op::LoadFast(raised));
        self.emit(Op::LoadFast(rest));
        self.emit(Op::ExceptStarReraise);
        self.emit(Op::PopExcept);
        for slot in [orig, rest, raised] {
            self.emit(Op::LoadNone);
            self.emit(Op::StoreFast(slot));
        }
        self.patch(done);
        Ok(())
    }
}
