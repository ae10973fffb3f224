//! Code generation for expressions: operators, displays, inlined
//! comprehensions, calls (positional, keyword, `*`/`**`), f-strings,
//! subscripts and slices, lambdas.

use num_traits::ToPrimitive;
use rustpython_parser::ast::{self, ConversionFlag, Expr};

use super::bytecode::{BinOp, CmpOp, Const, Op, UnaryOp, LIST_EXTEND_CALL_ARGS};
use super::fold::fold;
use super::stmt::binop;
use super::{CResult, CompileError, Compiler, FunctionBody};

fn cmpop(op: ast::CmpOp) -> CmpOp {
    use ast::CmpOp as C;
    match op {
        C::Eq => CmpOp::Eq,
        C::NotEq => CmpOp::Ne,
        C::Lt => CmpOp::Lt,
        C::LtE => CmpOp::Le,
        C::Gt => CmpOp::Gt,
        C::GtE => CmpOp::Ge,
        C::Is => CmpOp::Is,
        C::IsNot => CmpOp::IsNot,
        C::In => CmpOp::In,
        C::NotIn => CmpOp::NotIn,
    }
}

/// The constant of a literal (the parser has already folded its text).
pub(super) fn constant(c: &ast::Constant) -> Const {
    match c {
        ast::Constant::None => Const::None,
        ast::Constant::Bool(b) => Const::Bool(*b),
        ast::Constant::Str(s) => Const::Str(s.clone()),
        ast::Constant::Bytes(b) => Const::Bytes(b.clone()),
        ast::Constant::Int(i) => match i.to_i64() {
            Some(v) => Const::Int(v),
            None => Const::BigInt(i.clone()),
        },
        ast::Constant::Tuple(items) => Const::Tuple(items.iter().map(constant).collect()),
        ast::Constant::Float(f) => Const::Float(*f),
        ast::Constant::Complex { real, imag } => Const::Complex(*real, *imag),
        ast::Constant::Ellipsis => Const::Ellipsis,
    }
}

/// The text of f-string parts that are all constant strs (`None` if any
/// is not).
fn constant_text(parts: &[Expr]) -> Option<String> {
    let mut text = String::new();
    for part in parts {
        match part {
            Expr::Constant(ast::ExprConstant {
                value: ast::Constant::Str(s),
                ..
            }) => text.push_str(s),
            _ => return None,
        }
    }
    Some(text)
}

impl<'a> Compiler<'a> {
    pub(super) fn expr(&mut self, e: &'a Expr) -> CResult<()> {
        let line = self.node_line(e);
        self.enter(line)?;
        let saved = self.unit().line;
        self.unit().line = line;
        let r = self.expr_inner(e, line);
        self.unit().line = saved;
        self.leave();
        r
    }

