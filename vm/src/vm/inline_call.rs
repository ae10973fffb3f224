//! The fast paths the dispatch loop takes without leaving it: calling a
//! plain Python function (positional arguments that match its parameters
//! exactly, no closure, not a generator) and returning from a frame whose
//! value goes, as it is, to the Python frame below. Everything else goes
//! through [`Vm::call`] and `return_from_frame`, which handle every case
//! and re-enter the frame loop.
//!
//! These are the common calls of simple code (recursion, helpers): here a
//! call costs a frame push and a return a frame pop, with none of the
//! frame loop's checks (a task switch, a pending throw, a consumer frame),
//! which a fresh frame and its caller never need.

use monty_compile::bytecode::{Code, Program};

use crate::object::{Obj, Value};
use crate::vm::stdlib::Stdlib;

use super::consumer::CONSUMER_CODE;
use super::{Boundary, Frame, OnReturn, Vm};

impl<S: Stdlib> Vm<S> {
    /// For `Call(argc)` with the callee under its `argc` arguments: the
    /// callee's code index and stack position if it is a plain Python
    /// function this call fits exactly (see the module doc) and the
    /// recursion limit leaves room for its frame; `None` otherwise,
    /// nothing done (the general call raises what there is to raise).
    #[inline(always)]
    pub(super) fn plain_callee(&self, argc: usize, prog: &Program) -> Option<(u32, usize)> {
        let fpos = self.stack.len() - argc - 1;
        let Value::Ref(id) = self.stack[fpos] else {
            return None;
        };
        let Obj::Function(f) = self.heap.get(id) else {
            return None;
        };
        // (a code index past `prog` is code `exec` compiled since the
        // frame loop last looked: the general path takes it)
        let code = prog.codes.get(f.code as usize)?;
        let p = &code.params;
        let fits = f.closure.is_empty()
            && argc == p.positional as usize
            && !p.varargs
            && !p.varkw
            && p.kwonly == 0
            && !code.is_generator
            && !code.is_coroutine
            && self.frames.len() < self.limits.max_recursion_depth;
        fits.then_some((f.code, fpos))
    }

    /// Pushes the frame of `code` (code index `code_idx`) for the call
    /// whose callee is at `fpos`, its arguments above it: they are its
    /// first local slots, the others start unbound.
    #[inline(always)]
    pub(super) fn enter_plain(&mut self, code: &Code, code_idx: u32, fpos: usize) {
        self.stack
            .resize(fpos + 1 + code.nlocals as usize, Value::Undef);
        let exc_depth = self.exc_stack.len() as u32;
        // (filled in place, as `push_frame` does, for the same reason)
        self.frames.push(Frame::BLANK);
        let frame = self.frames.last_mut().expect("just pushed");
        frame.code = code_idx;
        frame.base = (fpos + 1) as u32;
        frame.ret_to = fpos as u32;
        frame.exc_depth = exc_depth;
        self.frame_pushes += 1;
    }

    /// `Return` from frame `fi` (the top one), its value on the stack: if
    /// the value goes as it is to a Python frame below whose code is in
    /// `prog` (of `ncodes` codes), pops the frame, leaves the value where
    /// the call was and returns true. False, nothing done, for every
    /// other return.
    #[inline(always)]
    pub(super) fn plain_return(&mut self, fi: usize, ncodes: usize) -> bool {
        if fi == 0 || self.pending_throw.is_some() {
            return false;
        }
        let frame = &self.frames[fi];
        if !matches!(frame.on_return, OnReturn::Normal)
            || frame.boundary != Boundary::No
            || frame.journal.is_some()
        {
            return false;
        }
        let caller = self.frames[fi - 1].code;
        if caller == CONSUMER_CODE || caller as usize >= ncodes {
            return false;
        }
        let v = self.pop();
        let frame = self.frames.pop().expect("a frame");
        self.stack.truncate(frame.ret_to as usize);
        self.exc_stack.truncate(frame.exc_depth as usize);
        self.stack.push(v);
        true
    }
}
