//! A session's cells: the VM of a session outlives each run, and the next
//! cell's code, compiled onto its program (`monty_compile::cell`), runs as
//! a fresh module frame over the same globals, heap, imported modules and
//! tasks. A cell that raised leaves the state as it was at the raise (as
//! CPython's REPL does); the frames are gone either way.

use std::rc::Rc;

use monty_compile::bytecode::CellSource;
use monty_compile::snippet::Extension;

use crate::object::Value;

use super::tasks_data::TaskState;
use super::{Boundary, Frame, Vm};

impl Vm {
    /// Appends the compiled cell `ext` (from `source`, shown as
    /// `filename`) and sets it up as the module frame the next
    /// [`Vm::run`] runs. Only between runs: the VM is not paused.
    pub fn begin_cell(&mut self, ext: Extension, filename: &str, source: &str) {
        let first_code = self.program.codes.len() as u32;
        Rc::make_mut(&mut self.program).cells.push(CellSource {
            first_code,
            filename: filename.to_string(),
            source_lines: source.lines().map(str::to_string).collect(),
        });
        let entry = self.append_extension(ext);
        let nlocals = self.program.codes[entry as usize].nlocals as usize;
        self.stack.clear();
        self.stack.resize(nlocals, Value::Undef);
        self.exc_stack.clear();
        self.result = Value::None;
        self.pending = None;
        self.frames = vec![Frame {
            code: entry,
            boundary: Boundary::Native,
            ..Frame::BLANK
        }];
    }

    /// Ends a session's cell (returned or raised): its frames go, and the
    /// tasks it left blocked are abandoned, as `asyncio.run` cancels what
    /// is left when its coroutine ends: their host calls will not be
    /// answered and their timers never fire.
    pub fn end_cell(&mut self) {
        self.frames.clear();
        self.stack.clear();
        self.pending = None;
        self.sched.unannounced.clear();
        self.sched.outstanding.clear();
        self.sched.announced.clear();
        for task in &mut self.sched.tasks {
            if task.state == TaskState::Blocked {
                task.wake_at = None;
            }
        }
    }

    /// Whether the VM is between runs: no frame left to run, no call
    /// pending, no task waiting on a host call or a timer (a session's VM
    /// after a cell; not a run paused at a `wait`, whose frames are
    /// parked in its tasks).
    pub fn is_idle(&self) -> bool {
        self.frames.is_empty() && self.pending.is_none() && self.current_wait().is_none()
    }
}
