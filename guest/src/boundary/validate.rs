//! Structural validation of a decoded snapshot, before anything runs on it.
//!
//! The snapshot decoder (postcard over serde) checks shapes: enum tags,
//! UTF-8, lengths. It cannot check the indices the VM trusts: heap
//! references, code/constant/name/global/slot operands of instructions,
//! frame positions, native function ids. A snapshot whose bytes were
//! altered behind a valid checksum could hold any of them out of range, and
//! the VM would index past a table (a panic, a trap of `monty.wasm`).
//! [`validate`] walks the whole state once and refuses such a snapshot with
//! a message naming the first inconsistency.
//!
//! What it covers: every value held anywhere (roots and heap objects)
//! refers to a live object or a registered native function; references the
//! VM dereferences as a known kind (an instance's class, a class's MRO, a
//! dict view's dict, an iterator's sequence, a generator frame's generator,
//! a module entry, a host call's future) are of that kind; every
//! instruction's operands are in range; frames, generators and tasks sit
//! inside their code and their stacks; cached str flags match the text.
//!
//! What it does not cover: whether a consistent-looking state is one the
//! program could have reached (an operand stack holding a value of another
//! type than the next instruction expects, a frame resumed at a different
//! instruction). Such a snapshot can only come from someone forging bytes;
//! the host refuses those before they reach the guest (it seals every
//! snapshot with an HMAC, see host/src/snapshot_seal.rs), and if one is
//! resumed anyway the worst outcome is a trap of this wasm instance.

use crate::compile::bytecode::{Code, Const, Op, Program};
use crate::modules::objects::NativeObj;
use crate::object::{GenState, Iter, Obj, ObjId, Value};
use crate::vm::consumer::CONSUMER_CODE;
use crate::vm::{Frame, OnReturn, Vm};

/// Checks a decoded execution state.
///
/// # Errors
/// A message naming the first inconsistency found.
pub fn validate(vm: &Vm) -> Result<(), String> {
    let program = &*vm.program;
    check_program(program)?;
    if vm.consts.len() != program.consts.len() {
        return Err("constant table does not match the program".into());
    }
    if vm.globals.len() != program.globals.len() {
        return Err("global table does not match the program".into());
    }
    let heap = Heaps {
        slots: vm.heap.slots(),
    };
    heap.check_free_list(vm.heap.free_list())?;
    let ntasks = vm.sched.tasks.len();
    for (i, obj) in heap.slots.iter().enumerate() {
        if let Some(obj) = obj {
            check_object(&heap, program, ntasks, obj).map_err(|e| format!("object {i}: {e}"))?;
        }
    }
    let mut bad = None;
    vm.for_each_root(&mut |v| {
        if bad.is_none() {
            bad = heap.value(v).err();
        }
    });
    if let Some(e) = bad {
        return Err(format!("execution state: {e}"));
    }
    for (name, m) in &vm.modules {
        heap.expect(*m, "module", |o| matches!(o, Obj::Module(_)))
            .map_err(|e| format!("module {name:?}: {e}"))?;
    }
    check_frames(
        &heap,
        program,
        &vm.frames,
        vm.stack.len(),
        vm.exc_stack.len(),
    )?;
    let sched = &vm.sched;
    if ntasks > 0 && sched.current as usize >= ntasks {
        return Err("current task out of range".into());
    }
    if sched.ready.iter().any(|&t| t as usize >= ntasks) {
        return Err("ready task out of range".into());
    }
    for (_, fut) in &sched.outstanding {
        heap.expect(Value::Ref(*fut), "future", |o| {
            matches!(o, Obj::Native(NativeObj::Future { .. }))
        })?;
    }
    for (i, t) in sched.tasks.iter().enumerate() {
        check_frames(&heap, program, &t.frames, t.stack.len(), t.exc.len())
            .map_err(|e| format!("task {i}: {e}"))?;
    }
    Ok(())
}

/// The heap's slots, with the checks on references into them.
struct Heaps<'a> {
    slots: &'a [Option<Obj>],
}

impl Heaps<'_> {
    fn get(&self, id: ObjId) -> Result<&Obj, String> {
        match self.slots.get(id.0 as usize) {
            Some(Some(o)) => Ok(o),
            Some(None) => Err(format!("reference to freed object {}", id.0)),
            None => Err(format!("reference to missing object {}", id.0)),
        }
    }

    /// A value held somewhere: its reference (or native id) must resolve.
    fn value(&self, v: Value) -> Result<(), String> {
        match v {
            Value::Ref(id) => self.get(id).map(|_| ()),
            Value::Native(id) if !crate::modules::native_exists(id) => {
                Err(format!("unknown native function {}.{}", id.module, id.func))
            }
            _ => Ok(()),
        }
    }

    /// A reference the VM dereferences as one kind of object.
    fn expect(&self, v: Value, what: &str, is: impl Fn(&Obj) -> bool) -> Result<(), String> {
        let Value::Ref(id) = v else {
            return Err(format!("expected a {what}"));
        };
        if is(self.get(id)?) {
            Ok(())
        } else {
            Err(format!("object {} is not a {what}", id.0))
        }
    }

    fn class(&self, id: ObjId) -> Result<(), String> {
        self.expect(Value::Ref(id), "class", |o| matches!(o, Obj::Class(_)))
    }

    /// The free list names freed slots, each once.
    fn check_free_list(&self, free: &[u32]) -> Result<(), String> {
        let mut seen = vec![false; self.slots.len()];
        for &i in free {
            match self.slots.get(i as usize) {
                Some(None) if !seen[i as usize] => seen[i as usize] = true,
                _ => return Err(format!("bad free slot {i}")),
            }
        }
        Ok(())
    }
}

