//! An instance's attributes: (name, value) pairs in insertion order, the
//! names the VM's interned `Rc<str>`s (`Vm::attr_key`), so every instance
//! of a class shares its attribute names' text.
//!
//! Why not a [`super::Dict`]: an entry there carries a hash, a `HashKey`
//! and the key object beside the value (56 bytes on wasm32), and the dict
//! itself 72 bytes of table bookkeeping; here a pair is 24 bytes and the
//! whole is a vector (16 bytes). Attribute names are always `str`, and an
//! instance has few of them: a scan comparing lengths, then bytes, is as
//! fast as hashing the name. Past [`INDEXED`] attributes (an object used
//! as a namespace, `setattr` in a loop) a name → position index keeps
//! lookups O(1).
//!
//! Serialized as the sequence of (name, value) pairs; the index is rebuilt
//! on loading, and inside [`interning`] (a snapshot's decoding) equal names
//! become one `Rc<str>` again.

use std::cell::RefCell;
use std::rc::Rc;

use rustc_hash::{FxHashMap, FxHashSet};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::value::Value;

/// From this many attributes on, lookups go through the index.
const INDEXED: usize = 16;

/// The attributes of one instance.
#[derive(Clone, Default)]
pub struct Attrs {
    items: Vec<(Rc<str>, Value)>,
    /// Name → position in `items`; only while there are over [`INDEXED`].
    index: Option<Box<FxHashMap<Rc<str>, u32>>>,
}

impl std::fmt::Debug for Attrs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map()
            .entries(self.items.iter().map(|(k, v)| (&**k, v)))
            .finish()
    }
}

impl Attrs {
    pub fn new() -> Attrs {
        Attrs::default()
    }

    /// How many attributes there are.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The position of `name`, if set. A name given as the VM's
    /// interned text (`Vm::attr_text`, as every name set by the program
    /// is) is found by its address, without comparing text; the text
    /// comparison finds the rest (names read from a snapshot, or built at
    /// run time).
    #[inline]
    fn position(&self, name: &str) -> Option<usize> {
        if let Some(index) = &self.index {
            return index.get(name).map(|&i| i as usize);
        }
        let same_text =
            |k: &Rc<str>| std::ptr::eq(k.as_ptr(), name.as_ptr()) && k.len() == name.len();
        if let Some(i) = self.items.iter().position(|(k, _)| same_text(k)) {
            return Some(i);
        }
        self.items
            .iter()
            .position(|(k, _)| k.len() == name.len() && **k == *name)
    }

    /// The value of attribute `name`.
    #[inline]
    pub fn get_str(&self, name: &str) -> Option<Value> {
        self.position(name).map(|i| self.items[i].1)
    }

    /// Sets `name` if it is already set; false (and nothing done) if not.
    #[inline]
    pub fn set_existing_str(&mut self, name: &str, value: Value) -> bool {
        match self.position(name) {
            Some(i) => {
                self.items[i].1 = value;
                true
            }
            None => false,
        }
    }

    /// Sets `name` (the VM's interned name) to `value`: in place if set,
    /// else at the end.
    pub fn insert_str(&mut self, name: Rc<str>, value: Value) {
        if self.set_existing_str(&name, value) {
            return;
        }
        self.push_new(name, value);
    }

    /// Adds `name`, which is not set (the caller looked), at the end.
    pub fn push_new(&mut self, name: Rc<str>, value: Value) {
        if let Some(index) = &mut self.index {
            index.insert(name.clone(), self.items.len() as u32);
        }
        self.items.push((name, value));
        if self.index.is_none() && self.items.len() > INDEXED {
            self.rebuild_index();
        }
    }

    /// Removes `name`, returning its value (the later attributes keep
    /// their order).
    pub fn remove_str(&mut self, name: &str) -> Option<Value> {
        let i = self.position(name)?;
        let (_, value) = self.items.remove(i);
        if self.index.is_some() {
            self.rebuild_index();
        }
        Some(value)
    }

    fn rebuild_index(&mut self) {
        self.index = (self.items.len() > INDEXED).then(|| {
            Box::new(
                self.items
                    .iter()
                    .enumerate()
                    .map(|(i, (k, _))| (k.clone(), i as u32))
                    .collect(),
            )
        });
    }

    /// The (name, value) pairs in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = (&Rc<str>, Value)> + '_ {
        self.items.iter().map(|(k, v)| (k, *v))
    }

    /// The names in insertion order.
    pub fn names(&self) -> impl Iterator<Item = &Rc<str>> + '_ {
        self.items.iter().map(|(k, _)| k)
    }

    /// Calls `f` on every value (the GC's walk).
    pub fn for_each_value(&self, f: &mut dyn FnMut(Value)) {
        for (_, v) in &self.items {
            f(*v);
        }
    }
}

