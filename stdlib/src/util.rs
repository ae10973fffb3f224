//! Helpers shared by the native modules: binding arguments with CPython's
//! error messages (for functions written in Python, `def`-style, and for C
//! functions parsed by Argument Clinic), the one-argument and no-keyword
//! checks of C functions, and rooting values that native code holds while
//! it calls back into Python (the collector only sees VM roots).

use crate::builtins::Args;
use crate::object::Value;
use crate::vm::{PyErr, PyResult, Vm};

/// How CPython words binding errors for a function.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// A function defined in Python (`random.randint`, `statistics.mean`).
    Def,
    /// A C function whose arguments Argument Clinic parses (`bisect_left`).
    Clinic,
}

/// A signature: positional parameters (the first `required` of them
/// without default; the first `posonly` of them positional-only), then
/// keyword-only parameters (all optional).
pub struct Sig<'a> {
    /// The name in messages, e.g. `Random.randint` or `bisect_left`.
    pub name: &'a str,
    pub params: &'a [&'a str],
    pub required: usize,
    /// How many of the leading `params` cannot be passed by keyword (`/`).
    pub posonly: usize,
    pub kwonly: &'a [&'a str],
    /// A bound method: `self` counts in "takes N positional arguments".
    pub method: bool,
    pub style: Style,
}

/// Binds `a` to `sig`: one slot per parameter then per keyword-only
/// parameter, `None` where the caller gave nothing.
pub fn bind(a: &Args, sig: &Sig) -> PyResult<Vec<Option<Value>>> {
    let np = sig.params.len();
    let mut slots: Vec<Option<Value>> = vec![None; np + sig.kwonly.len()];
    let name = sig.name;
    let npos = a.pos.len();
    if sig.style == Style::Clinic {
        // Argument Clinic's order of checks (`_PyArg_UnpackKeywords`)
        let total = npos + a.kw.len();
        let max = np + sig.kwonly.len();
        if total > max {
            let keyword = if npos == 0 { "keyword " } else { "" };
            let s = if max == 1 { "" } else { "s" };
            return Err(PyErr::type_error(format!(
                "{name}() takes at most {max} {keyword}argument{s} ({total} given)"
            )));
        }
        if npos > np {
            let how = if sig.required < np {
                "at most"
            } else {
                "exactly"
            };
            let s = if np == 1 { "" } else { "s" };
            return Err(PyErr::type_error(format!(
                "{name}() takes {how} {np} positional argument{s} ({npos} given)"
            )));
        }
        let need = sig.posonly.min(sig.required);
        if npos < need {
            let how = if need < np { "at least" } else { "exactly" };
            let s = if need == 1 { "" } else { "s" };
            return Err(PyErr::type_error(format!(
                "{name}() takes {how} {need} positional argument{s} ({npos} given)"
            )));
        }
    }
    for (i, v) in a.pos.iter().enumerate().take(np) {
        slots[i] = Some(*v);
    }
    if sig.style == Style::Clinic {
        for (i, slot) in slots.iter().enumerate().take(sig.required) {
            if slot.is_none() && !a.kw.iter().any(|(k, _)| k == sig.params[i]) {
                return Err(PyErr::type_error(format!(
                    "{name}() missing required argument '{}' (pos {})",
                    sig.params[i],
                    i + 1
                )));
            }
        }
    }
    if sig.style == Style::Def {
        let named: Vec<&str> = sig.params[..sig.posonly]
            .iter()
            .copied()
            .filter(|p| a.kw.iter().any(|(k, _)| k == p))
            .collect();
        if !named.is_empty() {
            return Err(PyErr::type_error(format!(
                "{name}() got some positional-only arguments passed as keyword arguments: '{}'",
                named.join(", ")
            )));
        }
    }
    for (k, v) in &a.kw {
        let idx = sig.params[sig.posonly..]
            .iter()
            .position(|p| p == k)
            .map(|i| i + sig.posonly)
            .or_else(|| sig.kwonly.iter().position(|p| p == k).map(|i| i + np));
        let Some(i) = idx else {
            return Err(PyErr::type_error(format!(
                "{name}() got an unexpected keyword argument '{k}'"
            )));
        };
        if slots[i].is_some() {
            return Err(PyErr::type_error(match sig.style {
                Style::Def => format!("{name}() got multiple values for argument '{k}'"),
                Style::Clinic => format!(
                    "argument for {name}() given by name ('{k}') and position ({})",
                    i + 1
                ),
            }));
        }
        slots[i] = Some(*v);
    }
    if sig.style == Style::Def {
        if npos > np {
            let extra = usize::from(sig.method);
            let (lo, hi) = (sig.required + extra, np + extra);
            let takes = if lo == hi {
                format!("{hi} positional argument{}", if hi == 1 { "" } else { "s" })
            } else {
                format!("from {lo} to {hi} positional arguments")
            };
            let given = npos + extra;
            let was = if given == 1 { "was" } else { "were" };
            return Err(PyErr::type_error(format!(
                "{name}() takes {takes} but {given} {was} given"
            )));
        }
        let missing: Vec<String> = (0..sig.required)
            .filter(|i| slots[*i].is_none())
            .map(|i| format!("'{}'", sig.params[i]))
            .collect();
        if !missing.is_empty() {
            let n = missing.len();
            let list = match n {
                1 => missing[0].clone(),
                2 => format!("{} and {}", missing[0], missing[1]),
                _ => format!("{}, and {}", missing[..n - 1].join(", "), missing[n - 1]),
            };
            let s = if n == 1 { "" } else { "s" };
            return Err(PyErr::type_error(format!(
                "{name}() missing {n} required positional argument{s}: {list}"
            )));
        }
    }
    Ok(slots)
}

