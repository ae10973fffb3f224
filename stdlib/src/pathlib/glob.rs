//! `Path.glob` and `Path.rglob` as CPython 3.13 selects: the pattern's
//! parts from the receiver down, each part a literal name (joined as
//! written, `..` included, and checked to exist at the end), a wildcard
//! (matched against the directory's listing, hidden names included) or
//! `**` (the directory itself and every directory below it; as the last
//! part, every file too). A pattern ending in `/` selects directories
//! only. `case_sensitive=` given makes every part a wildcard matched with
//! or without case, so the names come out as the listing spells them.
//! Directories that cannot be listed (missing, a file) yield nothing.

use super::{glob_match, new_path, Parsed};
use crate::object::{ExcType, Value};
use crate::os_calls;
use crate::vm::{PyErr, PyResult, Vm};

/// How the parts of a pattern are matched.
struct Selector {
    /// `case_sensitive=` was given (every part is matched as a wildcard).
    pedantic: bool,
    case_sensitive: bool,
}

/// The parts of `pattern` (`""` last for a trailing `/`), or CPython's
/// error for an unacceptable one.
fn pattern_parts(pattern: &str, recursive: bool) -> PyResult<Vec<String>> {
    if pattern.starts_with('/') {
        return Err(PyErr::new(
            ExcType::NotImplementedError,
            "Non-relative patterns are unsupported",
        ));
    }
    let mut parts: Vec<String> = pattern
        .split('/')
        .filter(|s| !s.is_empty() && *s != ".")
        .map(str::to_string)
        .collect();
    if recursive {
        parts.insert(0, "**".into());
    } else if parts.is_empty() {
        return Err(PyErr::value_error(format!(
            "Unacceptable pattern: {}",
            crate::vm::repr::str_repr(pattern)
        )));
    }
    if pattern.ends_with('/') || (recursive && pattern.is_empty()) {
        parts.push(String::new());
    }
    Ok(parts)
}

fn is_magic(part: &str) -> bool {
    part.contains(['*', '?', '['])
}

fn join(dir: &str, name: &str) -> String {
    let mut p = Parsed::parse(dir);
    p.join(name);
    p.text()
}

/// The names in `dir`, none if it cannot be listed (an `OSError`).
fn names_in(vm: &mut Vm, dir: &str) -> PyResult<Vec<String>> {
    match os_calls::list_dir(vm, dir) {
        Ok(names) => Ok(names),
        Err(e) if vm.is_exc_kind(&e, ExcType::OSError) => Ok(Vec::new()),
        Err(e) => Err(e),
    }
}

fn is_dir(vm: &mut Vm, path: &str) -> PyResult<bool> {
    os_calls::bool_call(vm, "Path.is_dir", path)
}

impl Selector {
    fn matches(&self, part: &str, name: &str) -> bool {
        if self.case_sensitive {
            glob_match(part.as_bytes(), name.as_bytes())
        } else {
            glob_match(
                part.to_lowercase().as_bytes(),
                name.to_lowercase().as_bytes(),
            )
        }
    }

    /// The paths below `dir` (a directory, or a path joined from literal
    /// parts not checked yet) that `parts` select, into `out`.
    fn select(
        &self,
        vm: &mut Vm,
        dir: &str,
        parts: &[String],
        out: &mut Vec<String>,
    ) -> PyResult<()> {
        let Some((first, rest)) = parts.split_first() else {
            if os_calls::bool_call(vm, "Path.exists", dir)? {
                out.push(dir.to_string());
            }
            return Ok(());
        };
        if first.is_empty() {
            // a trailing `/`: directories only
            if is_dir(vm, dir)? {
                out.push(dir.to_string());
            }
            return Ok(());
        }
        if first == "**" {
            return self.recurse(vm, dir, rest, out);
        }
        if first == ".." || !(self.pedantic || is_magic(first)) {
            return self.select(vm, &join(dir, first), rest, out);
        }
        for name in names_in(vm, dir)? {
            if !self.matches(first, &name) {
                continue;
            }
            let sub = join(dir, &name);
            if rest.is_empty() {
                out.push(sub);
            } else if is_dir(vm, &sub)? {
                self.select_in_dir(vm, &sub, rest, out)?;
            }
        }
        Ok(())
    }

    /// `select` for a `dir` known to be a directory.
    fn select_in_dir(
        &self,
        vm: &mut Vm,
        dir: &str,
        parts: &[String],
        out: &mut Vec<String>,
    ) -> PyResult<()> {
        if parts.len() == 1 && parts[0].is_empty() {
            out.push(dir.to_string());
            return Ok(());
        }
        self.select(vm, dir, parts, out)
    }

    /// `**` at `dir`: `dir` and every directory below it, through the rest
    /// of the pattern; as the last part, every file below too.
    fn recurse(
        &self,
        vm: &mut Vm,
        dir: &str,
        rest: &[String],
        out: &mut Vec<String>,
    ) -> PyResult<()> {
        if !is_dir(vm, dir)? {
            return Ok(());
        }
        let mut stack = vec![dir.to_string()];
        while let Some(d) = stack.pop() {
            if rest.is_empty() {
                out.push(d.clone());
            } else {
                self.select_in_dir(vm, &d, rest, out)?;
            }
            let names = names_in(vm, &d)?;
            let mut subdirs = Vec::new();
            for name in names {
                let sub = join(&d, &name);
                if is_dir(vm, &sub)? {
                    subdirs.push(sub);
                } else if rest.is_empty() {
                    out.push(sub);
                }
            }
            stack.extend(subdirs.into_iter().rev());
        }
        Ok(())
    }
}

/// `Path.glob(pattern)` (`recursive`: `Path.rglob`) from directory `base`:
/// an iterator over the paths selected, each once.
pub fn glob_paths(
    vm: &mut Vm,
    base: &str,
    pattern: &str,
    recursive: bool,
    case_sensitive: Option<bool>,
) -> PyResult<Value> {
    let parts = pattern_parts(pattern, recursive)?;
    let selector = Selector {
        pedantic: case_sensitive.is_some(),
        case_sensitive: case_sensitive.unwrap_or(true),
    };
    let mut found = Vec::new();
    if is_dir(vm, base)? {
        selector.select_in_dir(vm, base, &parts, &mut found)?;
    }
    let mut seen = std::collections::HashSet::new();
    found.retain(|p| seen.insert(p.clone()));
    let paths: Vec<Value> = found
        .iter()
        .map(|p| new_path(vm, &Parsed::parse(p)))
        .collect();
    let l = vm.new_list(paths);
    vm.get_iter(l)
}
