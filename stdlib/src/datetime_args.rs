//! The argument binding of `datetime.date`, `datetime.datetime` and
//! `datetime.time`: CPython parses their arguments with
//! `PyArg_ParseTupleAndKeywords` without a function name, whose messages
//! ("function missing required argument 'year' (pos 1)", "this function
//! got an unexpected keyword argument 'x'") no `native!` style words.

use crate::object::Value;
use crate::vm::call::Kwargs;
use crate::vm::{PyErr, PyResult};

/// Binds `params` in order, the first `required` mandatory, the
/// ones from `kw_only` on keyword-only. Returns one slot per parameter.
/// As `PyArg_ParseTupleAndKeywords`, each argument is converted (`convert`
/// checks parameter `i`'s value) as it is bound, so a bad earlier one is
/// reported before a missing or repeated later one.
pub fn bind_c(
    pos: &[Value],
    kw: &Kwargs,
    params: &[&str],
    (required, kw_only): (usize, usize),
    convert: impl Fn(usize, Value) -> PyResult<()>,
) -> PyResult<Vec<Option<Value>>> {
    let nargs = pos.len();
    let total = nargs + kw.len();
    let len = params.len();
    let p = "function";
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
        if let Some(v) = out[i] {
            convert(i, v)?;
        } else if i < required {
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
                return Err(PyErr::type_error(format!(
                    "this function got an unexpected keyword argument '{k}'"
                )));
            }
        }
    }
    Ok(out)
}