/// A C function that takes no keywords: `math.hypot() takes no keyword
/// arguments` (CPython names the module for non-builtins).
pub fn no_kw(a: &Args, qual: &str) -> PyResult<()> {
    if a.kw.is_empty() {
        Ok(())
    } else {
        Err(PyErr::type_error(format!(
            "{qual}() takes no keyword arguments"
        )))
    }
}

/// A C function of exactly one positional argument (`METH_O`).
pub fn one_arg(a: &Args, qual: &str) -> PyResult<Value> {
    no_kw(a, qual)?;
    if a.pos.len() != 1 {
        return Err(PyErr::type_error(format!(
            "{qual}() takes exactly one argument ({} given)",
            a.pos.len()
        )));
    }
    Ok(a.pos[0])
}

/// A C function of no arguments (`METH_NOARGS`).
pub fn no_args(a: &Args, qual: &str) -> PyResult<()> {
    no_kw(a, qual)?;
    if !a.pos.is_empty() {
        return Err(PyErr::type_error(format!(
            "{qual}() takes no arguments ({} given)",
            a.pos.len()
        )));
    }
    Ok(())
}

/// A C function of exactly `n` positional arguments, no keywords
/// (`atan2 expected 2 arguments, got 1`).
pub fn exact_args(a: &Args, qual: &str, n: usize) -> PyResult<()> {
    no_kw(a, qual)?;
    if a.pos.len() != n {
        return Err(crate::builtins::arg_count_error(a.name, n, n, a.pos.len()));
    }
    Ok(())
}

/// `len(v)` as a 64-bit count: ranges are measured directly, so huge
/// ones are right on 32-bit targets too.
pub fn seq_len(vm: &mut Vm, v: Value) -> PyResult<u64> {
    if let Value::Ref(id) = v {
        if let crate::object::Obj::Range(r) = vm.heap.get(id) {
            let n = range_len(r);
            return u64::try_from(n)
                .ok()
                .filter(|n| *n <= i64::MAX as u64)
                .ok_or_else(|| {
                    PyErr::new(
                        crate::object::ExcType::OverflowError,
                        "Python int too large to convert to C ssize_t",
                    )
                });
        }
    }
    Ok(vm.len_of(v)? as u64)
}

/// The length of a range (it may exceed `sys.maxsize`).
fn range_len(r: &crate::object::Range) -> i128 {
    let (start, stop, step) = (i128::from(r.start), i128::from(r.stop), i128::from(r.step));
    if step > 0 && start < stop {
        (stop - start - 1) / step + 1
    } else if step < 0 && start > stop {
        (start - stop - 1) / -step + 1
    } else {
        0
    }
}

/// `seq[i]` for `0 <= i`, computing range items directly (64-bit on every
/// target).
pub fn seq_item(vm: &mut Vm, seq: Value, i: u64) -> PyResult<Value> {
    if let Value::Ref(id) = seq {
        if let crate::object::Obj::Range(r) = vm.heap.get(id) {
            if i128::from(i) < range_len(r) {
                let v = i128::from(r.start) + i128::from(i) * i128::from(r.step);
                return Ok(crate::object::int::from_i128(&mut vm.heap, v));
            }
            return Err(PyErr::new(
                crate::object::ExcType::IndexError,
                "range object index out of range",
            ));
        }
    }
    vm.get_item(seq, Value::Int(i as i64))
}

/// Runs `f` with `vals` pushed on the VM stack, so a collection that a
/// Python callback triggers keeps them (and whatever they refer to) alive.
pub fn rooted<T>(vm: &mut Vm, vals: &[Value], f: impl FnOnce(&mut Vm) -> T) -> T {
    let mark = vm.stack.len();
    vm.stack.extend_from_slice(vals);
    let r = f(vm);
    vm.stack.truncate(mark);
    r
}

/// Keeps `v` alive until the enclosing [`rooted`] call returns.
pub fn keep(vm: &mut Vm, v: Value) -> Value {
    vm.stack.push(v);
    v
}
