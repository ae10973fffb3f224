//! The bytecode verifier: the operand-stack depth and the handler stack at
//! every instruction of a [`Code`], proven the same along every path.
//!
//! The VM trusts the bytecode: `pop()` of an empty stack, a `BuildList(n)`
//! with fewer than `n` values, a `ListAppend(d)` reaching below the stack
//! are panics (a trap of `monty.wasm`). The compiler never emits such code,
//! but a snapshot carries its program, and a forged one could. As the JVM's
//! verifier does, [`verify_code`] runs a dataflow pass over each code once
//! (linear in its size) and refuses code in which
//!
//! - an instruction needs more values than the stack holds along some path
//!   (every op's needs, pops and pushes are in [`effect`], an exhaustive
//!   match: a new op cannot be added without saying what it does);
//! - two paths reach an instruction with different depths or different
//!   active `try` handlers, or control runs off the end of the code;
//! - a `try` body (or the instruction raising in it) goes below the depth
//!   its handler restores — the handler is entered with the stack cut back
//!   to that depth plus the exception, and cutting back only shortens;
//! - a `ForIter`, `JumpIf*OrPop`, `SetupExcept`, `WithExitExc` or
//!   `AsyncWithCheck` jumps
//!   backward: loops go through `Jump` and `PopJumpIf*` only, which is
//!   where the VM counts loop iterations (`Vm::count_loop`);
//! - a `PopHandler` has no handler to pop, a `Yield` is outside generator
//!   code, a class-namespace op runs in code without slot 0, or a `CallKw`
//!   names more keywords than it has arguments.
//!
//! The result ([`Verified`]) gives the depth and handlers at each reachable
//! instruction; the snapshot validator compares every saved frame and
//! generator against them (`snapshot/src/validate.rs`).
//!
//! What it does not cover: the *types* of stack values (a `BuildClass`
//! given a non-function, an `await` of an int): those are checked by the
//! ops themselves at run time and raise Python exceptions. Nor does it
//! bound how long code runs.

use rustc_hash::FxHashMap;

use super::bytecode::LIST_EXTEND_CALL_ARGS;
use super::bytecode::{Code, Const, Op, Program, FN_CLOSURE, FN_DEFAULTS, FN_KWDEFAULTS};

/// No instruction: not reached (depth), or no handler (handler stack).
const NONE: u32 = u32::MAX;

/// Deepest operand stack a code may build (far beyond anything compiled;
/// keeps the arithmetic in range for forged operands).
const MAX_DEPTH: u64 = 1 << 24;

/// Where control goes after an instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// To the next instruction.
    Next,
    /// Only to the target (`Jump`; `WithExitExc`, which jumps or raises).
    Goto(u32),
    /// To the target or the next instruction, with the same depth.
    Branch(u32),
    /// `ForIter`: the next instruction with the item pushed, or the target
    /// with the iterator popped.
    ForIter(u32),
    /// `JumpIf*OrPop`: the target keeping the value, or the next
    /// instruction without it.
    OrPop(u32),
    /// `Send`: the next instruction with the sent value replaced by the
    /// yielded one, or the target with both replaced by the result.
    Send(u32),
    /// Nowhere in this code (`Return`, `Raise`, `Reraise`).
    Stop,
    /// `SetupExcept`: on to the next instruction with a handler pushed
    /// whose level is the current depth; the handler is entered at the
    /// target with that depth plus the exception.
    PushHandler(u32),
    /// `PopHandler`.
    PopHandler,
}

/// What an instruction does to the operand stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effect {
    /// Values it reads or pops (the depth it requires).
    pub needs: u64,
    /// Values it pops before it may raise (the lowest depth it reaches).
    pub pops: u64,
    /// Values it pushes after those pops (on the fall-through path).
    pub pushes: u64,
    pub flow: Flow,
}

const fn fx(needs: u64, pops: u64, pushes: u64) -> Effect {
    Effect {
        needs,
        pops,
        pushes,
        flow: Flow::Next,
    }
}

const fn flow(needs: u64, pops: u64, flow: Flow) -> Effect {
    Effect {
        needs,
        pops,
        pushes: 0,
        flow,
    }
}

/// An accumulating op (`ListAppend(d)`, ...): pops `pops` values, then
/// reaches `d` entries down (and `extra` more, for error messages).
fn reach(pops: u64, d: u32, extra: u64) -> Effect {
    fx(pops + u64::from(d) + extra, pops, 0)
}

