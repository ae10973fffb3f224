//! The fast paths the dispatch loop takes without leaving it: calling a
//! plain Python function (positional arguments that match its parameters
//! exactly, not a generator), directly, as a method of an instance or of
//! `super()`, or as a plain class's `__init__`, and returning from a frame
//! whose value goes, as it is (or as the instance of an `__init__`), to
//! the Python frame below. Everything else goes through [`Vm::call`],
//! [`Vm::call_method`] and `return_from_frame`, which handle every case
//! and re-enter the frame loop.
//!
//! These are the common calls of simple code (recursion, helpers,
//! methods): here a call costs a frame push and a return a frame pop, with
//! none of the frame loop's checks (a task switch, a pending throw, a
//! consumer frame), which a fresh frame and its caller never need.

use monty_compile::bytecode::{Code, Program};

use crate::object::{Function, Instance, Obj, ObjId, Value};

use super::consumer::CONSUMER_CODE;
use super::{Boundary, OnReturn, Vm};

/// A call the loop makes inline: the function, its code, and where its
/// frame starts.
pub(super) struct PlainCall {
    pub code: u32,
    func: ObjId,
    closure: bool,
    /// Local slot 0 (the first argument, or `self`).
    base: usize,
    /// Where the result goes (the callee's slot).
    ret_to: usize,
    /// The class whose new instance is `self` of this `__init__` call.
    instance_of: Option<ObjId>,
}

impl PlainCall {
    /// A call of function `f` (object `func`) whose local slot 0 is at
    /// `base` and whose result goes to `ret_to`.
    fn new(f: &Function, func: ObjId, base: usize, ret_to: usize) -> PlainCall {
        PlainCall {
            code: f.code,
            func,
            closure: !f.closure.is_empty(),
            base,
            ret_to,
            instance_of: None,
        }
    }
}

impl Vm {
    /// For `Call(argc)` with the callee under its `argc` arguments: the
    /// call, if the callee is a plain Python function this call fits
    /// (see [`Vm::plain_fit`]); `None` otherwise, nothing done (the
    /// general call raises what there is to raise).
    #[inline(always)]
    pub(super) fn plain_callee(&self, argc: usize, prog: &Program) -> Option<PlainCall> {
        let fpos = self.stack.len() - argc - 1;
        let Value::Ref(id) = self.stack[fpos] else {
            return None;
        };
        let Obj::Function(f) = self.heap.get(id) else {
            return None;
        };
        self.plain_fit(f, argc, prog)
            .then(|| PlainCall::new(f, id, fpos + 1, fpos))
    }

    /// `Cls(args)` with the class `cls` under its `argc` arguments, for a
    /// plain class (no metaclass, not an exception, namedtuple or
    /// dataclass) whose `__init__` is a plain Python function this call
    /// fits with the new instance as `self`: pushes the `__init__` frame
    /// (see [`Vm::enter_plain`]) and says so; false, nothing done,
    /// otherwise. Out of the dispatch loop's code ([`Vm::call`] takes it):
    /// every instruction there costs the loop's other paths.
    #[inline(never)]
    pub(super) fn enter_plain_class(&mut self, cls: ObjId, argc: usize, ret: usize) -> bool {
        let Obj::Class(c) = self.heap.get(cls) else {
            return false;
        };
        if c.exc_base.is_some()
            || c.namedtuple.is_some()
            || c.dataclass.is_some()
            || c.meta.is_some()
        {
            return false;
        }
        let Some(Value::Ref(init)) = self.class_init(cls) else {
            return false;
        };
        let Obj::Function(f) = self.heap.get(init) else {
            return false;
        };
        let prog = self.program.clone();
        if !self.plain_fit(f, argc + 1, &prog) {
            return false;
        }
        let fpos = self.stack.len() - argc - 1;
        let call = PlainCall {
            instance_of: Some(cls),
            ..PlainCall::new(f, init, fpos, ret)
        };
        self.enter_plain(&prog.codes[call.code as usize], call);
        true
    }

    /// `CallMethod(name, argc)` with the object under its `argc`
    /// arguments, for an instance without an attribute of its own by that
    /// name whose class's is a plain Python function this call (with the
    /// instance as `self`, where it already sits) fits, or a `super()`
    /// object of an instance whose next function by that name in the MRO
    /// is one (the instance takes the super object's place): pushes its
    /// frame and says so; false, nothing done, otherwise. Out of the dispatch
    /// loop's code, as [`Vm::enter_plain_class`].
    /// Reached through `quick_method`, which has seen an instance or a
    /// super object there.
    #[inline(never)]
    pub(super) fn enter_plain_method(
        &mut self,
        name: u32,
        argc: usize,
        ret: usize,
        prog: &Program,
    ) -> bool {
        match self.plain_method(name, argc, ret, prog) {
            Some(call) => {
                self.enter_plain(&prog.codes[call.code as usize], call);
                true
            }
            None => false,
        }
    }

