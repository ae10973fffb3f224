//! Subscripts: `x[i]`, `x[a:b:c]`, item assignment and deletion for the
//! builtin containers, with Python's index wrapping and slice clamping.

use crate::object::{ExcType, Obj, ObjId, PyStr, Range, Seq, Value};

use super::{PyErr, PyResult, Vm};

/// Normalized slice bounds for a sequence of length `len`.
pub struct SliceIdx {
    pub start: i64,
    pub stop: i64,
    pub step: i64,
}

impl SliceIdx {
    /// The indices selected, in order.
    /// Sized, so that collecting them allocates once.
    pub fn indices(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        // every index lies in the sequence: no product overflows
        (0..self.count()).map(move |k| (self.start + k as i64 * self.step) as usize)
    }

    pub fn count(&self) -> usize {
        Range {
            start: self.start,
            stop: self.stop,
            step: self.step,
        }
        .len() as usize
    }
}

impl Vm {
    /// An integer index (ints and bools), or `None` for other types.
    pub fn as_index(&self, v: Value) -> PyResult<Option<i64>> {
        Ok(match v {
            Value::Int(i) => Some(i),
            Value::Bool(b) => Some(b as i64),
            Value::Ref(id) => match self.heap.get(id) {
                Obj::BigInt(_) => {
                    return Err(PyErr::new(
                        ExcType::IndexError,
                        "cannot fit 'int' into an index-sized integer",
                    ))
                }
                _ => None,
            },
            _ => None,
        })
    }

    /// Resolves a slice object against a length.
    pub fn slice_indices(&self, slice: Value, len: usize) -> PyResult<SliceIdx> {
        let Value::Ref(id) = slice else {
            unreachable!("slice")
        };
        let Obj::Slice(parts) = self.heap.get(id) else {
            unreachable!("slice")
        };
        let [a, b, c] = **parts;
        let bound = |v: Value| -> PyResult<Option<i64>> {
            if v.is_none() {
                return Ok(None);
            }
            match v {
                Value::Int(i) => Ok(Some(i)),
                Value::Bool(b) => Ok(Some(b as i64)),
                Value::Ref(id) if matches!(self.heap.get(id), Obj::BigInt(_)) => {
                    let Obj::BigInt(b) = self.heap.get(id) else {
                        unreachable!()
                    };
                    Ok(Some(if num_traits::Signed::is_negative(b) {
                        i64::MIN / 2
                    } else {
                        i64::MAX / 2
                    }))
                }
                _ => Err(PyErr::type_error(
                    "slice indices must be integers or None or have an __index__ method",
                )),
            }
        };
        let step = bound(c)?.unwrap_or(1);
        if step == 0 {
            return Err(PyErr::value_error("slice step cannot be zero"));
        }
        let len = len as i64;
        let adjust = |v: Option<i64>, default: i64, lo: i64, hi: i64| -> i64 {
            match v {
                None => default,
                Some(mut i) => {
                    if i < 0 {
                        i += len;
                        if i < lo {
                            i = lo;
                        }
                    } else if i > hi {
                        i = hi;
                    }
                    i
                }
            }
        };
        let (start, stop) = if step > 0 {
            (adjust(bound(a)?, 0, 0, len), adjust(bound(b)?, len, 0, len))
        } else {
            (
                adjust(bound(a)?, len - 1, -1, len - 1),
                adjust(bound(b)?, -1, -1, len - 1),
            )
        };
        Ok(SliceIdx { start, stop, step })
    }

    /// For indexing a builtin sequence: an index (or slice bounds) given as
    /// an object with `__index__`, converted to the int it stands for.
    fn seq_index(&mut self, obj: ObjId, idx: Value) -> PyResult<Value> {
        if !matches!(
            self.heap.get(obj),
            Obj::List(_)
                | Obj::Tuple(_)
                | Obj::Str(_)
                | Obj::Range(_)
                | Obj::Bytes(_)
                | Obj::ByteArray(_)
        ) {
            return Ok(idx);
        }
        if let Some(r) = self.user_index(idx)? {
            if let Value::Ref(b) = r {
                if matches!(self.heap.get(b), Obj::BigInt(_)) {
                    return Err(PyErr::new(
                        ExcType::IndexError,
                        format!(
                            "cannot fit '{}' into an index-sized integer",
                            self.class_name(idx)
                        ),
                    ));
                }
            }
            return Ok(r);
        }
        let Value::Ref(sid) = idx else {
            return Ok(idx);
        };
        let Obj::Slice(parts) = self.heap.get(sid) else {
            return Ok(idx);
        };
        let [a, b, c] = **parts;
        if [a, b, c].iter().all(|v| self.user_class_of(*v).is_none()) {
            return Ok(idx);
        }
        let mut parts = [a, b, c];
        for p in &mut parts {
            if let Some(r) = self.user_index(*p)? {
                *p = r;
            }
        }
        Ok(self
            .heap
            .new_value(Obj::Slice(Box::new([parts[0], parts[1], parts[2]]))))
    }