thread_local! {
    /// The names decoded so far, while [`interning`] runs.
    static DECODED_NAMES: RefCell<Option<FxHashSet<Rc<str>>>> = const { RefCell::new(None) };
}

/// Runs `decode` (a snapshot's deserialization) so that the attribute
/// names it decodes share one `Rc<str>` per distinct name, as the
/// instances of a running program do (8000 instances of 5 attributes
/// would otherwise hold 40 000 copies of 5 names).
pub fn interning<T>(decode: impl FnOnce() -> T) -> T {
    DECODED_NAMES.with(|names| *names.borrow_mut() = Some(FxHashSet::default()));
    let out = decode();
    DECODED_NAMES.with(|names| *names.borrow_mut() = None);
    out
}

/// `name` as an `Rc<str>`: the one decoded before if inside [`interning`].
fn decoded_name(name: String) -> Rc<str> {
    DECODED_NAMES.with(|names| match &mut *names.borrow_mut() {
        Some(seen) => {
            if let Some(k) = seen.get(name.as_str()) {
                return k.clone();
            }
            let k: Rc<str> = name.into();
            seen.insert(k.clone());
            k
        }
        None => name.into(),
    })
}

impl Serialize for Attrs {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.items.iter().map(|(k, v)| (&**k, v)))
    }
}

impl<'de> Deserialize<'de> for Attrs {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Attrs, D::Error> {
        let raw: Vec<(String, Value)> = Vec::deserialize(d)?;
        let mut attrs = Attrs {
            items: Vec::with_capacity(raw.len()),
            index: None,
        };
        for (k, v) in raw {
            // (a snapshot is untrusted: a name twice keeps the last value)
            attrs.insert_str(decoded_name(k), v);
        }
        Ok(attrs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insertion_order_replacement_and_removal() {
        let mut a = Attrs::new();
        a.insert_str("x".into(), Value::Int(1));
        a.insert_str("y".into(), Value::Int(2));
        a.insert_str("x".into(), Value::Int(3));
        assert_eq!(a.len(), 2);
        assert!(matches!(a.get_str("x"), Some(Value::Int(3))));
        assert!(a.set_existing_str("y", Value::Int(4)));
        assert!(!a.set_existing_str("z", Value::Int(5)));
        assert!(matches!(a.remove_str("x"), Some(Value::Int(3))));
        assert!(a.get_str("x").is_none());
        let names: Vec<&str> = a.names().map(|k| &**k).collect();
        assert_eq!(names, ["y"]);
    }

    #[test]
    fn names_are_found_by_address_or_by_text() {
        let mut a = Attrs::new();
        let x: Rc<str> = "x".into();
        let y: Rc<str> = "y".into();
        a.push_new(x.clone(), Value::Int(1));
        a.push_new(y.clone(), Value::Int(2));
        // the interned text, another allocation of it, and a slice of a
        // longer text all find the attribute
        assert!(matches!(a.get_str(&y), Some(Value::Int(2))));
        assert!(matches!(a.get_str(&String::from("y")), Some(Value::Int(2))));
        assert!(matches!(a.get_str(&"xy"[1..]), Some(Value::Int(2))));
        // a prefix sharing the address is another name
        let long: Rc<str> = "yz".into();
        a.push_new(long.clone(), Value::Int(3));
        assert!(matches!(a.get_str(&long[..1]), Some(Value::Int(2))));
        assert!(a.get_str(&x[..0]).is_none());
    }

    #[test]
    fn decoded_names_are_shared_while_interning() {
        let a = interning(|| (decoded_name("x".into()), decoded_name("x".into())));
        assert!(Rc::ptr_eq(&a.0, &a.1));
        let b = (decoded_name("x".into()), decoded_name("x".into()));
        assert!(!Rc::ptr_eq(&b.0, &b.1));
    }

    #[test]
    fn many_attributes_are_indexed_and_stay_ordered() {
        let mut a = Attrs::new();
        for i in 0..100 {
            a.insert_str(format!("a{i}").into(), Value::Int(i));
        }
        assert!(a.index.is_some());
        assert!(matches!(a.get_str("a57"), Some(Value::Int(57))));
        assert!(matches!(a.remove_str("a3"), Some(Value::Int(3))));
        assert!(matches!(a.get_str("a4"), Some(Value::Int(4))));
        assert!(matches!(a.get_str("a99"), Some(Value::Int(99))));
        for i in 4..95 {
            a.remove_str(&format!("a{i}"));
        }
        assert!(a.index.is_none());
        let names: Vec<&str> = a.names().map(|k| &**k).collect();
        assert_eq!(names, ["a0", "a1", "a2", "a95", "a96", "a97", "a98", "a99"]);
    }
}
