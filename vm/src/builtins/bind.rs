//! Binding a call's arguments to a native function's signature, with
//! CPython's messages for missing, extra, repeated and unknown arguments.
//! Several wordings exist because CPython has several: functions written
//! in Python ([`Style::Def`]), C functions whose arguments Argument Clinic
//! parses ([`Style::Clinic`]), the older C convention of positional
//! arguments with a keyword allow-list ([`Args::check`]), and the
//! `PyArg_ParseTuple` / `PyArg_ParseTupleAndKeywords` parsers
//! ([`bind_getargs`], [`bind_keywords`]). `native!` (`builtins/native.rs`)
//! declares a function once and picks one of them.

use crate::builtins::Args;
use crate::object::Value;
use crate::vm::Kwargs;
use crate::vm::{PyErr, PyResult};

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

/// [`bind`] for `native!`: takes the arguments (dropping them here, out of
/// line, keeps each native's code to its body) and gives the slots as an
/// array of the signature's length.
///
/// # Errors
/// `TypeError` with CPython's message, as [`bind`].
#[inline(never)]
pub fn bind_array<const N: usize>(a: Args, sig: &Sig) -> PyResult<[Option<Value>; N]> {
    let mut out = [None; N];
    bind_into(a, sig, &mut out)?;
    Ok(out)
}

/// [`bind_array`]'s work, not generic: one copy whatever the length (the
/// generic shell around it is a few instructions).
#[inline(never)]
fn bind_into(a: Args, sig: &Sig, out: &mut [Option<Value>]) -> PyResult<()> {
    let slots = bind(&a, sig)?;
    for (o, s) in out.iter_mut().zip(slots) {
        *o = s;
    }
    Ok(())
}

/// [`bind_kwargs`] for `native!`: the slots as an array, and the keywords
/// that name no parameter.
///
/// # Errors
/// `TypeError` with CPython's message, as [`bind`].
#[inline(never)]
pub fn bind_array_kwargs<const N: usize>(
    a: Args,
    sig: &Sig,
) -> PyResult<([Option<Value>; N], Kwargs)> {
    let (slots, extra) = bind_kwargs(&a, sig, true)?;
    let mut out = [None; N];
    for (o, s) in out.iter_mut().zip(slots) {
        *o = s;
    }
    Ok((out, extra))
}

/// Binds a `builtin`-style call ([`Args::check`]'s messages, or
/// [`Args::check_unpack`]'s count messages if `unpack`): `params` are
/// the positional-only parameters (the first `min` required), the
/// positional-or-keyword ones (from `keyword_from` to `npos`) and the
/// keyword-only ones. One slot per parameter; nothing allocated; the
/// arguments are dropped here.
///
/// # Errors
/// `TypeError` for a wrong count or an unknown keyword.
#[inline(never)]
pub fn bind_builtin<const N: usize>(
    a: Args,
    unpack: bool,
    min: usize,
    npos: usize,
    keyword_from: usize,
    params: &[&str; N],
) -> PyResult<[Option<Value>; N]> {
    let mut out = [None; N];
    bind_builtin_into(a, unpack, min, npos, keyword_from, params, &mut out)?;
    Ok(out)
}

/// [`bind_builtin`]'s work, not generic: one copy whatever the length.
#[inline(never)]
fn bind_builtin_into(
    a: Args,
    unpack: bool,
    min: usize,
    npos: usize,
    keyword_from: usize,
    params: &[&str],
    out: &mut [Option<Value>],
) -> PyResult<()> {
    a.check_keywords(&params[keyword_from..])?;
    if unpack {
        a.check_unpack(min, npos)?;
    } else {
        a.check_count(min, npos)?;
    }
    for (i, (slot, name)) in out.iter_mut().zip(params).enumerate() {
        *slot = if i < keyword_from {
            a.pos.get(i).copied()
        } else if i < npos {
            a.get(i, name)
        } else {
            a.kwarg(name)
        };
    }
    Ok(())
}

/// How `PyArg_ParseTuple` and `PyArg_ParseTupleAndKeywords` name the
/// function in their messages: `name()`, or `function` when the format
/// names none (`fname` empty).
pub fn format_name(fname: &str) -> String {
    if fname.is_empty() {
        "function".into()
    } else {
        format!("{fname}()")
    }
}

/// Binds a `getargs`-style call of fixed parameters into `out`, one slot
/// per parameter ([`Args::check_getargs_as`]'s messages; the first `min`
/// required); the arguments are dropped here.
///
/// # Errors
/// `TypeError` for keywords or a wrong count.
#[inline(never)]
pub fn bind_getargs(fname: &str, a: Args, min: usize, out: &mut [Option<Value>]) -> PyResult<()> {
    a.check_getargs_as(fname, min, out.len())?;
    for (slot, v) in out.iter_mut().zip(&a.pos) {
        *slot = Some(*v);
    }
    Ok(())
}