    fn is_slice(&self, v: Value) -> bool {
        matches!(v, Value::Ref(id) if matches!(self.heap.get(id), Obj::Slice(_)))
    }

    fn wrap_index(i: i64, len: usize) -> Option<usize> {
        let len = len as i64;
        let j = if i < 0 { i + len } else { i };
        if j < 0 || j >= len {
            None
        } else {
            Some(j as usize)
        }
    }

    pub fn get_item(&mut self, obj: Value, idx: Value) -> PyResult<Value> {
        if matches!(obj, Value::Type(_) | Value::Native(_)) {
            if let Some(r) = crate::lib().typing_class_getitem(self, obj, idx) {
                return r;
            }
            if let Some(alias) = crate::lib().generic_class_getitem(self, obj, idx) {
                return Ok(alias);
            }
        }
        let Value::Ref(id) = obj else {
            return Err(self.not_subscriptable(obj));
        };
        if self.user_class_of(obj).is_some() {
            return match self.call_dunder(obj, "__getitem__", vec![idx])? {
                Some(v) => Ok(v),
                None => Err(self.not_subscriptable(obj)),
            };
        }
        if let Obj::Native(_) = self.heap.get(id) {
            return match crate::lib().native_obj_getitem(self, id, idx)? {
                Some(v) => Ok(v),
                None => Err(self.not_subscriptable(obj)),
            };
        }
        if let Obj::Class(_) = self.heap.get(id) {
            if let Some(v) = self.call_meta(obj, "__getitem__", vec![idx])? {
                return Ok(v);
            }
            // `Cls[...]` (generic aliases in annotations): `__class_getitem__`
            if let Some(f) = self.class_lookup(id, "__class_getitem__") {
                return self.call_value(f, vec![obj, idx], Vec::new());
            }
            return Ok(obj);
        }
        let idx = self.seq_index(id, idx)?;
        match self.heap.get(id) {
            Obj::Bytes(_) | Obj::ByteArray(_) => self.bytes_getitem(id, idx),
            o @ (Obj::List(_) | Obj::Tuple(_)) => {
                let what = if matches!(o, Obj::List(_)) {
                    "list"
                } else {
                    "tuple"
                };
                let l = o.seq().expect("a list or tuple");
                if let Some(i) = self.as_index(idx)? {
                    return match Self::wrap_index(i, l.len()).and_then(|j| l.get(j)) {
                        Some(v) => Ok(v),
                        None => Err(PyErr::new(
                            ExcType::IndexError,
                            format!("{what} index out of range"),
                        )),
                    };
                }
                if self.is_slice(idx) {
                    let s = self.slice_indices(idx, l.len())?;
                    return Ok(match l {
                        Seq::List(l) => {
                            let items = l.select(s.indices());
                            self.heap.new_value(Obj::List(items))
                        }
                        Seq::Tuple(t) => {
                            let items: Vec<Value> = s.indices().map(|i| t[i]).collect();
                            self.new_tuple(items)
                        }
                    });
                }
                Err(PyErr::type_error(format!(
                    "{what} indices must be integers or slices, not {}",
                    self.class_name(idx)
                )))
            }
            Obj::Str(s) => {
                if let Some(i) = self.as_index(idx)? {
                    let n = s.char_len();
                    return match Self::wrap_index(i, n) {
                        Some(j) => {
                            let c = s.char_at(j);
                            Ok(self.new_str(c))
                        }
                        None => Err(PyErr::new(ExcType::IndexError, "string index out of range")),
                    };
                }
                if self.is_slice(idx) {
                    let n = s.char_len();
                    let sl = self.slice_indices(idx, n)?;
                    if sl.step == 1 && sl.start == 0 && sl.stop >= n as i64 {
                        // the whole str is the str itself, as in CPython
                        return Ok(obj);
                    }
                    let out = if s.ascii {
                        // bytes, not chars: no UTF-8 encoding per item, and
                        // the result is known to be ASCII
                        let b = s.s.as_bytes();
                        if sl.step == 1 {
                            let (a, z) = (
                                sl.start.max(0) as usize,
                                sl.stop.max(sl.start).max(0) as usize,
                            );
                            PyStr::piece(&s.s[a..z.min(b.len())], true)
                        } else {
                            let picked: Vec<u8> = sl.indices().map(|i| b[i]).collect();
                            let text = String::from_utf8(picked).expect("ASCII bytes");
                            PyStr {
                                s: text.into(),
                                ascii: true,
                            }
                        }
                    } else {
                        let chars: Vec<char> = s.s.chars().collect();
                        PyStr::new(sl.indices().map(|i| chars[i]).collect::<String>())
                    };
                    if out.s.is_empty() {
                        return Ok(self.heap.empty_str());
                    }
                    return Ok(self.heap.new_value(Obj::Str(out)));
                }
                Err(PyErr::type_error(format!(
                    "string indices must be integers, not '{}'",
                    self.class_name(idx)
                )))
            }
            Obj::Dict(_) => {
                let k = self.dict_key_in(id, idx)?;
                let found = match self.heap.get(id) {
                    Obj::Dict(d) => d.get(&k),
                    _ => None,
                };
                match found {
                    Some(v) => Ok(v),
                    None => self.kind_missing(Value::Ref(id), idx),
                }
            }
            Obj::Range(r) => {
                let r = *r;
                if let Some(i) = self.as_index(idx)? {
                    // in i128: a range of i64 bounds holds up to 2**64 items
                    // and its items need not fit in an i64 either
                    let len = r.len_i128();
                    let j = if i < 0 { i as i128 + len } else { i as i128 };
                    if j < 0 || j >= len {
                        return Err(PyErr::new(
                            ExcType::IndexError,
                            "range object index out of range",
                        ));
                    }
                    let item = r.start as i128 + j * r.step as i128;
                    return Ok(match i64::try_from(item) {
                        Ok(v) => Value::Int(v),
                        Err(_) => crate::object::int::from_bigint(
                            &mut self.heap,
                            num_bigint::BigInt::from(item),
                        ),
                    });
                }
                if self.is_slice(idx) {
                    let s = self.slice_indices(idx, r.len() as usize)?;
                    let nr = Range {
                        start: r.start + s.start * r.step,
                        stop: r.start + s.stop * r.step,
                        step: r.step * s.step,
                    };
                    return Ok(self.heap.new_value(Obj::Range(nr)));
                }
                Err(PyErr::type_error(format!(
                    "range indices must be integers or slices, not {}",
                    self.class_name(idx)
                )))
            }
            _ => Err(self.not_subscriptable(obj)),
        }
    }

