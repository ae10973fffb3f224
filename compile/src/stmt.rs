//! Code generation for statements: assignment forms, control flow, loops,
//! `try`/`except`/`finally` (with `break`/`continue`/`return` unwinding
//! through them), `def`, and the rejection of unsupported statements.

use rustpython_parser::ast::{self, Expr, Ranged, Stmt};

use super::bytecode::{BinOp, Op, FN_CLOSURE, FN_DEFAULTS, FN_KWDEFAULTS};
use super::{Block, CResult, CompileError, Compiler, FunctionBody, NameLoc};

/// CPython's refusal of a jump out of an `except*` handler.
const EXCEPT_STAR_EXIT: &str = "'break', 'continue' and 'return' cannot appear in an except* block";

pub(super) fn binop(op: ast::Operator) -> BinOp {
    use ast::Operator as O;
    match op {
        O::Add => BinOp::Add,
        O::Sub => BinOp::Sub,
        O::Mult => BinOp::Mul,
        O::MatMult => BinOp::MatMul,
        O::Div => BinOp::Div,
        O::Mod => BinOp::Mod,
        O::Pow => BinOp::Pow,
        O::LShift => BinOp::LShift,
        O::RShift => BinOp::RShift,
        O::BitOr => BinOp::BitOr,
        O::BitXor => BinOp::BitXor,
        O::BitAnd => BinOp::BitAnd,
        O::FloorDiv => BinOp::FloorDiv,
    }
}

impl<'a> Compiler<'a> {
    pub(super) fn stmt(&mut self, s: &'a Stmt) -> CResult<()> {
        self.set_line(s.range().start().into());
        let line = self.node_line(s);
        self.enter(line)?;
        let r = self.stmt_inner(s, line);
        self.leave();
        r
    }

