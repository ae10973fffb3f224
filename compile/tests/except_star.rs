//! `except*` clauses the compiler refuses, with CPython's messages and
//! lines (what runs is covered by `tests/cases/exceptions__except_star.py`).

use monty_compile::compile_source;

fn refused(src: &str) -> (String, u32) {
    match compile_source(src, "t.py", &[]) {
        Ok(_) => panic!("compiled:\n{src}"),
        Err(e) => (format!("{}: {}", e.kind, e.message), e.line),
    }
}

const EXIT: &str =
    "SyntaxError: 'break', 'continue' and 'return' cannot appear in an except* block";

#[test]
fn jumps_out_of_an_except_star_body_are_refused() {
    let cont =
        "for i in range(2):\n    try:\n        pass\n    except* ValueError:\n        continue\n";
    assert_eq!(refused(cont), (EXIT.to_string(), 5));
    let brk = "while True:\n    try:\n        pass\n    except* ValueError:\n        break\n";
    assert_eq!(refused(brk), (EXIT.to_string(), 5));
    let ret = "def f():\n    try:\n        pass\n    except* ValueError:\n        return 1\n";
    assert_eq!(refused(ret), (EXIT.to_string(), 5));
}

#[test]
fn jumps_inside_an_except_star_body_compile() {
    let inner_loop = "try:\n    pass\nexcept* ValueError:\n    for i in range(3):\n        if i:\n            break\n        continue\n";
    assert!(compile_source(inner_loop, "t.py", &[]).is_ok());
    let inner_def = "try:\n    pass\nexcept* ValueError:\n    def f():\n        return 1\n";
    assert!(compile_source(inner_def, "t.py", &[]).is_ok());
}
