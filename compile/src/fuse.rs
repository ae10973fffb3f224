//! Superinstructions: a local load followed by another load becomes one
//! instruction that does both, and, when both are ints, the arithmetic or
//! comparison after them (`n - 1`, `i < n`; not `if k % 2 == 0`, whose
//! first operand is computed); a local load followed by an attribute read
//! (`self.x`) becomes one that reads an attribute the instance holds, and
//! one followed by a method load (`out.append(f(x))`) one that loads a
//! method its list, str, dict or instance has. A
//! third of the instructions of arithmetic code are such loads, and each
//! dispatch costs a budget tick and a branch the CPU mispredicts.
//!
//! A fused instruction replaces the first load only: the second stays in
//! place, so a jump to it still works and every instruction keeps its
//! index. The fused op, run from its start, skips it. The verifier checks
//! that the instruction after a fused op is the load it stands for
//! (`verify.rs`), so a fused op means exactly the sequence it replaced.

use crate::bytecode::{Code, Op};

/// Fuses the loads of `code` (the whole code, once compiled).
pub(crate) fn superinstructions(code: &mut Code) {
    let original = code.ops.clone();
    for (i, pair) in original.windows(2).enumerate() {
        code.ops[i] = match (pair[0], pair[1]) {
            (Op::LoadFast(s), Op::LoadConst(k)) => Op::LoadFastConst(s, k),
            (Op::LoadFast(s), Op::LoadFast(t)) => Op::LoadFastFast(s, t),
            (Op::LoadFast(s), Op::LoadAttr(n)) => Op::LoadFastAttr(s, n),
            (Op::LoadFast(s), Op::LoadMethod(n)) => Op::LoadFastMethod(s, n),
            (Op::LoadBuiltin(s), Op::Call(0)) => match original.get(i + 2) {
                Some(&Op::LoadMethod(n)) => Op::LoadSuperMethod(s, n),
                _ => continue,
            },
            _ => continue,
        };
    }
}

/// For `LoadSuperMethod(s, n)`: whether the two instructions after it
/// (`ops`) are the call and method load it stands for.
pub fn super_method_follows(op: Op, ops: &[Op]) -> bool {
    match op {
        Op::LoadSuperMethod(_, n) => ops.starts_with(&[Op::Call(0), Op::LoadMethod(n)]),
        _ => true,
    }
}

/// What an instruction does first, as far as a fused op before it is
/// concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstLoad {
    /// Pushes local slot `s` (`LoadFast`, or an op fused from it).
    Fast(u32),
    /// Pushes constant `k`.
    Const(u32),
    /// Reads attribute name `n` of the top of the stack.
    Attr(u32),
    /// Loads method name `n` of the top of the stack (`LoadMethod`).
    Method(u32),
}

/// What `op` does first, if it can follow a fused op.
pub fn first_load(op: Op) -> Option<FirstLoad> {
    match op {
        Op::LoadFast(s)
        | Op::LoadFastConst(s, _)
        | Op::LoadFastFast(s, _)
        | Op::LoadFastAttr(s, _)
        | Op::LoadFastMethod(s, _) => Some(FirstLoad::Fast(s)),
        Op::LoadConst(k) => Some(FirstLoad::Const(k)),
        Op::LoadAttr(n) => Some(FirstLoad::Attr(n)),
        Op::LoadMethod(n) => Some(FirstLoad::Method(n)),
        _ => None,
    }
}

/// What a fused op requires right after it, if `op` is fused.
pub fn required_next(op: Op) -> Option<FirstLoad> {
    match op {
        Op::LoadFastConst(_, k) => Some(FirstLoad::Const(k)),
        Op::LoadFastFast(_, t) => Some(FirstLoad::Fast(t)),
        Op::LoadFastAttr(_, n) => Some(FirstLoad::Attr(n)),
        Op::LoadFastMethod(_, n) => Some(FirstLoad::Method(n)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fuses_chained_loads_and_keeps_the_second() {
        let program = crate::compile_source("x = 1\n", "t.py", &[]).expect("compiles");
        let mut code = program.codes[0].clone();
        code.ops = vec![
            Op::LoadFast(0),
            Op::LoadFast(1),
            Op::LoadConst(2),
            Op::Pop,
            Op::LoadFast(3),
            Op::LoadAttr(4),
        ];
        superinstructions(&mut code);
        assert_eq!(
            code.ops,
            [
                Op::LoadFastFast(0, 1),
                Op::LoadFastConst(1, 2),
                Op::LoadConst(2),
                Op::Pop,
                Op::LoadFastAttr(3, 4),
                Op::LoadAttr(4),
            ]
        );
        for w in code.ops.windows(2) {
            if let Some(need) = required_next(w[0]) {
                assert_eq!(first_load(w[1]), Some(need));
            }
        }
    }
}
