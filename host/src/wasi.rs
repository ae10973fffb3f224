//! The WASI preview-1 surface the guest sees: nothing is granted.
//!
//! `monty.wasm` is a Rust `wasm32-wasip1` build, so it imports some of
//! `wasi_snapshot_preview1`. Instead of `wasmtime-wasi` (whose full
//! filesystem/socket/clock machinery we would then have to prove is switched
//! off) this is a deny-all implementation of the whole preview-1 function set,
//! written out so the entire authority the sandbox has is on this page:
//!
//! * `fd_write` to fd 1/2 streams the bytes to the execution's
//!   [`OutputSink`](crate::OutputSink), counted against
//!   [`Limits::max_output_bytes`](crate::Limits::max_output_bytes) (the write
//!   that crosses the cap is truncated at it and traps; reported as
//!   `Limit(Output)`). Every other fd is `EBADF`.
//! * stdin (`fd_read` on fd 0) is always at end of file.
//! * No preopened directories (`fd_prestat_get` is `EBADF`), so no path can
//!   be opened; path functions answer `ENOTCAPABLE`, socket functions
//!   `ENOTSUP`, `poll_oneoff` and `proc_raise` `ENOSYS`.
//! * No arguments and no environment variables.
//! * Clocks: `clock_time_get` of the monotonic clock (id 1) gives real
//!   nanoseconds since the host process's first call, which the guest reads
//!   only to count its own time budget (`max_duration_secs`, unused by this
//!   host, which bounds time by epoch interruption); every other clock reads
//!   0 and `clock_res_get` 1 ns. Python code never sees a clock except
//!   through an os call, so results cannot depend on when they ran.
//! * `random_get` returns a fixed deterministic sequence (SplitMix64 from a
//!   constant seed, restarted for every execution) — never host entropy, so
//!   the same program gives the same output. It only seeds in-guest hash maps;
//!   it is not, and must not be used as, a source of secrets.
//! * `proc_exit` traps; the host reports it as an internal error with the
//!   exit code.
//!
//! [`PROVIDED`] lists every name defined here; the engine refuses a module
//! that imports anything else.

use wasmtime::{Caller, Extern, Linker};

/// WASI's monotonic clock id.
const CLOCK_MONOTONIC: i32 = 1;

/// Nanoseconds since this process first read the monotonic clock.
fn monotonic_nanos() -> u64 {
    static ORIGIN: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    let origin = *ORIGIN.get_or_init(std::time::Instant::now);
    u64::try_from(origin.elapsed().as_nanos()).unwrap_or(u64::MAX)
}

use crate::output::{OutputSink, Stream};

/// The import module name of WASI preview 1.
pub const MODULE: &str = "wasi_snapshot_preview1";

// WASI errno values (preview 1 `errno` enum).
const SUCCESS: i32 = 0;
const EBADF: i32 = 8;
const EFAULT: i32 = 21;
const ENOSYS: i32 = 52;
const ENOTSUP: i32 = 58;
const ESPIPE: i32 = 70;
const ENOTCAPABLE: i32 = 76;

/// How many trailing bytes of stderr are kept to explain a trap (a guest
/// panic prints its message to stderr just before aborting).
const STDERR_TAIL: usize = 2048;

/// Every preview-1 function this host defines (all of preview 1).
pub const PROVIDED: &[&str] = &[
    "args_get",
    "args_sizes_get",
    "environ_get",
    "environ_sizes_get",
    "clock_res_get",
    "clock_time_get",
    "fd_advise",
    "fd_allocate",
    "fd_close",
    "fd_datasync",
    "fd_fdstat_get",
    "fd_fdstat_set_flags",
    "fd_fdstat_set_rights",
    "fd_filestat_get",
    "fd_filestat_set_size",
    "fd_filestat_set_times",
    "fd_pread",
    "fd_prestat_get",
    "fd_prestat_dir_name",
    "fd_pwrite",
    "fd_read",
    "fd_readdir",
    "fd_renumber",
    "fd_seek",
    "fd_sync",
    "fd_tell",
    "fd_write",
    "path_create_directory",
    "path_filestat_get",
    "path_filestat_set_times",
    "path_link",
    "path_open",
    "path_readlink",
    "path_remove_directory",
    "path_rename",
    "path_symlink",
    "path_unlink_file",
    "poll_oneoff",
    "proc_exit",
    "proc_raise",
    "sched_yield",
    "random_get",
    "sock_accept",
    "sock_recv",
    "sock_send",
    "sock_shutdown",
];

