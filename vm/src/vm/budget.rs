//! The guest's own CPU, time and memory budget.
//!
//! Hosts without fuel (Node, browsers, wazero) cannot stop a synchronous
//! call from outside, so the guest counts for itself:
//!
//! * **instructions**: every bytecode instruction the dispatch loop runs,
//!   plus every item a native function takes from an iterator (so
//!   `sum(range(10**12))` is bounded too). Deterministic: the same program
//!   and host answers give the same count in every host. The count carries
//!   across pauses and snapshots.
//! * **time**: the seconds the guest spends running, summed over `start`
//!   and each `resume`, read from the monotonic clock (WASI
//!   `clock_time_get`) only when a limit is set. Time the host spends on
//!   its tools is the host's to bound.
//! * **memory**: the linear memory grown so far against the cap, checked
//!   at the same points (a single big object is refused earlier, as a
//!   catchable `MemoryError`: [`Vm::check_alloc`]).
//!
//! The dispatch loop decrements [`Budget::countdown`] per instruction;
//! only when it reaches zero does [`Vm::budget_check`] run (every
//! [`CHECK_EVERY`] instructions, or exactly at the instruction limit).
//! A breach is sticky: the countdown stays at one, so native code that
//! swallows the error meets it again at its next instruction, and the
//! session reports the limit whatever the run's exit.

use serde::{Deserialize, Serialize};

use super::{PyErr, PyResult, Vm};

/// Instructions between two checks of the clock and memory (about
/// 50-200 µs of running).
pub const CHECK_EVERY: u32 = 1 << 14;

/// Which budget ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LimitKind {
    Instructions,
    Time,
    Memory,
}

impl LimitKind {
    /// The name hosts see (`"instructions"`, `"time"`, `"memory"`).
    pub fn name(self) -> &'static str {
        match self {
            LimitKind::Instructions => "instructions",
            LimitKind::Time => "time",
            LimitKind::Memory => "memory",
        }
    }
}

/// The budget of one execution and what it has used.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Budget {
    /// Instructions allowed in all, if bounded.
    pub max_instructions: Option<u64>,
    /// Seconds of running allowed in all, if bounded.
    pub max_duration_secs: Option<f64>,
    /// Instructions counted before the current countdown began.
    pub instructions: u64,
    /// Seconds of running in earlier slices (start/resume calls).
    pub seconds: f64,
    /// The limit that ran out, once one has.
    pub tripped: Option<LimitKind>,
    /// Instructions left before the next check.
    #[serde(skip, default = "first_countdown")]
    pub countdown: u32,
    /// The countdown's value when it was last set.
    #[serde(skip, default = "first_countdown")]
    pub(super) period: u32,
    /// When the current slice began, while one is running and time is
    /// bounded.
    #[serde(skip)]
    slice_start: Option<std::time::Instant>,
}

fn first_countdown() -> u32 {
    1
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            max_instructions: None,
            max_duration_secs: None,
            instructions: 0,
            seconds: 0.0,
            tripped: None,
            countdown: 1,
            period: 1,
            slice_start: None,
        }
    }
}

impl Budget {
    /// Instructions counted so far, including the current countdown's.
    pub fn instructions_used(&self) -> u64 {
        self.instructions + u64::from(self.period.saturating_sub(self.countdown))
    }

    /// Seconds of running so far, including the current slice's.
    pub fn seconds_used(&self) -> f64 {
        self.seconds + self.slice_start.map_or(0.0, |s| s.elapsed().as_secs_f64())
    }

    /// A run slice begins (the guest was entered to run the program).
    pub fn begin_slice(&mut self) {
        if self.max_duration_secs.is_some() {
            self.slice_start = Some(std::time::Instant::now());
        }
    }

    /// The run slice ends (the guest returns to the host): the time and
    /// the instructions of the period in progress are accounted, so that a
    /// snapshot holds them.
    pub fn end_slice(&mut self) {
        if let Some(s) = self.slice_start.take() {
            self.seconds += s.elapsed().as_secs_f64();
        }
        self.instructions += u64::from(self.period.saturating_sub(self.countdown));
        self.period = self.countdown;
    }

    /// The message a host shows for the breach.
    pub fn message(&self, kind: LimitKind, max_memory_bytes: u64) -> String {
        match kind {
            LimitKind::Instructions => format!(
                "instruction limit exceeded: {} instructions allowed",
                self.max_instructions.unwrap_or(0)
            ),
            LimitKind::Time => format!(
                "time limit exceeded: {} s of running allowed",
                self.max_duration_secs.unwrap_or(0.0)
            ),
            LimitKind::Memory => {
                format!("memory limit exceeded: {max_memory_bytes} bytes allowed")
            }
        }
    }
}

impl Vm {
    /// Counts one unit of work (a bytecode instruction in the dispatch
    /// loop, an item taken by native code); checks the budget when its
    /// countdown runs out.
    ///
    /// # Errors
    /// [`PyErr::Limit`] once a budget has run out.
    #[inline]
    pub fn tick(&mut self) -> PyResult<()> {
        self.budget.countdown -= 1;
        if self.budget.countdown == 0 {
            return self.budget_check();
        }
        Ok(())
    }

    /// The slow path of [`Vm::tick`]: accounts the period just finished,
    /// checks every limit and starts the next period.
    ///
    /// # Errors
    /// [`PyErr::Limit`] once a budget has run out (and at every later
    /// check).
    #[inline(never)]
    pub fn budget_check(&mut self) -> PyResult<()> {
        let b = &mut self.budget;
        b.instructions += u64::from(b.period);
        if b.tripped.is_some() {
            b.countdown = 1;
            b.period = 0;
            return Err(PyErr::Limit);
        }
        let mut left = u64::from(CHECK_EVERY);
        if let Some(max) = b.max_instructions {
            // (`instructions` counts the one about to run)
            if b.instructions > max {
                return self.trip(LimitKind::Instructions);
            }
            left = left.min(max - b.instructions).max(1);
        }
        if let Some(max) = b.max_duration_secs {
            if b.seconds_used() > max {
                return self.trip(LimitKind::Time);
            }
        }
        if super::linear_memory_bytes() > self.limits.max_memory_bytes {
            return self.trip(LimitKind::Memory);
        }
        let b = &mut self.budget;
        b.countdown = left as u32;
        b.period = left as u32;
        Ok(())
    }

    fn trip(&mut self, kind: LimitKind) -> PyResult<()> {
        let b = &mut self.budget;
        b.tripped = Some(kind);
        b.countdown = 1;
        b.period = 0;
        Err(PyErr::Limit)
    }
}
