//! Builtin functions (`print`, `len`, `sorted`, ...), grouped by concern:
//! `builtin` names them, `dispatch` calls them, this file has the argument
//! handling they share ([`Args`]) and `lookup`; `functions` and `objects`
//! implement them, `types` the constructors of builtin types (`numparse`
//! their int and float parsing), `methods` the methods of builtin values,
//! `format` the format-spec mini-language.

pub mod bind;
pub mod builtin;
#[macro_use]
pub mod native;
pub mod bytes_percent;
pub mod codecs;
pub mod conv;
pub mod dispatch;
pub mod format;
pub mod functions;
pub mod methods;
mod modpow;
pub mod numparse;
pub mod objects;
pub mod percent;
pub mod pow;
pub mod round;
pub mod sort;
mod sort_columns;
pub mod strformat;
mod sum_scan;
pub mod types;

pub use builtin::Builtin;

use crate::object::{ExcType, Type, Value};
use crate::vm::Kwargs;
use crate::vm::{PyErr, PyResult, Vm};

/// A native method: its Python name and the function called with the
/// receiver and the call's arguments.
pub struct Method {
    pub name: &'static str,
    pub call: fn(&mut Vm, Value, Args) -> PyResult<Value>,
}

/// The builtin value named `name`, if there is one.
pub fn lookup(name: &str) -> Option<Value> {
    if let Some(b) = Builtin::from_name(name) {
        return Some(Value::Builtin(b));
    }
    if let Some(t) = Type::from_builtin_name(name) {
        return Some(Value::Type(t));
    }
    ExcType::from_name(name)
        .filter(|e| e.is_builtin())
        .map(Value::ExcType)
}

/// Argument-count and keyword checks shared by builtins.
pub struct Args {
    pub name: &'static str,
    /// The type defining a method (`"list"` for `list.append`), or `""`.
    pub owner: &'static str,
    pub pos: Vec<Value>,
    pub kw: Kwargs,
}

impl Args {
    pub fn new(name: &'static str, pos: Vec<Value>, kw: Kwargs) -> Args {
        Args {
            name,
            owner: "",
            pos,
            kw,
        }
    }

    /// The name used in CPython's method messages: `list.append`.
    pub fn qualname(&self) -> String {
        if self.owner.is_empty() {
            self.name.to_string()
        } else {
            format!("{}.{}", self.owner, self.name)
        }
    }

    /// Fails unless `min..=max` positional arguments were given and no
    /// keywords other than `allowed` (the messages of C functions that
    /// parse a tuple of positionals: `len() takes exactly one argument (2
    /// given)`, `isinstance expected 2 arguments, got 1`).
    pub fn check(&self, min: usize, max: usize, allowed: &[&str]) -> PyResult<()> {
        self.check_keywords(allowed)?;
        self.check_count(min, max)
    }

    /// Fails if a keyword other than `allowed` was given.
    #[inline]
    pub fn check_keywords(&self, allowed: &[&str]) -> PyResult<()> {
        if self.kw.is_empty() {
            return Ok(());
        }
        self.check_given_keywords(allowed)
    }

    /// [`Args::check_keywords`] once some were given: out of line, so each
    /// native's binding stays a length test.
    #[inline(never)]
    fn check_given_keywords(&self, allowed: &[&str]) -> PyResult<()> {
        for (k, _) in &self.kw {
            if !allowed.contains(&k.as_str()) {
                return Err(if allowed.is_empty() {
                    PyErr::type_error(format!("{}() takes no keyword arguments", self.qualname()))
                } else {
                    PyErr::type_error(format!(
                        "{}() got an unexpected keyword argument '{k}'{}",
                        self.name,
                        crate::vm::edit_distance::keyword_hint(k, allowed)
                    ))
                });
            }
        }
        Ok(())
    }

