//! A text listing of a compiled [`Program`]: its tables, then each code
//! object's header and instructions with their source lines. For golden
//! tests of the compiler (`compile/tests/golden.rs`) and for reading what
//! the compiler made of a program; the format is for people, not parsed.

use std::fmt::Write;

use crate::bytecode::{Code, Const, Op, Program};

/// The listing of `program`.
pub fn disassemble(program: &Program) -> String {
    let mut out = String::new();
    let list = |out: &mut String, what: &str, items: &[String]| {
        let _ = writeln!(out, "{what}:");
        for (i, item) in items.iter().enumerate() {
            let _ = writeln!(out, "  {i:>3} {item}");
        }
    };
    let consts: Vec<String> = program.consts.iter().map(const_text).collect();
    list(&mut out, "consts", &consts);
    list(&mut out, "names", &program.names);
    list(&mut out, "globals", &program.globals);
    for (i, code) in program.codes.iter().enumerate() {
        out.push('\n');
        code_listing(&mut out, i, code, program);
    }
    out
}

fn const_text(c: &Const) -> String {
    match c {
        Const::None => "None".into(),
        Const::Bool(true) => "True".into(),
        Const::Bool(false) => "False".into(),
        Const::Int(i) => i.to_string(),
        Const::BigInt(b) => b.to_string(),
        Const::Float(f) => monty_text::float_repr(*f),
        Const::Complex(re, im) => monty_text::complex_repr(*re, *im),
        Const::Str(s) => monty_text::str_repr(s),
        Const::Bytes(b) => format!("bytes[{}]", b.len()),
        Const::Ellipsis => "Ellipsis".into(),
        Const::Tuple(items) => {
            let items: Vec<String> = items.iter().map(const_text).collect();
            if items.len() == 1 {
                format!("({},)", items[0])
            } else {
                format!("({})", items.join(", "))
            }
        }
    }
}

fn code_listing(out: &mut String, index: usize, code: &Code, program: &Program) {
    let p = &code.params;
    let mut flags = Vec::new();
    if code.is_generator {
        flags.push("generator");
    }
    if code.is_coroutine {
        flags.push("coroutine");
    }
    if code.is_lambda {
        flags.push("lambda");
    }
    let _ = writeln!(
        out,
        "code {index} {} (line {}): params {:?} positional {} posonly {} kwonly {}{}{}; locals {:?}; free {:?}{}",
        code.qualname,
        code.first_line,
        p.names,
        p.positional,
        p.posonly,
        p.kwonly,
        if p.varargs { " *args" } else { "" },
        if p.varkw { " **kwargs" } else { "" },
        code.local_names,
        code.freevars,
        if flags.is_empty() {
            String::new()
        } else {
            format!("; {}", flags.join(" "))
        },
    );
    let mut last_line = 0;
    for (i, op) in code.ops.iter().enumerate() {
        let line = code.lines.get(i).copied().unwrap_or(0);
        let shown = if line != last_line {
            last_line = line;
            format!("{line:>4}")
        } else {
            "    ".into()
        };
        let note = match op {
            Op::LoadConst(k) => program
                .consts
                .get(*k as usize)
                .map(|c| format!("  ; {}", const_text(c)))
                .unwrap_or_default(),
            _ => String::new(),
        };
        let _ = writeln!(out, "{shown} {i:>4} {op:?}{note}");
    }
}
