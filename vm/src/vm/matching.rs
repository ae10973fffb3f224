//! The run-time checks of `match` patterns: what counts as a sequence or a
//! mapping, class patterns with `__match_args__`, and attribute lookups
//! that fail the match instead of raising.

use crate::object::{Dict, ExcType, Obj, Type, Value};

use super::{PyErr, PyResult, Vm};

/// Builtin classes whose single positional sub-pattern matches the subject.
const SELF_MATCHING: &[Type] = &[
    Type::Bool,
    Type::Float,
    Type::FrozenSet,
    Type::Int,
    Type::List,
    Type::Set,
    Type::Str,
    Type::Tuple,
    Type::Dict,
    Type::Bytes,
    Type::ByteArray,
];

impl Vm {
    /// `case [a, b, *rest]`: a sequence (not str/bytes/dict) of the right length.
    pub(super) fn match_sequence(&mut self, v: Value, fixed: usize, star: bool) -> PyResult<bool> {
        let len = match v {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::List(l) => l.len(),
                Obj::Tuple(l) => l.len(),
                Obj::Range(r) => r.len() as usize,
                // a deque, a namedtuple
                Obj::Native(_) | Obj::Instance(_) if self.repeats(v) => self.len_of(v)?,
                _ => return Ok(false),
            },
            _ => return Ok(false),
        };
        Ok(if star { len >= fixed } else { len == fixed })
    }

    pub(super) fn match_mapping(&self, v: Value) -> bool {
        matches!(v, Value::Ref(id) if matches!(self.heap.get(id), Obj::Dict(_)))
    }

    /// `map[key]` if present.
    pub(super) fn match_map_get(&mut self, map: Value, key: Value) -> PyResult<Option<Value>> {
        let k = self.set_key(key)?;
        Ok(match map {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Dict(d) => d.get(&k),
                _ => None,
            },
            _ => None,
        })
    }

    /// A copy of `map` without `keys` (`**rest`).
    pub(super) fn dict_without(&mut self, map: Value, keys: Value) -> PyResult<Value> {
        let keys = self.collect_iterable(keys)?;
        let mut d = match map {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Dict(d) => d.clone(),
                _ => Box::new(Dict::new()),
            },
            _ => Box::new(Dict::new()),
        };
        // `**rest` is always a plain dict (of a Counter, an OrderedDict...)
        d.kind = crate::object::DictKind::Plain;
        for k in keys {
            let hk = self.hash_key(k)?;
            d.remove(&hk);
        }
        Ok(self.heap.new_value(Obj::Dict(d)))
    }

    /// `case Cls(...)`: is the subject an instance of the class?
    pub(super) fn match_class(&mut self, v: Value, cls: Value, npos: usize) -> PyResult<bool> {
        let is_class = matches!(cls, Value::Type(_) | Value::ExcType(_))
            || matches!(cls, Value::Ref(id) if matches!(self.heap.get(id), Obj::Class(_)));
        if !is_class {
            return Err(PyErr::type_error("called match pattern must be a class"));
        }
        if npos > 0 {
            self.match_args(cls, npos)?;
        }
        crate::builtins::functions::isinstance(self, v, cls)
    }

    /// The attribute names positional sub-patterns refer to (`None` for a
    /// builtin class matching the subject itself).
    fn match_args(&mut self, cls: Value, npos: usize) -> PyResult<Option<Vec<String>>> {
        let cname = match cls {
            Value::Type(t) => {
                if SELF_MATCHING.contains(&t) {
                    if npos > 1 {
                        return Err(PyErr::type_error(format!(
                            "{}() accepts 1 positional sub-pattern ({npos} given)",
                            t.name()
                        )));
                    }
                    return Ok(None);
                }
                t.name().to_string()
            }
            Value::ExcType(e) => e.name().to_string(),
            Value::Ref(id) => {
                let args = self.class_lookup(id, "__match_args__");
                let names = match args {
                    Some(a) => {
                        let items = self.collect_iterable(a)?;
                        items
                            .into_iter()
                            .map(|i| super::as_str(&self.heap, i).map(str::to_string))
                            .collect::<Option<Vec<_>>>()
                            .ok_or_else(|| {
                                PyErr::type_error("__match_args__ elements must be strings")
                            })?
                    }
                    None => match self.class(id).dataclass.clone() {
                        Some(dc) => dc
                            .fields
                            .iter()
                            .filter(|f| f.init && !f.kw_only)
                            .map(|f| f.name.clone())
                            .collect(),
                        None => Vec::new(),
                    },
                };
                if npos > names.len() {
                    let cname = self.class(id).name.clone();
                    let s = if names.len() == 1 { "" } else { "s" };
                    return Err(PyErr::type_error(format!(
                        "{cname}() accepts {} positional sub-pattern{s} ({npos} given)",
                        names.len()
                    )));
                }
                return Ok(Some(names));
            }
            _ => return Err(PyErr::type_error("called match pattern must be a class")),
        };
        Err(PyErr::type_error(format!(
            "{cname}() accepts 0 positional sub-patterns ({npos} given)"
        )))
    }

    /// Positional sub-pattern `i` of a class pattern.
    pub(super) fn match_class_pos(
        &mut self,
        v: Value,
        cls: Value,
        i: usize,
    ) -> PyResult<Option<Value>> {
        match self.match_args(cls, i + 1)? {
            None => Ok(Some(v)),
            Some(names) => self.match_attr(v, &names[i]),
        }
    }

    /// An attribute for a keyword sub-pattern: `None` (no match) if missing.
    pub(super) fn match_attr(&mut self, v: Value, name: &str) -> PyResult<Option<Value>> {
        match self.get_attr(v, name) {
            Ok(x) => Ok(Some(x)),
            Err(e) if self.is_exc_kind(&e, ExcType::AttributeError) => Ok(None),
            Err(e) => Err(e),
        }
    }
}