    /// Fails unless `min..=max` positional arguments were given.
    #[inline]
    pub fn check_count(&self, min: usize, max: usize) -> PyResult<()> {
        let n = self.pos.len();
        if n < min || n > max {
            return Err(self.count_error(min, max));
        }
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn count_error(&self, min: usize, max: usize) -> PyErr {
        let n = self.pos.len();
        if min == max && min <= 1 {
            return arg_count_error(&self.qualname(), min, max, n);
        }
        arg_count_error(self.name, min, max, n)
    }

    /// Fails if keywords were given or not `min..=max` positionals, with
    /// the messages of a C function that parses its positionals with
    /// `PyArg_ParseTuple` (`strptime() takes exactly 2 arguments (1
    /// given)`, `strftime() takes no keyword arguments`).
    pub fn check_getargs(&self, min: usize, max: usize) -> PyResult<()> {
        self.check_getargs_as(self.name, min, max)
    }

    /// [`Args::check_getargs`] with the count messages naming `fname`,
    /// the function the format names (`""`: none, as in `"OO"`, and
    /// CPython says `function takes exactly 2 arguments (1 given)`).
    pub fn check_getargs_as(&self, fname: &str, min: usize, max: usize) -> PyResult<()> {
        if !self.kw.is_empty() {
            return Err(PyErr::type_error(format!(
                "{}() takes no keyword arguments",
                self.name
            )));
        }
        let n = self.pos.len();
        if n < min || n > max {
            let (how, k) = if min == max {
                ("exactly", min)
            } else if n < min {
                ("at least", min)
            } else {
                ("at most", max)
            };
            let s = if k == 1 { "" } else { "s" };
            let f = bind::format_name(fname);
            return Err(PyErr::type_error(format!(
                "{f} takes {how} {k} argument{s} ({n} given)"
            )));
        }
        Ok(())
    }

    /// Fails unless `min..=max` positional arguments were given, worded as
    /// `PyArg_UnpackTuple` and `_PyArg_CheckPositional` word it whatever
    /// the count (`pairwise expected 1 argument, got 0`).
    pub fn check_unpack(&self, min: usize, max: usize) -> PyResult<()> {
        let n = self.pos.len();
        if n < min || n > max {
            let (bound, how) = if min == max {
                (min, "")
            } else if n < min {
                (min, "at least ")
            } else {
                (max, "at most ")
            };
            let s = if bound == 1 { "" } else { "s" };
            return Err(PyErr::type_error(format!(
                "{} expected {how}{bound} argument{s}, got {n}",
                self.name
            )));
        }
        Ok(())
    }

    /// A keyword argument, or positional `i` if given.
    pub fn get(&self, i: usize, kw: &str) -> Option<Value> {
        self.kw
            .iter()
            .find(|(k, _)| k == kw)
            .map(|(_, v)| *v)
            .or_else(|| self.pos.get(i).copied())
    }

    pub fn kwarg(&self, kw: &str) -> Option<Value> {
        self.kw.iter().find(|(k, _)| k == kw).map(|(_, v)| *v)
    }
}

pub fn arg_count_error(name: &str, min: usize, max: usize, n: usize) -> PyErr {
    if min == max {
        let s = if min == 1 { "" } else { "s" };
        if min == 0 {
            return PyErr::type_error(format!("{name}() takes no arguments ({n} given)"));
        }
        if min == 1 {
            return PyErr::type_error(format!("{name}() takes exactly one argument ({n} given)"));
        }
        return PyErr::type_error(format!("{name} expected {min} argument{s}, got {n}"));
    }
    if n < min {
        let s = if min == 1 { "" } else { "s" };
        PyErr::type_error(format!(
            "{name} expected at least {min} argument{s}, got {n}"
        ))
    } else {
        let s = if max == 1 { "" } else { "s" };
        PyErr::type_error(format!(
            "{name} expected at most {max} argument{s}, got {n}"
        ))
    }
}

/// The one positional argument of a C function that unpacks exactly one
/// (`PyArg_UnpackTuple(args, name, 1, 1)`: `reversed expected 1 argument,
/// got 2`, where [`Args::check`] would say `takes exactly one argument`).
pub fn exactly_one(name: &str, pos: &[Value]) -> PyResult<Value> {
    match pos {
        [v] => Ok(*v),
        _ => Err(PyErr::type_error(format!(
            "{name} expected 1 argument, got {}",
            pos.len()
        ))),
    }
}
