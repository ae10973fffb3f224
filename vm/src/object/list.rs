//! `List`: the items of a Python `list`, 8 bytes each.
//!
//! A list slot in CPython is an 8-byte pointer; a [`Value`] is 16 bytes,
//! so a list of `Value`s took twice CPython's memory per element. A `List`
//! keeps its items as [`Packed`] values while every item packs (all but
//! ints beyond ±2^47 and odd NaNs: `object/packed.rs`), and as full
//! `Value`s once one does not; [`List::edit`] and [`List::clear`] pack
//! again when they can.
//!
//! The hot operations (`len`, indexing, `append`, `pop`, iteration) work
//! on either form in place. The rest, rare or linear anyway (`sort`, slice
//! assignment, `insert` at the front), go through [`List::edit`], which
//! lends the items as a `Vec<Value>` and packs them back.
//!
//! Serialized as the sequence of its values, as the `Vec<Value>` it
//! replaced (the snapshot format does not change).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::packed::Packed;
use super::value::Value;

/// A list's items (see the module doc).
#[derive(Clone)]
pub struct List {
    repr: Repr,
}

#[derive(Clone)]
enum Repr {
    Packed(Vec<Packed>),
    Wide(Vec<Value>),
}

impl Default for List {
    fn default() -> List {
        List::new()
    }
}

impl List {
    pub const fn new() -> List {
        List {
            repr: Repr::Packed(Vec::new()),
        }
    }

    pub fn with_capacity(n: usize) -> List {
        List {
            repr: Repr::Packed(Vec::with_capacity(n)),
        }
    }

    /// A copy of `items` as a list, in a buffer of exactly their number:
    /// for a list made from values already in place (`[a, b]` from the
    /// operand stack), one allocation where `from_vec` of a copy takes
    /// two and a shrink.
    pub fn from_slice(items: &[Value]) -> List {
        let mut packed = Vec::with_capacity(items.len());
        for &v in items {
            match Packed::pack(v) {
                Some(p) => packed.push(p),
                None => {
                    return List {
                        repr: Repr::Wide(items.to_vec()),
                    }
                }
            }
        }
        List {
            repr: Repr::Packed(packed),
        }
    }

    /// `items` as a list: packed (in their own buffer) if every one packs.
    pub fn from_vec(items: Vec<Value>) -> List {
        List {
            repr: if items.iter().all(|&v| Packed::pack(v).is_some()) {
                Repr::Packed(pack_in_place(items))
            } else {
                Repr::Wide(items)
            },
        }
    }

