//! The end of a run: what the program left open is closed before its
//! outcome is reported.
//!
//! CPython closes a file when its last reference goes away (or at exit),
//! so `open('out.txt', 'w').write(report)` writes the report. The sandbox
//! has no reference counts: a file's writes reach the host when it is
//! flushed or closed, so a file the program never closed is closed here,
//! when the module has returned or raised. Closing is Python code (the
//! file's `close()`, an os call that pauses the run like any other), run
//! as a frame after the module's; the outcome waits in a hidden global
//! slot meanwhile, so a run paused there snapshots and resumes like any
//! other. The collector keeps such files alive until then
//! (`LibraryData::pending_close`, looked for once the run has opened a
//! file for writing).
//!
//! A session's cell flushes the files instead: a later cell may still use
//! them.
//!
//! A failure to close is reported on stderr as CPython reports an error in
//! a finalizer (`Exception ignored in: ...`) and does not change the
//! outcome.

use crate::object::Value;

use super::{Exit, PyResult, Vm};

/// The hidden global slot holding the outcome while files are closed: the
/// exception, or `None` for a module that returned.
const OUTCOME_SLOT: &str = "<at exit>";

/// The hidden global holding the function that closes the files
/// (`Vm::snippet_function`'s slot for it).
const CLOSER_SLOT: &str = "<snippet close_at_exit>";

/// The hidden global holding the function that flushes them at the end
/// of a session's cell (the session lives on: a later cell may still
/// write to a file it holds).
const FLUSHER_SLOT: &str = "<snippet flush_at_exit>";

/// The source of the function `{method}_at_exit(files)` that ends the
/// files with their `method`: `flush` at the end of a session's cell,
/// `close` at the end of a run (the slots above hold the two).
fn at_exit_source(method: &str) -> String {
    format!(
        "\
def {method}_at_exit(files):
    for f in files:
        try:
            f.{method}()
        except Exception as e:
            import sys
            print('Exception ignored in:', repr(f), file=sys.stderr)
            print(f'{{type(e).__name__}}: {{e}}', file=sys.stderr)
"
    )
}

impl Vm {
    /// Makes ready what closing files at exit needs, while the run can
    /// still compile Python code: called when a file is opened for writing.
    ///
    /// # Errors
    /// None in practice (the source is fixed); what compiling it raised.
    pub fn prepare_at_exit(&mut self) -> PyResult<()> {
        if self.session {
            self.snippet_function(&at_exit_source("flush"), "flush_at_exit")?;
        }
        self.snippet_function(&at_exit_source("close"), "close_at_exit")
            .map(|_| ())
    }

    /// Whether the run opened a file for writing, so files may be left
    /// to close at exit.
    pub(super) fn may_close_at_exit(&self) -> bool {
        self.hidden_global(CLOSER_SLOT).is_some()
    }

    /// What ends the run, given how the dispatch loop ended `r`: a
    /// returned or raised module first closes the files it left open.
    pub(super) fn at_exit(&mut self, r: Result<Exit, Value>) -> Result<Exit, Value> {
        let outcome = match &r {
            Ok(Exit::Return(_)) => Value::None,
            Err(exc) => *exc,
            Ok(_) => return r,
        };
        if let Some(stashed) = self.hidden_global(OUTCOME_SLOT) {
            // the closing frame ended: the module's outcome stands
            self.set_hidden_global(OUTCOME_SLOT, Value::Undef);
            return match stashed {
                Value::None => Ok(Exit::Return(self.result)),
                exc => Err(exc),
            };
        }
        let files = self.heap.pending_close();
        let closer = self.hidden_global(if self.session {
            FLUSHER_SLOT
        } else {
            CLOSER_SLOT
        });
        let (Some(Value::Ref(fid)), false) = (closer, files.is_empty()) else {
            return r.map(|e| match e {
                Exit::Return(_) => Exit::Return(self.result),
                e => e,
            });
        };
        self.set_hidden_global(OUTCOME_SLOT, outcome);
        let files: Vec<Value> = files.into_iter().map(Value::Ref).collect();
        let list = self.new_list(files);
        self.stack.clear();
        self.stack.push(Value::Ref(fid));
        let entered = self.enter_function(fid, vec![list], Vec::new(), false);
        let next = match entered {
            Ok(_) => self.execute(),
            Err(e) => {
                let exc = self.raise_prep(e);
                Err(exc)
            }
        };
        self.at_exit(next)
    }
}
