//! Sessions: state that outlives one execution. An agent works in steps:
//! a first cell fetches data into variables, the model reads the output,
//! the next cell uses those variables. A [`Session`] runs each cell in the
//! same instance, so globals, imports, functions and classes stay, while
//! each cell gets its own limits (fuel, time, output, calls start afresh)
//! and its own output sink.
//!
//! The instance moves: while a cell is paused at a call it belongs to that
//! cell's [`Execution`](crate::Execution); when the cell ends with a value
//! or an exception it goes back to its session (the slot below), ready for
//! the next cell. A cell that hits a limit, traps, or whose execution is
//! dropped while paused takes the state with it: the session is lost and
//! says why. Between cells, [`Session::snapshot`] saves the state (the
//! same sealed snapshots as a paused execution's) and
//! [`Engine::restore_session`] continues it in a fresh instance, in this
//! process or another.
//!
//! Does not cover: rolling back to the state before a cell that hit a
//! limit (snapshot before such a cell to keep a copy), or running two
//! cells of one session at once.

use std::sync::{Arc, Mutex, MutexGuard};

use monty_wire::{Progress as WireProgress, SessionStep};

use crate::engine::Engine;
use crate::error::Error;
use crate::execution::{Export, Live, Progress};
use crate::functions::{drive, Functions, RunOutcome};
use crate::limits::Limits;
use crate::output::{CaptureSink, OutputSink};
use crate::protocol::{self, StartRequest};

/// Where a session's instance is between cells.
pub(crate) enum Slot {
    /// No cell has run yet.
    Empty,
    /// Waiting for the next cell.
    Idle(Box<Live>),
    /// A cell is running or paused; its execution holds the instance.
    Busy,
    /// The state is gone, for the reason given.
    Lost(String),
}

/// A session's slot, shared with the instance while a cell runs.
pub(crate) type Home = Arc<Mutex<Slot>>;

fn lock(home: &Home) -> MutexGuard<'_, Slot> {
    // (a panic while holding the lock leaves a slot that is still valid)
    home.lock().unwrap_or_else(|e| e.into_inner())
}

impl Live {
    /// Back to the session after a cell ended (a no-op outside sessions).
    pub(crate) fn go_home(mut self) {
        if let Some(home) = self.home.take() {
            *lock(&home) = Slot::Idle(Box::new(self));
        }
    }
}

impl Drop for Live {
    /// An instance dropped while its cell is unfinished leaves its session
    /// lost.
    fn drop(&mut self) {
        if let Some(home) = self.home.take() {
            let mut slot = lock(&home);
            if matches!(*slot, Slot::Busy) {
                *slot = Slot::Lost(
                    "a cell ended without finishing (a limit, a trap, or its execution was dropped while paused), and the session's state with it".into(),
                );
            }
        }
    }
}

/// A stateful sequence of cells (see the module docs). Made by
/// [`Engine::session`] or [`Engine::restore_session`].
pub struct Session {
    engine: Engine,
    home: Home,
    cells: u64,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let state = match &*lock(&self.home) {
            Slot::Empty => "empty",
            Slot::Idle(_) => "idle",
            Slot::Busy => "busy",
            Slot::Lost(_) => "lost",
        };
        f.debug_struct("Session")
            .field("state", &state)
            .field("cells", &self.cells)
            .finish_non_exhaustive()
    }
}

impl Engine {
    /// A new, empty session; its first cell instantiates the module.
    pub fn session(&self) -> Session {
        Session {
            engine: self.clone(),
            home: Arc::new(Mutex::new(Slot::Empty)),
            cells: 0,
        }
    }

    /// Continues a session from a snapshot: one taken between cells
    /// ([`Session::snapshot`]) gives the session and `None`; one taken at
    /// a pause inside a cell ([`Execution::snapshot`](crate::Execution::snapshot))
    /// gives the session and that pause, after which the session goes on.
    /// `limits` (or the defaults) bound what runs until the next cell.
    ///
    /// # Errors
    ///
    /// As [`Engine::restore`]; [`Error::Internal`] for a snapshot of an
    /// execution that is not a session's.
    pub fn restore_session(
        &self,
        snapshot: &[u8],
        limits: Option<Limits>,
        sink: impl OutputSink,
    ) -> Result<(Session, Option<Progress>), Error> {
        let inner = self.compiled();
        let guest = inner.snapshot_key.open(snapshot)?;
        let limits = limits.unwrap_or_else(|| self.default_limits().clone());
        let session = self.session();
        *lock(&session.home) = Slot::Busy;
        let mut live = Live::new(inner, limits, Box::new(sink))?;
        live.home = Some(Arc::clone(&session.home));
        let (live, wire) = live.exchange(Export::Restore, guest)?;
        match wire {
            WireProgress::Ready => {
                live.go_home();
                Ok((session, None))
            }
            wire => {
                let progress = live.interpret(wire)?;
                Ok((session, Some(progress)))
            }
        }
    }
}