    #[inline(always)]
    pub fn len(&self) -> usize {
        match &self.repr {
            Repr::Packed(p) => p.len(),
            Repr::Wide(w) => w.len(),
        }
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Item `i`, if there is one.
    #[inline(always)]
    pub fn get(&self, i: usize) -> Option<Value> {
        match &self.repr {
            Repr::Packed(p) => p.get(i).map(|p| p.unpack()),
            Repr::Wide(w) => w.get(i).copied(),
        }
    }

    /// Item `i`.
    ///
    /// # Panics
    /// If `i` is out of range (as indexing a `Vec`).
    #[inline(always)]
    pub fn at(&self, i: usize) -> Value {
        match &self.repr {
            Repr::Packed(p) => p[i].unpack(),
            Repr::Wide(w) => w[i],
        }
    }

    /// The last item, if any.
    #[inline]
    pub fn last(&self) -> Option<Value> {
        self.len().checked_sub(1).map(|i| self.at(i))
    }

    /// Sets item `i`.
    ///
    /// # Panics
    /// If `i` is out of range.
    #[inline(always)]
    pub fn set(&mut self, i: usize, v: Value) {
        match &mut self.repr {
            Repr::Packed(p) => match Packed::pack(v) {
                Some(x) => p[i] = x,
                None => self.widen()[i] = v,
            },
            Repr::Wide(w) => w[i] = v,
        }
    }

    #[inline(always)]
    pub fn push(&mut self, v: Value) {
        match &mut self.repr {
            Repr::Packed(p) => match Packed::pack(v) {
                Some(x) => p.push(x),
                None => self.widen().push(v),
            },
            Repr::Wide(w) => w.push(v),
        }
    }

    #[inline(always)]
    pub fn pop(&mut self) -> Option<Value> {
        match &mut self.repr {
            Repr::Packed(p) => p.pop().map(Packed::unpack),
            Repr::Wide(w) => w.pop(),
        }
    }

    /// Inserts `v` before item `i`.
    ///
    /// # Panics
    /// If `i > len`.
    pub fn insert(&mut self, i: usize, v: Value) {
        match &mut self.repr {
            Repr::Packed(p) => match Packed::pack(v) {
                Some(x) => p.insert(i, x),
                None => self.widen().insert(i, v),
            },
            Repr::Wide(w) => w.insert(i, v),
        }
    }

    /// Removes and returns item `i`.
    ///
    /// # Panics
    /// If `i` is out of range.
    pub fn remove(&mut self, i: usize) -> Value {
        match &mut self.repr {
            Repr::Packed(p) => p.remove(i).unpack(),
            Repr::Wide(w) => w.remove(i),
        }
    }

    pub fn truncate(&mut self, n: usize) {
        match &mut self.repr {
            Repr::Packed(p) => p.truncate(n),
            Repr::Wide(w) => w.truncate(n),
        }
    }

    /// Empties the list (packed again, keeping no storage).
    pub fn clear(&mut self) {
        self.repr = Repr::Packed(Vec::new());
    }

    /// Swaps items `i` and `j`.
    ///
    /// # Panics
    /// If either is out of range.
    pub fn swap(&mut self, i: usize, j: usize) {
        match &mut self.repr {
            Repr::Packed(p) => p.swap(i, j),
            Repr::Wide(w) => w.swap(i, j),
        }
    }

    pub fn reverse(&mut self) {
        match &mut self.repr {
            Repr::Packed(p) => p.reverse(),
            Repr::Wide(w) => w.reverse(),
        }
    }

    pub fn reserve(&mut self, n: usize) {
        match &mut self.repr {
            Repr::Packed(p) => p.reserve(n),
            Repr::Wide(w) => w.reserve(n),
        }
    }

    /// Appends every value of `items`.
    pub fn extend(&mut self, items: impl IntoIterator<Item = Value>) {
        let items = items.into_iter();
        self.reserve(items.size_hint().0);
        for v in items {
            self.push(v);
        }
    }

    /// Appends `other`'s items (`list += list`, which may be this list's
    /// own items, copied first by the caller).
    pub fn extend_from_list(&mut self, other: &List) {
        match (&mut self.repr, &other.repr) {
            (Repr::Packed(p), Repr::Packed(q)) => p.extend_from_slice(q),
            (Repr::Wide(w), Repr::Wide(x)) => w.extend_from_slice(x),
            _ => self.extend(other.iter()),
        }
    }

    /// The items in order.
    #[inline]
    pub fn iter(&self) -> Iter<'_> {
        match &self.repr {
            Repr::Packed(p) => Iter::Packed(p.iter()),
            Repr::Wide(w) => Iter::Wide(w.iter()),
        }
    }

    /// The items `n` times over (`list * n`).
    pub fn repeated(&self, n: usize) -> List {
        List {
            repr: match &self.repr {
                Repr::Packed(p) => Repr::Packed(p.repeat(n)),
                Repr::Wide(w) => Repr::Wide(w.repeat(n)),
            },
        }
    }

    /// The items as a `Vec`.
    pub fn to_vec(&self) -> Vec<Value> {
        match &self.repr {
            Repr::Packed(p) => p.iter().map(|x| x.unpack()).collect(),
            Repr::Wide(w) => w.clone(),
        }
    }

    /// The items at `indices` (each in range), as a new list in the same
    /// form (`l[a:b:c]`: no unpacking and packing again).
    ///
    /// # Panics
    /// If an index is out of range.
    pub fn select(&self, indices: impl ExactSizeIterator<Item = usize>) -> List {
        List {
            repr: match &self.repr {
                Repr::Packed(p) => Repr::Packed(indices.map(|i| p[i]).collect()),
                Repr::Wide(w) => Repr::Wide(indices.map(|i| w[i]).collect()),
            },
        }
    }

    /// Items `range` as a `Vec`.
    ///
    /// # Panics
    /// If the range is out of bounds.
    pub fn slice_to_vec(&self, range: std::ops::Range<usize>) -> Vec<Value> {
        match &self.repr {
            Repr::Packed(p) => p[range].iter().map(|x| x.unpack()).collect(),
            Repr::Wide(w) => w[range].to_vec(),
        }
    }

    /// The items, leaving the list empty.
    pub fn take(&mut self) -> Vec<Value> {
        std::mem::take(self).into_vec()
    }

    pub fn into_vec(self) -> Vec<Value> {
        match self.repr {
            Repr::Packed(p) => p.into_iter().map(Packed::unpack).collect(),
            Repr::Wide(w) => w,
        }
    }

    /// Runs `f` on the items as a `Vec<Value>` and packs them back (when
    /// they all pack): for the operations with no in-place form here,
    /// each linear or worse anyway.
    pub fn edit<R>(&mut self, f: impl FnOnce(&mut Vec<Value>) -> R) -> R {
        let mut items = self.take();
        let out = f(&mut items);
        *self = List::from_vec(items);
        out
    }

