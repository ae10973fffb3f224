//! Host calls made by code that `exec`/`eval` compiled while the program
//! ran: they pause like any call (through the journal when native code
//! called `eval`), and a snapshot taken there (holding the compiled code
//! and the namespace dicts) continues in a fresh session.

mod support;

use monty_guest::Session;
use monty_wire::{Progress, Reply, Resume, Value};
use support::{external, request, resume};

fn start(session: &mut Session, code: &str) -> Progress {
    let mut request = request(code);
    request.externals = vec![external("temp", &["city"], false)];
    support::start(session, &request)
}

fn answer(session: &mut Session, p: Progress, value: i64) -> Progress {
    let Progress::Call(c) = p else {
        panic!("expected a call, got {p:?}")
    };
    resume(session, &Resume::One(Reply::value(c.id, Value::Int(value))))
}

/// A fresh session continuing `state`, with the pending call announced.
fn restored(state: &[u8]) -> (Session, Progress) {
    let mut s = Session::default();
    let p: Progress = serde_json::from_str(&s.restore(state)).unwrap();
    assert!(matches!(p, Progress::Call(_)), "{p:?}");
    (s, p)
}

const PROGRAM: &str = "\
ns = {'base': 100, 'temp': temp}
exec('def warm(city):\\n    return base + temp(city)\\nfirst = warm(\"Paris\")', ns)
def in_function(n):
    return eval('n + temp(\"Oslo\")')
second = in_function(1)
exec('third = temp(\"Lima\") * 2')
fourth = list(map(eval, ['temp(\"Rio\") + 1']))
[ns['first'], second, third, fourth[0], eval('warm', ns)('Rome'), eval('base', ns)]
";

#[test]
fn host_calls_inside_exec_and_eval_pause_and_survive_a_snapshot() {
    let mut s = Session::default();
    let mut p = start(&mut s, PROGRAM);
    // a snapshot at every call: each continues in a fresh session
    for value in [1, 2, 3, 4, 5] {
        let (mut fresh, again) = restored(&s.snapshot());
        p = answer(&mut fresh, again, value);
        s = fresh;
    }
    let Progress::Complete { value, .. } = p else {
        panic!("expected complete, got {p:?}")
    };
    let ints = [101, 3, 6, 5, 105, 100].map(Value::Int).to_vec();
    assert_eq!(value, Value::List(ints));
}
