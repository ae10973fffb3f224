//! One concept: an execution pauses at each external call and the host
//! resumes it by hand (what `Engine::run_with_functions` does for you).
//!
//! Run with `cargo run -p monty-host --example pause_resume`.

use monty_host::{
    Config, Engine, ExternalError, ExternalFunction, Progress, StartRequest, StdioSink, Value,
};

fn main() -> Result<(), monty_host::Error> {
    let engine = Engine::new(Config::new())?;
    let code = "\
total = 0
for city in ['Paris', 'Lima', 'Atlantis']:
    try:
        t = temperature(city)
        print(city, t)
        total += t
    except KeyError as e:
        print('no data for', e)
total
";
    let request = StartRequest::new(code).external(ExternalFunction::new("temperature", &["city"]));
    let mut progress = engine.start(request, StdioSink)?;
    loop {
        progress = match progress {
            Progress::Complete { repr, .. } => {
                println!("=> {}", repr.unwrap_or_default());
                return Ok(());
            }
            Progress::Call(call, execution) => {
                // The program is paused here; nothing runs until we resume.
                let answer = match call.args.first().and_then(Value::as_str) {
                    Some("Paris") => Ok(Value::Int(18)),
                    Some("Lima") => Ok(Value::Int(22)),
                    Some(other) => Err(ExternalError::new("KeyError", other)),
                    None => Err(ExternalError::new("TypeError", "city must be a str")),
                };
                execution.resume(answer)?
            }
            other => panic!("this program makes no OS or async calls: {other:?}"),
        };
    }
}