    /// The bytes one item takes in this list's form (8 packed, 16 wide):
    /// for sizing what an operation will allocate (`Vm::check_alloc`).
    pub fn item_bytes(&self) -> usize {
        match &self.repr {
            Repr::Packed(_) => std::mem::size_of::<Packed>(),
            Repr::Wide(_) => std::mem::size_of::<Value>(),
        }
    }

    /// The bytes the items take (the collector's count of payload).
    pub fn payload_bytes(&self) -> usize {
        self.len() * self.item_bytes()
    }

    /// Calls `f` on every item that refers to a heap object (the
    /// collector's walk).
    pub fn for_each_ref(&self, f: &mut dyn FnMut(Value)) {
        match &self.repr {
            Repr::Packed(p) => {
                for x in p {
                    if let Some(id) = x.as_ref() {
                        f(Value::Ref(id));
                    }
                }
            }
            Repr::Wide(w) => w.iter().for_each(|v| f(*v)),
        }
    }

    /// The full-`Value` form, made from the packed one.
    #[cold]
    fn widen(&mut self) -> &mut Vec<Value> {
        if let Repr::Packed(p) = &self.repr {
            self.repr = Repr::Wide(p.iter().map(|x| x.unpack()).collect());
        }
        match &mut self.repr {
            Repr::Wide(w) => w,
            Repr::Packed(_) => unreachable!("widened above"),
        }
    }
}

// A `Value` buffer is a `Packed` buffer of twice the length: same
// alignment, twice the size (`pack_in_place` relies on it).
const _: () = assert!(
    std::mem::size_of::<Value>() == 2 * std::mem::size_of::<Packed>()
        && std::mem::align_of::<Value>() == std::mem::align_of::<Packed>()
);

/// `items`, every one of which packs, packed into the front half of their
/// own buffer, which then shrinks to the packed capacity: a list built as
/// a `Vec<Value>` (`list(range(n))`, a slice, `sorted`) costs no second
/// allocation, and no fresh pages to fault in.
fn pack_in_place(items: Vec<Value>) -> Vec<Packed> {
    let mut items = std::mem::ManuallyDrop::new(items);
    let (base, len, cap) = (items.as_mut_ptr(), items.len(), items.capacity());
    let out = base.cast::<Packed>();
    for i in 0..len {
        // SAFETY: `i < len` values are initialized at `base`; packed item
        // `i` takes bytes `8i..8i+8`, which hold no value still to be read
        // (value `j` sits at `16j..16j+16`, and `16j >= 8i + 8` for every
        // `j > i`; value `i` itself was read just before).
        #[allow(unsafe_code)]
        unsafe {
            let v = base.add(i).read();
            out.add(i).write(Packed::pack(v).unwrap_or(Packed::NONE));
        }
    }
    // SAFETY: the buffer was allocated for `cap` values, that is with the
    // layout of `2 * cap` packed values (the assertion above), and its
    // first `len` packed values are initialized; `items` gives it up.
    #[allow(unsafe_code)]
    let mut packed = unsafe { Vec::from_raw_parts(out, len, 2 * cap) };
    packed.shrink_to(cap);
    packed
}

impl From<Vec<Value>> for List {
    fn from(items: Vec<Value>) -> List {
        List::from_vec(items)
    }
}

impl FromIterator<Value> for List {
    fn from_iter<I: IntoIterator<Item = Value>>(items: I) -> List {
        let mut list = List::new();
        list.extend(items);
        list
    }
}

impl IntoIterator for List {
    type Item = Value;
    type IntoIter = std::vec::IntoIter<Value>;
    fn into_iter(self) -> std::vec::IntoIter<Value> {
        self.into_vec().into_iter()
    }
}

impl<'a> IntoIterator for &'a List {
    type Item = Value;
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

/// The items of a [`List`], by value.
#[derive(Clone)]
pub enum Iter<'a> {
    Packed(std::slice::Iter<'a, Packed>),
    Wide(std::slice::Iter<'a, Value>),
}

impl Iterator for Iter<'_> {
    type Item = Value;

    #[inline]
    fn next(&mut self) -> Option<Value> {
        match self {
            Iter::Packed(p) => p.next().map(|x| x.unpack()),
            Iter::Wide(w) => w.next().copied(),
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Iter::Packed(p) => p.size_hint(),
            Iter::Wide(w) => w.size_hint(),
        }
    }
}

impl DoubleEndedIterator for Iter<'_> {
    #[inline]
    fn next_back(&mut self) -> Option<Value> {
        match self {
            Iter::Packed(p) => p.next_back().map(|x| x.unpack()),
            Iter::Wide(w) => w.next_back().copied(),
        }
    }
}

