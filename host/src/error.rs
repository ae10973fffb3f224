//! The ways an execution can end other than by completing.
//!
//! Three kinds, kept distinct because callers react to them differently:
//!
//! * [`Error::Python`]: the program raised an exception nobody caught. This is
//!   the program's fault and the usual thing to show a model so it can fix its
//!   code; it carries CPython's type name, message and formatted traceback.
//! * [`Error::Limit`]: the host stopped the program because it used up one of
//!   its [`Limits`](crate::Limits). The instance is discarded; the engine is
//!   unaffected.
//! * [`Error::Internal`]: something that should not happen — a guest trap or
//!   panic, `proc_exit`, a malformed message, a missing export. Never a crash
//!   of the embedding process.
//!
//! [`ExternalError`] is the other direction: the error a host function hands
//! back to the program, which sees it as a Python exception it can catch.

use std::fmt;

/// The error type of every fallible operation in this crate.
#[derive(Debug, Clone, PartialEq)]
pub enum Error {
    /// The program raised an exception that was not caught.
    Python(PyException),
    /// The program was stopped because it exceeded a limit.
    Limit(LimitKind),
    /// A bug or a broken contract between host and guest (a trap, a guest
    /// panic, `proc_exit`, an invalid message, a module without the expected
    /// exports, an I/O failure while loading the module).
    Internal(String),
}

impl Error {
    /// Shorthand for [`Error::Internal`] from anything printable.
    pub(crate) fn internal(message: impl fmt::Display) -> Self {
        Error::Internal(message.to_string())
    }

    /// The limit that stopped the program, if that is what happened.
    pub fn limit(&self) -> Option<LimitKind> {
        match self {
            Error::Limit(kind) => Some(*kind),
            _ => None,
        }
    }

    /// The uncaught Python exception, if that is what happened.
    pub fn python(&self) -> Option<&PyException> {
        match self {
            Error::Python(exception) => Some(exception),
            _ => None,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Python(exception) => exception.fmt(f),
            Error::Limit(kind) => write!(f, "limit exceeded: {kind} ({})", kind.describe()),
            Error::Internal(message) => write!(f, "internal error: {message}"),
        }
    }
}

impl std::error::Error for Error {}

/// An uncaught Python exception, as the guest reported it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PyException {
    /// The exception's class name, e.g. `"ZeroDivisionError"`.
    pub type_name: String,
    /// `str(exception)`, e.g. `"division by zero"`; may be empty.
    pub message: String,
    /// The full CPython-style traceback, ending with the `Type: message` line.
    pub traceback: String,
}

impl PyException {
    /// The last line of a traceback: `Type: message`, or just `Type` when the
    /// message is empty (as CPython prints it).
    pub fn summary(&self) -> String {
        if self.message.is_empty() {
            self.type_name.clone()
        } else {
            format!("{}: {}", self.type_name, self.message)
        }
    }
}

impl fmt::Display for PyException {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.summary())
    }
}

/// Which limit stopped an execution. See [`Limits`](crate::Limits) for what
/// each one counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LimitKind {
    /// The CPU budget ([`Limits::fuel`](crate::Limits::fuel)) ran out.
    Fuel,
    /// The wall-clock budget ([`Limits::timeout`](crate::Limits::timeout)) ran out.
    Time,
    /// Linear memory would have grown past
    /// [`Limits::max_memory_bytes`](crate::Limits::max_memory_bytes).
    Memory,
    /// The program wrote more than
    /// [`Limits::max_output_bytes`](crate::Limits::max_output_bytes).
    Output,
    /// The program made more than
    /// [`Limits::max_external_calls`](crate::Limits::max_external_calls).
    ExternalCalls,
    /// The guest's own instruction count passed
    /// [`Limits::max_instructions`](crate::Limits::max_instructions).
    Instructions,
}

impl LimitKind {
    /// The short stable name used in messages and JSON (`"fuel"`, `"time"`,
    /// `"memory"`, `"output"`, `"external_calls"`, `"instructions"`).
    pub fn name(self) -> &'static str {
        match self {
            LimitKind::Fuel => "fuel",
            LimitKind::Time => "time",
            LimitKind::Memory => "memory",
            LimitKind::Output => "output",
            LimitKind::ExternalCalls => "external_calls",
            LimitKind::Instructions => "instructions",
        }
    }

    /// A one-line human explanation.
    pub fn describe(self) -> &'static str {
        match self {
            LimitKind::Fuel => "the program used up its CPU budget",
            LimitKind::Time => "the program ran longer than its time limit",
            LimitKind::Memory => "the program tried to use more memory than allowed",
            LimitKind::Output => "the program printed more output than allowed",
            LimitKind::ExternalCalls => "the program made more external calls than allowed",
            LimitKind::Instructions => "the program ran more instructions than allowed",
        }
    }
}

impl fmt::Display for LimitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error a host function returns to the program. Inside the sandbox it is
/// raised as a Python exception of class `type_name` (a builtin exception
/// name such as `"ValueError"`; unknown names become `RuntimeError`), so the
/// program can catch it with `try`/`except`.
///
/// An os call's error may also carry the OS error number (`errno`), which
/// the guest puts on the `OSError` it raises; see [`Errno`](crate::Errno).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExternalError {
    /// The Python exception class to raise, e.g. `"ValueError"`.
    pub type_name: String,
    /// The exception message (for an os call: the OS's description of the
    /// error, `strerror`, such as `"No such file or directory"`).
    pub message: String,
    /// The OS error number, for an os call's `OSError`; `None` for other
    /// errors (and for an `OSError` subclass whose number is its usual one).
    pub errno: Option<i64>,
}

impl ExternalError {
    /// An error that the program sees as `type_name(message)`.
    pub fn new(type_name: impl Into<String>, message: impl Into<String>) -> Self {
        ExternalError {
            type_name: type_name.into(),
            message: message.into(),
            errno: None,
        }
    }

    /// The same error with an OS error number.
    pub fn with_errno(mut self, errno: i64) -> Self {
        self.errno = Some(errno);
        self
    }
}

impl fmt::Display for ExternalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.errno {
            Some(errno) => write!(f, "{}: [Errno {errno}] {}", self.type_name, self.message),
            None => write!(f, "{}: {}", self.type_name, self.message),
        }
    }
}

impl std::error::Error for ExternalError {}