impl Session {
    /// Runs `request` as the session's next cell, to its first stop: the
    /// cell sees everything earlier cells left, plus the request's inputs
    /// and externals. Output goes to `sink` as it is written.
    ///
    /// # Errors
    ///
    /// As [`Engine::start`] (an exception leaves the session usable, with
    /// what the cell did before it); [`Error::Internal`] when the previous
    /// cell is still paused, or the session was lost.
    pub fn feed(
        &mut self,
        request: StartRequest,
        sink: impl OutputSink,
    ) -> Result<Progress, Error> {
        let limits = request
            .limits
            .clone()
            .unwrap_or_else(|| self.engine.default_limits().clone());
        let held =
            {
                let mut slot = lock(&self.home);
                match std::mem::replace(&mut *slot, Slot::Busy) {
                    Slot::Empty => None,
                    Slot::Idle(live) => Some(live),
                    Slot::Busy => return Err(Error::internal(
                        "the session's previous cell is still paused: finish it before the next",
                    )),
                    Slot::Lost(why) => {
                        let message = format!("the session is over: {why}");
                        *slot = Slot::Lost(why);
                        return Err(Error::Internal(message));
                    }
                }
            };
        let (mut live, step) = match held {
            Some(mut live) => match live.begin_cell(limits.clone(), Box::new(sink)) {
                Ok(()) => (*live, SessionStep::Next),
                Err(e) => {
                    *lock(&self.home) = Slot::Idle(live);
                    return Err(e);
                }
            },
            None => match Live::new(self.engine.compiled(), limits.clone(), Box::new(sink)) {
                Ok(live) => (live, SessionStep::New),
                Err(e) => {
                    *lock(&self.home) = Slot::Empty;
                    return Err(e);
                }
            },
        };
        live.home = Some(Arc::clone(&self.home));
        self.cells += 1;
        let message = protocol::start_message(request, &limits, Some(step));
        live.advance(Export::Start, message.as_bytes())
    }

    /// Runs `code` as the next cell, answering its calls with `functions`
    /// (declared to the cell as externals); output is captured.
    ///
    /// # Errors
    ///
    /// As [`Session::feed`].
    pub fn run(&mut self, code: &str, functions: &Functions) -> Result<RunOutcome, Error> {
        self.run_request(StartRequest::new(code), functions)
    }

    /// [`Session::run`] with a full request (its externals extended with
    /// `functions`).
    ///
    /// # Errors
    ///
    /// As [`Session::feed`].
    pub fn run_request(
        &mut self,
        mut request: StartRequest,
        functions: &Functions,
    ) -> Result<RunOutcome, Error> {
        functions.declare_in(&mut request);
        let sink = CaptureSink::new();
        let progress = self.feed(request, sink.clone())?;
        drive(progress, functions, &sink)
    }

    /// Serializes the session between cells, for
    /// [`Engine::restore_session`]. (A cell paused at a call is saved with
    /// its [`Execution::snapshot`](crate::Execution::snapshot).)
    ///
    /// # Errors
    ///
    /// [`Error::Internal`] when no cell has run, a cell is paused, or the
    /// session was lost.
    pub fn snapshot(&mut self) -> Result<Vec<u8>, Error> {
        let mut slot = lock(&self.home);
        match &mut *slot {
            Slot::Idle(live) => {
                let taken = live.snapshot();
                if taken.is_err() {
                    // (the instance trapped: its state is not to be trusted)
                    *slot = Slot::Lost("taking a snapshot failed".into());
                }
                taken
            }
            Slot::Empty => Err(Error::internal(
                "the session has no state yet: run a cell first",
            )),
            Slot::Busy => Err(Error::internal(
                "a cell is paused: snapshot its execution instead",
            )),
            Slot::Lost(why) => Err(Error::Internal(format!("the session is over: {why}"))),
        }
    }

    /// How many cells were fed to this session object (not counting the
    /// ones run before a snapshot it was restored from).
    pub fn cells(&self) -> u64 {
        self.cells
    }
}