impl ExactSizeIterator for Iter<'_> {}

/// The items of a list or a tuple, read-only (`Obj::seq`): where code
/// treats both alike.
#[derive(Clone, Copy)]
pub enum Seq<'a> {
    List(&'a List),
    Tuple(&'a [Value]),
}

impl<'a> Seq<'a> {
    #[inline]
    pub fn len(self) -> usize {
        match self {
            Seq::List(l) => l.len(),
            Seq::Tuple(t) => t.len(),
        }
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    #[inline]
    pub fn get(self, i: usize) -> Option<Value> {
        match self {
            Seq::List(l) => l.get(i),
            Seq::Tuple(t) => t.get(i).copied(),
        }
    }

    #[inline]
    pub fn iter(self) -> Iter<'a> {
        match self {
            Seq::List(l) => l.iter(),
            Seq::Tuple(t) => Iter::Wide(t.iter()),
        }
    }

    pub fn to_vec(self) -> Vec<Value> {
        match self {
            Seq::List(l) => l.to_vec(),
            Seq::Tuple(t) => t.to_vec(),
        }
    }
}

impl std::fmt::Debug for List {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for List {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for List {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<List, D::Error> {
        Vec::<Value>::deserialize(d).map(List::from_vec)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(l: &List) -> Vec<i64> {
        l.iter()
            .map(|v| match v {
                Value::Int(i) => i,
                other => panic!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn packed_until_an_item_does_not_pack() {
        let mut l: List = (0..5).map(Value::Int).collect();
        assert!(matches!(l.repr, Repr::Packed(_)));
        l.push(Value::Int(i64::MAX));
        assert!(matches!(l.repr, Repr::Wide(_)));
        assert_eq!(ints(&l), [0, 1, 2, 3, 4, i64::MAX]);
        l.edit(|items| items.retain(|v| *v != Value::Int(i64::MAX)));
        assert!(matches!(l.repr, Repr::Packed(_)));
        assert_eq!(ints(&l), [0, 1, 2, 3, 4]);
    }

    #[test]
    fn every_operation_on_either_form() {
        for wide in [false, true] {
            let mut l = List::from_vec(vec![Value::Int(1), Value::Int(2)]);
            if wide {
                l.widen();
            }
            l.set(0, Value::Int(10));
            l.insert(1, Value::Int(5));
            l.push(Value::Int(7));
            assert_eq!(ints(&l), [10, 5, 2, 7]);
            assert_eq!(l.remove(1), Value::Int(5));
            assert_eq!(l.pop(), Some(Value::Int(7)));
            assert_eq!(l.get(1), Some(Value::Int(2)));
            assert_eq!(l.get(2), None);
            assert_eq!(l.last(), Some(Value::Int(2)));
            l.reverse();
            assert_eq!(
                l.iter().rev().collect::<Vec<_>>(),
                [Value::Int(10), Value::Int(2)]
            );
            assert_eq!(l.slice_to_vec(1..2), [Value::Int(10)]);
            let copy = l.clone();
            l.extend_from_list(&copy);
            assert_eq!(ints(&l), [2, 10, 2, 10]);
            l.truncate(1);
            assert_eq!(l.to_vec(), [Value::Int(2)]);
            assert_eq!(l.take(), [Value::Int(2)]);
            assert!(l.is_empty());
        }
    }

    #[test]
    fn packing_in_place_keeps_every_item_and_halves_the_buffer() {
        for n in [0usize, 1, 2, 3, 17, 1000] {
            let mut items: Vec<Value> = Vec::with_capacity(n + 3);
            items.extend((0..n as i64).map(|i| match i % 4 {
                0 => Value::Int(-i),
                1 => Value::Float(i as f64 / 3.0),
                2 => Value::None,
                _ => Value::Ref(super::super::value::ObjId(i as u32)),
            }));
            let want = items.clone();
            let l = List::from_vec(items);
            match &l.repr {
                Repr::Packed(p) => assert!(p.capacity() >= n && p.capacity() <= n + 3),
                Repr::Wide(_) => panic!("all of these pack"),
            }
            assert_eq!(l.to_vec(), want);
        }
    }

    #[test]
    fn serialized_as_its_values() {
        let l = List::from_vec(vec![Value::None, Value::Int(1 << 50)]);
        let text = serde_json::to_string(&l).unwrap();
        assert_eq!(text, serde_json::to_string(&l.to_vec()).unwrap());
        let back: List = serde_json::from_str(&text).unwrap();
        assert_eq!(back.to_vec(), l.to_vec());
    }
}
