//! Constructors of the builtin types: `int(...)`, `str(...)`, `list(...)`,
//! `range(...)`, the lazy `enumerate`/`zip`/`map`/`filter`/`reversed`, and
//! `type(x)`; `construct` names the native of each type. The parsing of
//! `int("...")` and `float("...")` is in `numparse`.

use crate::object::{Dict, Iter, Obj, Range, Type, Value};
use crate::vm::Kwargs;
use crate::vm::{as_str, PyErr, PyResult, Vm};

use super::numparse::{int_with_base, to_int};
pub use super::numparse::{parse_float, parse_int, to_float};
use super::{arg_count_error, exactly_one, Args};

/// Calls the builtin type `t`: its constructor, with the call's arguments.
pub fn construct(vm: &mut Vm, t: Type, pos: Vec<Value>, kw: Kwargs) -> PyResult<Value> {
    let args = Args::new(t.name(), pos, kw);
    match t {
        Type::Bytes | Type::ByteArray => vm.construct_bytes(t, args.pos, args.kw),
        Type::Complex => vm.construct_complex(args.pos, args.kw),
        Type::Int => {
            // with keywords, Argument Clinic counts all the arguments first
            // (too many positionals alone are the vectorcall's message)
            let given = args.pos.len() + args.kw.len();
            if given > 2 && args.pos.len() <= 2 {
                let keyword = if args.pos.is_empty() { "keyword " } else { "" };
                return Err(PyErr::type_error(format!(
                    "int() takes at most 2 {keyword}arguments ({given} given)"
                )));
            }
            int_new(vm, args)
        }
        Type::Float => float_new(vm, args),
        Type::Str => str_new(vm, args),
        Type::Bool => bool_new(vm, args),
        Type::List => list_new(vm, args),
        Type::Tuple => tuple_new(vm, args),
        Type::Set => set_new(vm, args),
        Type::FrozenSet => frozenset_new(vm, args),
        Type::Dict => dict_new(vm, args),
        Type::Range => range_new(vm, args),
        Type::Enumerate => enumerate_new(vm, args),
        Type::Zip => zip_new(vm, args),
        Type::Map => map_new(vm, args),
        Type::Filter => filter_new(vm, args),
        Type::Reversed => reversed_new(vm, args),
        Type::Type => type_call(vm, args),
        Type::Slice => slice_new(vm, args),
        Type::Ellipsis => ellipsis_new(vm, args),
        Type::NotImplementedType => not_implemented_new(vm, args),
        _ => Err(PyErr::type_error(format!(
            "cannot create '{}' instances",
            t.name()
        ))),
    }
}