    fn stmt_inner(&mut self, s: &'a Stmt, line: u32) -> CResult<()> {
        match s {
            Stmt::Expr(e) => {
                self.expr(&e.value)?;
                self.emit(Op::Pop);
            }
            Stmt::Assign(a) => {
                self.expr(&a.value)?;
                let n = a.targets.len();
                for (i, t) in a.targets.iter().enumerate() {
                    if i + 1 < n {
                        self.emit(Op::Dup);
                    }
                    self.store_target(t)?;
                }
            }
            Stmt::AugAssign(a) => self.aug_assign(a)?,
            Stmt::AnnAssign(a) => {
                if let Some(v) = &a.value {
                    self.expr(v)?;
                    self.store_target(&a.target)?;
                }
                // Class bodies record `__annotations__` (as source strings,
                // like `from __future__ import annotations`): dataclasses
                // read their fields from it. Elsewhere annotations are not
                // evaluated, as in Python 3.14.
                let frame_scope = self.unit().frame_scope;
                let in_class =
                    self.st.scopes[frame_scope].kind == super::symtable::ScopeKind::Class;
                if let (true, Expr::Name(n)) = (in_class, &*a.target) {
                    let r = a.annotation.range();
                    let text =
                        self.source[usize::from(r.start())..usize::from(r.end())].to_string();
                    let k = self.add_const(super::bytecode::Const::Str(text));
                    self.emit(Op::LoadConst(k));
                    let name = self.name_idx(n.id.as_str());
                    self.emit(Op::AnnotateName(name));
                }
            }
            Stmt::For(f) => self.for_stmt(f)?,
            Stmt::While(w) => self.while_stmt(w)?,
            Stmt::If(i) => {
                self.expr(&i.test)?;
                let j_else = self.emit(Op::PopJumpIfFalse(0));
                self.stmts(&i.body)?;
                if i.orelse.is_empty() {
                    self.patch(j_else);
                } else {
                    let j_end = self.emit(Op::Jump(0));
                    self.patch(j_else);
                    self.stmts(&i.orelse)?;
                    self.patch(j_end);
                }
            }
            Stmt::Pass(_) | Stmt::Global(_) | Stmt::Nonlocal(_) => {}
            Stmt::Break(_) => self.break_or_continue(true, line)?,
            Stmt::Continue(_) => self.break_or_continue(false, line)?,
            Stmt::Return(r) => self.return_stmt(r, line)?,
            Stmt::Delete(d) => {
                for t in &d.targets {
                    self.delete_target(t)?;
                }
            }
            Stmt::Raise(r) => {
                let kind = match (&r.exc, &r.cause) {
                    (None, _) => 0,
                    (Some(e), None) => {
                        self.expr(e)?;
                        1
                    }
                    (Some(e), Some(c)) => {
                        self.expr(e)?;
                        self.expr(c)?;
                        2
                    }
                };
                self.emit(Op::Raise(kind));
            }
            Stmt::Try(t) => self.try_stmt(t)?,
            Stmt::Assert(a) => {
                self.expr(&a.test)?;
                let j = self.emit(Op::PopJumpIfTrue(0));
                self.emit(Op::LoadAssertionError);
                if let Some(m) = &a.msg {
                    self.expr(m)?;
                    self.emit(Op::Call(1));
                }
                self.emit(Op::Raise(1));
                self.patch(j);
            }
            Stmt::FunctionDef(f) => self.function_def(f)?,
            Stmt::AsyncFunctionDef(f) => self.async_function_def(f)?,
            Stmt::ClassDef(c) => self.class_def(c, line)?,
            Stmt::With(w) => self.with_items(&w.items, &w.body)?,
            Stmt::AsyncWith(w) => self.async_with_items(&w.items, &w.body)?,
            Stmt::AsyncFor(f) => self.async_for_stmt(f)?,
            Stmt::Match(m) => self.match_stmt(m)?,
            Stmt::TryStar(t) => self.try_finally(&t.finalbody, |c| c.try_except_star(t))?,
            Stmt::TypeAlias(t) => self.type_alias(t, line)?,
            Stmt::Import(i) => {
                for alias in &i.names {
                    let full = alias.name.as_str();
                    let n = self.name_idx(full);
                    match &alias.asname {
                        Some(asname) => {
                            self.emit(Op::ImportName(n, 0));
                            self.store_name(asname.as_str());
                        }
                        None => {
                            self.emit(Op::ImportName(n, 1));
                            self.store_name(full.split('.').next().unwrap_or(full));
                        }
                    }
                }
            }
            Stmt::ImportFrom(i) => self.import_from(i, line)?,
        }
        Ok(())
    }

    pub(super) fn stmts(&mut self, body: &'a [Stmt]) -> CResult<()> {
        for s in body {
            self.stmt(s)?;
        }
        Ok(())
    }

    /// Stores TOS into an assignment target.
    pub(super) fn store_target(&mut self, t: &'a Expr) -> CResult<()> {
        let line = self.node_line(t);
        match t {
            Expr::Name(n) => self.store_name(n.id.as_str()),
            Expr::Attribute(a) => {
                self.expr(&a.value)?;
                let n = self.name_idx(a.attr.as_str());
                self.emit(Op::StoreAttr(n));
            }
            Expr::Subscript(s) => {
                self.expr(&s.value)?;
                self.expr(&s.slice)?;
                self.emit(Op::StoreSubscr);
            }
            Expr::Tuple(ast::ExprTuple { elts, .. }) | Expr::List(ast::ExprList { elts, .. }) => {
                self.unpack_into(elts, line)?;
            }
            Expr::Starred(_) => {
                return Err(CompileError::syntax(
                    "starred assignment target must be in a list or tuple".into(),
                    line,
                ))
            }
            _ => {
                return Err(CompileError::syntax(
                    "cannot assign to expression".into(),
                    line,
                ))
            }
        }
        Ok(())
    }

