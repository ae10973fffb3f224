//! Where a program's `print` output goes.
//!
//! The guest writes stdout and stderr with WASI `fd_write` to fds 1 and 2;
//! the host hands each write, as it happens, to the execution's
//! [`OutputSink`]. So output is streamed — a caller sees everything printed
//! before an external call while the program is paused at that call.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// Which of the program's output streams a write belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stream {
    /// fd 1.
    Stdout,
    /// fd 2.
    Stderr,
}

/// Receives the program's output as it is written.
///
/// Implemented for every `FnMut(Stream, &[u8]) + Send + 'static` closure.
/// The sink runs on the thread executing the guest, inside the guest's time
/// budget: a sink that blocks delays (and can time out) the program.
pub trait OutputSink: Send + 'static {
    /// Called once per contiguous chunk written by the program. `bytes` is
    /// usually UTF-8 but a chunk boundary may split a character.
    fn write(&mut self, stream: Stream, bytes: &[u8]);
}

impl<F: FnMut(Stream, &[u8]) + Send + 'static> OutputSink for F {
    fn write(&mut self, stream: Stream, bytes: &[u8]) {
        self(stream, bytes)
    }
}

/// Writes to the host process's own stdout and stderr, flushing each write
/// so output interleaves as the program produced it. Write errors (a closed
/// pipe) are ignored: the program keeps running.
#[derive(Debug, Default, Clone, Copy)]
pub struct StdioSink;

impl OutputSink for StdioSink {
    fn write(&mut self, stream: Stream, bytes: &[u8]) {
        let _ = match stream {
            Stream::Stdout => {
                let mut out = std::io::stdout().lock();
                out.write_all(bytes).and_then(|()| out.flush())
            }
            Stream::Stderr => std::io::stderr().lock().write_all(bytes),
        };
    }
}

/// Collects output in memory; clone it before handing it to an execution and
/// read it afterwards.
#[derive(Debug, Default, Clone)]
pub struct CaptureSink {
    inner: Arc<Mutex<Captured>>,
}

#[derive(Debug, Default)]
struct Captured {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

impl CaptureSink {
    /// An empty capture.
    pub fn new() -> Self {
        Self::default()
    }

    /// Everything written to stdout so far (lossily decoded as UTF-8).
    pub fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.lock().stdout).into_owned()
    }

    /// Everything written to stderr so far (lossily decoded as UTF-8).
    pub fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.lock().stderr).into_owned()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Captured> {
        // A panic while holding the lock leaves plain byte buffers behind,
        // which are still valid; keep going.
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl OutputSink for CaptureSink {
    fn write(&mut self, stream: Stream, bytes: &[u8]) {
        let mut captured = self.lock();
        match stream {
            Stream::Stdout => captured.stdout.extend_from_slice(bytes),
            Stream::Stderr => captured.stderr.extend_from_slice(bytes),
        }
    }
}