native! {
    /// `int(x=0, /, base=10)`.
    builtin fn int_new(vm, *args, **kwargs) {
        // bound by hand for CPython's two wordings of too many arguments
        if kwargs.is_empty() && args.len() > 2 {
            return Err(arg_count_error("int", 0, 2, args.len()));
        }
        if args.len() + kwargs.len() > 2 {
            return Err(PyErr::type_error(format!(
                "int() takes at most 2 arguments ({} given)",
                args.len() + kwargs.len()
            )));
        }
        let x = args.first().copied();
        let mut base = args.get(1).copied();
        for (k, v) in kwargs {
            match k.as_str() {
                "base" if base.is_none() => base = Some(v),
                "base" => {
                    return Err(PyErr::type_error(
                        "argument for int() given by name ('base') and position (2)",
                    ))
                }
                _ => {
                    let hint = crate::vm::edit_distance::keyword_hint(&k, &["base"]);
                    return Err(PyErr::type_error(format!(
                        "int() got an unexpected keyword argument '{k}'{hint}"
                    )));
                }
            }
        }
        match (x, base) {
            (None, None) => Ok(Value::Int(0)),
            (None, Some(_)) => Err(PyErr::type_error("int() missing string argument")),
            (Some(x), None) => to_int(vm, x),
            (Some(x), Some(base)) => int_with_base(vm, x, base),
        }
    }

    /// `float(x=0.0, /)`.
    builtin fn float_new(vm, x?, /) {
        match x {
            None => Ok(Value::Float(0.0)),
            Some(x) => to_float(vm, x),
        }
    }

    /// `str(object='', encoding='utf-8', errors='strict')`. Explicit
    /// binding, as CPython's: positionals alone are counted
    /// (`str expected at most 3 arguments, got 4`), any keyword sends the
    /// whole call through Argument Clinic's binding.
    builtin fn str_new(vm, *args, **kwargs) {
        if kwargs.is_empty() {
            match args.as_slice() {
                [] => return Ok(vm.new_str("")),
                &[v] => return vm.str_value(v),
                [_, _] | [_, _, _] => {}
                _ => return Err(arg_count_error("str", 0, 3, args.len())),
            }
        }
        str_decode(vm, &args, &kwargs)
    }

    /// `bool(x=False, /)`.
    builtin fn bool_new(vm, x?, /) {
        match x {
            None => Ok(Value::Bool(false)),
            Some(v) => Ok(Value::Bool(vm.truthy(v)?)),
        }
    }

    /// `list(iterable=(), /)`.
    builtin fn list_new(vm, iterable?, /) {
        let items = match iterable {
            Some(v) => vm.collect_iterable(v)?,
            None => Vec::new(),
        };
        Ok(vm.new_list(items))
    }

    /// `tuple(iterable=(), /)`.
    builtin fn tuple_new(vm, iterable?, /) {
        match iterable {
            Some(v) => {
                if let Value::Ref(id) = v {
                    if let Obj::Tuple(_) = vm.heap.get(id) {
                        return Ok(v);
                    }
                }
                let items = vm.collect_iterable(v)?;
                Ok(vm.new_tuple(items))
            }
            None => Ok(vm.new_tuple(Vec::new())),
        }
    }

    /// `set(iterable=(), /)`.
    builtin fn set_new(vm, iterable?, /) {
        match iterable {
            Some(v) => vm.set_from(v, false),
            None => vm.new_set_of(Vec::new(), false),
        }
    }

    /// `frozenset(iterable=(), /)`.
    builtin fn frozenset_new(vm, iterable?, /) {
        match iterable {
            Some(v) => vm.set_from(v, true),
            None => vm.new_set_of(Vec::new(), true),
        }
    }

    /// `dict(mapping_or_iterable=(), /, **kwargs)`.
    builtin fn dict_new(vm, mapping_or_iterable?, /, **kwargs) {
        let d = vm.heap.new_value(Obj::Dict(Box::new(Dict::new())));
        if let Some(src) = mapping_or_iterable {
            vm.dict_update_any(d, src)?;
        }
        for (k, v) in kwargs {
            let kv = vm.new_str(k.clone());
            let Value::Ref(id) = d else { unreachable!() };
            if let Obj::Dict(m) = vm.heap.get_mut(id) {
                m.insert(crate::object::HashKey::Str(k.into()), kv, v);
            }
        }
        Ok(d)
    }

    /// `range(stop, /)`, `range(start, stop, step=1, /)`.
    builtin fn range_new(vm, start_or_stop, stop?, step?, /) {
        let first = vm.index_arg_mut(start_or_stop)?;
        let stop = match stop {
            Some(v) => Some(vm.index_arg_mut(v)?),
            None => None,
        };
        let step = match step {
            Some(v) => vm.index_arg_mut(v)?,
            None => 1,
        };
        if step == 0 {
            return Err(PyErr::value_error("range() arg 3 must not be zero"));
        }
        let r = match stop {
            None => Range { start: 0, stop: first, step },
            Some(stop) => Range { start: first, stop, step },
        };
        Ok(vm.heap.new_value(Obj::Range(r)))
    }

    /// `enumerate(iterable, start=0)`. Explicit binding, CPython's own
    /// (`'foo' is an invalid keyword argument for enumerate()`).
    builtin fn enumerate_new(vm, *args, **kwargs) {
        let (iterable, start) = enumerate_args(&args, &kwargs)?;
        let inner = vm.get_iter(iterable)?;
        let start = match start {
            Some(s) => vm.index_arg_mut(s)?,
            None => 0,
        };
        Ok(vm.heap.new_value(Obj::Iter(Iter::Enumerate {
            inner,
            count: start,
        })))
    }

    /// `zip(*iterables, strict=False)`.
    builtin fn zip_new(vm, *iterables, strict?) {
        let strict = match strict {
            Some(s) => vm.truthy(s)?,
            None => false,
        };
        let mut iters = Vec::with_capacity(iterables.len());
        for &v in &iterables {
            iters.push(vm.get_iter(v)?);
        }
        Ok(vm.heap.new_value(Obj::Iter(Iter::Zip { iters, strict })))
    }

    /// `map(function, iterable, /, *iterables)`: the count is checked in
    /// the body, with CPython's words, after the keywords.
    builtin fn map_new(vm, *args) {
        if args.len() < 2 {
            return Err(PyErr::type_error("map() must have at least two arguments."));
        }
        let func = args[0];
        let mut iters = Vec::with_capacity(args.len() - 1);
        for &v in &args[1..] {
            iters.push(vm.get_iter(v)?);
        }
        Ok(vm.heap.new_value(Obj::Iter(Iter::Map { func, iters })))
    }

    /// `filter(function, iterable, /)`.
    builtin fn filter_new(vm, function, iterable, /) {
        let inner = vm.get_iter(iterable)?;
        Ok(vm.heap.new_value(Obj::Iter(Iter::Filter {
            func: function,
            inner,
        })))
    }

    /// `reversed(sequence, /)` (`reversed expected 1 argument, got 2`).
    builtin fn reversed_new(vm, *args) {
        let v = exactly_one("reversed", &args)?;
        reversed_of(vm, v)
    }

    /// `type(object, /)`, `type(name, bases, dict, /, **kwds)`: explicit
    /// checks, as the meaning depends on the count.
    builtin fn type_call(vm, *args, **kwargs) {
        if args.len() == 3 {
            return new_class(vm, &args, &kwargs);
        }
        if args.len() != 1 {
            return Err(PyErr::type_error("type() takes 1 or 3 arguments"));
        }
        if !kwargs.is_empty() {
            return Err(PyErr::type_error("type() takes no keyword arguments"));
        }
        Ok(vm.type_value(args[0]))
    }

    /// `slice(stop, /)`, `slice(start, stop, step=None, /)`.
    builtin fn slice_new(vm, start_or_stop, stop?, step?, /) {
        let (s, e) = match stop {
            None => (Value::None, start_or_stop),
            Some(stop) => (start_or_stop, stop),
        };
        Ok(vm.heap.new_value(Obj::Slice(Box::new([s, e, step.unwrap_or(Value::None)]))))
    }

    /// `type(Ellipsis)()`: the singleton; no arguments.
    builtin fn ellipsis_new(vm, *args, **kwargs) {
        if !args.is_empty() || !kwargs.is_empty() {
            return Err(PyErr::type_error("EllipsisType takes no arguments"));
        }
        Ok(Value::Builtin(crate::builtins::Builtin::Ellipsis))
    }

    /// `type(NotImplemented)()`: the singleton; no arguments.
    builtin fn not_implemented_new(vm, *args, **kwargs) {
        if !args.is_empty() || !kwargs.is_empty() {
            return Err(PyErr::type_error("NotImplementedType takes no arguments"));
        }
        Ok(Value::Builtin(crate::builtins::Builtin::NotImplemented))
    }
}