    fn unpack_into(&mut self, elts: &'a [Expr], line: u32) -> CResult<()> {
        let star = elts.iter().position(|e| matches!(e, Expr::Starred(_)));
        if elts
            .iter()
            .filter(|e| matches!(e, Expr::Starred(_)))
            .count()
            > 1
        {
            return Err(CompileError::syntax(
                "multiple starred expressions in assignment".into(),
                line,
            ));
        }
        match star {
            None => {
                self.emit(Op::UnpackSequence(elts.len() as u32));
            }
            Some(i) => {
                let after = elts.len() - i - 1;
                self.emit(Op::UnpackEx(((i as u32) << 16) | after as u32));
            }
        }
        for e in elts {
            match e {
                Expr::Starred(s) => self.store_target(&s.value)?,
                other => self.store_target(other)?,
            }
        }
        Ok(())
    }

    fn delete_target(&mut self, t: &'a Expr) -> CResult<()> {
        match t {
            Expr::Name(n) => self.delete_name(n.id.as_str()),
            Expr::Attribute(a) => {
                self.expr(&a.value)?;
                let n = self.name_idx(a.attr.as_str());
                self.emit(Op::DeleteAttr(n));
            }
            Expr::Subscript(s) => {
                self.expr(&s.value)?;
                self.expr(&s.slice)?;
                self.emit(Op::DeleteSubscr);
            }
            Expr::Tuple(ast::ExprTuple { elts, .. }) | Expr::List(ast::ExprList { elts, .. }) => {
                for e in elts {
                    self.delete_target(e)?;
                }
            }
            _ => {
                return Err(CompileError::syntax(
                    "cannot delete expression".into(),
                    self.node_line(t),
                ))
            }
        }
        Ok(())
    }

    fn aug_assign(&mut self, a: &'a ast::StmtAugAssign) -> CResult<()> {
        let op = Op::Inplace(binop(a.op));
        match &*a.target {
            Expr::Name(n) => {
                self.load_name(n.id.as_str());
                self.expr(&a.value)?;
                self.emit(op);
                self.store_name(n.id.as_str());
            }
            Expr::Subscript(s) => {
                self.expr(&s.value)?;
                self.expr(&s.slice)?;
                self.emit(Op::DupTwo);
                self.emit(Op::Subscr);
                self.expr(&a.value)?;
                self.emit(op);
                self.emit(Op::Rot3);
                self.emit(Op::StoreSubscr);
            }
            Expr::Attribute(at) => {
                self.expr(&at.value)?;
                self.emit(Op::Dup);
                let n = self.name_idx(at.attr.as_str());
                self.emit(Op::LoadAttr(n));
                self.expr(&a.value)?;
                self.emit(op);
                self.emit(Op::Rot2);
                self.emit(Op::StoreAttr(n));
            }
            _ => {
                return Err(CompileError::syntax(
                    "'expression' is an illegal expression for augmented assignment".into(),
                    self.node_line(&*a.target),
                ))
            }
        }
        Ok(())
    }

    fn for_stmt(&mut self, f: &'a ast::StmtFor) -> CResult<()> {
        self.for_loop(&f.iter, &f.target, &f.body, &f.orelse, false)
    }

    fn async_for_stmt(&mut self, f: &'a ast::StmtAsyncFor) -> CResult<()> {
        self.for_loop(&f.iter, &f.target, &f.body, &f.orelse, true)
    }

    /// `for` and `async for` (`is_async`) with their `else`.
    fn for_loop(
        &mut self,
        iter: &'a Expr,
        target: &'a Expr,
        body: &'a [Stmt],
        orelse: &'a [Stmt],
        is_async: bool,
    ) -> CResult<()> {
        self.expr(iter)?;
        self.loop_iter(is_async);
        let start = self.here();
        let exit = self.loop_step(is_async);
        self.unit().blocks.push(Block::Loop {
            continue_target: start,
            breaks: Vec::new(),
            is_for: true,
        });
        self.store_target(target)?;
        self.stmts(body)?;
        self.emit(Op::Jump(start));
        let Some(Block::Loop { breaks, .. }) = self.unit().blocks.pop() else {
            unreachable!("loop block")
        };
        self.loop_exit(exit, is_async);
        self.stmts(orelse)?;
        for b in breaks {
            self.patch(b);
        }
        Ok(())
    }

