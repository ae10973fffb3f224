//! The pure methods of `pathlib` paths (Python methods of `PurePath` and
//! `PurePathBase` in CPython 3.13, so their messages are a `def`'s:
//! `PurePath.with_name() takes 2 positional arguments but 3 were given`),
//! declared with `native!`. The
//! methods that need a filesystem are refused by name in `pathlib.rs`.

use super::{
    full_match, match_from_right, new_path, path_text, relative_to, repr, segment, str_arg,
    with_name, Parsed,
};
use crate::native::{call_method, has_method, receiver, Method};
use crate::object::{ObjId, Value};
use crate::vm::call::Kwargs;
use crate::vm::repr::str_repr;
use crate::vm::{PyErr, PyResult, Vm};

/// The pure methods.
static METHODS: &[Method] = methods_table![
    is_absolute,
    joinpath,
    with_name = path_with_name,
    with_stem,
    with_suffix,
    relative_to = path_relative_to,
    is_relative_to,
    "match" => path_match,
    full_match = path_full_match,
    as_posix,
    as_uri,
    is_reserved,
    __fspath__ = fspath,
    __str__ = str_,
];

/// Whether paths have pure method `name`.
pub fn has(name: &str) -> bool {
    has_method(METHODS, name)
}

/// Calls pure method `name` of path `id`.
pub fn call(
    vm: &mut Vm,
    id: ObjId,
    name: &str,
    args: Vec<Value>,
    kw: Kwargs,
) -> PyResult<Option<Value>> {
    call_method(METHODS, "PurePath", vm, Value::Ref(id), name, args, kw)
}

/// The parsed path a method was called on, and its id.
fn this_path(vm: &Vm, this: Value) -> (ObjId, Parsed) {
    let id = receiver(this);
    (id, Parsed::parse(path_text(vm, id)))
}

native! {
    /// `PurePath.is_absolute(self)`.
    def_method method is_absolute as "PurePath.is_absolute"(vm, this) {
        let (_, p) = this_path(vm, this);
        Ok(Value::Bool(!p.root.is_empty()))
    }

    /// `PurePath.is_reserved(self)`.
    def_method method is_reserved as "PurePath.is_reserved"(vm, this) {
        Ok(Value::Bool(false))
    }

    /// `PurePath.as_posix(self)`.
    def_method method as_posix as "PurePathBase.as_posix"(vm, this) {
        let (_, p) = this_path(vm, this);
        Ok(vm.new_str(p.text()))
    }

    /// `PurePath.__fspath__(self)`.
    def_method method fspath as "PurePath.__fspath__"(vm, this) {
        let (_, p) = this_path(vm, this);
        Ok(vm.new_str(p.text()))
    }

    /// `PurePath.__str__(self)`.
    def_method method str_ as "PurePath.__str__"(vm, this) {
        let (_, p) = this_path(vm, this);
        Ok(vm.new_str(p.text()))
    }

    /// `PurePath.as_uri(self)`.
    def_method method as_uri as "PurePath.as_uri"(vm, this) {
        let (_, p) = this_path(vm, this);
        if p.root.is_empty() {
            return Err(PyErr::value_error(
                "relative path can't be expressed as a file URI",
            ));
        }
        Ok(vm.new_str(format!("file://{}", p.text())))
    }

    /// `PurePath.joinpath(self, *pathsegments)`: a `def` with `*args`,
    /// whose keywords are refused by hand.
    builtin method joinpath(vm, this, *pathsegments, **kwargs) {
        if let Some((k, _)) = kwargs.first() {
            return Err(PyErr::type_error(format!(
                "PurePath.joinpath() got an unexpected keyword argument '{k}'"
            )));
        }
        let (_, mut q) = this_path(vm, this);
        for a in pathsegments {
            let s = segment(vm, a)?;
            q.join(&s);
        }
        Ok(new_path(vm, &q))
    }

    /// `PurePath.with_name(self, name)`.
    def_method method path_with_name as "PurePath.with_name"(vm, this, name) {
        let (id, p) = this_path(vm, this);
        let n = str_arg(vm, name, "argument")?;
        with_name(vm, id, &p, &n)
    }

    /// `PurePath.with_stem(self, stem)`.
    def_method method with_stem as "PurePathBase.with_stem"(vm, this, stem) {
        let (id, p) = this_path(vm, this);
        let stem = str_arg(vm, stem, "argument")?;
        let suffix = p.suffix().to_string();
        if !suffix.is_empty() && stem.is_empty() {
            return Err(PyErr::value_error(format!(
                "{} has a non-empty suffix",
                repr(vm, id)
            )));
        }
        with_name(vm, id, &p, &format!("{stem}{suffix}"))
    }

    /// `PurePath.with_suffix(self, suffix)`.
    def_method method with_suffix as "PurePathBase.with_suffix"(vm, this, suffix) {
        let (id, p) = this_path(vm, this);
        let suffix = str_arg(vm, suffix, "argument")?;
        if suffix.contains('/') || (!suffix.is_empty() && !suffix.starts_with('.')) || suffix == "."
        {
            return Err(PyErr::value_error(format!(
                "Invalid suffix {}",
                str_repr(&suffix)
            )));
        }
        if p.name().is_empty() {
            return Err(PyErr::value_error(format!(
                "{} has an empty name",
                repr(vm, id)
            )));
        }
        let stem = p.stem().to_string();
        with_name(vm, id, &p, &format!("{stem}{suffix}"))
    }

    /// `PurePath.relative_to(self, other, /, *_deprecated, walk_up=False)`
    /// (the deprecated extra arguments are refused).
    def_method method path_relative_to as "PurePath.relative_to"(vm, this, other, /, *, walk_up?) {
        let walk_up = match walk_up {
            Some(v) => vm.truthy(v)?,
            None => false,
        };
        let (_, p) = this_path(vm, this);
        let other = Parsed::parse(&segment(vm, other)?);
        relative_to(vm, &p, &other, walk_up)
    }

    /// `PurePath.is_relative_to(self, other, /, *_deprecated)`.
    def_method method is_relative_to as "PurePath.is_relative_to"(vm, this, other, /) {
        let (_, p) = this_path(vm, this);
        let other = Parsed::parse(&segment(vm, other)?);
        Ok(Value::Bool(other == p || p.parents().contains(&other)))
    }

    /// `PurePath.match(self, path_pattern, *, case_sensitive=None)`.
    def_method method path_match as "PurePathBase.match"(vm, this, path_pattern, *, case_sensitive?) {
        let (_, p) = this_path(vm, this);
        let pattern = Parsed::parse(&segment(vm, path_pattern)?);
        Ok(Value::Bool(match_from_right(&p, &pattern)?))
    }

    /// `PurePath.full_match(self, pattern, *, case_sensitive=None)`.
    def_method method path_full_match as "PurePathBase.full_match"(vm, this, pattern, *, case_sensitive?) {
        let (_, p) = this_path(vm, this);
        let pattern = Parsed::parse(&segment(vm, pattern)?);
        Ok(Value::Bool(full_match(&p, &pattern)))
    }
}