fn check_object(heap: &Heaps, program: &Program, ntasks: usize, obj: &Obj) -> Result<(), String> {
    let mut bad = None;
    obj.for_each_child(&mut |v| {
        if bad.is_none() {
            bad = heap.value(v).err();
        }
    });
    if let Some(e) = bad {
        return Err(e);
    }
    let code = |i: u32| -> Result<&Code, String> {
        program
            .codes
            .get(i as usize)
            .ok_or_else(|| format!("code {i} out of range"))
    };
    let is_seq = |o: &Obj| matches!(o, Obj::List(_) | Obj::Tuple(_) | Obj::Str(_));
    let is_dict = |o: &Obj| matches!(o, Obj::Dict(_) | Obj::Set(_) | Obj::FrozenSet(_));
    match obj {
        Obj::Str(s) if s.ascii != s.s.is_ascii() => Err("str with a wrong ASCII flag".into()),
        Obj::Range(r) if r.step == 0 => Err("range with step 0".into()),
        Obj::Function(f) => {
            let c = code(f.code)?;
            if f.closure.len() != c.freevars.len() {
                return Err("closure does not match its code".into());
            }
            for cell in &f.closure {
                heap.expect(*cell, "cell", |o| matches!(o, Obj::Cell(_)))?;
            }
            Ok(())
        }
        Obj::Exception(e) => {
            for tb in &e.traceback {
                code(tb.code)?;
            }
            e.class.map_or(Ok(()), |c| heap.class(c))
        }
        Obj::Class(c) => c.mro.iter().try_for_each(|id| heap.class(*id)),
        Obj::Instance(i) => heap.class(i.class),
        Obj::Super { class, .. } => heap.class(*class),
        Obj::DictView(d, _) => heap.expect(Value::Ref(*d), "dict", is_dict),
        Obj::Generator(g) => {
            let c = code(g.code)?;
            if matches!(g.state, GenState::Created | GenState::Suspended) {
                if g.ip as usize >= c.ops.len() || g.saved.len() < c.nlocals as usize {
                    return Err("generator outside its code".into());
                }
                for &(target, stack_len, _) in &g.handlers {
                    if target as usize >= c.ops.len() || stack_len as usize > g.saved.len() {
                        return Err("generator handler out of range".into());
                    }
                }
            }
            Ok(())
        }
        Obj::Iter(it) => match it {
            Iter::Seq { seq, .. } | Iter::Reversed { seq, .. } => {
                heap.expect(Value::Ref(*seq), "sequence", is_seq)
            }
            Iter::Str { s, pos } => match heap.get(*s)? {
                Obj::Str(st) if st.s.is_char_boundary(*pos) => Ok(()),
                _ => Err("str iterator out of its str".into()),
            },
            Iter::Dict { dict, .. } => heap.expect(Value::Ref(*dict), "dict", is_dict),
            Iter::Range { step: 0, .. } => Err("range iterator with step 0".into()),
            _ => Ok(()),
        },
        Obj::Native(NativeObj::Task(t)) if *t as usize >= ntasks => {
            Err(format!("task {t} out of range"))
        }
        Obj::BoundNative { func, .. } if !crate::modules::native_exists(*func) => {
            Err("unknown native function".into())
        }
        _ => Ok(()),
    }
}

/// A frame stack over an operand stack of `stack_len` values and
/// `exc_len` handled exceptions.
fn check_frames(
    heap: &Heaps,
    program: &Program,
    frames: &[Frame],
    stack_len: usize,
    exc_len: usize,
) -> Result<(), String> {
    let mut floor = 0;
    for (i, f) in frames.iter().enumerate() {
        let e = |what: &str| Err(format!("frame {i}: {what}"));
        let (base, ret_to) = (f.base as usize, f.ret_to as usize);
        if base < floor || base > stack_len || ret_to > stack_len {
            return e("outside the stack");
        }
        floor = base;
        if f.exc_depth as usize > exc_len {
            return e("exception depth out of range");
        }
        if f.code == CONSUMER_CODE {
            if !matches!(f.on_return, OnReturn::Consumer(_)) {
                return e("consumer frame without a consumer");
            }
            continue;
        }
        let Some(code) = program.codes.get(f.code as usize) else {
            return e("code out of range");
        };
        if f.ip as usize >= code.ops.len() || base + code.nlocals as usize > stack_len {
            return e("outside its code");
        }
        for h in &f.handlers {
            if h.target as usize >= code.ops.len()
                || h.stack_len as usize > stack_len
                || h.exc_depth as usize > exc_len
            {
                return e("handler out of range");
            }
        }
        match &f.on_return {
            OnReturn::Generator(g) => {
                heap.expect(Value::Ref(*g), "generator", |o| {
                    matches!(o, Obj::Generator(_))
                })?;
            }
            OnReturn::BuildClass(body) => {
                heap.expect(body.ns, "dict", |o| matches!(o, Obj::Dict(_)))?;
            }
            OnReturn::Consumer(_) => return e("consumer state on a code frame"),
            OnReturn::Normal | OnReturn::Init(_) => {}
        }
    }
    Ok(())
}

