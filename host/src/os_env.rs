//! [`Environment`]: the environment variables a program sees through
//! `os.getenv` and `os.environ` — exactly the ones the embedder lists,
//! never the host process's own.

use monty_wire::Value;

/// An explicit set of environment variables, in the order given (a name
/// set again keeps its place and takes the new value).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Environment {
    vars: Vec<(String, String)>,
}

impl Environment {
    /// No variables.
    pub fn new() -> Environment {
        Environment::default()
    }

    /// Sets `name` to `value`.
    pub fn var(mut self, name: impl Into<String>, value: impl Into<String>) -> Environment {
        self.set(name, value);
        self
    }

    /// Sets `name` to `value`, in place.
    pub fn set(&mut self, name: impl Into<String>, value: impl Into<String>) {
        let (name, value) = (name.into(), value.into());
        match self.vars.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = value,
            None => self.vars.push((name, value)),
        }
    }

    /// The value of `name`, if set.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.vars
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The answer to `os.getenv(name)`: the value, or None.
    pub fn getenv(&self, name: &str) -> Value {
        self.get(name)
            .map_or(Value::None, |v| Value::Str(v.to_owned()))
    }

    /// The answer to `os.environ`: a dict of every variable.
    pub fn environ(&self) -> Value {
        Value::dict(
            self.vars
                .iter()
                .map(|(n, v)| (n.clone(), Value::Str(v.clone()))),
        )
    }
}

impl<K: Into<String>, V: Into<String>> FromIterator<(K, V)> for Environment {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Environment {
        let mut env = Environment::new();
        for (k, v) in iter {
            env.set(k, v);
        }
        env
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_what_is_given() {
        let env: Environment = [("B", "2"), ("A", "1"), ("B", "3")].into_iter().collect();
        assert_eq!(env.getenv("B"), Value::Str("3".into()));
        assert_eq!(env.getenv("HOME"), Value::None);
        assert_eq!(
            env.environ(),
            Value::dict([("B", Value::Str("3".into())), ("A", Value::Str("1".into()))])
        );
    }
}