/// The per-execution state behind the WASI functions.
pub(crate) struct WasiState {
    sink: Box<dyn OutputSink>,
    max_output_bytes: u64,
    written: u64,
    /// Set when a write hit [`Limits::max_output_bytes`](crate::Limits).
    pub(crate) output_exceeded: bool,
    /// Set by `proc_exit`.
    pub(crate) exit_code: Option<i32>,
    stderr_tail: Vec<u8>,
    rng: u64,
}

impl WasiState {
    pub(crate) fn new(sink: Box<dyn OutputSink>, max_output_bytes: u64) -> Self {
        WasiState {
            sink,
            max_output_bytes,
            written: 0,
            output_exceeded: false,
            exit_code: None,
            stderr_tail: Vec::new(),
            rng: RNG_SEED,
        }
    }

    /// A session's next cell: output goes to `sink`, counted afresh.
    pub(crate) fn begin_cell(&mut self, sink: Box<dyn OutputSink>, max_output_bytes: u64) {
        self.sink = sink;
        self.max_output_bytes = max_output_bytes;
        self.written = 0;
        self.output_exceeded = false;
        self.stderr_tail.clear();
    }

    /// The last bytes the guest wrote to stderr (lossy UTF-8, trimmed).
    pub(crate) fn stderr_tail(&self) -> String {
        String::from_utf8_lossy(&self.stderr_tail).trim().to_owned()
    }

    fn emit(&mut self, stream: Stream, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        if stream == Stream::Stderr {
            self.stderr_tail.extend_from_slice(bytes);
            let excess = self.stderr_tail.len().saturating_sub(STDERR_TAIL);
            self.stderr_tail.drain(..excess);
        }
        self.sink.write(stream, bytes);
    }

    fn next_random(&mut self) -> u64 {
        // SplitMix64: tiny, well distributed, and fully determined by the seed.
        self.rng = self.rng.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The fixed seed of `random_get` ("monty" in ASCII).
const RNG_SEED: u64 = 0x006d_6f6e_7479;

/// Raised (as a trap) when the program's output crosses its cap.
#[derive(Debug)]
pub(crate) struct OutputLimitTrap;

impl std::fmt::Display for OutputLimitTrap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("output limit exceeded")
    }
}

impl std::error::Error for OutputLimitTrap {}

/// Raised (as a trap) by `proc_exit`.
#[derive(Debug)]
pub(crate) struct ProcExit(pub(crate) i32);

impl std::fmt::Display for ProcExit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the guest called proc_exit({})", self.0)
    }
}

impl std::error::Error for ProcExit {}

/// The guest's linear memory and the WASI state, borrowed together.
fn memory_and_state<'a, T: 'static>(
    caller: &'a mut Caller<'_, T>,
    get: fn(&mut T) -> &mut WasiState,
) -> Option<(&'a mut [u8], &'a mut WasiState)> {
    let Some(Extern::Memory(memory)) = caller.get_export("memory") else {
        return None;
    };
    let (data, store) = memory.data_and_store_mut(caller);
    Some((data, get(store)))
}

fn read_u32(mem: &[u8], at: u32) -> Option<u32> {
    let at = at as usize;
    let bytes = mem.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes(bytes.try_into().ok()?))
}

fn write_bytes(mem: &mut [u8], at: i32, bytes: &[u8]) -> i32 {
    let at = at as u32 as usize;
    match at
        .checked_add(bytes.len())
        .and_then(|end| mem.get_mut(at..end))
    {
        Some(slot) => {
            slot.copy_from_slice(bytes);
            SUCCESS
        }
        None => EFAULT,
    }
}