    fn expr_inner(&mut self, e: &'a Expr, line: u32) -> CResult<()> {
        if let Some(k) = fold(e) {
            let k = self.add_const(k);
            self.emit(Op::LoadConst(k));
            return Ok(());
        }
        match e {
            Expr::Constant(c) => {
                if matches!(c.value, ast::Constant::None) {
                    self.emit(Op::LoadNone);
                } else {
                    let k = constant(&c.value);
                    let k = self.add_const(k);
                    self.emit(Op::LoadConst(k));
                }
            }
            Expr::Name(n) => self.load_name(n.id.as_str()),
            Expr::BoolOp(b) => {
                let mut jumps = Vec::new();
                let n = b.values.len();
                for (i, v) in b.values.iter().enumerate() {
                    self.expr(v)?;
                    if i + 1 < n {
                        let op = match b.op {
                            ast::BoolOp::And => Op::JumpIfFalseOrPop(0),
                            ast::BoolOp::Or => Op::JumpIfTrueOrPop(0),
                        };
                        jumps.push(self.emit(op));
                    }
                }
                for j in jumps {
                    self.patch(j);
                }
            }
            Expr::BinOp(b) => {
                self.expr(&b.left)?;
                if b.op == ast::Operator::Add {
                    // (the left operand's own `+` hands its result to this
                    // one alone: `a + b + c`)
                    let last = self.unit().code.ops.last_mut();
                    if let (Expr::BinOp(_), Some(op @ Op::Binary(BinOp::Add))) = (&*b.left, last) {
                        *op = Op::AddTemp;
                    }
                }
                self.expr(&b.right)?;
                self.emit(Op::Binary(binop(b.op)));
            }
            Expr::UnaryOp(u) => {
                self.expr(&u.operand)?;
                let op = match u.op {
                    ast::UnaryOp::Invert => UnaryOp::Invert,
                    ast::UnaryOp::Not => UnaryOp::Not,
                    ast::UnaryOp::UAdd => UnaryOp::Pos,
                    ast::UnaryOp::USub => UnaryOp::Neg,
                };
                self.emit(Op::Unary(op));
            }
            Expr::Compare(c) => self.compare(c)?,
            Expr::IfExp(i) => {
                self.expr(&i.test)?;
                let j_else = self.emit(Op::PopJumpIfFalse(0));
                self.expr(&i.body)?;
                let j_end = self.emit(Op::Jump(0));
                self.patch(j_else);
                self.expr(&i.orelse)?;
                self.patch(j_end);
            }
            Expr::NamedExpr(n) => {
                self.expr(&n.value)?;
                self.emit(Op::Dup);
                match &*n.target {
                    Expr::Name(t) => self.store_name(t.id.as_str()),
                    _ => {
                        return Err(CompileError::syntax(
                            "cannot use assignment expressions with this target".into(),
                            line,
                        ))
                    }
                }
            }
            Expr::Lambda(l) => {
                let child = self.st.scope_of(l);
                let flags = self.function_prelude(&l.args, child)?;
                let code = self.function_code(
                    child,
                    "<lambda>",
                    &l.args,
                    line,
                    FunctionBody::Lambda(&l.body),
                )?;
                self.unit().line = line;
                self.emit(Op::MakeFunction(code, flags));
            }
            Expr::Dict(d) => {
                if d.keys.iter().all(Option::is_some) {
                    for (k, v) in d.keys.iter().zip(&d.values) {
                        self.expr(k.as_ref().expect("checked"))?;
                        self.expr(v)?;
                    }
                    self.emit(Op::BuildMap(d.keys.len() as u32));
                } else {
                    self.emit(Op::BuildMap(0));
                    for (k, v) in d.keys.iter().zip(&d.values) {
                        match k {
                            Some(k) => {
                                self.expr(k)?;
                                self.expr(v)?;
                                self.emit(Op::MapAdd(1));
                            }
                            None => {
                                self.expr(v)?;
                                self.emit(Op::DictUpdate(1));
                            }
                        }
                    }
                }
            }
            Expr::Set(s) => self.sequence(&s.elts, Seq::Set)?,
            Expr::List(l) => self.sequence(&l.elts, Seq::List)?,
            Expr::Tuple(t) => self.sequence(&t.elts, Seq::Tuple)?,
            Expr::ListComp(c) => {
                self.emit(Op::BuildList(0));
                self.comprehension(c, &c.generators, CompKind::List(&c.elt))?;
            }
            Expr::SetComp(c) => {
                self.emit(Op::BuildSet(0));
                self.comprehension(c, &c.generators, CompKind::Set(&c.elt))?;
            }
            Expr::DictComp(c) => {
                self.emit(Op::BuildMap(0));
                self.comprehension(c, &c.generators, CompKind::Dict(&c.key, &c.value))?;
            }
            Expr::GeneratorExp(g) => {
                let child = self.st.scope_of(g);
                let flags = self.push_closure(child)?;
                let no_args = ast::Arguments {
                    range: Default::default(),
                    posonlyargs: Vec::new(),
                    args: Vec::new(),
                    vararg: None,
                    kwonlyargs: Vec::new(),
                    kwarg: None,
                };
                let code = self.function_code(
                    child,
                    "<genexpr>",
                    &no_args,
                    line,
                    FunctionBody::GenExpr(g),
                )?;
                self.unit().line = line;
                self.emit(Op::MakeFunction(code, flags));
                self.expr(&g.generators[0].iter)?;
                self.loop_iter(g.generators[0].is_async);
                self.emit(Op::Call(1));
            }
            Expr::Await(a) => {
                self.expr(&a.value)?;
                self.unit().line = line;
                self.emit(Op::Await);
            }
            Expr::Yield(y) => {
                match &y.value {
                    Some(v) => self.expr(v)?,
                    None => {
                        self.emit(Op::LoadNone);
                    }
                }
                self.emit(Op::Yield);
            }
            Expr::YieldFrom(y) => {
                // Delegation: each item the sub-iterator yields is yielded
                // on, each value sent in is sent to it (`Send`), and its
                // return value is the expression's value.
                self.expr(&y.value)?;
                self.emit(Op::GetIter);
                self.emit(Op::LoadNone);
                let start = self.here();
                let exit = self.emit(Op::Send(0));
                self.emit(Op::Yield);
                self.emit(Op::Jump(start));
                self.patch(exit);
            }
            Expr::Call(c) => self.call(c)?,
            Expr::FormattedValue(f) => self.formatted_value(f)?,
            Expr::JoinedStr(j) => {
                // (an f-string without placeholders, as a format spec
                // `f"{n:06d}"` is: its text as one constant, not a str
                // built at each run)
                if let Some(text) = constant_text(&j.values) {
                    let k = self.add_const(Const::Str(text));
                    self.emit(Op::LoadConst(k));
                    return Ok(());
                }
                for v in &j.values {
                    match v {
                        Expr::Constant(c) => {
                            let k = constant(&c.value);
                            let k = self.add_const(k);
                            self.emit(Op::LoadConst(k));
                        }
                        Expr::FormattedValue(f) => self.formatted_value(f)?,
                        other => self.expr(other)?,
                    }
                }
                self.emit(Op::BuildString(j.values.len() as u32));
            }
            Expr::Attribute(a) => {
                self.expr(&a.value)?;
                let n = self.name_idx(a.attr.as_str());
                self.emit(Op::LoadAttr(n));
            }
            Expr::Subscript(s) => {
                self.expr(&s.value)?;
                self.expr(&s.slice)?;
                self.emit(Op::Subscr);
            }
            Expr::Slice(s) => {
                for part in [&s.lower, &s.upper] {
                    match part {
                        Some(p) => self.expr(p)?,
                        None => {
                            self.emit(Op::LoadNone);
                        }
                    }
                }
                match &s.step {
                    Some(p) => {
                        self.expr(p)?;
                        self.emit(Op::BuildSlice(3));
                    }
                    None => {
                        self.emit(Op::BuildSlice(2));
                    }
                }
            }
            Expr::Starred(_) => {
                return Err(CompileError::syntax(
                    "can't use starred expression here".into(),
                    line,
                ))
            }
        }
        Ok(())
    }