/// `enumerate`'s `iterable` and `start`, bound as CPython's
/// `enum_vectorcall` does: by the total count first, then each keyword.
fn enumerate_args(args: &[Value], kwargs: &Kwargs) -> PyResult<(Value, Option<Value>)> {
    let invalid = |k: &str| {
        PyErr::type_error(format!(
            "'{k}' is an invalid keyword argument for enumerate()"
        ))
    };
    let expect = |i: usize, name: &str| {
        if kwargs[i].0 == name {
            Ok(kwargs[i].1)
        } else {
            Err(invalid(&kwargs[i].0))
        }
    };
    let given = args.len() + kwargs.len();
    match (given, args) {
        (2, [iterable, start]) => Ok((*iterable, Some(*start))),
        (2, [iterable]) => Ok((*iterable, Some(expect(0, "start")?))),
        (2, _) if kwargs[0].0 == "start" => Ok((expect(1, "iterable")?, Some(kwargs[0].1))),
        (2, _) => Ok((expect(0, "iterable")?, Some(expect(1, "start")?))),
        (1, [iterable]) => Ok((*iterable, None)),
        (1, _) => Ok((expect(0, "iterable")?, None)),
        (_, []) => Err(PyErr::type_error(
            "enumerate() missing required argument 'iterable'",
        )),
        _ => Err(PyErr::type_error(format!(
            "enumerate() takes at most 2 arguments ({given} given)"
        ))),
    }
}