    fn not_subscriptable(&self, obj: Value) -> PyErr {
        let class = match obj {
            Value::Type(t) => Some(t.name().to_string()),
            // a native constructor acting as a class (`itertools.count`)
            Value::Native(n) => crate::lib().class_repr(self, n).map(|r| {
                let name = r.trim_start_matches("<class '").trim_end_matches("'>");
                name.to_string()
            }),
            _ => None,
        };
        match class {
            Some(name) => PyErr::type_error(format!("type '{name}' is not subscriptable")),
            None => PyErr::type_error(format!(
                "'{}' object is not subscriptable",
                self.class_name(obj)
            )),
        }
    }

    pub fn set_item(&mut self, obj: Value, idx: Value, v: Value) -> PyResult<()> {
        if self.user_class_of(obj).is_some() {
            return match self.call_dunder(obj, "__setitem__", vec![idx, v])? {
                Some(_) => Ok(()),
                None => Err(PyErr::type_error(format!(
                    "'{}' object does not support item assignment",
                    self.class_name(obj)
                ))),
            };
        }
        let Value::Ref(id) = obj else {
            return Err(PyErr::type_error(format!(
                "'{}' object does not support item assignment",
                self.class_name(obj)
            )));
        };
        let idx = self.seq_index(id, idx)?;
        if let Obj::Native(_) = self.heap.get(id) {
            if let Some(r) = crate::lib().native_obj_setitem(self, id, idx, Some(v)) {
                return r;
            }
        }
        match self.heap.get(id) {
            Obj::List(l) => {
                let len = l.len();
                if let Some(i) = self.as_index(idx)? {
                    let Some(j) = Self::wrap_index(i, len) else {
                        return Err(PyErr::new(
                            ExcType::IndexError,
                            "list assignment index out of range",
                        ));
                    };
                    if let Obj::List(l) = self.heap.get_mut(id) {
                        l.set(j, v);
                    }
                    return Ok(());
                }
                if self.is_slice(idx) {
                    let mut s = self.slice_indices(idx, len)?;
                    // any TypeError from getting the iterator becomes 3.14's
                    // message (for any slice); errors while iterating stay
                    let it = match self.get_iter(v) {
                        Err(e) if self.is_exc_kind(&e, ExcType::TypeError) => {
                            Err(PyErr::type_error("must assign iterable to extended slice"))
                        }
                        r => r,
                    }?;
                    let items = self.collect_iterable(it)?;
                    // iterating may have resized the list: clamp to its size now
                    let now = match self.heap.get(id) {
                        Obj::List(l) => l.len(),
                        _ => len,
                    };
                    if now != len {
                        s = self.slice_indices(idx, now)?;
                    }
                    let Obj::List(l) = self.heap.get_mut(id) else {
                        unreachable!()
                    };
                    if s.step == 1 {
                        let start = s.start as usize;
                        let stop = (s.stop.max(s.start)) as usize;
                        l.edit(|l| {
                            l.splice(start..stop, items);
                        });
                    } else {
                        let idxs: Vec<usize> = s.indices().collect();
                        if idxs.len() != items.len() {
                            return Err(PyErr::value_error(format!(
                                "attempt to assign sequence of size {} to extended slice of size {}",
                                items.len(),
                                idxs.len()
                            )));
                        }
                        for (i, x) in idxs.into_iter().zip(items) {
                            l.set(i, x);
                        }
                    }
                    return Ok(());
                }
                Err(PyErr::type_error(format!(
                    "list indices must be integers or slices, not {}",
                    self.class_name(idx)
                )))
            }
            Obj::Dict(_) => {
                let k = self.dict_key_in(id, idx)?;
                if let Obj::Dict(d) = self.heap.get_mut(id) {
                    d.insert(k, idx, v);
                }
                Ok(())
            }
            Obj::ByteArray(_) => self.bytearray_setitem(id, idx, v),
            _ => Err(PyErr::type_error(format!(
                "'{}' object does not support item assignment",
                self.class_name(obj)
            ))),
        }
    }