    /// Turns the iterable on the stack into the iterator a loop steps
    /// (`GetIter`, or `GetAIter` for an `async for`).
    pub(super) fn loop_iter(&mut self, is_async: bool) {
        self.emit(if is_async { Op::GetAIter } else { Op::GetIter });
    }

    /// A loop's step (the iterator on the stack): pushes the next item;
    /// returns what [`Self::loop_exit`] patches. An `async for` awaits
    /// `anext(aiter)` under a handler that ends the loop on
    /// `StopAsyncIteration` (`Op::EndAsyncFor`).
    pub(super) fn loop_step(&mut self, is_async: bool) -> usize {
        if !is_async {
            return self.emit(Op::ForIter(0));
        }
        let h = self.emit(Op::SetupExcept(0));
        self.emit(Op::GetANext);
        self.emit(Op::Await);
        self.emit(Op::PopHandler);
        h
    }

    /// Where a loop goes when its iterator is exhausted: here (with the
    /// iterator popped), after the loop's back jump.
    pub(super) fn loop_exit(&mut self, step: usize, is_async: bool) {
        self.patch(step);
        if is_async {
            self.emit(Op::EndAsyncFor);
        }
    }

    fn while_stmt(&mut self, w: &'a ast::StmtWhile) -> CResult<()> {
        let start = self.here();
        let always =
            matches!(&*w.test, Expr::Constant(c) if matches!(c.value, ast::Constant::Bool(true)));
        let j_exit = if always {
            None
        } else {
            self.expr(&w.test)?;
            Some(self.emit(Op::PopJumpIfFalse(0)))
        };
        self.unit().blocks.push(Block::Loop {
            continue_target: start,
            breaks: Vec::new(),
            is_for: false,
        });
        self.stmts(&w.body)?;
        self.emit(Op::Jump(start));
        let Some(Block::Loop { breaks, .. }) = self.unit().blocks.pop() else {
            unreachable!("loop block")
        };
        if let Some(j) = j_exit {
            self.patch(j);
        }
        self.stmts(&w.orelse)?;
        for b in breaks {
            self.patch(b);
        }
        Ok(())
    }

    /// Emits the cleanup for leaving blocks `from..` (innermost last).
    fn unwind_blocks(&mut self, from: usize, for_return: bool) -> CResult<()> {
        let mut i = self.unit().blocks.len();
        while i > from {
            i -= 1;
            match &self.unit().blocks[i] {
                Block::Loop { is_for, .. } => {
                    if *is_for && !for_return {
                        self.emit(Op::Pop);
                    }
                }
                Block::Try => {
                    self.emit(Op::PopHandler);
                }
                Block::TryFinally(body) => {
                    let body: &'a [Stmt] = body;
                    self.emit(Op::PopHandler);
                    // The finally body runs in the context outside its try.
                    let inner = self.unit().blocks.split_off(i);
                    self.stmts(body)?;
                    self.unit().blocks.extend(inner);
                }
                Block::ExceptStarBody(name) => {
                    let name = *name;
                    self.emit(Op::PopHandler);
                    self.emit(Op::PopExcept);
                    if let Some(name) = name {
                        self.clear_handler_name(name);
                    }
                }
                Block::ExceptBody(name) => {
                    let name = *name;
                    if let Some(name) = name {
                        self.emit(Op::PopHandler);
                        self.emit(Op::PopExcept);
                        self.clear_handler_name(name);
                    } else {
                        self.emit(Op::PopExcept);
                    }
                }
                Block::FinallyExc => {
                    self.emit(Op::PopExcept);
                    if !for_return {
                        self.emit(Op::Pop);
                    }
                }
                Block::With => {
                    self.emit(Op::PopHandler);
                    self.emit(Op::WithExit);
                }
                Block::AsyncWith => {
                    self.emit(Op::PopHandler);
                    self.emit(Op::AsyncWithExit);
                    self.emit(Op::Await);
                    self.emit(Op::Pop);
                }
            }
        }
        Ok(())
    }