/// `reversed(v)`.
fn reversed_of(vm: &mut Vm, v: Value) -> PyResult<Value> {
    if vm.meta_of(v).is_some() {
        if let Some(it) = vm.call_meta(v, "__reversed__", vec![])? {
            return Ok(it);
        }
    }
    if let Value::Ref(id) = v {
        let it = match vm.heap.get(id) {
            Obj::List(_) | Obj::Tuple(_) => Some(Iter::Reversed {
                seq: id,
                idx: vm.heap.get(id).seq().map_or(0, |s| s.len()),
            }),
            Obj::Bytes(b) | Obj::ByteArray(b) => Some(Iter::Reversed {
                seq: id,
                idx: b.len(),
            }),
            Obj::Str(s) => Some(Iter::Reversed {
                seq: id,
                idx: s.char_len(),
            }),
            Obj::Range(r) => {
                let n = r.len();
                let last = r.start + (n - 1) * r.step;
                Some(Iter::Range {
                    cur: if n > 0 { last } else { 0 },
                    stop: if n > 0 { r.start - r.step } else { 0 },
                    step: -r.step,
                })
            }
            Obj::Native(_) if !crate::lib().native_obj_is_reversible(vm, id) => None,
            Obj::Dict(_) | Obj::Native(_) => {
                let mut keys = vm.collect_iterable(v)?;
                keys.reverse();
                let l = vm.new_list(keys);
                let Value::Ref(lid) = l else { unreachable!() };
                Some(Iter::Seq { seq: lid, idx: 0 })
            }
            _ => None,
        };
        if let Some(it) = it {
            return Ok(vm.heap.new_value(Obj::Iter(it)));
        }
    }
    Err(PyErr::type_error(format!(
        "'{}' object is not reversible",
        vm.class_name(v)
    )))
}

/// `type(name, bases, dict)`: creates a class at run time.
fn new_class(vm: &mut Vm, args: &[Value], kw: &Kwargs) -> PyResult<Value> {
    let bad = |vm: &Vm, i: usize, want: &str, v: Value| {
        let got = if v.is_none() {
            "None".to_string()
        } else {
            vm.class_name(v)
        };
        PyErr::type_error(format!(
            "type.__new__() argument {i} must be {want}, not {got}"
        ))
    };
    let Some(name) = as_str(&vm.heap, args[0]).map(str::to_string) else {
        return Err(bad(vm, 1, "str", args[0]));
    };
    let bases = match args[1] {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Tuple(t) => Some(t.clone()),
            _ => None,
        },
        _ => None,
    };
    let Some(bases) = bases else {
        return Err(bad(vm, 2, "tuple", args[1]));
    };
    let ns = match args[2] {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Dict(d) => Some(d.clone()),
            _ => None,
        },
        _ => None,
    };
    let Some(ns) = ns else {
        return Err(bad(vm, 3, "dict", args[2]));
    };
    if !kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "{name}.__init_subclass__() takes no keyword arguments"
        )));
    }
    let mut ns = ns;
    for (k, v) in [("__module__", Some("__main__")), ("__doc__", None)] {
        if ns.get_str(k).is_none() {
            let kv = vm.new_str(k);
            let vv = v.map_or(Value::None, |v| vm.new_str(v));
            ns.insert(crate::object::HashKey::Str(k.into()), kv, vv);
        }
    }
    let ns = vm.heap.new_value(Obj::Dict(ns));
    vm.build_class(name.clone(), name, bases, ns)
}