/// The stack effect of `op`, as `dispatch.rs` (and `call.rs`, `tasks.rs`,
/// `generator.rs` for calls, awaits and yields) implements it. A call, an
/// await or a yield counts as done: its result is pushed when the frame
/// resumes (see the frame checks of the snapshot validator).
pub fn effect(op: Op) -> Effect {
    let n = |x: u32| u64::from(x);
    match op {
        Op::Nop
        | Op::DeleteFast(_)
        | Op::DeleteDeref(_)
        | Op::MakeCell(_)
        | Op::DeleteGlobal(_)
        | Op::DeleteName(_)
        | Op::DeleteGlobalNs(..)
        | Op::PopExcept => fx(0, 0, 0),
        Op::LoadConst(_)
        | Op::LoadNone
        | Op::LoadFast(_)
        // (the first of its loads: the next instruction is the second,
        // checked by `verify_code`, which a run from here skips)
        | Op::LoadFastConst(..)
        | Op::LoadFastFast(..)
        | Op::LoadFastAttr(..)
        | Op::LoadFastMethod(..)
        | Op::LoadDeref(_)
        | Op::LoadClosure(_)
        | Op::LoadGlobal(_)
        | Op::LoadBuiltin(_)
        // (the `LoadBuiltin` of `super().name`: the next two are checked
        // by `verify_code`)
        | Op::LoadSuperMethod(..)
        | Op::LoadName(_)
        | Op::LoadGlobalNs(..)
        | Op::LoadNameNs(..)
        | Op::LoadAssertionError
        | Op::ImportName(..) => fx(0, 0, 1),
        Op::StoreFast(_)
        | Op::StoreDeref(_)
        | Op::StoreGlobal(_)
        | Op::StoreName(_)
        | Op::StoreGlobalNs(..)
        | Op::AnnotateName(_)
        | Op::DeleteAttr(_)
        | Op::Pop
        | Op::SetResult
        | Op::WithExit => fx(1, 1, 0),
        Op::AsyncWithExit | Op::GetAIter => fx(1, 1, 1),
        Op::AsyncWithEnter | Op::GetANext => fx(1, 0, 1),
        Op::AsyncWithExitExc => fx(2, 0, 1),
        Op::EndAsyncFor => fx(2, 2, 0),
        Op::ExceptStarMatch => fx(2, 2, 2),
        Op::PushExcInfo => fx(1, 0, 0),
        Op::ExceptStarReraise => fx(3, 3, 0),
        Op::LoadAttr(_)
        | Op::Unary(_)
        | Op::GetIter
        | Op::ListToTuple
        | Op::MatchSequence(..)
        | Op::MatchMapping
        | Op::MatchAttr(..)
        | Op::Await
        | Op::Yield => fx(1, 1, 1),
        Op::StoreAttr(_) | Op::DeleteSubscr => fx(2, 2, 0),
        Op::Subscr
        | Op::Binary(_)
        | Op::AddTemp
        | Op::Inplace(_)
        | Op::Compare(_)
        | Op::MatchMapGet(_)
        | Op::DictWithout
        | Op::MatchClass(_)
        | Op::MatchClassPos(..) => fx(2, 2, 1),
        Op::StoreSubscr => fx(3, 3, 0),
        Op::BuildSlice(k) => {
            let k = if k == 3 { 3 } else { 2 };
            fx(k, k, 1)
        }
        Op::Dup | Op::WithEnter | Op::ImportFrom(_) => fx(1, 0, 1),
        Op::DupTwo => fx(2, 0, 2),
        Op::Rot2 => fx(2, 0, 0),
        Op::Rot3 => fx(3, 1, 1),
        Op::ExcMatch => fx(2, 1, 1),
        Op::BuildList(k) | Op::BuildTuple(k) | Op::BuildSet(k) | Op::BuildString(k) => {
            fx(n(k), n(k), 1)
        }
        Op::BuildMap(k) => fx(2 * n(k), 2 * n(k), 1),
        Op::ListAppend(d) | Op::SetAdd(d) | Op::SetUpdate(d) | Op::DictUpdate(d) => reach(1, d, 0),
        Op::ListExtend(arg) => {
            let call_args = arg & LIST_EXTEND_CALL_ARGS != 0;
            reach(1, arg & !LIST_EXTEND_CALL_ARGS, u64::from(call_args))
        }
        Op::MapAdd(d) => reach(2, d, 0),
        // reaches the callable, two entries below the keyword dict
        Op::DictMerge(d) => reach(1, d, 2),
        Op::UnpackSequence(k) => fx(1, 1, n(k)),
        Op::UnpackEx(spec) => fx(1, 1, n(spec >> 16) + n(spec & 0xffff) + 1),
        Op::FormatValue(flags) => {
            let k = 1 + u64::from(flags & 4 != 0);
            fx(k, k, 1)
        }
        Op::MakeFunction(_, flags) => {
            let k = [FN_CLOSURE, FN_KWDEFAULTS, FN_DEFAULTS]
                .iter()
                .filter(|&&f| flags & f != 0)
                .count() as u64;
            fx(k, k, 1)
        }
        Op::Call(argc) | Op::CallKw(argc, _) | Op::CallMethod(_, argc) => {
            fx(n(argc) + 1, n(argc) + 1, 1)
        }
        Op::LoadMethod(_) => fx(1, 1, 2),
        Op::CallLoaded(_, argc) => fx(n(argc) + 2, n(argc) + 2, 1),
        Op::CallEx(has_kw) => {
            let k = 2 + u64::from(has_kw != 0);
            fx(k, k, 1)
        }
        Op::BuildClass(nbases) => fx(n(nbases) + 2, n(nbases) + 2, 1),
        Op::BuildClassMeta(nbases) => fx(n(nbases) + 3, n(nbases) + 3, 1),
        Op::Jump(t) => flow(0, 0, Flow::Goto(t)),
        Op::PopJumpIfFalse(t) | Op::PopJumpIfTrue(t) => flow(1, 1, Flow::Branch(t)),
        Op::JumpIfFalseOrPop(t) | Op::JumpIfTrueOrPop(t) => flow(1, 0, Flow::OrPop(t)),
        Op::ForIter(t) => flow(1, 0, Flow::ForIter(t)),
        Op::Send(t) => flow(2, 0, Flow::Send(t)),
        Op::WithExitExc(t) => flow(2, 2, Flow::Goto(t)),
        Op::AsyncWithCheck(t) => flow(3, 3, Flow::Goto(t)),
        Op::Return | Op::Reraise => flow(1, 1, Flow::Stop),
        Op::Raise(kind) => {
            // 0: re-raise; 2: the cause, then the exception; else the exception
            let k = match kind {
                0 => 0,
                2 => 2,
                _ => 1,
            };
            flow(k, k, Flow::Stop)
        }
        Op::SetupExcept(t) => flow(0, 0, Flow::PushHandler(t)),
        Op::PopHandler => flow(0, 0, Flow::PopHandler),
    }
}

