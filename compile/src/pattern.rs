//! Code generation for `match`: the subject and every sub-value being
//! matched live in hidden local slots, so a failed check can jump to the
//! next case from anywhere with a balanced stack. Names are bound as the
//! pattern matches. CPython's compile-time errors (unreachable patterns,
//! duplicate names or keys, alternatives binding different names) are
//! reported here.

use rustpython_parser::ast::{self, Pattern, Ranged};

use super::bytecode::{CmpOp, Const, Op};
use super::expr::constant;
use super::{CResult, CompileError, Compiler};

/// A literal key of a mapping pattern, for duplicate detection with
/// Python's equality (`1 == 1.0 == True == 1+0j`), exact for big ints.
#[derive(PartialEq)]
enum KeyId {
    Int(num_bigint::BigInt),
    /// A non-integral float, or a complex number's parts (a zero
    /// imaginary part makes it a real key).
    Num(f64, f64),
    Str(String),
    Other(String),
}

fn real_key(x: f64) -> KeyId {
    if x.is_finite() && x.fract() == 0.0 {
        if let Some(i) = num_traits::FromPrimitive::from_f64(x) {
            return KeyId::Int(i);
        }
    }
    KeyId::Num(x, 0.0)
}

fn key_id(c: &Const) -> KeyId {
    match c {
        Const::Int(i) => KeyId::Int((*i).into()),
        Const::Bool(b) => KeyId::Int((*b as i64).into()),
        Const::BigInt(b) => KeyId::Int(b.clone()),
        Const::Float(f) => real_key(*f),
        Const::Complex(re, im) if *im == 0.0 => real_key(*re),
        Const::Complex(re, im) => KeyId::Num(*re, *im),
        Const::Str(s) => KeyId::Str(s.clone()),
        other => KeyId::Other(format!("{other:?}")),
    }
}

fn const_repr(c: &Const) -> String {
    match c {
        Const::None => "None".into(),
        Const::Bool(true) => "True".into(),
        Const::Bool(false) => "False".into(),
        Const::Int(i) => i.to_string(),
        Const::BigInt(b) => b.to_string(),
        Const::Float(f) => monty_text::float_repr(*f),
        Const::Complex(re, im) => monty_text::complex_repr(*re, *im),
        Const::Str(s) => monty_text::str_repr(s),
        other => format!("{other:?}"),
    }
}

/// The value of a mapping pattern's literal key: a constant, a negated
/// number, or a complex literal `real ± imag j`.
fn key_constant(k: &ast::Expr) -> Option<Const> {
    match k {
        ast::Expr::Constant(c) => Some(constant(&c.value)),
        ast::Expr::UnaryOp(u) if matches!(u.op, ast::UnaryOp::USub) => match &*u.operand {
            ast::Expr::Constant(c) => match constant(&c.value) {
                Const::Int(i) => Some(
                    i.checked_neg()
                        .map_or_else(|| Const::BigInt(-num_bigint::BigInt::from(i)), Const::Int),
                ),
                Const::BigInt(b) => Some(Const::BigInt(-b)),
                Const::Float(f) => Some(Const::Float(-f)),
                Const::Complex(re, im) => Some(Const::Complex(-re, -im)),
                _ => None,
            },
            _ => None,
        },
        ast::Expr::BinOp(b) if matches!(b.op, ast::Operator::Add | ast::Operator::Sub) => {
            let re = match key_constant(&b.left)? {
                Const::Int(i) => i as f64,
                Const::BigInt(i) => num_traits::ToPrimitive::to_f64(&i)?,
                Const::Float(f) => f,
                _ => return None,
            };
            let ast::Expr::Constant(c) = &*b.right else {
                return None;
            };
            let Const::Complex(_, im) = constant(&c.value) else {
                return None;
            };
            let im = if matches!(b.op, ast::Operator::Sub) {
                -im
            } else {
                im
            };
            Some(Const::Complex(re, im))
        }
        _ => None,
    }
}

