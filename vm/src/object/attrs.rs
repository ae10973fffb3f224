//! An instance's attributes: names in a [`Shape`] the instances with the
//! same names share, values packed in 8 bytes each ([`Packed`]), in
//! insertion order.
//!
//! Why not a [`super::Dict`]: an entry there carries a hash, a `HashKey`
//! and the key object beside the value (56 bytes on wasm32), and the dict
//! itself 72 bytes of table bookkeeping. Here an attribute costs its 8
//! bytes of value, as in CPython 3.13 (an instance's values array beside
//! its class's shared keys). Attribute names are always `str`, and an
//! instance has few of them: a scan comparing addresses, then lengths and
//! bytes, is as fast as hashing the name.
//!
//! An instance leaves the shared form for its own (name, value) pairs
//! when it gets more than [`shape::MAX_NAMES`] attributes (an object used
//! as a namespace, `setattr` in a loop; past [`INDEXED`] a name →
//! position index keeps lookups O(1)) or a value that does not pack (an
//! int beyond ±2^47). Deleting an attribute keeps the shared form: the
//! rest of the names walk to their own shape.
//!
//! Serialized as the sequence of (name, value) pairs; shapes and the
//! index are rebuilt on loading, and inside [`interning`] (a snapshot's
//! decoding) equal names become one `Rc<str>` again.

use std::cell::RefCell;
use std::rc::Rc;

use rustc_hash::{FxHashMap, FxHashSet};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::packed::Packed;
use super::shape::{self, Shape};
use super::value::Value;

/// From this many attributes on, lookups in the own form go through the
/// index.
const INDEXED: usize = 16;

/// The attributes of one instance.
#[derive(Clone, Default)]
pub struct Attrs {
    repr: Repr,
}

#[derive(Clone)]
enum Repr {
    /// Names in a shared shape (`None`: no attributes yet), one packed
    /// value per name.
    Shared {
        shape: Option<Rc<Shape>>,
        values: Vec<Packed>,
    },
    /// The instance's own names and full values.
    Own(Box<Own>),
}

impl Default for Repr {
    fn default() -> Repr {
        Repr::Shared {
            shape: None,
            values: Vec::new(),
        }
    }
}

#[derive(Clone, Default)]
struct Own {
    items: Vec<(Rc<str>, Value)>,
    /// Name → position in `items`; only while there are over [`INDEXED`].
    index: Option<FxHashMap<Rc<str>, u32>>,
}

impl std::fmt::Debug for Attrs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map()
            .entries(self.iter().map(|(k, v)| (&**k, v)))
            .finish()
    }
}

impl Own {
    fn position(&self, name: &str) -> Option<usize> {
        if let Some(index) = &self.index {
            return index.get(name).map(|&i| i as usize);
        }
        super::shape::name_position(self.items.iter().map(|(k, _)| k), name)
    }

    fn push(&mut self, name: Rc<str>, value: Value) {
        if let Some(index) = &mut self.index {
            index.insert(name.clone(), self.items.len() as u32);
        }
        self.items.push((name, value));
        if self.index.is_none() && self.items.len() > INDEXED {
            self.rebuild_index();
        }
    }

    fn rebuild_index(&mut self) {
        self.index = (self.items.len() > INDEXED).then(|| {
            self.items
                .iter()
                .enumerate()
                .map(|(i, (k, _))| (k.clone(), i as u32))
                .collect()
        });
    }
}

impl Attrs {
    pub fn new() -> Attrs {
        Attrs::default()
    }

