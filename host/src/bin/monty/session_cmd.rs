//! `monty run --session STATE FILE`: FILE is the next cell of the session
//! saved in STATE (a new session when STATE does not exist yet), and the
//! session is saved back to STATE when the cell ends with a value or a
//! Python exception, so each cell can run in a process of its own. STATE
//! is replaced atomically (written beside it, then renamed): a crash or a
//! concurrent reader never sees half a file. A cell that hits a limit, or
//! whose tool server fails, leaves STATE as it was before the cell.

use std::path::Path;

use monty_host::{CaptureSink, Engine, OutputSink, Progress, Session};

/// The session saved in `state`, or a new one if there is no such file.
///
/// # Errors
/// A message when the file cannot be read or is not a session between
/// cells.
pub fn open(engine: &Engine, state: &Path) -> Result<Session, String> {
    let bytes = match std::fs::read(state) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(engine.session()),
        Err(e) => return Err(format!("cannot read {}: {e}", state.display())),
    };
    let (session, paused) = engine
        .restore_session(&bytes, None, CaptureSink::new())
        .map_err(|e| format!("cannot continue the session in {}: {e}", state.display()))?;
    if paused.is_some() {
        return Err(format!(
            "{} holds a cell paused at a call, not a session between cells",
            state.display()
        ));
    }
    Ok(session)
}

/// A session cell saved at a call (`paused`, sealed snapshot bytes),
/// continued: the session and the pause to drive on.
///
/// # Errors
/// A message when the bytes are not a session's cell paused at a call.
pub fn resume(
    engine: &Engine,
    paused: &[u8],
    sink: impl OutputSink,
) -> Result<(Session, Progress), String> {
    let (session, progress) = engine
        .restore_session(paused, None, sink)
        .map_err(|e| format!("cannot continue the session's cell: {e}"))?;
    match progress {
        Some(progress) => Ok((session, progress)),
        None => Err(
            "this is a session between cells, not a cell paused at a call: run the next cell with `monty run --session STATE FILE`"
                .into(),
        ),
    }
}

/// Saves the session to `state` after its cell, if the session lives on;
/// else says on stderr that `state` was left as it was.
pub fn save(session: &mut Session, state: &Path) {
    let bytes = match session.snapshot() {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("monty: {} left as it was: {e}", state.display());
            return;
        }
    };
    let mut temp = state.as_os_str().to_owned();
    temp.push(format!(".tmp{}", std::process::id()));
    let written = std::fs::write(&temp, &bytes).and_then(|()| std::fs::rename(&temp, state));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temp);
        eprintln!("monty: cannot save the session to {}: {e}", state.display());
    }
}