/// Is the pattern irrefutable (a capture or wildcard, possibly in an `|`)?
fn irrefutable(p: &Pattern) -> Option<Option<&str>> {
    match p {
        Pattern::MatchAs(a) if a.pattern.is_none() => Some(a.name.as_ref().map(|n| n.as_str())),
        Pattern::MatchOr(o) => o.patterns.iter().find_map(irrefutable),
        _ => None,
    }
}

impl<'a> Compiler<'a> {
    pub(super) fn match_stmt(&mut self, m: &'a ast::StmtMatch) -> CResult<()> {
        let n = m.cases.len();
        for (i, case) in m.cases.iter().enumerate() {
            if i + 1 < n && case.guard.is_none() {
                if let Some(name) = irrefutable(&case.pattern) {
                    let line = self.node_line(&case.pattern);
                    let msg = match name {
                        Some(n) => {
                            format!("name capture '{n}' makes remaining patterns unreachable")
                        }
                        None => "wildcard makes remaining patterns unreachable".to_string(),
                    };
                    return Err(CompileError::syntax(msg, line));
                }
            }
        }
        self.expr(&m.subject)?;
        let subject = self.new_slot("<match>".into());
        self.emit(Op::StoreFast(subject));
        let mut ends = Vec::new();
        for case in &m.cases {
            self.set_line(case.pattern.range().start().into());
            let mut fails = Vec::new();
            let mut names = Vec::new();
            let outer = std::mem::take(&mut self.match_captures);
            self.pattern(&case.pattern, subject, &mut fails, &mut names)?;
            // as CPython: names are bound only when the whole pattern
            // matched (a failed partial match leaves them alone), and
            // before the guard runs
            for (name, slot) in std::mem::replace(&mut self.match_captures, outer) {
                self.emit(Op::LoadFast(slot));
                self.store_name(&name);
            }
            if let Some(g) = &case.guard {
                self.expr(g)?;
                fails.push(self.emit(Op::PopJumpIfFalse(0)));
            }
            self.stmts(&case.body)?;
            ends.push(self.emit(Op::Jump(0)));
            for f in fails {
                self.patch(f);
            }
        }
        for e in ends {
            self.patch(e);
        }
        Ok(())
    }

    fn bind_capture(
        &mut self,
        name: &str,
        slot: u32,
        names: &mut Vec<String>,
        line: u32,
    ) -> CResult<()> {
        if names.iter().any(|n| n == name) {
            return Err(CompileError::syntax(
                format!("multiple assignments to name '{name}' in pattern"),
                line,
            ));
        }
        names.push(name.to_string());
        self.match_captures.push((name.to_string(), slot));
        Ok(())
    }