    fn break_or_continue(&mut self, is_break: bool, line: u32) -> CResult<()> {
        let Some(loop_idx) = self
            .unit()
            .blocks
            .iter()
            .rposition(|b| matches!(b, Block::Loop { .. }))
        else {
            let what = if is_break {
                "'break' outside loop"
            } else {
                "'continue' not properly in loop"
            };
            return Err(CompileError::syntax(what.into(), line));
        };
        if self.unit().blocks[loop_idx..]
            .iter()
            .any(|b| matches!(b, Block::ExceptStarBody(_)))
        {
            return Err(CompileError::syntax(EXCEPT_STAR_EXIT.into(), line));
        }
        self.unwind_blocks(loop_idx + 1, false)?;
        let (target, is_for) = match &self.unit().blocks[loop_idx] {
            Block::Loop {
                continue_target,
                is_for,
                ..
            } => (*continue_target, *is_for),
            _ => unreachable!("found a loop"),
        };
        if is_break {
            if is_for {
                self.emit(Op::Pop);
            }
            let j = self.emit(Op::Jump(0));
            if let Block::Loop { breaks, .. } = &mut self.unit().blocks[loop_idx] {
                breaks.push(j);
            }
        } else {
            self.emit(Op::Jump(target));
        }
        Ok(())
    }

    fn return_stmt(&mut self, r: &'a ast::StmtReturn, line: u32) -> CResult<()> {
        if self.unit().frame_scope == 0 {
            return Err(CompileError::syntax(
                "'return' outside function".into(),
                line,
            ));
        }
        if self
            .unit()
            .blocks
            .iter()
            .any(|b| matches!(b, Block::ExceptStarBody(_)))
        {
            return Err(CompileError::syntax(EXCEPT_STAR_EXIT.into(), line));
        }
        match &r.value {
            Some(v) => self.expr(v)?,
            None => {
                self.emit(Op::LoadNone);
            }
        }
        let needs_unwind = self
            .unit()
            .blocks
            .iter()
            .any(|b| !matches!(b, Block::Loop { .. }));
        if needs_unwind {
            let tmp = self.new_slot("<return>".into());
            self.emit(Op::StoreFast(tmp));
            self.unwind_blocks(0, true)?;
            self.emit(Op::LoadFast(tmp));
        }
        self.emit(Op::Return);
        Ok(())
    }

    fn try_stmt(&mut self, t: &'a ast::StmtTry) -> CResult<()> {
        self.try_finally(&t.finalbody, |c| c.try_except(t))
    }

    /// `try: <inner> finally: <finalbody>`, `inner` being the rest of the
    /// statement (its `except` clauses and `else`).
    pub(super) fn try_finally(
        &mut self,
        finalbody: &'a [Stmt],
        inner: impl FnOnce(&mut Self) -> CResult<()>,
    ) -> CResult<()> {
        if finalbody.is_empty() {
            return inner(self);
        }
        let h = self.emit(Op::SetupExcept(0));
        self.unit().blocks.push(Block::TryFinally(finalbody));
        inner(self)?;
        self.unit().blocks.pop();
        self.emit(Op::PopHandler);
        self.stmts(finalbody)?;
        let j_end = self.emit(Op::Jump(0));
        self.patch(h);
        self.unit().blocks.push(Block::FinallyExc);
        self.stmts(finalbody)?;
        self.unit().blocks.pop();
        self.emit(Op::Reraise);
        self.patch(j_end);
        Ok(())
    }