/// One entry of a handler stack, shared by the stacks that extend it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct HandlerNode {
    /// The enclosing handler's node, or [`NONE`].
    parent: u32,
    target: u32,
    /// Operand-stack depth the handler cuts the stack back to.
    level: u32,
}

/// The verified shape of one code: depth and active handlers at each
/// reachable instruction.
#[derive(Debug)]
pub struct Verified {
    /// Operand-stack depth before each instruction ([`NONE`]: unreachable).
    depth: Vec<u32>,
    /// The innermost active handler before each instruction (a node).
    handler: Vec<u32>,
    nodes: Vec<HandlerNode>,
}

impl Verified {
    /// The operand-stack depth before instruction `ip`, if reachable.
    pub fn depth_at(&self, ip: usize) -> Option<u32> {
        self.depth.get(ip).copied().filter(|&d| d != NONE)
    }

    /// The active handlers before instruction `ip` (which must be
    /// reachable), outermost first, as (target, level).
    pub fn handlers_at(&self, ip: usize) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        let mut node = self.handler.get(ip).copied().unwrap_or(NONE);
        while node != NONE {
            let h = self.nodes[node as usize];
            out.push((h.target, h.level));
            node = h.parent;
        }
        out.reverse();
        out
    }
}

/// Verifies one code of `program` (its operands are already known to be
/// in range: `validate::check_program`, or the compiler).
///
/// # Errors
/// A message naming the first instruction at fault.
pub fn verify_code(program: &Program, code: &Code) -> Result<Verified, String> {
    let nops = code.ops.len();
    if nops == 0 {
        return Err("empty code".into());
    }
    for (ip, &op) in code.ops.iter().enumerate() {
        if !crate::fuse::super_method_follows(op, &code.ops[ip + 1..]) {
            return Err(format!(
                "instruction {ip} ({op:?}): not followed by the call and method load it fuses"
            ));
        }
        if let Some(need) = crate::fuse::required_next(op) {
            let next = code
                .ops
                .get(ip + 1)
                .and_then(|&n| crate::fuse::first_load(n));
            if next != Some(need) {
                return Err(format!(
                    "instruction {ip} ({op:?}): not followed by the load it fuses"
                ));
            }
        }
    }
    let mut v = Verified {
        depth: vec![NONE; nops],
        handler: vec![NONE; nops],
        nodes: Vec::new(),
    };
    let mut interned: FxHashMap<HandlerNode, u32> = FxHashMap::default();
    let mut work: Vec<usize> = vec![0];
    v.depth[0] = 0;
    while let Some(ip) = work.pop() {
        let op = code.ops[ip];
        let at = |what: String| format!("instruction {ip} ({op:?}): {what}");
        let depth = u64::from(v.depth[ip]);
        let handler = v.handler[ip];
        check_operands(program, code, op).map_err(at)?;
        let mut e = effect(op);
        // `WithEnter` does the `SetupExcept` after it (see `Op::WithEnter`)
        let fused_setup = match (op, code.ops.get(ip + 1)) {
            (Op::WithEnter, Some(&Op::SetupExcept(t))) => {
                e.flow = Flow::PushHandler(t);
                true
            }
            _ => false,
        };
        let forward_only = match (op, e.flow) {
            (Op::WithExitExc(t) | Op::AsyncWithCheck(t), _)
            | (_, Flow::ForIter(t) | Flow::OrPop(t) | Flow::PushHandler(t) | Flow::Send(t)) => {
                Some(t)
            }
            _ => None,
        };
        if forward_only.is_some_and(|t| t as usize <= ip) {
            return Err(at("a backward target (only jumps may loop)".into()));
        }
        if depth < e.needs {
            return Err(at(format!(
                "needs {} values on the stack, finds {depth}",
                e.needs
            )));
        }
        let lowest = depth - e.pops;
        if handler != NONE && lowest < u64::from(v.nodes[handler as usize].level) {
            return Err(at(format!(
                "goes down to depth {lowest}, below its handler's level {}",
                v.nodes[handler as usize].level
            )));
        }
        let after = lowest + e.pushes;
        // (successor, depth, handler node)
        let mut next: [Option<(u64, u64, u32)>; 2] = [None, None];
        let fall = ip as u64 + 1;
        match e.flow {
            Flow::Next => next[0] = Some((fall, after, handler)),
            Flow::Goto(t) => next[0] = Some((t.into(), after, handler)),
            Flow::Branch(t) => {
                next = [
                    Some((fall, after, handler)),
                    Some((t.into(), after, handler)),
                ]
            }
            Flow::ForIter(t) => {
                next = [
                    Some((fall, depth + 1, handler)),
                    Some((t.into(), depth - 1, handler)),
                ]
            }
            Flow::OrPop(t) => {
                next = [
                    Some((fall, depth - 1, handler)),
                    Some((t.into(), depth, handler)),
                ]
            }
            Flow::Send(t) => {
                next = [
                    Some((fall, depth, handler)),
                    Some((t.into(), depth - 1, handler)),
                ]
            }
            Flow::Stop => {}
            Flow::PushHandler(t) => {
                let node = HandlerNode {
                    parent: handler,
                    target: t,
                    level: depth as u32,
                };
                let id = *interned.entry(node).or_insert_with(|| {
                    v.nodes.push(node);
                    v.nodes.len() as u32 - 1
                });
                // a fused `WithEnter` goes on past its `SetupExcept`, with
                // the `__enter__` result pushed above the handler's level
                let (fall, on) = if fused_setup {
                    (fall + 1, after)
                } else {
                    (fall, depth)
                };
                next = [Some((fall, on, id)), Some((t.into(), depth + 1, handler))];
            }
            Flow::PopHandler => {
                if handler == NONE {
                    return Err(at("no handler to pop".into()));
                }
                next[0] = Some((fall, depth, v.nodes[handler as usize].parent));
            }
        }
        for (to, d, h) in next.into_iter().flatten() {
            if to >= nops as u64 {
                return Err(at("control runs past the end of the code".into()));
            }
            if d > MAX_DEPTH {
                return Err(at(format!("stack deeper than {MAX_DEPTH}")));
            }
            let to = to as usize;
            if v.depth[to] == NONE {
                v.depth[to] = d as u32;
                v.handler[to] = h;
                work.push(to);
            } else if u64::from(v.depth[to]) != d {
                return Err(at(format!(
                    "reaches instruction {to} with depth {d}, another path with depth {}",
                    v.depth[to]
                )));
            } else if v.handler[to] != h {
                return Err(at(format!(
                    "reaches instruction {to} with other active handlers than another path"
                )));
            }
        }
    }
    Ok(v)
}