    fn pattern(
        &mut self,
        p: &'a Pattern,
        slot: u32,
        fails: &mut Vec<usize>,
        names: &mut Vec<String>,
    ) -> CResult<()> {
        let line = self.node_line(p);
        match p {
            Pattern::MatchAs(a) => {
                if let Some(inner) = &a.pattern {
                    self.pattern(inner, slot, fails, names)?;
                }
                if let Some(n) = &a.name {
                    self.bind_capture(n.as_str(), slot, names, line)?;
                }
            }
            Pattern::MatchValue(v) => {
                self.emit(Op::LoadFast(slot));
                self.expr(&v.value)?;
                self.emit(Op::Compare(CmpOp::Eq));
                fails.push(self.emit(Op::PopJumpIfFalse(0)));
            }
            Pattern::MatchSingleton(s) => {
                self.emit(Op::LoadFast(slot));
                let k = constant(&s.value);
                if k == Const::None {
                    self.emit(Op::LoadNone);
                } else {
                    let k = self.add_const(k);
                    self.emit(Op::LoadConst(k));
                }
                self.emit(Op::Compare(CmpOp::Is));
                fails.push(self.emit(Op::PopJumpIfFalse(0)));
            }
            Pattern::MatchOr(o) => {
                let mut successes = Vec::new();
                let mut first_names: Option<Vec<String>> = None;
                // each alternative leaves its captures in these shared slots
                let held = self.match_captures.len();
                let mut shared: Vec<(String, u32)> = Vec::new();
                let last = o.patterns.len() - 1;
                for (i, alt) in o.patterns.iter().enumerate() {
                    if i < last && irrefutable(alt).is_some() {
                        let msg = match irrefutable(alt).flatten() {
                            Some(n) => {
                                format!("name capture '{n}' makes remaining patterns unreachable")
                            }
                            None => "wildcard makes remaining patterns unreachable".to_string(),
                        };
                        return Err(CompileError::syntax(msg, line));
                    }
                    let mut alt_names = names.clone();
                    let mut alt_fails = Vec::new();
                    let target = if i == last {
                        &mut *fails
                    } else {
                        &mut alt_fails
                    };
                    self.pattern(alt, slot, target, &mut alt_names)?;
                    let mut bound: Vec<String> = alt_names[names.len()..].to_vec();
                    bound.sort();
                    match &first_names {
                        None => first_names = Some(bound),
                        Some(f) if *f != bound => {
                            return Err(CompileError::syntax(
                                "alternative patterns bind different names".into(),
                                line,
                            ))
                        }
                        _ => {}
                    }
                    for (name, from) in self.match_captures.split_off(held) {
                        let to = match shared.iter().find(|(n, _)| *n == name) {
                            Some(&(_, to)) => to,
                            None => {
                                let to = self.new_slot("<capture>".into());
                                shared.push((name, to));
                                to
                            }
                        };
                        self.emit(Op::LoadFast(from));
                        self.emit(Op::StoreFast(to));
                    }
                    if i < last {
                        successes.push(self.emit(Op::Jump(0)));
                        for f in alt_fails {
                            self.patch(f);
                        }
                    }
                }
                self.match_captures.extend(shared);
                names.extend(first_names.unwrap_or_default());
                for s in successes {
                    self.patch(s);
                }
            }
            Pattern::MatchSequence(s) => {
                self.sequence_pattern(&s.patterns, slot, fails, names, line)?
            }
            Pattern::MatchStar(_) => {
                return Err(CompileError::syntax(
                    "can't use starred name here".into(),
                    line,
                ));
            }
            Pattern::MatchMapping(m) => self.mapping_pattern(m, slot, fails, names, line)?,
            Pattern::MatchClass(c) => self.class_pattern(c, slot, fails, names, line)?,
        }
        Ok(())
    }

    fn sequence_pattern(
        &mut self,
        pats: &'a [Pattern],
        slot: u32,
        fails: &mut Vec<usize>,
        names: &mut Vec<String>,
        line: u32,
    ) -> CResult<()> {
        let stars: Vec<usize> = pats
            .iter()
            .enumerate()
            .filter(|(_, p)| matches!(p, Pattern::MatchStar(_)))
            .map(|(i, _)| i)
            .collect();
        if stars.len() > 1 {
            return Err(CompileError::syntax(
                "multiple starred names in sequence pattern".into(),
                line,
            ));
        }
        let fixed = (pats.len() - stars.len()) as u32;
        self.emit(Op::LoadFast(slot));
        self.emit(Op::MatchSequence(fixed, u32::from(!stars.is_empty())));
        fails.push(self.emit(Op::PopJumpIfFalse(0)));
        self.emit(Op::LoadFast(slot));
        match stars.first() {
            None => {
                self.emit(Op::UnpackSequence(fixed));
            }
            Some(&i) => {
                let after = pats.len() - i - 1;
                self.emit(Op::UnpackEx(((i as u32) << 16) | after as u32));
            }
        }
        let slots: Vec<u32> = pats
            .iter()
            .map(|_| self.new_slot("<pattern>".into()))
            .collect();
        for s in &slots {
            self.emit(Op::StoreFast(*s));
        }
        for (p, s) in pats.iter().zip(slots) {
            match p {
                Pattern::MatchStar(star) => {
                    if let Some(n) = &star.name {
                        self.bind_capture(n.as_str(), s, names, line)?;
                    }
                }
                other => self.pattern(other, s, fails, names)?,
            }
        }
        Ok(())
    }

