//! Program output. In wasm this is WASI `fd_write` on fds 1 and 2, which
//! every host streams with its ordinary stdout/stderr setting.

use std::io::Write;

/// Writes `s` to stdout (`stream` 1) or stderr (2), unbuffered so the host
/// sees output as it is produced.
pub fn write(stream: u32, s: &str) {
    // Output errors (a closed pipe on the host side) are not the program's
    // concern; the host enforces its own output limits.
    let _ = if stream == 2 {
        let mut e = std::io::stderr();
        e.write_all(s.as_bytes()).and_then(|_| e.flush())
    } else {
        let mut o = std::io::stdout();
        o.write_all(s.as_bytes()).and_then(|_| o.flush())
    };
}