/// Operand checks the depth analysis needs beyond `check_program`'s
/// range checks.
fn check_operands(program: &Program, code: &Code, op: Op) -> Result<(), String> {
    match op {
        Op::ListAppend(0)
        | Op::SetAdd(0)
        | Op::SetUpdate(0)
        | Op::DictUpdate(0)
        | Op::MapAdd(0)
        | Op::DictMerge(0) => Err("reaches no container".into()),
        Op::ListExtend(arg) if arg & !LIST_EXTEND_CALL_ARGS == 0 => {
            Err("reaches no container".into())
        }
        Op::CallKw(argc, names) => match program.consts.get(names as usize) {
            Some(Const::Tuple(t)) if t.len() <= argc as usize => Ok(()),
            _ => Err("more keyword names than arguments".into()),
        },
        Op::LoadName(_)
        | Op::LoadNameNs(..)
        | Op::StoreName(_)
        | Op::DeleteName(_)
        | Op::AnnotateName(_)
            if code.nlocals == 0 =>
        {
            Err("a namespace op in code without a namespace slot".into())
        }
        Op::Yield if !(code.is_generator || code.is_coroutine) => {
            Err("yield outside a generator".into())
        }
        _ => Ok(()),
    }
}

/// Verifies every code of `program`.
///
/// # Errors
/// The first code refused, and why.
pub fn verify_program(program: &Program) -> Result<Vec<Verified>, String> {
    program
        .codes
        .iter()
        .enumerate()
        .map(|(i, c)| {
            verify_code(program, c).map_err(|e| format!("code {i} ({}): {e}", c.qualname))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytecode::{BinOp, CmpOp};

    /// A program whose module code is `ops` (and whose tables are those of
    /// a small compiled program, for operands in range).
    fn program_with(ops: Vec<Op>) -> Program {
        let mut p = super::super::compile_source("x = 1\n", "t.py", &[]).expect("compiles");
        p.codes[0].lines = vec![1; ops.len()];
        p.codes[0].ops = ops;
        p
    }

    fn refusal(ops: Vec<Op>) -> String {
        let p = program_with(ops);
        verify_code(&p, &p.codes[0]).expect_err("refused")
    }

    #[test]
    fn refuses_bad_stack_discipline() {
        use Op::*;
        let cases: Vec<(Vec<Op>, &str)> = vec![
            (
                vec![Pop, LoadNone, Return],
                "instruction 0 (Pop): needs 1 values on the stack, finds 0",
            ),
            (
                vec![LoadNone, BuildList(2), Return],
                "needs 2 values on the stack, finds 1",
            ),
            (
                vec![LoadNone, LoadNone, ListAppend(2), Return],
                "needs 3 values",
            ),
            (
                vec![LoadNone, ListAppend(0), Return],
                "reaches no container",
            ),
            (vec![LoadNone], "control runs past the end of the code"),
            (
                vec![LoadNone, PopJumpIfFalse(3), LoadNone, LoadNone, Return],
                "reaches instruction 3 with depth 1",
            ),
            (
                vec![LoadNone, SetupExcept(4), Pop, PopHandler, LoadNone, Return],
                "goes down to depth 0, below its handler's level 1",
            ),
            (vec![PopHandler, LoadNone, Return], "no handler to pop"),
            (
                vec![LoadNone, GetIter, ForIter(1), Return],
                "a backward target",
            ),
            (vec![LoadNone, Yield, Return], "yield outside a generator"),
            (
                vec![LoadNone, LoadNone, CallKw(0, 0), Return],
                "more keyword names",
            ),
            (
                vec![
                    LoadFastConst(0, 0),
                    LoadConst(1),
                    Binary(BinOp::Add),
                    Return,
                ],
                "instruction 0 (LoadFastConst(0, 0)): not followed by the load it fuses",
            ),
            (
                vec![LoadFastFast(0, 1), LoadFast(0), Binary(BinOp::Add), Return],
                "not followed by the load it fuses",
            ),
            (
                vec![LoadNone, LoadFastFast(0, 1)],
                "not followed by the load it fuses",
            ),
        ];
        for (ops, want) in cases {
            let got = refusal(ops.clone());
            assert!(got.contains(want), "{ops:?}: {got}");
        }
    }

    #[test]
    fn depths_and_handlers_of_accepted_code() {
        use Op::*;
        let p = program_with(vec![
            LoadNone,           // 0: depth 0
            SetupExcept(6),     // 1: depth 1, handler (6, level 1) pushed
            LoadNone,           // 2
            Pop,                // 3
            PopHandler,         // 4
            Return,             // 5: depth 1
            Compare(CmpOp::Is), // 6: handler entry, depth 2
            Return,             // 7
            Pop,                // 8: unreachable, not checked
        ]);
        let v = verify_code(&p, &p.codes[0]).expect("verifies");
        let depths: Vec<_> = (0..9).map(|ip| v.depth_at(ip)).collect();
        let want = [0, 1, 1, 2, 1, 1, 2, 1];
        assert_eq!(depths[..8], want.map(Some));
        assert_eq!(depths[8], None);
        assert_eq!(v.handlers_at(2), vec![(6, 1)]);
        assert!(v.handlers_at(5).is_empty());
        assert!(v.handlers_at(6).is_empty());
    }

    /// `WithEnter` does the `SetupExcept` after it, at the manager's level.
    #[test]
    fn with_setup_is_fused_into_with_enter() {
        let p = super::super::compile_source("with a as b:\n    c = b\n", "t.py", &[])
            .expect("compiles");
        let code = &p.codes[0];
        let at = code
            .ops
            .iter()
            .position(|o| *o == Op::WithEnter)
            .expect("with");
        let Op::SetupExcept(target) = code.ops[at + 1] else {
            panic!("{:?}", code.ops)
        };
        let v = verify_code(&p, code).expect("verifies");
        assert_eq!(v.depth_at(at), Some(1));
        assert_eq!(v.depth_at(at + 1), None, "only reached by the fused op");
        assert_eq!(v.depth_at(at + 2), Some(2));
        assert_eq!(v.handlers_at(at + 2), vec![(target, 1)]);
        assert_eq!(v.depth_at(target as usize), Some(2));
    }

    /// Compiles every `.py` file of `dir` and verifies the programs that
    /// compile: (programs, codes verified, refusals).
    fn verify_sources(dir: &std::path::Path) -> (usize, usize, Vec<String>) {
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .expect("a directory of programs")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "py"))
            .collect();
        paths.sort();
        let predeclared: Vec<String> = ["echo", "add", "fail", "get_weather", "search"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let (mut programs, mut codes) = (0, 0);
        let mut failures = Vec::new();
        for path in paths {
            let Ok(source) = std::fs::read_to_string(&path) else {
                continue;
            };
            let Ok(program) = super::super::compile_source(&source, "t.py", &predeclared) else {
                continue;
            };
            match verify_program(&program) {
                Ok(v) => codes += v.len(),
                Err(e) => failures.push(format!("{}: {e}", path.display())),
            }
            programs += 1;
        }
        (programs, codes, failures)
    }

    /// Every code the compiler makes from the own test cases verifies (the
    /// verifier refuses nothing real, and the compiler's stack discipline
    /// holds).
    #[test]
    fn compiled_cases_verify() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/cases");
        let (programs, codes, failures) = verify_sources(&dir);
        assert!(
            failures.is_empty(),
            "{} refused:\n{}",
            failures.len(),
            failures.join("\n")
        );
        assert!(programs > 400, "only {programs} programs compiled");
        assert!(codes > programs);
    }

    /// The same over another directory of programs (a conformance suite):
    /// `MONTY_VERIFY_DIR=<dir> cargo test --release -p monty-guest --lib
    /// verify -- --ignored`.
    #[test]
    #[ignore = "needs MONTY_VERIFY_DIR"]
    fn programs_of_monty_verify_dir_verify() {
        let dir = std::env::var("MONTY_VERIFY_DIR").expect("MONTY_VERIFY_DIR");
        let (programs, codes, failures) = verify_sources(std::path::Path::new(&dir));
        println!("{programs} programs, {codes} codes verified");
        assert!(
            failures.is_empty(),
            "{} refused:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }
}