/// Writes `u32` values to consecutive guest pointers (for the `*_sizes_get`
/// style out-parameters).
fn write_u32s<T: 'static>(
    caller: &mut Caller<'_, T>,
    get: fn(&mut T) -> &mut WasiState,
    out: &[(i32, u32)],
) -> i32 {
    let Some((mem, _)) = memory_and_state(caller, get) else {
        return EFAULT;
    };
    for &(ptr, value) in out {
        let errno = write_bytes(mem, ptr, &value.to_le_bytes());
        if errno != SUCCESS {
            return errno;
        }
    }
    SUCCESS
}

/// `fd_write`: fds 1 and 2 go to the sink (under the output cap), others are
/// `EBADF`.
fn fd_write<T: 'static>(
    caller: &mut Caller<'_, T>,
    get: fn(&mut T) -> &mut WasiState,
    fd: i32,
    iovs: i32,
    iovs_len: i32,
    nwritten: i32,
) -> wasmtime::Result<i32> {
    let stream = match fd {
        1 => Stream::Stdout,
        2 => Stream::Stderr,
        _ => return Ok(EBADF),
    };
    let Some((mem, state)) = memory_and_state(caller, get) else {
        return Ok(EFAULT);
    };
    // Resolve every iovec first so a bad pointer writes nothing.
    let mut ranges = Vec::with_capacity(iovs_len.clamp(0, 64) as usize);
    let mut total: u64 = 0;
    for i in 0..iovs_len.max(0) as u32 {
        let entry = (iovs as u32).wrapping_add(i * 8);
        let (Some(ptr), Some(len)) = (read_u32(mem, entry), read_u32(mem, entry.wrapping_add(4)))
        else {
            return Ok(EFAULT);
        };
        let (start, end) = (ptr as usize, ptr as usize + len as usize);
        if end > mem.len() {
            return Ok(EFAULT);
        }
        ranges.push(start..end);
        total += u64::from(len);
    }
    let allowed = state.max_output_bytes.saturating_sub(state.written);
    let mut budget = allowed.min(total);
    for range in ranges {
        let take = (range.len() as u64).min(budget) as usize;
        state.emit(stream, &mem[range.start..range.start + take]);
        budget -= take as u64;
    }
    if total > allowed {
        state.written = state.max_output_bytes;
        state.output_exceeded = true;
        return Err(wasmtime::Error::new(OutputLimitTrap));
    }
    state.written += total;
    Ok(write_bytes(mem, nwritten, &(total as u32).to_le_bytes()))
}

/// Defines every preview-1 function that takes only numbers and does
/// nothing but answer `errno`.
macro_rules! deny {
    ($linker:expr, $name:literal, $errno:expr, ($($t:ty),*)) => {
        $linker.func_wrap(MODULE, $name, move |$(_: $t),*| -> i32 { $errno })?;
    };
}