    /// `try: body` under a handler, then `else: orelse`; returns the jump
    /// over the handlers (to patch to their end). The handlers' code
    /// follows, entered with the exception on the stack.
    pub(super) fn try_body_else(&mut self, body: &'a [Stmt], orelse: &'a [Stmt]) -> CResult<usize> {
        let h = self.emit(Op::SetupExcept(0));
        self.unit().blocks.push(Block::Try);
        self.stmts(body)?;
        self.unit().blocks.pop();
        self.emit(Op::PopHandler);
        self.stmts(orelse)?;
        let done = self.emit(Op::Jump(0));
        self.patch(h);
        Ok(done)
    }

    fn try_except(&mut self, t: &'a ast::StmtTry) -> CResult<()> {
        if t.handlers.is_empty() {
            self.stmts(&t.body)?;
            return self.stmts(&t.orelse);
        }
        let mut ends = vec![self.try_body_else(&t.body, &t.orelse)?];
        let n = t.handlers.len();
        let mut needs_reraise = true;
        for (i, handler) in t.handlers.iter().enumerate() {
            let ast::ExceptHandler::ExceptHandler(hd) = handler;
            self.set_line(hd.range.start().into());
            let next = match &hd.type_ {
                Some(ty) => {
                    self.expr(ty)?;
                    self.emit(Op::ExcMatch);
                    Some(self.emit(Op::PopJumpIfFalse(0)))
                }
                None => {
                    if i + 1 != n {
                        return Err(CompileError::syntax(
                            "default 'except:' must be last".into(),
                            self.node_line(hd),
                        ));
                    }
                    needs_reraise = false;
                    None
                }
            };
            match &hd.name {
                Some(name) => self.store_name(name.as_str()),
                None => {
                    self.emit(Op::Pop);
                }
            }
            let name = hd.name.as_ref().map(|n| n.as_str());
            // `except E as name:` clears `name` however the body is left.
            let cleanup = name.map(|_| self.emit(Op::SetupExcept(0)));
            self.unit().blocks.push(Block::ExceptBody(name));
            self.stmts(&hd.body)?;
            self.unit().blocks.pop();
            if cleanup.is_some() {
                self.emit(Op::PopHandler);
            }
            self.emit(Op::PopExcept);
            if let Some(name) = name {
                self.clear_handler_name(name);
            }
            ends.push(self.emit(Op::Jump(0)));
            if let (Some(h), Some(name)) = (cleanup, name) {
                self.patch(h);
                self.clear_handler_name(name);
                self.emit(Op::Reraise);
            }
            if let Some(j) = next {
                self.patch(j);
            }
        }
        if needs_reraise {
            self.emit(Op::Reraise);
        }
        for j in ends {
            self.patch(j);
        }
        Ok(())
    }

    /// `name = None; del name`: how an `except ... as name` target is
    /// unbound when its handler is left.
    pub(super) fn clear_handler_name(&mut self, name: &str) {
        self.emit(Op::LoadNone);
        self.store_name(name);
        self.delete_name(name);
    }

    /// `with a as x, b as y: body` as nested single-item `with`s.
    fn with_items(&mut self, items: &'a [ast::WithItem], body: &'a [Stmt]) -> CResult<()> {
        let Some((item, rest)) = items.split_first() else {
            return self.stmts(body);
        };
        self.expr(&item.context_expr)?;
        self.emit(Op::WithEnter);
        let h = self.emit(Op::SetupExcept(0));
        self.unit().blocks.push(Block::With);
        match &item.optional_vars {
            Some(target) => self.store_target(target)?,
            None => {
                self.emit(Op::Pop);
            }
        }
        self.with_items(rest, body)?;
        self.unit().blocks.pop();
        self.emit(Op::PopHandler);
        self.emit(Op::WithExit);
        let j = self.emit(Op::Jump(0));
        self.patch(h);
        let exc_exit = self.emit(Op::WithExitExc(0));
        self.patch(exc_exit);
        self.patch(j);
        Ok(())
    }