    fn mapping_pattern(
        &mut self,
        m: &'a ast::PatternMatchMapping,
        slot: u32,
        fails: &mut Vec<usize>,
        names: &mut Vec<String>,
        line: u32,
    ) -> CResult<()> {
        let mut seen: Vec<KeyId> = Vec::new();
        for k in &m.keys {
            if let Some(c) = key_constant(k) {
                let id = key_id(&c);
                if seen.contains(&id) {
                    return Err(CompileError::syntax(
                        format!("mapping pattern checks duplicate key ({})", const_repr(&c)),
                        line,
                    ));
                }
                seen.push(id);
            }
        }
        self.emit(Op::LoadFast(slot));
        self.emit(Op::MatchMapping);
        fails.push(self.emit(Op::PopJumpIfFalse(0)));
        let keys = self.new_slot("<pattern>".into());
        for k in &m.keys {
            self.expr(k)?;
        }
        self.emit(Op::BuildTuple(m.keys.len() as u32));
        self.emit(Op::StoreFast(keys));
        let mut subs = Vec::new();
        for i in 0..m.keys.len() {
            let tmp = self.new_slot("<pattern>".into());
            self.emit(Op::LoadFast(slot));
            self.emit(Op::LoadFast(keys));
            let ki = self.add_const(Const::Int(i as i64));
            self.emit(Op::LoadConst(ki));
            self.emit(Op::Subscr);
            self.emit(Op::MatchMapGet(tmp));
            fails.push(self.emit(Op::PopJumpIfFalse(0)));
            subs.push(tmp);
        }
        for (p, tmp) in m.patterns.iter().zip(subs) {
            self.pattern(p, tmp, fails, names)?;
        }
        if let Some(rest) = &m.rest {
            let tmp = self.new_slot("<pattern>".into());
            self.emit(Op::LoadFast(slot));
            self.emit(Op::LoadFast(keys));
            self.emit(Op::DictWithout);
            self.emit(Op::StoreFast(tmp));
            self.bind_capture(rest.as_str(), tmp, names, line)?;
        }
        Ok(())
    }

    fn class_pattern(
        &mut self,
        c: &'a ast::PatternMatchClass,
        slot: u32,
        fails: &mut Vec<usize>,
        names: &mut Vec<String>,
        line: u32,
    ) -> CResult<()> {
        let mut attrs: Vec<&str> = Vec::new();
        for a in &c.kwd_attrs {
            if attrs.contains(&a.as_str()) {
                return Err(CompileError::syntax(
                    format!("attribute name repeated in class pattern: {}", a.as_str()),
                    line,
                ));
            }
            attrs.push(a.as_str());
        }
        let cls = self.new_slot("<pattern>".into());
        self.expr(&c.cls)?;
        self.emit(Op::StoreFast(cls));
        self.emit(Op::LoadFast(slot));
        self.emit(Op::LoadFast(cls));
        self.emit(Op::MatchClass(c.patterns.len() as u32));
        fails.push(self.emit(Op::PopJumpIfFalse(0)));
        let mut subs = Vec::new();
        for i in 0..c.patterns.len() {
            let tmp = self.new_slot("<pattern>".into());
            self.emit(Op::LoadFast(slot));
            self.emit(Op::LoadFast(cls));
            self.emit(Op::MatchClassPos(i as u32, tmp));
            fails.push(self.emit(Op::PopJumpIfFalse(0)));
            subs.push(tmp);
        }
        for (a, _) in c.kwd_attrs.iter().zip(&c.kwd_patterns) {
            let tmp = self.new_slot("<pattern>".into());
            self.emit(Op::LoadFast(slot));
            let n = self.name_idx(a.as_str());
            self.emit(Op::MatchAttr(n, tmp));
            fails.push(self.emit(Op::PopJumpIfFalse(0)));
            subs.push(tmp);
        }
        for (p, tmp) in c.patterns.iter().chain(&c.kwd_patterns).zip(subs) {
            self.pattern(p, tmp, fails, names)?;
        }
        Ok(())
    }
}