/// `str(object, encoding, errors)` bound by Argument Clinic: decodes a
/// bytes-like object, or is `str(object)` when neither of the others is given.
fn str_decode(vm: &mut Vm, pos: &[Value], kw: &Kwargs) -> PyResult<Value> {
    let p = crate::vm::bytes::bind_clinic("str", pos, kw, &["object", "encoding", "errors"])?;
    let text = |v: Option<Value>, what: &str, default: &str| -> PyResult<String> {
        match v {
            None => Ok(default.to_string()),
            Some(v) => match as_str(&vm.heap, v) {
                Some(s) => Ok(s.to_string()),
                None => Err(PyErr::type_error(format!(
                    "str() argument '{what}' must be str, not {}",
                    vm.class_name(v)
                ))),
            },
        }
    };
    let enc = text(p[1], "encoding", "utf-8")?;
    let errors = text(p[2], "errors", "strict")?;
    let obj = p[0].unwrap_or(Value::None);
    if p[0].is_some() && p[1].is_none() && p[2].is_none() {
        // `str(object=x)`: no decoding asked for
        if as_str(&vm.heap, obj).is_some() {
            return Ok(obj);
        }
        let s = vm.str_of(obj)?;
        return Ok(vm.new_str(s));
    }
    match crate::object::bytes::as_bytes(&vm.heap, obj) {
        Some(b) => {
            let s = super::codecs::decode(b, &enc, &errors)?;
            Ok(vm.new_str(s))
        }
        None if p[0].is_none() => Ok(vm.new_str("")),
        None if as_str(&vm.heap, obj).is_some() => {
            Err(PyErr::type_error("decoding str is not supported"))
        }
        None => Err(PyErr::type_error(format!(
            "decoding to str: need a bytes-like object, {} found",
            vm.class_name(obj)
        ))),
    }
}

impl Vm {
    /// `dict.update(src)` / `dict(src)`: a mapping or an iterable of pairs.
    pub fn dict_update_any(&mut self, target: Value, src: Value) -> PyResult<()> {
        if let Value::Ref(id) = src {
            match self.heap.get(id) {
                Obj::Dict(_) => return self.dict_update_from(target, src, false),
                // a mapping (`keys()` and `[]`), as CPython's `PyDict_Merge`
                Obj::Instance(_) | Obj::Native(_) => {
                    if let Ok(keys) = self.get_attr(src, "keys") {
                        return self.dict_update_mapping(target, src, keys);
                    }
                }
                _ => {}
            }
        }
        let items = self.collect_iterable(src)?;
        let Value::Ref(tid) = target else {
            unreachable!("dict")
        };
        for (i, item) in items.into_iter().enumerate() {
            let pair = match item {
                Value::Ref(id) => match self.heap.get(id).seq() {
                    Some(l) if l.len() == 2 => l.get(0).zip(l.get(1)).map(|(a, b)| [a, b]),
                    _ => None,
                },
                _ => None,
            };
            let pair = match pair {
                Some(p) => p,
                None => self.dict_update_pair(item, i)?,
            };
            self.insert_keyed(tid, pair[0], pair[1], false)?;
        }
        Ok(())
    }

    /// `dict(src)` of a mapping other than a dict: `src[k]` for each of
    /// `src.keys()`.
    #[cold]
    fn dict_update_mapping(&mut self, target: Value, src: Value, keys: Value) -> PyResult<()> {
        let keys = self.call_value(keys, Vec::new(), Vec::new())?;
        let Value::Ref(tid) = target else {
            unreachable!("dict")
        };
        for k in self.collect_iterable(keys)? {
            let v = self.get_item(src, k)?;
            self.insert_keyed(tid, k, v, false)?;
        }
        Ok(())
    }

    /// Element `i` of a `dict.update` sequence that is not a 2-list/tuple:
    /// materialized first (as CPython does), so its length is reported.
    #[cold]
    fn dict_update_pair(&mut self, item: Value, i: usize) -> PyResult<[Value; 2]> {
        let Ok(it) = self.get_iter(item) else {
            return Err(PyErr::type_error(format!(
                "cannot convert dictionary update sequence element #{i} to a sequence"
            )));
        };
        let mut out = Vec::new();
        while let Some(x) = self.iter_next(it)? {
            out.push(x);
        }
        match out[..] {
            [k, v] => Ok([k, v]),
            _ => Err(PyErr::value_error(format!(
                "dictionary update sequence element #{i} has length {}; 2 is required",
                out.len()
            ))),
        }
    }
}