    pub fn del_item(&mut self, obj: Value, idx: Value) -> PyResult<()> {
        if self.user_class_of(obj).is_some() {
            return match self.call_dunder(obj, "__delitem__", vec![idx])? {
                Some(_) => Ok(()),
                None => Err(PyErr::type_error(format!(
                    "'{}' object does not support item deletion",
                    self.class_name(obj)
                ))),
            };
        }
        let Value::Ref(id) = obj else {
            return Err(PyErr::type_error(format!(
                "'{}' object does not support item deletion",
                self.class_name(obj)
            )));
        };
        let idx = self.seq_index(id, idx)?;
        if let Obj::Native(_) = self.heap.get(id) {
            if let Some(r) = crate::lib().native_obj_setitem(self, id, idx, None) {
                return r;
            }
        }
        match self.heap.get(id) {
            Obj::List(l) => {
                let len = l.len();
                if let Some(i) = self.as_index(idx)? {
                    let Some(j) = Self::wrap_index(i, len) else {
                        return Err(PyErr::new(
                            ExcType::IndexError,
                            "list assignment index out of range",
                        ));
                    };
                    if let Obj::List(l) = self.heap.get_mut(id) {
                        l.remove(j);
                    }
                    return Ok(());
                }
                if self.is_slice(idx) {
                    let s = self.slice_indices(idx, len)?;
                    let mut kill: Vec<usize> = s.indices().collect();
                    kill.sort_unstable();
                    if let Obj::List(l) = self.heap.get_mut(id) {
                        let mut k = 0;
                        let mut i = 0;
                        l.edit(|l| {
                            l.retain(|_| {
                                let drop = k < kill.len() && kill[k] == i;
                                if drop {
                                    k += 1;
                                }
                                i += 1;
                                !drop
                            })
                        });
                    }
                    return Ok(());
                }
                Err(PyErr::type_error(format!(
                    "list indices must be integers or slices, not {}",
                    self.class_name(idx)
                )))
            }
            Obj::Dict(_) => {
                let k = self.dict_key_in(id, idx)?;
                let removed = match self.heap.get_mut(id) {
                    Obj::Dict(d) => d.remove(&k),
                    _ => None,
                };
                match removed {
                    Some(_) => Ok(()),
                    None => Err(PyErr::New(ExcType::KeyError, vec![idx])),
                }
            }
            Obj::ByteArray(_) => self.bytearray_delitem(id, idx),
            _ => Err(PyErr::type_error(format!(
                "'{}' object doesn't support item deletion",
                self.class_name(obj)
            ))),
        }
    }
}
