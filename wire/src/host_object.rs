//! Host objects on the wire: `{"$object": {...}}` (DESIGN.md, "Values").
//!
//! A host may give the program an object whose methods it declares; inside
//! the sandbox it is an instance of a class named `class`, with `attrs` as
//! its attributes and each method a callable that pauses the run with a
//! `call` naming the object (`"object": id`, `"method_call": true`).
//!
//! | form | meaning |
//! |---|---|
//! | `{"$object": {"id": 7, "class": "Database", "attrs": {"name": "main"}, "methods": [{"name": "query", "params": ["sql"], "async": false}]}}` | a declaration: the host gives object 7 |
//! | `{"$object": {"id": 7, "class": "Database"}}` | a reference: how the guest sends object 7 back, and how a host may name it again |
//!
//! `attrs` and `methods` may be left out (and are, when empty); a method's
//! `params` and `async` may be left out as for external functions. An id the
//! run has seen before names the object it already has (its class must
//! match; anything else given again is ignored). Ids are integers from 0 to
//! 2^53 - 1, so every JSON reader reads them exactly.
//!
//! The names are checked when the form is read ([`HostObject::validate`]):
//! `class`, every attribute and method name and every parameter is an
//! identifier that is not a keyword; attribute and method names are not
//! dunder names (`__init__`: those are the sandbox's own) and none is given
//! twice.

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

use crate::value::{Value, MAX_PLAIN_INT};

/// An object of the host, as given to the program or as it comes back.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct HostObject {
    /// The host's id for it; unique within a run (or session).
    pub id: u64,
    /// The name of its class inside the sandbox (`type(obj).__name__`).
    pub class: String,
    /// Plain attributes, in order; empty in a reference.
    pub attrs: Vec<(String, Value)>,
    /// The methods calls of which go to the host; empty in a reference.
    pub methods: Vec<Method>,
}

/// A method of a [`HostObject`], declared like an external function.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Method {
    /// The Python name.
    pub name: String,
    /// Parameter names, so the host can match keyword arguments to
    /// positions; `None`: arguments are passed through as given.
    pub params: Option<Vec<String>>,
    /// Whether calling it returns an awaitable (`async def`).
    pub is_async: bool,
}

impl HostObject {
    /// An object of class `class` with no attributes and no methods (also
    /// the form of a reference to an object given before).
    pub fn new(id: u64, class: impl Into<String>) -> HostObject {
        HostObject {
            id,
            class: class.into(),
            attrs: Vec::new(),
            methods: Vec::new(),
        }
    }

    /// Adds the attribute `name`.
    #[must_use]
    pub fn attr(mut self, name: impl Into<String>, value: impl Into<Value>) -> HostObject {
        self.attrs.push((name.into(), value.into()));
        self
    }

    /// Adds the synchronous method `name(params...)`.
    #[must_use]
    pub fn method(mut self, name: impl Into<String>, params: &[&str]) -> HostObject {
        self.methods.push(Method::new(name, params, false));
        self
    }

    /// Adds the method `async def name(params...)`: calling it returns an
    /// awaitable, and the call is announced in a `wait`.
    #[must_use]
    pub fn async_method(mut self, name: impl Into<String>, params: &[&str]) -> HostObject {
        self.methods.push(Method::new(name, params, true));
        self
    }

    /// The reference form: the same id and class, nothing else.
    pub fn reference(&self) -> HostObject {
        HostObject::new(self.id, self.class.clone())
    }

    /// The attribute `name`, if it has one.
    pub fn get_attr(&self, name: &str) -> Option<&Value> {
        self.attrs.iter().find(|(k, _)| k == name).map(|(_, v)| v)
    }

