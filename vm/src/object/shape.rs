//! `Shape`: a sequence of attribute names that instances share, so an
//! instance stores only its values (CPython's "shared keys" and the hidden
//! classes of JavaScript engines).
//!
//! Shapes form a tree from an empty root: the shape of names
//! `[x, y]` leads, by `z`, to the shape `[x, y, z]`. Every instance whose
//! `__init__` sets `x`, `y`, `z` in that order walks the same path and ends
//! at the same shape, whatever its class. A child holds its parent
//! (strongly), a parent its children weakly, so a shape lives as long as
//! some instance (or a longer shape) uses it, and a program that makes
//! instances of many attribute orders does not keep them all.
//!
//! Shapes are built at run time and never serialized: a snapshot stores
//! each instance's (name, value) pairs and loading walks the tree again.
//! The tree is per thread (the VM is single-threaded and `Rc`-based).

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use rustc_hash::FxHashMap;

/// Names a shape holds at most; an instance with more keeps its own.
pub const MAX_NAMES: usize = 16;

/// Attribute names in the order they were first set.
pub struct Shape {
    names: Box<[Rc<str>]>,
    /// Keeps the shorter shapes alive while this one is (the path to it
    /// is walked again by the next instance).
    _parent: Option<Rc<Shape>>,
    /// The shapes one name longer, by the address of that name's text
    /// (attribute names are interned, `Vm::attr_key`; a name with the same
    /// text elsewhere only makes a twin shape, never a wrong one: the
    /// child's last name is compared before it is used).
    children: RefCell<FxHashMap<usize, Weak<Shape>>>,
}

thread_local! {
    static ROOT: Rc<Shape> = Rc::new(Shape {
        names: Box::new([]),
        _parent: None,
        children: RefCell::default(),
    });
}

impl Shape {
    /// The shape with no names.
    pub fn root() -> Rc<Shape> {
        ROOT.with(Rc::clone)
    }

    /// The names, in order.
    #[inline]
    pub fn names(&self) -> &[Rc<str>] {
        &self.names
    }

    /// The position of `name` (see [`name_position`]).
    #[inline]
    pub fn position(&self, name: &str) -> Option<usize> {
        name_position(self.names.iter(), name)
    }

    /// This shape plus `name` at the end (which it does not hold; the
    /// caller looked). Found in the tree, or made and added to it.
    pub fn with(self: &Rc<Shape>, name: &Rc<str>) -> Rc<Shape> {
        let key = name.as_ptr() as usize;
        let mut children = self.children.borrow_mut();
        if let Some(child) = children.get(&key).and_then(Weak::upgrade) {
            if child.names.last().is_some_and(|k| Rc::ptr_eq(k, name)) {
                return child;
            }
        }
        let mut names = Vec::with_capacity(self.names.len() + 1);
        names.extend(self.names.iter().cloned());
        names.push(name.clone());
        let child = Rc::new(Shape {
            names: names.into_boxed_slice(),
            _parent: Some(self.clone()),
            children: RefCell::default(),
        });
        // Forget dead children now and then, so the map stays the size of
        // the live ones.
        if children.len() >= 8 && children.len().is_power_of_two() {
            children.retain(|_, c| c.strong_count() > 0);
        }
        children.insert(key, Rc::downgrade(&child));
        child
    }

    /// The shape of exactly `names` (distinct), walked from the root.
    pub fn of<'a>(names: impl IntoIterator<Item = &'a Rc<str>>) -> Rc<Shape> {
        names
            .into_iter()
            .fold(Shape::root(), |shape, name| shape.with(name))
    }
}

impl std::fmt::Debug for Shape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.names.iter().map(|k| &**k))
            .finish()
    }
}

/// The position of `name` among `names`: by the address of its text first
/// (the interned names every set uses), then by text.
#[inline]
pub fn name_position<'a>(
    names: impl Iterator<Item = &'a Rc<str>> + Clone,
    name: &str,
) -> Option<usize> {
    let same_text = |k: &Rc<str>| std::ptr::eq(k.as_ptr(), name.as_ptr()) && k.len() == name.len();
    if let Some(i) = names.clone().position(same_text) {
        return Some(i);
    }
    names
        .into_iter()
        .position(|k| k.len() == name.len() && **k == *name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_names_in_the_same_order_share_a_shape() {
        let (x, y): (Rc<str>, Rc<str>) = ("x".into(), "y".into());
        let a = Shape::root().with(&x).with(&y);
        let b = Shape::of([&x, &y]);
        assert!(Rc::ptr_eq(&a, &b));
        let c = Shape::of([&y, &x]);
        assert!(!Rc::ptr_eq(&a, &c));
        assert_eq!(a.position("y"), Some(1));
        assert_eq!(c.position("y"), Some(0));
        assert_eq!(a.position("z"), None);
    }

    #[test]
    fn unused_shapes_are_freed_and_remade() {
        let z: Rc<str> = "z".into();
        let weak = Rc::downgrade(&Shape::root().with(&z));
        assert!(weak.upgrade().is_none());
        let again = Shape::root().with(&z);
        assert_eq!(again.names().len(), 1);
    }

    #[test]
    fn a_name_with_the_same_text_elsewhere_makes_a_twin() {
        let a: Rc<str> = "a".into();
        let other: Rc<str> = "a".into();
        let s = Shape::root().with(&a);
        let t = Shape::root().with(&other);
        assert!(!Rc::ptr_eq(&s, &t));
        assert_eq!(t.position(&a), Some(0));
    }
}