/// Adds the whole deny-all preview-1 surface to `linker`; `get` finds the
/// [`WasiState`] inside the store data.
pub(crate) fn add_to_linker<T: 'static>(
    linker: &mut Linker<T>,
    get: fn(&mut T) -> &mut WasiState,
) -> wasmtime::Result<()> {
    // Output.
    linker.func_wrap(
        MODULE,
        "fd_write",
        move |mut caller: Caller<'_, T>, fd: i32, iovs: i32, len: i32, nwritten: i32| {
            fd_write(&mut caller, get, fd, iovs, len, nwritten)
        },
    )?;
    // Input: stdin is empty, everything else closed.
    linker.func_wrap(
        MODULE,
        "fd_read",
        move |mut caller: Caller<'_, T>, fd: i32, _iovs: i32, _len: i32, nread: i32| -> i32 {
            if fd == 0 {
                write_u32s(&mut caller, get, &[(nread, 0)])
            } else {
                EBADF
            }
        },
    )?;
    linker.func_wrap(
        MODULE,
        "fd_fdstat_get",
        move |mut caller: Caller<'_, T>, fd: i32, out: i32| -> i32 {
            if !(0..=2).contains(&fd) {
                return EBADF;
            }
            // fdstat: filetype u8 (2 = character device), flags u16 (fd 1/2:
            // append), rights_base u64, rights_inheriting u64 — 24 bytes.
            const FD_READ: u64 = 1 << 1;
            const FD_WRITE: u64 = 1 << 6;
            let mut stat = [0u8; 24];
            stat[0] = 2;
            let rights = if fd == 0 { FD_READ } else { FD_WRITE };
            stat[8..16].copy_from_slice(&rights.to_le_bytes());
            match memory_and_state(&mut caller, get) {
                Some((mem, _)) => write_bytes(mem, out, &stat),
                None => EFAULT,
            }
        },
    )?;
    // Nothing in argv or the environment.
    for name in ["args_sizes_get", "environ_sizes_get"] {
        linker.func_wrap(
            MODULE,
            name,
            move |mut caller: Caller<'_, T>, count: i32, size: i32| -> i32 {
                write_u32s(&mut caller, get, &[(count, 0), (size, 0)])
            },
        )?;
    }
    deny!(linker, "args_get", SUCCESS, (i32, i32));
    deny!(linker, "environ_get", SUCCESS, (i32, i32));
    // Clocks: always the epoch, nanosecond resolution.
    linker.func_wrap(
        MODULE,
        "clock_time_get",
        move |mut caller: Caller<'_, T>, id: i32, _precision: i64, out: i32| -> i32 {
            let now = if id == CLOCK_MONOTONIC {
                monotonic_nanos()
            } else {
                0
            };
            match memory_and_state(&mut caller, get) {
                Some((mem, _)) => write_bytes(mem, out, &now.to_le_bytes()),
                None => EFAULT,
            }
        },
    )?;
    linker.func_wrap(
        MODULE,
        "clock_res_get",
        move |mut caller: Caller<'_, T>, _id: i32, out: i32| -> i32 {
            match memory_and_state(&mut caller, get) {
                Some((mem, _)) => write_bytes(mem, out, &1u64.to_le_bytes()),
                None => EFAULT,
            }
        },
    )?;
    // Deterministic "randomness".
    linker.func_wrap(
        MODULE,
        "random_get",
        move |mut caller: Caller<'_, T>, buf: i32, len: i32| -> i32 {
            let Some((mem, state)) = memory_and_state(&mut caller, get) else {
                return EFAULT;
            };
            let start = buf as u32 as usize;
            let Some(out) = start
                .checked_add(len as u32 as usize)
                .and_then(|end| mem.get_mut(start..end))
            else {
                return EFAULT;
            };
            for chunk in out.chunks_mut(8) {
                let word = state.next_random().to_le_bytes();
                chunk.copy_from_slice(&word[..chunk.len()]);
            }
            SUCCESS
        },
    )?;
    // Process control.
    linker.func_wrap(
        MODULE,
        "proc_exit",
        move |mut caller: Caller<'_, T>, code: i32| -> wasmtime::Result<()> {
            get(caller.data_mut()).exit_code = Some(code);
            Err(wasmtime::Error::new(ProcExit(code)))
        },
    )?;
    deny!(linker, "proc_raise", ENOSYS, (i32));
    deny!(linker, "sched_yield", SUCCESS, ());
    deny!(linker, "poll_oneoff", ENOSYS, (i32, i32, i32, i32));
    // File descriptors: 0–2 exist (but cannot be seeked or closed), nothing else does.
    deny!(linker, "fd_close", EBADF, (i32));
    deny!(linker, "fd_advise", EBADF, (i32, i64, i64, i32));
    deny!(linker, "fd_allocate", EBADF, (i32, i64, i64));
    deny!(linker, "fd_datasync", EBADF, (i32));
    deny!(linker, "fd_sync", EBADF, (i32));
    linker.func_wrap(
        MODULE,
        "fd_fdstat_set_flags",
        |fd: i32, _flags: i32| -> i32 {
            if (0..=2).contains(&fd) {
                ENOTSUP
            } else {
                EBADF
            }
        },
    )?;
    deny!(linker, "fd_fdstat_set_rights", EBADF, (i32, i64, i64));
    deny!(linker, "fd_filestat_get", EBADF, (i32, i32));
    deny!(linker, "fd_filestat_set_size", EBADF, (i32, i64));
    deny!(linker, "fd_filestat_set_times", EBADF, (i32, i64, i64, i32));
    deny!(linker, "fd_pread", EBADF, (i32, i32, i32, i64, i32));
    deny!(linker, "fd_pwrite", EBADF, (i32, i32, i32, i64, i32));
    deny!(linker, "fd_prestat_get", EBADF, (i32, i32));
    deny!(linker, "fd_prestat_dir_name", EBADF, (i32, i32, i32));
    deny!(linker, "fd_readdir", EBADF, (i32, i32, i32, i64, i32));
    deny!(linker, "fd_renumber", EBADF, (i32, i32));
    linker.func_wrap(
        MODULE,
        "fd_seek",
        |fd: i32, _offset: i64, _whence: i32, _out: i32| -> i32 {
            if (0..=2).contains(&fd) {
                ESPIPE
            } else {
                EBADF
            }
        },
    )?;
    linker.func_wrap(MODULE, "fd_tell", |fd: i32, _out: i32| -> i32 {
        if (0..=2).contains(&fd) {
            ESPIPE
        } else {
            EBADF
        }
    })?;
    // Paths: there is no directory to resolve them against.
    deny!(
        linker,
        "path_create_directory",
        ENOTCAPABLE,
        (i32, i32, i32)
    );
    deny!(
        linker,
        "path_filestat_get",
        ENOTCAPABLE,
        (i32, i32, i32, i32, i32)
    );
    deny!(
        linker,
        "path_filestat_set_times",
        ENOTCAPABLE,
        (i32, i32, i32, i32, i64, i64, i32)
    );
    deny!(
        linker,
        "path_link",
        ENOTCAPABLE,
        (i32, i32, i32, i32, i32, i32, i32)
    );
    deny!(
        linker,
        "path_open",
        ENOTCAPABLE,
        (i32, i32, i32, i32, i32, i64, i64, i32, i32)
    );
    deny!(
        linker,
        "path_readlink",
        ENOTCAPABLE,
        (i32, i32, i32, i32, i32, i32)
    );
    deny!(
        linker,
        "path_remove_directory",
        ENOTCAPABLE,
        (i32, i32, i32)
    );
    deny!(
        linker,
        "path_rename",
        ENOTCAPABLE,
        (i32, i32, i32, i32, i32, i32)
    );
    deny!(
        linker,
        "path_symlink",
        ENOTCAPABLE,
        (i32, i32, i32, i32, i32)
    );
    deny!(linker, "path_unlink_file", ENOTCAPABLE, (i32, i32, i32));
    // Sockets: none.
    deny!(linker, "sock_accept", ENOTSUP, (i32, i32, i32));
    deny!(linker, "sock_recv", ENOTSUP, (i32, i32, i32, i32, i32, i32));
    deny!(linker, "sock_send", ENOTSUP, (i32, i32, i32, i32, i32));
    deny!(linker, "sock_shutdown", ENOTSUP, (i32, i32));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn provided_list_matches_the_linker() {
        let engine = wasmtime::Engine::default();
        let mut linker: Linker<WasiState> = Linker::new(&engine);
        add_to_linker(&mut linker, |s| s).unwrap();
        let mut store = wasmtime::Store::new(
            &engine,
            WasiState::new(Box::new(crate::output::CaptureSink::new()), 0),
        );
        let mut defined: Vec<String> = linker
            .iter(&mut store)
            .map(|(m, n, _)| format!("{m}::{n}"))
            .collect();
        defined.sort();
        let mut expected: Vec<String> = PROVIDED.iter().map(|n| format!("{MODULE}::{n}")).collect();
        expected.sort();
        assert_eq!(defined, expected);
    }

    #[test]
    fn random_is_deterministic() {
        let mut a = WasiState::new(Box::new(crate::output::CaptureSink::new()), 0);
        let mut b = WasiState::new(Box::new(crate::output::CaptureSink::new()), 0);
        let (xs, ys): (Vec<u64>, Vec<u64>) =
            (0..4).map(|_| (a.next_random(), b.next_random())).unzip();
        assert_eq!(xs, ys);
        assert_ne!(xs[0], xs[1]);
    }
}