/// Binds a call the way `PyArg_ParseTupleAndKeywords` does (`keywords` in
/// `native!`) into `out`, one slot per parameter: `params` are
/// positional-or-keyword, the first `required` of them required; `fname`
/// is the function the format names (`""`: none, as in `_decimal`'s
/// `"O|O"`: `function takes at most 2 arguments (3 given)`, `this
/// function got an unexpected keyword argument 'x'`). Its order of
/// checks: the total count, then each parameter in turn (`missing
/// required argument`), then keywords that repeat a positional, then
/// unknown keywords. The arguments are dropped here.
///
/// # Errors
/// `TypeError` with CPython's message.
#[inline(never)]
pub fn bind_keywords(
    fname: &str,
    a: Args,
    required: usize,
    params: &[&str],
    out: &mut [Option<Value>],
) -> PyResult<()> {
    let n = params.len();
    let nargs = a.pos.len();
    let given = nargs + a.kw.len();
    if given > n {
        let keyword = if nargs == 0 { "keyword " } else { "" };
        let s = if n == 1 { "" } else { "s" };
        return Err(PyErr::type_error(format!(
            "{} takes at most {n} {keyword}argument{s} ({given} given)",
            format_name(fname)
        )));
    }
    let mut unused = a.kw.len();
    for (i, (slot, name)) in out.iter_mut().zip(params).enumerate() {
        *slot = if i < nargs {
            Some(a.pos[i])
        } else if unused > 0 {
            let v = a.kwarg(name);
            unused -= usize::from(v.is_some());
            v
        } else {
            None
        };
        if slot.is_some() {
            continue;
        }
        if i < required {
            return Err(PyErr::type_error(format!(
                "{} missing required argument '{name}' (pos {})",
                format_name(fname),
                i + 1
            )));
        }
        if unused == 0 {
            break;
        }
    }
    if unused > 0 {
        for (i, name) in params.iter().enumerate().take(nargs) {
            if a.kwarg(name).is_some() {
                return Err(PyErr::type_error(format!(
                    "argument for {} given by name ('{name}') and position ({})",
                    format_name(fname),
                    i + 1
                )));
            }
        }
        for (k, _) in &a.kw {
            if !params.contains(&k.as_str()) {
                let who = if fname.is_empty() {
                    "this function".into()
                } else {
                    format!("{fname}()")
                };
                let hint = crate::vm::edit_distance::keyword_hint(k, params);
                return Err(PyErr::type_error(format!(
                    "{who} got an unexpected keyword argument '{k}'{hint}"
                )));
            }
        }
    }
    Ok(())
}

/// Binds `a` to `sig`: one slot per parameter then per keyword-only
/// parameter, `None` where the caller gave nothing.
pub fn bind(a: &Args, sig: &Sig) -> PyResult<Vec<Option<Value>>> {
    bind_kwargs(a, sig, false).map(|(slots, _)| slots)
}

/// [`bind`] for a signature that ends in `**kwargs` when `varkw`: the
/// keywords that name no parameter are returned instead of refused.
pub fn bind_kwargs(a: &Args, sig: &Sig, varkw: bool) -> PyResult<(Vec<Option<Value>>, Kwargs)> {
    let mut extra = Kwargs::new();
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
            if varkw {
                extra.push((k.clone(), *v));
                continue;
            }
            let accepted: Vec<&str> = sig.params[sig.posonly..]
                .iter()
                .chain(sig.kwonly)
                .copied()
                .collect();
            let hint = crate::vm::edit_distance::keyword_hint(k, &accepted);
            return Err(PyErr::type_error(format!(
                "{name}() got an unexpected keyword argument '{k}'{hint}"
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
            let method = usize::from(sig.method);
            let (lo, hi) = (sig.required + method, np + method);
            let takes = if lo == hi {
                format!("{hi} positional argument{}", if hi == 1 { "" } else { "s" })
            } else {
                format!("from {lo} to {hi} positional arguments")
            };
            let given = npos + method;
            // CPython counts the keyword-only arguments given too
            let kwonly = slots[np..].iter().filter(|s| s.is_some()).count();
            let and_kwonly = if kwonly == 0 {
                String::new()
            } else {
                format!(
                    " positional argument{} (and {kwonly} keyword-only argument{})",
                    if given == 1 { "" } else { "s" },
                    if kwonly == 1 { "" } else { "s" }
                )
            };
            let was = if given == 1 && kwonly == 0 {
                "was"
            } else {
                "were"
            };
            return Err(PyErr::type_error(format!(
                "{name}() takes {takes} but {given}{and_kwonly} {was} given"
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
    Ok((slots, extra))
}