    fn formatted_value(&mut self, f: &'a ast::ExprFormattedValue) -> CResult<()> {
        self.expr(&f.value)?;
        let conv = match f.conversion {
            ConversionFlag::None => 0,
            ConversionFlag::Str => 1,
            ConversionFlag::Repr => 2,
            ConversionFlag::Ascii => 3,
        };
        let mut flags = conv;
        if let Some(spec) = &f.format_spec {
            self.expr(spec)?;
            flags |= 4;
        }
        self.emit(Op::FormatValue(flags));
        Ok(())
    }

    fn compare(&mut self, c: &'a ast::ExprCompare) -> CResult<()> {
        self.expr(&c.left)?;
        let n = c.ops.len();
        if n == 1 {
            self.expr(&c.comparators[0])?;
            self.emit(Op::Compare(cmpop(c.ops[0])));
            return Ok(());
        }
        let mut cleanups = Vec::new();
        for (i, (op, right)) in c.ops.iter().zip(&c.comparators).enumerate() {
            self.expr(right)?;
            if i + 1 < n {
                self.emit(Op::Dup);
                self.emit(Op::Rot3);
                self.emit(Op::Compare(cmpop(*op)));
                cleanups.push(self.emit(Op::JumpIfFalseOrPop(0)));
            } else {
                self.emit(Op::Compare(cmpop(*op)));
            }
        }
        let j_end = self.emit(Op::Jump(0));
        for j in cleanups {
            self.patch(j);
        }
        self.emit(Op::Rot2);
        self.emit(Op::Pop);
        self.patch(j_end);
        Ok(())
    }