    /// `async with a as x, b as y: body` as nested single-item ones. The
    /// awaited `__aenter__` result waits in a hidden slot while the handler
    /// is set up at the manager's level.
    fn async_with_items(&mut self, items: &'a [ast::WithItem], body: &'a [Stmt]) -> CResult<()> {
        let Some((item, rest)) = items.split_first() else {
            return self.stmts(body);
        };
        self.expr(&item.context_expr)?;
        self.emit(Op::AsyncWithEnter);
        self.emit(Op::Await);
        let entered = self.new_slot("<async with>".into());
        self.emit(Op::StoreFast(entered));
        let h = self.emit(Op::SetupExcept(0));
        self.unit().blocks.push(Block::AsyncWith);
        self.emit(Op::LoadFast(entered));
        match &item.optional_vars {
            Some(target) => self.store_target(target)?,
            None => {
                self.emit(Op::Pop);
            }
        }
        self.async_with_items(rest, body)?;
        self.unit().blocks.pop();
        self.emit(Op::PopHandler);
        self.emit(Op::AsyncWithExit);
        self.emit(Op::Await);
        self.emit(Op::Pop);
        let j = self.emit(Op::Jump(0));
        self.patch(h);
        self.emit(Op::AsyncWithExitExc);
        self.emit(Op::Await);
        let check = self.emit(Op::AsyncWithCheck(0));
        self.patch(check);
        self.patch(j);
        Ok(())
    }

    fn import_from(&mut self, i: &'a ast::StmtImportFrom, line: u32) -> CResult<()> {
        let module = i.module.as_ref().map(|m| m.as_str()).unwrap_or("");
        let relative = i.level.map(|l| l.to_u32()).unwrap_or(0) > 0;
        if module == "__future__" {
            for alias in &i.names {
                let n = alias.name.as_str();
                if !crate::FUTURE_FEATURES.contains(&n) {
                    return Err(CompileError::syntax(
                        format!("future feature {n} is not defined"),
                        line,
                    ));
                }
            }
        }
        if i.names.iter().any(|a| a.name.as_str() == "*") {
            return Err(CompileError {
                kind: "NotImplementedError",
                message: "Wildcard imports (`from ... import *`) are not supported".into(),
                line,
            });
        }
        let n = self.name_idx(module);
        self.emit(Op::ImportName(n, if relative { 2 } else { 0 }));
        for alias in &i.names {
            let name = self.name_idx(alias.name.as_str());
            self.emit(Op::ImportFrom(name));
            let target = alias.asname.as_ref().unwrap_or(&alias.name);
            self.store_name(target.as_str());
        }
        self.emit(Op::Pop);
        Ok(())
    }