    /// Checks the names (see the module docs).
    ///
    /// # Errors
    ///
    /// A sentence naming the first problem.
    pub fn validate(&self) -> Result<(), String> {
        if self.id > MAX_PLAIN_INT as u64 {
            return Err(format!(
                "host object id {} is out of range (0 to 2**53 - 1)",
                self.id
            ));
        }
        let what = |kind: &str, name: &str| format!("{kind} {name:?} of host object {}", self.id);
        if !is_identifier(&self.class) {
            return Err(format!(
                "host object {} has class name {:?}, which is not a Python identifier",
                self.id, self.class
            ));
        }
        let mut seen: Vec<&str> = Vec::new();
        let names = self
            .attrs
            .iter()
            .map(|(k, _)| ("attribute", k.as_str()))
            .chain(self.methods.iter().map(|m| ("method", m.name.as_str())));
        for (kind, name) in names {
            if !is_identifier(name) {
                return Err(format!("{} is not a Python identifier", what(kind, name)));
            }
            if name.starts_with("__") && name.ends_with("__") {
                return Err(format!(
                    "{} is a special (dunder) name, which host objects cannot define",
                    what(kind, name)
                ));
            }
            if seen.contains(&name) {
                return Err(format!(
                    "{:?} is declared twice on host object {}",
                    name, self.id
                ));
            }
            seen.push(name);
        }
        for m in &self.methods {
            for p in m.params.iter().flatten() {
                if !is_identifier(p) {
                    return Err(format!(
                        "parameter {p:?} of {} is not a Python identifier",
                        what("method", &m.name)
                    ));
                }
            }
        }
        Ok(())
    }
}

impl Method {
    /// A method with the given parameter names.
    pub fn new(name: impl Into<String>, params: &[&str], is_async: bool) -> Method {
        Method {
            name: name.into(),
            params: Some(params.iter().map(|p| (*p).to_owned()).collect()),
            is_async,
        }
    }
}

const KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

/// Whether `name` is a Python identifier and not a keyword.
pub fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    (first == '_' || first.is_alphabetic())
        && chars.all(|c| c == '_' || c.is_alphanumeric())
        && !KEYWORDS.contains(&name)
}

/// The attributes as a JSON object (names are literal, as in `Ordered`).
struct Attrs<'a>(&'a [(String, Value)]);

impl Serialize for Attrs<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl Serialize for Method {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let n = 1 + usize::from(self.params.is_some()) + usize::from(self.is_async);
        let mut map = s.serialize_map(Some(n))?;
        map.serialize_entry("name", &self.name)?;
        if let Some(p) = &self.params {
            map.serialize_entry("params", p)?;
        }
        if self.is_async {
            map.serialize_entry("async", &true)?;
        }
        map.end()
    }
}

struct Methods<'a>(&'a [Method]);

impl Serialize for Methods<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for m in self.0 {
            seq.serialize_element(m)?;
        }
        seq.end()
    }
}

impl Serialize for HostObject {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let n = 2 + usize::from(!self.attrs.is_empty()) + usize::from(!self.methods.is_empty());
        let mut map = s.serialize_map(Some(n))?;
        map.serialize_entry("id", &self.id)?;
        map.serialize_entry("class", &self.class)?;
        if !self.attrs.is_empty() {
            map.serialize_entry("attrs", &Attrs(&self.attrs))?;
        }
        if !self.methods.is_empty() {
            map.serialize_entry("methods", &Methods(&self.methods))?;
        }
        map.end()
    }
}

/// Reads the payload of `{"$object": payload}`, already read as a value.
pub(crate) fn parse(payload: Value) -> Result<HostObject, String> {
    let Value::Dict(pairs) = payload else {
        return Err("`$object` must hold an object with \"id\" and \"class\"".to_owned());
    };
    let mut id = None;
    let mut class = None;
    let mut obj = HostObject::default();
    for (k, v) in pairs {
        let Value::Str(key) = k else {
            return Err("`$object` keys are strings".to_owned());
        };
        match (key.as_str(), v) {
            ("id", Value::Int(n)) if (0..=MAX_PLAIN_INT).contains(&n) => id = Some(n as u64),
            ("id", _) => {
                return Err("`$object` \"id\" must be an integer from 0 to 2**53 - 1".to_owned())
            }
            ("class", Value::Str(c)) => class = Some(c),
            ("class", _) => return Err("`$object` \"class\" must be a string".to_owned()),
            ("attrs", Value::Dict(attrs)) => {
                for (k, v) in attrs {
                    let Value::Str(name) = k else {
                        return Err("`$object` attribute names are strings".to_owned());
                    };
                    obj.attrs.push((name, v));
                }
            }
            ("attrs", Value::None) => {}
            ("attrs", _) => return Err("`$object` \"attrs\" must be an object".to_owned()),
            ("methods", Value::List(methods)) => {
                for m in methods {
                    obj.methods.push(parse_method(m)?);
                }
            }
            ("methods", Value::None) => {}
            ("methods", _) => {
                return Err("`$object` \"methods\" must be an array of methods".to_owned())
            }
            (other, _) => return Err(format!("`$object` has an unknown key {other:?}")),
        }
    }
    obj.id = id.ok_or("`$object` needs an \"id\"")?;
    obj.class = class.ok_or("`$object` needs a \"class\"")?;
    obj.validate()?;
    Ok(obj)
}