    fn sequence(&mut self, elts: &'a [Expr], kind: Seq) -> CResult<()> {
        let has_star = elts.iter().any(|e| matches!(e, Expr::Starred(_)));
        if !has_star {
            for e in elts {
                self.expr(e)?;
            }
            let n = elts.len() as u32;
            self.emit(match kind {
                Seq::List => Op::BuildList(n),
                Seq::Tuple | Seq::CallArgs => Op::BuildTuple(n),
                Seq::Set => Op::BuildSet(n),
            });
            return Ok(());
        }
        self.emit(match kind {
            Seq::Set => Op::BuildSet(0),
            _ => Op::BuildList(0),
        });
        for e in elts {
            match e {
                Expr::Starred(s) => {
                    self.expr(&s.value)?;
                    self.emit(match kind {
                        Seq::Set => Op::SetUpdate(1),
                        Seq::CallArgs => Op::ListExtend(1 | LIST_EXTEND_CALL_ARGS),
                        _ => Op::ListExtend(1),
                    });
                }
                other => {
                    self.expr(other)?;
                    self.emit(match kind {
                        Seq::Set => Op::SetAdd(1),
                        _ => Op::ListAppend(1),
                    });
                }
            }
        }
        if let Seq::Tuple | Seq::CallArgs = kind {
            self.emit(Op::ListToTuple);
        }
        Ok(())
    }

    fn comprehension<T>(
        &mut self,
        node: &T,
        gens: &'a [ast::Comprehension],
        kind: CompKind<'a>,
    ) -> CResult<()> {
        // The outermost iterable is evaluated in the enclosing scope.
        self.expr(&gens[0].iter)?;
        self.loop_iter(gens[0].is_async);
        let comp_scope = self.st.scope_of(node);
        let saved_scope = self.unit().scope;
        let start = self.here();
        self.unit().scope = comp_scope;
        self.make_cells(comp_scope);
        let mut loops = Vec::new();
        for (i, g) in gens.iter().enumerate() {
            if i > 0 {
                self.expr(&g.iter)?;
                self.loop_iter(g.is_async);
            }
            let start = self.here();
            let exit = self.loop_step(g.is_async);
            self.store_target(&g.target)?;
            for cond in &g.ifs {
                self.expr(cond)?;
                self.emit(Op::PopJumpIfFalse(start));
            }
            loops.push((start, exit, g.is_async));
        }
        let depth = gens.len() as u32 + 1;
        match kind {
            CompKind::List(elt) => {
                self.expr(elt)?;
                self.emit(Op::ListAppend(depth));
            }
            CompKind::Set(elt) => {
                self.expr(elt)?;
                self.emit(Op::SetAdd(depth));
            }
            CompKind::Dict(k, v) => {
                self.expr(k)?;
                self.expr(v)?;
                self.emit(Op::MapAdd(depth));
            }
        }
        for (start, exit, is_async) in loops.into_iter().rev() {
            self.emit(Op::Jump(start));
            self.loop_exit(exit, is_async);
        }
        self.unit().scope = saved_scope;
        let end = self.here();
        let u = self.unit();
        let mut own: Vec<u32> = u
            .slots
            .iter()
            .filter(|(k, _)| k.0 == comp_scope)
            .map(|(_, &s)| s)
            .collect();
        own.sort_unstable();
        u.code
            .scoped_slots
            .extend(own.into_iter().map(|s| (s, start, end)));
        Ok(())
    }

    /// The body of a generator expression: loops over `.0` (slot 0) and
    /// the further `for` clauses, yielding each element.
    pub(super) fn genexpr_body(&mut self, g: &'a ast::ExprGeneratorExp) -> CResult<()> {
        let mut loops = Vec::new();
        for (i, gen) in g.generators.iter().enumerate() {
            if i == 0 {
                self.emit(Op::LoadFast(0));
            } else {
                self.expr(&gen.iter)?;
                self.loop_iter(gen.is_async);
            }
            let start = self.here();
            let exit = self.loop_step(gen.is_async);
            self.store_target(&gen.target)?;
            for cond in &gen.ifs {
                self.expr(cond)?;
                self.emit(Op::PopJumpIfFalse(start));
            }
            loops.push((start, exit, gen.is_async));
        }
        self.expr(&g.elt)?;
        self.emit(Op::Yield);
        self.emit(Op::Pop);
        for (start, exit, is_async) in loops.into_iter().rev() {
            self.emit(Op::Jump(start));
            self.loop_exit(exit, is_async);
        }
        Ok(())
    }