    /// Pushes the defaults, kw-defaults and closure of a function about to be
    /// made; returns the `MakeFunction` flags.
    pub(super) fn function_prelude(
        &mut self,
        args: &'a ast::Arguments,
        child_scope: usize,
    ) -> CResult<u32> {
        let mut flags = 0;
        let defaults: Vec<&'a Expr> = args
            .posonlyargs
            .iter()
            .chain(&args.args)
            .filter_map(|a| a.default.as_deref())
            .collect();
        if !defaults.is_empty() {
            for d in &defaults {
                self.expr(d)?;
            }
            self.emit(Op::BuildTuple(defaults.len() as u32));
            flags |= FN_DEFAULTS;
        }
        let kwdefaults: Vec<(&str, &'a Expr)> = args
            .kwonlyargs
            .iter()
            .filter_map(|a| a.default.as_deref().map(|d| (a.def.arg.as_str(), d)))
            .collect();
        if !kwdefaults.is_empty() {
            for (name, d) in &kwdefaults {
                let k = self.add_const(super::bytecode::Const::Str(name.to_string()));
                self.emit(Op::LoadConst(k));
                self.expr(d)?;
            }
            self.emit(Op::BuildMap(kwdefaults.len() as u32));
            flags |= FN_KWDEFAULTS;
        }
        flags |= self.push_closure(child_scope)?;
        Ok(flags)
    }

    /// Pushes the closure tuple of the function or class body about to be
    /// made (its free variables' cells); returns `FN_CLOSURE` or 0.
    pub(super) fn push_closure(&mut self, child_scope: usize) -> CResult<u32> {
        let mut flags = 0;
        let frees: Vec<String> = self.st.scopes[child_scope].frees.iter().cloned().collect();
        if !frees.is_empty() {
            for name in &frees {
                match self.resolve(name) {
                    NameLoc::Deref(slot) => {
                        self.emit(Op::LoadClosure(slot));
                    }
                    other => panic!("free variable {name} resolved to {other:?}"),
                }
            }
            self.emit(Op::BuildTuple(frees.len() as u32));
            flags |= FN_CLOSURE;
        }
        Ok(flags)
    }

    fn class_def(&mut self, c: &'a ast::StmtClassDef, line: u32) -> CResult<()> {
        for d in &c.decorator_list {
            self.expr(d)?;
        }
        // `metaclass=` alone (the library's metaclasses, `vm/meta.rs`)
        let meta = match c.keywords.as_slice() {
            [] => None,
            [k] if k.arg.as_ref().is_some_and(|a| a.as_str() == "metaclass") => Some(&k.value),
            _ => return Err(CompileError::unsupported("class keyword arguments", line)),
        };
        let child = self.st.scope_of(c);
        let no_args = ast::Arguments {
            range: Default::default(),
            posonlyargs: Vec::new(),
            args: Vec::new(),
            vararg: None,
            kwonlyargs: Vec::new(),
            kwarg: None,
        };
        let flags = self.push_closure(child)?;
        let code = self.function_code(
            child,
            c.name.as_str(),
            &no_args,
            line,
            FunctionBody::Class(&c.body),
        )?;
        self.unit().line = line;
        self.emit(Op::MakeFunction(code, flags));
        let k = self.add_const(super::bytecode::Const::Str(c.name.to_string()));
        self.emit(Op::LoadConst(k));
        for b in &c.bases {
            if let Expr::Starred(_) = b {
                return Err(CompileError::unsupported("starred class bases", line));
            }
            self.expr(b)?;
        }
        if let Some(m) = meta {
            self.expr(m)?;
        }
        self.unit().line = line;
        let nbases = c.bases.len() as u32;
        self.emit(match meta {
            Some(_) => Op::BuildClassMeta(nbases),
            None => Op::BuildClass(nbases),
        });
        for _ in &c.decorator_list {
            self.emit(Op::Call(1));
        }
        self.store_name(c.name.as_str());
        Ok(())
    }

    fn async_function_def(&mut self, f: &'a ast::StmtAsyncFunctionDef) -> CResult<()> {
        let (child, line) = (self.st.scope_of(f), self.node_line(f));
        self.def_statement(child, line, &f.name, &f.args, &f.body, &f.decorator_list)
    }

    fn function_def(&mut self, f: &'a ast::StmtFunctionDef) -> CResult<()> {
        let (child, line) = (self.st.scope_of(f), self.node_line(f));
        self.def_statement(child, line, &f.name, &f.args, &f.body, &f.decorator_list)
    }

    /// `def` and `async def`: decorators, defaults, the code object, the
    /// decorator calls and the binding (the symbol table marks the scope
    /// as a coroutine).
    fn def_statement(
        &mut self,
        child: usize,
        line: u32,
        name: &str,
        args: &'a ast::Arguments,
        body: &'a [ast::Stmt],
        decorators: &'a [ast::Expr],
    ) -> CResult<()> {
        for d in decorators {
            self.expr(d)?;
        }
        let flags = self.function_prelude(args, child)?;
        let code = self.function_code(child, name, args, line, FunctionBody::Def(body))?;
        self.unit().line = line;
        self.emit(Op::MakeFunction(code, flags));
        for _ in decorators {
            self.emit(Op::Call(1));
        }
        self.store_name(name);
        Ok(())
    }
}
