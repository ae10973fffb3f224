//! Argument binding with CPython's exact messages, shared by `datetime`,
//! `time` and `re`: the C-level parser (`PyArg_ParseTupleAndKeywords` and
//! Argument Clinic) and the binding of a pure-Python `def`.

use crate::object::Value;
use crate::vm::call::Kwargs;
use crate::vm::{PyErr, PyResult};

/// How a C-level function names itself in binding errors.
#[derive(Clone, Copy)]
pub enum CName<'a> {
    /// No name given to the parser: "function ...", "this function ...".
    Anon,
    /// `name()`.
    Named(&'a str),
}

impl CName<'_> {
    fn prefix(self) -> String {
        match self {
            CName::Anon => "function".into(),
            CName::Named(n) => format!("{n}()"),
        }
    }
}

/// Binds C-style: `params` in order, the first `required` mandatory, the
/// ones from `kw_only` on keyword-only. Returns one slot per parameter.
pub fn bind_c(
    name: CName,
    pos: &[Value],
    kw: &Kwargs,
    params: &[&str],
    required: usize,
    kw_only: usize,
) -> PyResult<Vec<Option<Value>>> {
    let nargs = pos.len();
    let total = nargs + kw.len();
    let len = params.len();
    let p = name.prefix();
    if total > len {
        return Err(PyErr::type_error(format!(
            "{p} takes at most {len} {}argument{} ({total} given)",
            if nargs == 0 { "keyword " } else { "" },
            if len == 1 { "" } else { "s" }
        )));
    }
    if nargs > kw_only {
        return Err(PyErr::type_error(format!(
            "{p} takes {} {kw_only} positional argument{} ({nargs} given)",
            if required < kw_only {
                "at most"
            } else {
                "exactly"
            },
            if kw_only == 1 { "" } else { "s" }
        )));
    }
    let mut out = vec![None; len];
    let mut used = 0;
    for (i, param) in params.iter().enumerate() {
        if i < nargs {
            out[i] = Some(pos[i]);
        } else if let Some((_, v)) = kw.iter().find(|(k, _)| k == param) {
            out[i] = Some(*v);
            used += 1;
        }
        if out[i].is_none() && i < required {
            return Err(PyErr::type_error(if i < kw_only {
                format!("{p} missing required argument '{param}' (pos {})", i + 1)
            } else {
                format!("{p} missing required keyword-only argument '{param}'")
            }));
        }
    }
    if used < kw.len() {
        for (i, param) in params.iter().enumerate().take(nargs) {
            if kw.iter().any(|(k, _)| k == param) {
                return Err(PyErr::type_error(format!(
                    "argument for {p} given by name ('{param}') and position ({})",
                    i + 1
                )));
            }
        }
        for (k, _) in kw {
            if !params.contains(&k.as_str()) {
                let who = match name {
                    CName::Anon => "this function".to_string(),
                    CName::Named(n) => format!("{n}()"),
                };
                return Err(PyErr::type_error(format!(
                    "{who} got an unexpected keyword argument '{k}'"
                )));
            }
        }
    }
    Ok(out)
}

/// Binds like a pure-Python `def name(params...)` whose first `required`
/// parameters have no default.
pub fn bind_py(
    name: &str,
    pos: &[Value],
    kw: &Kwargs,
    params: &[&str],
    required: usize,
) -> PyResult<Vec<Option<Value>>> {
    let n = params.len();
    if pos.len() > n {
        let takes = if required == n {
            format!("{n}")
        } else {
            format!("from {required} to {n}")
        };
        let s = if n == 1 && required == n { "" } else { "s" };
        let were = if pos.len() == 1 { "was" } else { "were" };
        return Err(PyErr::type_error(format!(
            "{name}() takes {takes} positional argument{s} but {} {were} given",
            pos.len()
        )));
    }
    let mut out: Vec<Option<Value>> = vec![None; n];
    for (i, v) in pos.iter().enumerate() {
        out[i] = Some(*v);
    }
    for (k, v) in kw {
        match params.iter().position(|p| p == k) {
            Some(i) => {
                if out[i].is_some() {
                    return Err(PyErr::type_error(format!(
                        "{name}() got multiple values for argument '{k}'"
                    )));
                }
                out[i] = Some(*v);
            }
            None => {
                return Err(PyErr::type_error(format!(
                    "{name}() got an unexpected keyword argument '{k}'"
                )))
            }
        }
    }
    let missing: Vec<String> = params[..required]
        .iter()
        .zip(&out)
        .filter(|(_, v)| v.is_none())
        .map(|(p, _)| format!("'{p}'"))
        .collect();
    if !missing.is_empty() {
        let list = match missing.len() {
            1 => missing[0].clone(),
            2 => format!("{} and {}", missing[0], missing[1]),
            k => format!("{}, and {}", missing[..k - 1].join(", "), missing[k - 1]),
        };
        let s = if missing.len() == 1 { "" } else { "s" };
        return Err(PyErr::type_error(format!(
            "{name}() missing {} required positional argument{s}: {list}",
            missing.len()
        )));
    }
    Ok(out)
}

/// Fails unless exactly `n` positional arguments (and no keywords) were
/// given: `name() takes no arguments (1 given)` and friends.
pub fn exact(name: &str, pos: &[Value], kw: &Kwargs, n: usize) -> PyResult<()> {
    if !kw.is_empty() && n == 0 {
        return Err(PyErr::type_error(format!(
            "{name}() takes no keyword arguments"
        )));
    }
    let given = pos.len() + kw.len();
    if given != n {
        return Err(PyErr::type_error(match n {
            0 => format!("{name}() takes no arguments ({given} given)"),
            1 => format!("{name}() takes exactly one argument ({given} given)"),
            _ => format!("{name}() takes exactly {n} arguments ({given} given)"),
        }));
    }
    Ok(())
}