    fn call(&mut self, c: &'a ast::ExprCall) -> CResult<()> {
        let line = self.unit().line;
        let has_star = c.args.iter().any(|a| matches!(a, Expr::Starred(_)));
        let has_dstar = c.keywords.iter().any(|k| k.arg.is_none());
        let mut seen = rustc_hash::FxHashSet::default();
        for k in &c.keywords {
            if let Some(name) = &k.arg {
                if !seen.insert(name.as_str()) {
                    return Err(CompileError::syntax(
                        format!("keyword argument repeated: {}", name.as_str()),
                        line,
                    ));
                }
            }
        }
        if let Expr::Attribute(a) = &*c.func {
            if c.keywords.is_empty() && !has_star {
                self.expr(&a.value)?;
                let n = self.name_idx(a.attr.as_str());
                // CPython looks the method up before the arguments run;
                // `CallMethod` looks it up after them, which only the
                // arguments' effects could tell apart (and, were an
                // argument an unbound name as well, which error comes
                // first): arguments that may have effects get the lookup
                // first (`LoadMethod`), so `obj.typo(await tool())` raises
                // before it calls the tool.
                // (`super().name(...)` too: its lookup has the cache of
                // `LoadMethod`, `CallMethod`'s walks the MRO)
                let loaded = !c.args.iter().all(effect_free_arg) || is_zero_arg_super(&a.value);
                if loaded {
                    self.unit().line = line;
                    self.emit(Op::LoadMethod(n));
                }
                for arg in &c.args {
                    self.expr(arg)?;
                }
                self.unit().line = line;
                let argc = c.args.len() as u32;
                self.emit(if loaded {
                    Op::CallLoaded(n, argc)
                } else {
                    Op::CallMethod(n, argc)
                });
                return Ok(());
            }
        }
        self.expr(&c.func)?;
        if has_star || has_dstar {
            // Only a lone `*x` is handed to the call as is, so only its
            // error names the callable; other `*` items say "Value after *".
            let lone_star = matches!(c.args.as_slice(), [Expr::Starred(_)]);
            self.sequence(&c.args, if lone_star { Seq::CallArgs } else { Seq::Tuple })?;
            if !c.keywords.is_empty() {
                self.emit(Op::BuildMap(0));
                let mut after_dstar = false;
                for k in &c.keywords {
                    match &k.arg {
                        // After a `**`, a named keyword may repeat one of its
                        // keys: merge it as a one-item mapping so that is an error.
                        Some(name) if after_dstar => {
                            self.emit(Op::BuildMap(0));
                            let kc = self.add_const(Const::Str(name.to_string()));
                            self.emit(Op::LoadConst(kc));
                            self.expr(&k.value)?;
                            self.emit(Op::MapAdd(1));
                            self.emit(Op::DictMerge(1));
                        }
                        Some(name) => {
                            let kc = self.add_const(Const::Str(name.to_string()));
                            self.emit(Op::LoadConst(kc));
                            self.expr(&k.value)?;
                            self.emit(Op::MapAdd(1));
                        }
                        None => {
                            after_dstar = true;
                            self.expr(&k.value)?;
                            self.emit(Op::DictMerge(1));
                        }
                    }
                }
            }
            self.unit().line = line;
            self.emit(Op::CallEx(u32::from(!c.keywords.is_empty())));
        } else if !c.keywords.is_empty() {
            for arg in &c.args {
                self.expr(arg)?;
            }
            let mut names = Vec::new();
            for k in &c.keywords {
                self.expr(&k.value)?;
                names.push(Const::Str(k.arg.as_ref().expect("no ** here").to_string()));
            }
            let kc = self.add_const(Const::Tuple(names));
            self.unit().line = line;
            self.emit(Op::CallKw((c.args.len() + c.keywords.len()) as u32, kc));
        } else {
            for arg in &c.args {
                self.expr(arg)?;
            }
            self.unit().line = line;
            self.emit(Op::Call(c.args.len() as u32));
        }
        Ok(())
    }
}

#[derive(Clone, Copy)]
enum Seq {
    List,
    Tuple,
    Set,
    /// A call's positional arguments: a tuple whose `*` errors name the callable.
    CallArgs,
}

enum CompKind<'a> {
    List(&'a Expr),
    Set(&'a Expr),
    Dict(&'a Expr, &'a Expr),
}

/// Whether evaluating call argument `e` can have no effect but raising
/// `NameError` (a constant or a name).
fn effect_free_arg(e: &Expr) -> bool {
    matches!(e, Expr::Constant(_) | Expr::Name(_))
}

/// Whether `e` is `super()`.
fn is_zero_arg_super(e: &Expr) -> bool {
    matches!(e, Expr::Call(c) if c.args.is_empty()
        && c.keywords.is_empty()
        && matches!(&*c.func, Expr::Name(n) if n.id.as_str() == "super"))
}