/// Every instruction's operands index into the tables they name.
///
/// # Errors
/// The first instruction whose operand is out of range.
pub fn check_program(p: &Program) -> Result<(), String> {
    if p.codes.is_empty() {
        return Err("program without code".into());
    }
    for (ci, code) in p.codes.iter().enumerate() {
        check_code(p, code).map_err(|e| format!("code {ci}: {e}"))?;
    }
    Ok(())
}

fn check_code(p: &Program, code: &Code) -> Result<(), String> {
    let nops = code.ops.len();
    let nlocals = code.nlocals as usize;
    if code.lines.len() != nops || code.local_names.len() < nlocals {
        return Err("line or slot tables do not match".into());
    }
    let params = &code.params;
    let nparams = params.positional as usize
        + params.kwonly as usize
        + params.varargs as usize
        + params.varkw as usize;
    if params.posonly > params.positional || nparams > nlocals || params.names.len() < nparams {
        return Err("parameters do not fit the slots".into());
    }
    if code.class_cell.is_some_and(|c| c as usize >= nlocals) {
        return Err("class cell out of range".into());
    }
    for (at, op) in code.ops.iter().enumerate() {
        let ok = |i: u32, n: usize| (i as usize) < n;
        let (slot, name, global, konst, target) = (
            |i| ok(i, nlocals),
            |i| ok(i, p.names.len()),
            |i| ok(i, p.globals.len()),
            |i| ok(i, p.consts.len()),
            |i| ok(i, nops),
        );
        let fine = match *op {
            Op::LoadConst(k) => konst(k),
            Op::CallKw(_, k) => matches!(p.consts.get(k as usize), Some(Const::Tuple(_))),
            Op::LoadFast(s)
            | Op::StoreFast(s)
            | Op::DeleteFast(s)
            | Op::LoadDeref(s)
            | Op::StoreDeref(s)
            | Op::DeleteDeref(s)
            | Op::LoadClosure(s)
            | Op::MakeCell(s)
            | Op::MatchMapGet(s)
            | Op::MatchClassPos(_, s) => slot(s),
            Op::MatchAttr(n, s) => name(n) && slot(s),
            Op::LoadBuiltin(n)
            | Op::LoadAttr(n)
            | Op::StoreAttr(n)
            | Op::DeleteAttr(n)
            | Op::CallMethod(n, _)
            | Op::ImportName(n, _)
            | Op::ImportFrom(n)
            | Op::LoadName(n)
            | Op::StoreName(n)
            | Op::DeleteName(n)
            | Op::AnnotateName(n) => name(n),
            Op::LoadGlobal(g) | Op::StoreGlobal(g) | Op::DeleteGlobal(g) => global(g),
            Op::Jump(t)
            | Op::PopJumpIfFalse(t)
            | Op::PopJumpIfTrue(t)
            | Op::JumpIfFalseOrPop(t)
            | Op::JumpIfTrueOrPop(t)
            | Op::ForIter(t)
            | Op::SetupExcept(t)
            | Op::WithExitExc(t) => target(t),
            Op::MakeFunction(c, _) => ok(c, p.codes.len()) && c != 0,
            _ => true,
        };
        if !fine {
            return Err(format!(
                "instruction {at} ({op:?}) has an operand out of range"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every program the compiler makes from the own test cases passes the
    /// program check (the check refuses nothing real).
    #[test]
    fn compiled_cases_pass_the_program_check() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/cases");
        let mut checked = 0;
        for entry in std::fs::read_dir(dir).expect("tests/cases") {
            let path = entry.expect("entry").path();
            if path.extension().is_none_or(|e| e != "py") {
                continue;
            }
            let source = std::fs::read_to_string(&path).expect("source");
            let predeclared: Vec<String> = ["echo", "add", "fail", "get_weather", "search"]
                .iter()
                .map(|s| s.to_string())
                .collect();
            if let Ok(program) = crate::compile::compile_source(&source, "t.py", &predeclared) {
                check_program(&program).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                checked += 1;
            }
        }
        assert!(checked > 400, "only {checked} programs compiled");
    }
}