    /// How many attributes there are.
    pub fn len(&self) -> usize {
        match &self.repr {
            Repr::Shared { values, .. } => values.len(),
            Repr::Own(own) => own.items.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value of attribute `name`. A name given as the VM's interned
    /// text (`Vm::attr_text`, as every name set by the program is) is
    /// found by its address, without comparing text; the text comparison
    /// finds the rest (names built at run time).
    #[inline]
    pub fn get_str(&self, name: &str) -> Option<Value> {
        match &self.repr {
            Repr::Shared { shape, values } => {
                let i = shape.as_ref()?.position(name)?;
                Some(values[i].unpack())
            }
            Repr::Own(own) => own.position(name).map(|i| own.items[i].1),
        }
    }

    /// Sets `name` if it is already set; false (and nothing done) if not.
    #[inline]
    pub fn set_existing_str(&mut self, name: &str, value: Value) -> bool {
        match &mut self.repr {
            Repr::Shared { shape, values } => {
                let Some(i) = shape.as_ref().and_then(|s| s.position(name)) else {
                    return false;
                };
                match Packed::pack(value) {
                    Some(p) => values[i] = p,
                    None => self.own_mut().items[i].1 = value,
                }
                true
            }
            Repr::Own(own) => match own.position(name) {
                Some(i) => {
                    own.items[i].1 = value;
                    true
                }
                None => false,
            },
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
        if let Repr::Shared { shape, values } = &mut self.repr {
            if values.len() < shape::MAX_NAMES {
                if let Some(p) = Packed::pack(value) {
                    let longer = match shape {
                        Some(s) => s.with(&name),
                        None => Shape::root().with(&name),
                    };
                    *shape = Some(longer);
                    values.push(p);
                    return;
                }
            }
        }
        self.own_mut().push(name, value);
    }

    /// The own form, made from the shared one if need be.
    fn own_mut(&mut self) -> &mut Own {
        if let Repr::Shared { shape, values } = &self.repr {
            let mut own = Own {
                items: Vec::with_capacity(values.len() + 1),
                index: None,
            };
            if let Some(shape) = shape {
                own.items.extend(
                    shape
                        .names()
                        .iter()
                        .cloned()
                        .zip(values.iter().map(|p| p.unpack())),
                );
            }
            own.rebuild_index();
            self.repr = Repr::Own(Box::new(own));
        }
        match &mut self.repr {
            Repr::Own(own) => own,
            Repr::Shared { .. } => unreachable!("made own above"),
        }
    }

    /// Removes `name`, returning its value (the later attributes keep
    /// their order).
    pub fn remove_str(&mut self, name: &str) -> Option<Value> {
        match &mut self.repr {
            Repr::Shared { shape, values } => {
                let old = shape.as_ref()?;
                let i = old.position(name)?;
                let value = values.remove(i).unpack();
                let rest = old
                    .names()
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, k)| k);
                *shape = (!values.is_empty()).then(|| Shape::of(rest));
                Some(value)
            }
            Repr::Own(own) => {
                let i = own.position(name)?;
                let (_, value) = own.items.remove(i);
                if own.index.is_some() {
                    own.rebuild_index();
                }
                Some(value)
            }
        }
    }

    /// The (name, value) pairs in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = (&Rc<str>, Value)> + '_ {
        let (shared, own) = self.parts();
        shared
            .map(|(k, v)| (k, v.unpack()))
            .chain(own.map(|(k, v)| (k, *v)))
    }

    /// The names in insertion order.
    pub fn names(&self) -> impl Iterator<Item = &Rc<str>> + '_ {
        self.iter().map(|(k, _)| k)
    }

    /// The pairs of whichever form this is (the other iterator empty).
    #[allow(clippy::type_complexity)]
    fn parts(
        &self,
    ) -> (
        std::iter::Zip<std::slice::Iter<'_, Rc<str>>, std::slice::Iter<'_, Packed>>,
        std::slice::Iter<'_, (Rc<str>, Value)>,
    ) {
        match &self.repr {
            Repr::Shared { shape, values } => {
                let names = shape.as_deref().map_or(&[][..], Shape::names);
                (names.iter().zip(values.iter()), [].iter())
            }
            Repr::Own(own) => ([].iter().zip([].iter()), own.items.iter()),
        }
    }

    /// Calls `f` on every value that refers to a heap object (the GC's
    /// walk).
    pub fn for_each_value(&self, f: &mut dyn FnMut(Value)) {
        match &self.repr {
            Repr::Shared { values, .. } => {
                for p in values {
                    if let Some(id) = p.as_ref() {
                        f(Value::Ref(id));
                    }
                }
            }
            Repr::Own(own) => {
                for (_, v) in &own.items {
                    f(*v);
                }
            }
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
        s.collect_seq(self.iter().map(|(k, v)| (&**k, v)))
    }
}