fn parse_method(m: Value) -> Result<Method, String> {
    let bad = || {
        "each method of a `$object` is {\"name\": str, \"params\"?: [str], \"async\"?: bool}"
            .to_owned()
    };
    let Value::Dict(pairs) = m else {
        return Err(bad());
    };
    let mut method = Method::default();
    let mut named = false;
    for (k, v) in pairs {
        match (k.as_str(), v) {
            (Some("name"), Value::Str(n)) => {
                method.name = n;
                named = true;
            }
            (Some("params"), Value::List(ps)) => {
                let mut names = Vec::with_capacity(ps.len());
                for p in ps {
                    match p {
                        Value::Str(p) => names.push(p),
                        _ => return Err(bad()),
                    }
                }
                method.params = Some(names);
            }
            (Some("params"), Value::None) => {}
            (Some("async"), Value::Bool(b)) => method.is_async = b,
            _ => return Err(bad()),
        }
    }
    if !named {
        return Err(bad());
    }
    Ok(method)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn declarations_and_references_round_trip() {
        let json = r#"{"$object":{"id":7,"class":"Database","attrs":{"name":"main","n":{"$tuple":[1]}},"methods":[{"name":"query","params":["sql","limit"]},{"name":"fetch","async":true}]}}"#;
        let v = Value::from_json(json).unwrap();
        let Value::Object(o) = &v else {
            panic!("{v:?}")
        };
        assert_eq!((o.id, o.class.as_str()), (7, "Database"));
        assert_eq!(o.get_attr("n"), Some(&Value::Tuple(vec![Value::Int(1)])));
        assert_eq!(o.methods[0].params.as_ref().unwrap().len(), 2);
        assert!(o.methods[1].is_async && o.methods[1].params.is_none());
        assert_eq!(v.to_json(), json);
        let r = Value::Object(o.reference());
        assert_eq!(r.to_json(), r#"{"$object":{"id":7,"class":"Database"}}"#);
        assert_eq!(Value::from_json(&r.to_json()).unwrap(), r);
        let built = HostObject::new(1, "Db")
            .attr("name", "x")
            .method("q", &["sql"])
            .async_method("f", &[]);
        assert_eq!(
            Value::Object(built).to_json(),
            r#"{"$object":{"id":1,"class":"Db","attrs":{"name":"x"},"methods":[{"name":"q","params":["sql"]},{"name":"f","params":[],"async":true}]}}"#
        );
    }

    #[test]
    fn bad_forms_say_what_is_wrong() {
        let err = |json: &str| Value::from_json(json).unwrap_err();
        assert!(err(r#"{"$object":{"class":"D"}}"#).contains("needs an \"id\""));
        assert!(err(r#"{"$object":{"id":1}}"#).contains("needs a \"class\""));
        assert!(err(r#"{"$object":{"id":-1,"class":"D"}}"#).contains("integer"));
        assert!(err(r#"{"$object":{"id":1,"class":"a b"}}"#).contains("not a Python identifier"));
        assert!(
            err(r#"{"$object":{"id":1,"class":"D","methods":[{"name":"q"},{"name":"q"}]}}"#)
                .contains("declared twice")
        );
        assert!(err(
            r#"{"$object":{"id":1,"class":"D","attrs":{"q":1},"methods":[{"name":"q"}]}}"#
        )
        .contains("declared twice"));
        assert!(
            err(r#"{"$object":{"id":1,"class":"D","methods":[{"name":"my-q"}]}}"#)
                .contains("not a Python identifier")
        );
        assert!(
            err(r#"{"$object":{"id":1,"class":"D","methods":[{"name":"__len__"}]}}"#)
                .contains("dunder")
        );
        assert!(
            err(r#"{"$object":{"id":1,"class":"D","methods":[{"name":"class"}]}}"#)
                .contains("not a Python identifier")
        );
        assert!(err(r#"{"$object":{"id":1,"class":"D","methods":["q"]}}"#).contains("each method"));
        assert!(err(r#"{"$object":{"id":1,"class":"D","extra":1}}"#).contains("unknown key"));
        assert!(err(r#"{"$object":7}"#).contains("must hold an object"));
    }
}