    fn plain_method(
        &mut self,
        name: u32,
        argc: usize,
        ret: usize,
        prog: &Program,
    ) -> Option<PlainCall> {
        let opos = self.stack.len() - argc - 1;
        let Value::Ref(id) = self.stack[opos] else {
            return None;
        };
        let text = self.name_texts.get(name as usize)?;
        // the function, and the instance that replaces a `super()` object
        let (fid, receiver) = match self.heap.get(id) {
            Obj::Instance(inst) => {
                if inst.attrs.get_str(text).is_some() {
                    return None;
                }
                let Some(Value::Ref(fid)) = self.class_lookup_name(inst.class, name) else {
                    return None;
                };
                (fid, None)
            }
            // `super().name(args)` in a method: the function after
            // `class` in the instance's class's MRO
            &Obj::Super {
                class,
                obj: obj @ Value::Ref(inst),
            } => {
                let Obj::Instance(i) = self.heap.get(inst) else {
                    return None;
                };
                let start = i.class;
                let Some(Value::Ref(fid)) = self.class_lookup_after_name(start, class, name) else {
                    return None;
                };
                (fid, Some(obj))
            }
            _ => return None,
        };
        let Obj::Function(f) = self.heap.get(fid) else {
            return None;
        };
        if !self.plain_fit(f, argc + 1, prog) {
            return None;
        }
        let call = PlainCall::new(f, fid, opos, ret);
        if let Some(obj) = receiver {
            self.stack[opos] = obj;
        }
        Some(call)
    }

    /// Whether `argc` positional arguments bind to `f`'s parameters one
    /// to one, its code is in `prog` (a later one is code `exec` compiled
    /// since the frame loop last looked) and runs as a frame (not a
    /// generator's), and the recursion limit leaves room for it.
    #[inline(always)]
    fn plain_fit(&self, f: &Function, argc: usize, prog: &Program) -> bool {
        let Some(code) = prog.codes.get(f.code as usize) else {
            return false;
        };
        code.params.binds_exactly(argc)
            && !code.is_generator
            && !code.is_coroutine
            && self.frames.len() < self.limits.max_recursion_depth
    }

    /// Pushes the frame of `call`, whose code is `code`: the arguments on
    /// the stack are its first local slots (after the new instance, which
    /// takes the class's place, for an `__init__`), the function's
    /// closure cells go right after them, the other slots start unbound.
    #[inline(always)]
    pub(super) fn enter_plain(&mut self, code: &Code, call: PlainCall) {
        let init = call.instance_of.map(|class| {
            let inst = self.heap.new_value(Obj::Instance(Instance {
                class,
                attrs: Default::default(),
            }));
            self.stack[call.base] = inst;
            OnReturn::Init(inst)
        });
        if call.closure {
            if let Obj::Function(f) = self.heap.get(call.func) {
                self.stack.extend_from_slice(&f.closure);
            }
        }
        // (mostly nothing to add: the parameters are the locals)
        let slots = call.base + code.nlocals as usize;
        while self.stack.len() < slots {
            self.stack.push(Value::Undef);
        }
        let frame = self.push_frame_record(call.code, call.base, call.ret_to);
        if let Some(init) = init {
            frame.on_return = init;
        }
    }

    /// `Return` from frame `fi` (the top one), its value on the stack: if
    /// the value goes as it is to a Python frame below whose code is in
    /// `prog` (of `ncodes` codes), or is the None of an `__init__` whose
    /// instance goes there instead, pops the frame, leaves the result
    /// where the call was and returns true. False, nothing done, for
    /// every other return.
    #[inline(always)]
    pub(super) fn plain_return(&mut self, fi: usize, ncodes: usize) -> bool {
        if fi == 0 || self.pending_throw.is_some() {
            return false;
        }
        let frame = &self.frames[fi];
        let result = match frame.on_return {
            OnReturn::Normal => self.top(),
            // (`__init__` returning anything else raises)
            OnReturn::Init(inst) if self.top().is_none() => inst,
            _ => return false,
        };
        if frame.boundary != Boundary::No || frame.journal.is_some() {
            return false;
        }
        let caller = self.frames[fi - 1].code;
        if caller == CONSUMER_CODE || caller as usize >= ncodes {
            return false;
        }
        let mut frame = self.frames.pop().expect("a frame");
        self.stack.truncate(frame.ret_to as usize);
        self.exc_stack.truncate(frame.exc_depth as usize);
        self.stack.push(result);
        // Only the handlers own memory (the journal is None, the return
        // kind Normal or Init, checked above): the rest is forgotten, not
        // dropped, which took an out-of-line call per return.
        drop(std::mem::take(&mut frame.handlers));
        std::mem::forget(frame);
        true
    }
}