impl<'de> Deserialize<'de> for Attrs {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Attrs, D::Error> {
        let raw: Vec<(String, Value)> = Vec::deserialize(d)?;
        let mut attrs = Attrs::new();
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
        assert!(matches!(&a.repr, Repr::Own(own) if own.index.is_some()));
        assert!(matches!(a.get_str("a57"), Some(Value::Int(57))));
        assert!(matches!(a.remove_str("a3"), Some(Value::Int(3))));
        assert!(matches!(a.get_str("a4"), Some(Value::Int(4))));
        assert!(matches!(a.get_str("a99"), Some(Value::Int(99))));
        for i in 4..95 {
            a.remove_str(&format!("a{i}"));
        }
        assert!(matches!(&a.repr, Repr::Own(own) if own.index.is_none()));
        let names: Vec<&str> = a.names().map(|k| &**k).collect();
        assert_eq!(names, ["a0", "a1", "a2", "a95", "a96", "a97", "a98", "a99"]);
    }

    fn shape_of(a: &Attrs) -> Rc<Shape> {
        match &a.repr {
            Repr::Shared {
                shape: Some(shape), ..
            } => shape.clone(),
            other => panic!("not shared: {:?}", other.is_shared()),
        }
    }

    impl Repr {
        fn is_shared(&self) -> bool {
            matches!(self, Repr::Shared { .. })
        }
    }

    #[test]
    fn instances_setting_the_same_names_share_them() {
        let (x, y): (Rc<str>, Rc<str>) = ("x".into(), "y".into());
        let mut a = Attrs::new();
        let mut b = Attrs::new();
        for (attrs, n) in [(&mut a, 1), (&mut b, 2)] {
            attrs.insert_str(x.clone(), Value::Int(n));
            attrs.insert_str(y.clone(), Value::Float(0.5));
        }
        assert!(Rc::ptr_eq(&shape_of(&a), &shape_of(&b)));
        assert!(matches!(b.get_str("x"), Some(Value::Int(2))));
        assert!(matches!(a.get_str("y"), Some(Value::Float(f)) if f == 0.5));
    }

    #[test]
    fn a_value_that_does_not_pack_makes_the_names_own() {
        let mut a = Attrs::new();
        a.insert_str("x".into(), Value::Int(1));
        a.insert_str("y".into(), Value::Int(2));
        a.insert_str("x".into(), Value::Int(i64::MAX));
        assert!(!a.repr.is_shared());
        assert!(matches!(a.get_str("x"), Some(Value::Int(i64::MAX))));
        assert!(matches!(a.get_str("y"), Some(Value::Int(2))));
        a.insert_str("z".into(), Value::Int(i64::MIN));
        let names: Vec<&str> = a.names().map(|k| &**k).collect();
        assert_eq!(names, ["x", "y", "z"]);
    }

    #[test]
    fn removing_keeps_the_shared_form_and_the_order() {
        let names: Vec<Rc<str>> = ["a", "b", "c"].map(Rc::from).to_vec();
        let mut a = Attrs::new();
        for (i, k) in names.iter().enumerate() {
            a.push_new(k.clone(), Value::Int(i as i64));
        }
        assert!(matches!(a.remove_str("b"), Some(Value::Int(1))));
        assert!(Rc::ptr_eq(
            &shape_of(&a),
            &Shape::of([&names[0], &names[2]])
        ));
        assert!(matches!(a.get_str("c"), Some(Value::Int(2))));
        a.remove_str("a");
        a.remove_str("c");
        assert!(a.is_empty() && a.repr.is_shared());
        a.push_new(names[1].clone(), Value::None);
        assert!(matches!(a.get_str("b"), Some(Value::None)));
    }

    #[test]
    fn the_collector_sees_only_references() {
        let mut a = Attrs::new();
        a.insert_str("n".into(), Value::Int(3));
        a.insert_str("r".into(), Value::Ref(super::super::value::ObjId(9)));
        let mut seen = Vec::new();
        a.for_each_value(&mut |v| seen.push(v));
        assert_eq!(seen, [Value::Ref(super::super::value::ObjId(9))]);
    }
}
