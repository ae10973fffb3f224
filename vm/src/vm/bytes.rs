//! `bytes` and `bytearray` in the VM: construction (`bytes(...)`,
//! `bytearray(...)`), operators (`+`, `*`, `%`, `in`), subscripts (index,
//! slice, and `bytearray` item/slice assignment and deletion) and the
//! argument helpers the methods and modules share. The hooks here are
//! called from small insertions in `ops`, `compare`, `subscr` and `iter`.

use crate::object::bytes::{self as pb, as_bytes};
use crate::object::{ExcType, Obj, ObjId, Type, Value};
use crate::vm::Kwargs;
use monty_compile::bytecode::BinOp;

use super::{PyErr, PyResult, Vm};

/// Binds arguments the way CPython's argument clinic does for a function
/// with positional-or-keyword parameters `names`: `None` for each one not
/// given. Error messages name the function as `fname()`.
pub fn bind_clinic(
    fname: &str,
    pos: &[Value],
    kw: &Kwargs,
    names: &[&str],
) -> PyResult<Vec<Option<Value>>> {
    let total = pos.len() + kw.len();
    if total > names.len() {
        let s = if names.len() == 1 { "" } else { "s" };
        return Err(PyErr::type_error(format!(
            "{fname}() takes at most {} argument{s} ({total} given)",
            names.len()
        )));
    }
    let mut out: Vec<Option<Value>> = vec![None; names.len()];
    for (i, v) in pos.iter().enumerate() {
        out[i] = Some(*v);
    }
    for (k, v) in kw {
        match names.iter().position(|n| n == k) {
            Some(i) if i < pos.len() => {
                return Err(PyErr::type_error(format!(
                    "argument for {fname}() given by name ('{k}') and position ({})",
                    i + 1
                )))
            }
            Some(i) => out[i] = Some(*v),
            None => {
                return Err(PyErr::type_error(format!(
                    "{fname}() got an unexpected keyword argument '{k}'"
                )))
            }
        }
    }
    Ok(out)
}

impl Vm {
    pub fn new_bytes(&mut self, b: Vec<u8>) -> Value {
        self.heap.new_value(Obj::Bytes(b))
    }

    pub fn new_bytearray(&mut self, b: Vec<u8>) -> Value {
        self.heap.new_value(Obj::ByteArray(b))
    }

    /// A new `bytearray` if `array`, else `bytes`.
    pub fn new_bytes_kind(&mut self, array: bool, b: Vec<u8>) -> Value {
        if array {
            self.new_bytearray(b)
        } else {
            self.new_bytes(b)
        }
    }

    /// The contents of a bytes-like argument, or CPython's
    /// `TypeError: a bytes-like object is required, not 'str'`.
    pub fn bytes_arg(&self, v: Value) -> PyResult<Vec<u8>> {
        match as_bytes(&self.heap, v) {
            Some(b) => Ok(b.to_vec()),
            None => Err(PyErr::type_error(format!(
                "a bytes-like object is required, not '{}'",
                self.class_name(v)
            ))),
        }
    }

    /// An int argument that must be a byte value.
    pub fn byte_arg(&self, v: Value) -> PyResult<u8> {
        let i = match v {
            Value::Ref(id) if matches!(self.heap.get(id), Obj::BigInt(_)) => -1,
            _ => self.index_arg(v)?,
        };
        u8::try_from(i).map_err(|_| PyErr::value_error("byte must be in range(0, 256)"))
    }

    /// `bytes(...)` and `bytearray(...)`.
    #[inline(never)]
    pub fn construct_bytes(&mut self, t: Type, pos: Vec<Value>, kw: Kwargs) -> PyResult<Value> {
        let fname = t.name();
        let a = bind_clinic(fname, &pos, &kw, &["source", "encoding", "errors"])?;
        let str_arg = |vm: &Vm, v: Option<Value>, what: &str| -> PyResult<Option<String>> {
            match v {
                None => Ok(None),
                Some(v) => match super::as_str(&vm.heap, v) {
                    Some(s) => Ok(Some(s.to_string())),
                    None => Err(PyErr::type_error(format!(
                        "{fname}() argument '{what}' must be str, not {}",
                        if v.is_none() {
                            "None".to_string()
                        } else {
                            vm.class_name(v)
                        }
                    ))),
                },
            }
        };
        let encoding = str_arg(self, a[1], "encoding")?;
        let errors = str_arg(self, a[2], "errors")?;
        let array = t == Type::ByteArray;
        let data = match a[0] {
            Some(src) if super::as_str(&self.heap, src).is_some() => {
                let Some(enc) = encoding else {
                    return Err(PyErr::type_error("string argument without an encoding"));
                };
                let s = super::as_str(&self.heap, src).expect("str").to_string();
                let errors = errors.unwrap_or_else(|| "strict".into());
                crate::builtins::codecs::encode(&s, &enc, &errors)?
            }
            _ if encoding.is_some() => {
                return Err(PyErr::type_error("encoding without a string argument"))
            }
            _ if errors.is_some() => {
                return Err(PyErr::type_error("errors without a string argument"))
            }
            None => Vec::new(),
            Some(src) => {
                if !array {
                    if let Some(Obj::Bytes(_)) = src.as_ref().map(|id| self.heap.get(id)) {
                        return Ok(src);
                    }
                }
                self.bytes_from_source(src, fname)?
            }
        };
        Ok(self.new_bytes_kind(array, data))
    }

    /// The bytes of a non-str constructor source: a count, a bytes-like
    /// object, an object with `__bytes__`, or an iterable of ints.
    fn bytes_from_source(&mut self, src: Value, fname: &str) -> PyResult<Vec<u8>> {
        if let Some(b) = as_bytes(&self.heap, src) {
            return Ok(b.to_vec());
        }
        match src {
            Value::Int(n) => {
                if n < 0 {
                    return Err(PyErr::value_error("negative count"));
                }
                self.check_alloc(n as u128)?;
                return Ok(vec![0; n as usize]);
            }
            Value::Bool(b) => return Ok(vec![0; b as usize]),
            Value::Ref(id) if matches!(self.heap.get(id), Obj::BigInt(_)) => {
                return Err(PyErr::new(
                    ExcType::OverflowError,
                    "cannot fit 'int' into an index-sized integer",
                ));
            }
            Value::Ref(id) if matches!(self.heap.get(id), Obj::Str(_)) => {
                return Err(PyErr::type_error("string argument without an encoding"));
            }
            _ => {}
        }
        if self.user_class_of(src).is_some() {
            if let Some(n) = self.user_index(src)? {
                return self.bytes_from_source(n, fname);
            }
            if let Some(r) = self.call_dunder(src, "__bytes__", vec![])? {
                return match as_bytes(&self.heap, r) {
                    Some(b) if !pb::is_bytearray(&self.heap, r) => Ok(b.to_vec()),
                    _ => Err(PyErr::type_error(format!(
                        "__bytes__ returned non-bytes (type {})",
                        self.class_name(r)
                    ))),
                };
            }
        }
        let iterable = matches!(src, Value::Ref(_)) && self.get_iter(src).is_ok();
        if !iterable {
            return Err(PyErr::type_error(format!(
                "cannot convert '{}' object to {fname}",
                self.class_name(src)
            )));
        }
        let items = self.collect_iterable(src)?;
        self.ints_to_bytes(&items, "bytes must be in range(0, 256)")
    }

    /// Converts int values to bytes (`bytes([1, 2])`, slice assignment).
    fn ints_to_bytes(&self, items: &[Value], range_msg: &str) -> PyResult<Vec<u8>> {
        let mut out = Vec::with_capacity(items.len());
        for &v in items {
            let i = match v {
                Value::Ref(id) if matches!(self.heap.get(id), Obj::BigInt(_)) => -1,
                _ => self.index_arg(v)?,
            };
            out.push(u8::try_from(i).map_err(|_| PyErr::value_error(range_msg))?);
        }
        Ok(out)
    }

    /// `+`, `*` and `%` with a bytes operand; `None` when not ours.
    #[inline(never)]
    pub fn bytes_binary(
        &mut self,
        op: BinOp,
        a: Value,
        b: Value,
        inplace: bool,
    ) -> PyResult<Option<Value>> {
        let a_bytes = as_bytes(&self.heap, a).is_some();
        let b_bytes = as_bytes(&self.heap, b).is_some();
        if !a_bytes && !b_bytes {
            return Ok(None);
        }
        let user = self.user_class_of(a).is_some() || self.user_class_of(b).is_some();
        match op {
            BinOp::Mod if a_bytes => {
                let t = as_bytes(&self.heap, a).expect("bytes").to_vec();
                let r = crate::builtins::bytes_percent::format(self, &t, b)?;
                let array = pb::is_bytearray(&self.heap, a);
                Ok(Some(self.new_bytes_kind(array, r)))
            }
            _ if user => Ok(None),
            BinOp::Add if a_bytes => {
                let Some(y) = as_bytes(&self.heap, b).map(<[u8]>::to_vec) else {
                    return Err(PyErr::type_error(format!(
                        "can't concat {} to {}",
                        self.class_name(b),
                        self.class_name(a)
                    )));
                };
                let xl = as_bytes(&self.heap, a).expect("bytes").len();
                self.check_alloc(xl as u128 + y.len() as u128)?;
                let Value::Ref(ia) = a else { unreachable!() };
                if inplace {
                    if let Obj::ByteArray(x) = self.heap.get_mut(ia) {
                        x.extend_from_slice(&y);
                        return Ok(Some(a));
                    }
                }
                let mut r = as_bytes(&self.heap, a).expect("bytes").to_vec();
                r.extend_from_slice(&y);
                let array = pb::is_bytearray(&self.heap, a);
                Ok(Some(self.new_bytes_kind(array, r)))
            }
            BinOp::Mul => {
                let (seq, n) = if a_bytes { (a, b) } else { (b, a) };
                let count = match n {
                    Value::Int(i) => i,
                    Value::Bool(x) => x as i64,
                    Value::Ref(id) if matches!(self.heap.get(id), Obj::BigInt(_)) => {
                        return Err(PyErr::new(
                            ExcType::OverflowError,
                            "cannot fit 'int' into an index-sized integer",
                        ))
                    }
                    _ => return Err(self.repeat_count_error(a, b)),
                };
                let x = as_bytes(&self.heap, seq).expect("bytes");
                let count = self.repeat_times(count, x.len())?;
                self.check_alloc(x.len() as u128 * count as u128)?;
                let r = x.repeat(count);
                let Value::Ref(id) = seq else { unreachable!() };
                if inplace && a_bytes {
                    if let Obj::ByteArray(x) = self.heap.get_mut(id) {
                        *x = r;
                        return Ok(Some(seq));
                    }
                }
                let array = pb::is_bytearray(&self.heap, seq);
                Ok(Some(self.new_bytes_kind(array, r)))
            }
            _ => Ok(None),
        }
    }

    /// `item in bytes_obj`.
    #[inline(never)]
    pub fn bytes_contains(&mut self, id: ObjId, item: Value) -> PyResult<bool> {
        let is_int = match item {
            Value::Int(_) | Value::Bool(_) => true,
            Value::Ref(i) => matches!(self.heap.get(i), Obj::BigInt(_)),
            _ => false,
        };
        if is_int {
            let c = self.byte_arg(item)?;
            let (Obj::Bytes(b) | Obj::ByteArray(b)) = self.heap.get(id) else {
                unreachable!("bytes")
            };
            return Ok(b.contains(&c));
        }
        let Some(needle) = as_bytes(&self.heap, item) else {
            return Err(PyErr::type_error(format!(
                "a bytes-like object is required, not '{}'",
                self.class_name(item)
            )));
        };
        let (Obj::Bytes(b) | Obj::ByteArray(b)) = self.heap.get(id) else {
            unreachable!("bytes")
        };
        Ok(pb::find(b, needle).is_some())
    }

    /// `b[i]` and `b[a:b:c]`.
    pub fn bytes_getitem(&mut self, id: ObjId, idx: Value) -> PyResult<Value> {
        let (Obj::Bytes(b) | Obj::ByteArray(b)) = self.heap.get(id) else {
            unreachable!("bytes")
        };
        let array = matches!(self.heap.get(id), Obj::ByteArray(_));
        if let Some(i) = self.as_index(idx)? {
            let n = b.len() as i64;
            let j = if i < 0 { i + n } else { i };
            if j < 0 || j >= n {
                return Err(PyErr::new(
                    ExcType::IndexError,
                    if array {
                        "bytearray index out of range"
                    } else {
                        "index out of range"
                    },
                ));
            }
            return Ok(Value::Int(b[j as usize] as i64));
        }
        if let Value::Ref(s) = idx {
            if let Obj::Slice(_) = self.heap.get(s) {
                let sl = self.slice_indices(idx, b.len())?;
                let out: Vec<u8> = if sl.step == 1 {
                    let (x, y) = (sl.start as usize, sl.stop.max(sl.start) as usize);
                    b[x..y].to_vec()
                } else {
                    sl.indices().map(|i| b[i]).collect()
                };
                return Ok(self.new_bytes_kind(array, out));
            }
        }
        Err(PyErr::type_error(format!(
            "{} indices must be integers or slices, not {}",
            if array { "bytearray" } else { "byte" },
            self.class_name(idx)
        )))
    }

    /// `ba[i] = v` and `ba[a:b:c] = v` on a bytearray.
    #[inline(never)]
    pub fn bytearray_setitem(&mut self, id: ObjId, idx: Value, v: Value) -> PyResult<()> {
        let len = match self.heap.get(id) {
            Obj::ByteArray(b) => b.len(),
            _ => unreachable!("bytearray"),
        };
        if let Some(i) = self.as_index(idx)? {
            let n = len as i64;
            let j = if i < 0 { i + n } else { i };
            let c = self.byte_arg(v)?;
            if j < 0 || j >= n {
                return Err(PyErr::new(
                    ExcType::IndexError,
                    "bytearray index out of range",
                ));
            }
            if let Obj::ByteArray(b) = self.heap.get_mut(id) {
                b[j as usize] = c;
            }
            return Ok(());
        }
        let is_slice = matches!(idx, Value::Ref(s) if matches!(self.heap.get(s), Obj::Slice(_)));
        if !is_slice {
            return Err(PyErr::type_error(format!(
                "bytearray indices must be integers or slices, not {}",
                self.class_name(idx)
            )));
        }
        let sl = self.slice_indices(idx, len)?;
        let data = match as_bytes(&self.heap, v) {
            Some(b) => b.to_vec(),
            None => {
                let ok = matches!(v, Value::Ref(r) if !matches!(self.heap.get(r), Obj::Str(_)))
                    && self.get_iter(v).is_ok();
                if !ok {
                    return Err(PyErr::type_error(
                        "can assign only bytes, buffers, or iterables of ints in range(0, 256)",
                    ));
                }
                let items = self.collect_iterable(v)?;
                self.ints_to_bytes(&items, "byte must be in range(0, 256)")?
            }
        };
        let Obj::ByteArray(b) = self.heap.get_mut(id) else {
            unreachable!()
        };
        if sl.step == 1 {
            let start = sl.start as usize;
            let stop = sl.stop.max(sl.start) as usize;
            b.splice(start..stop, data);
            return Ok(());
        }
        let idxs: Vec<usize> = sl.indices().collect();
        if idxs.len() != data.len() {
            return Err(PyErr::value_error(format!(
                "attempt to assign bytes of size {} to extended slice of size {}",
                data.len(),
                idxs.len()
            )));
        }
        for (i, c) in idxs.into_iter().zip(data) {
            b[i] = c;
        }
        Ok(())
    }

    /// `del ba[i]` and `del ba[a:b:c]` on a bytearray.
    #[inline(never)]
    pub fn bytearray_delitem(&mut self, id: ObjId, idx: Value) -> PyResult<()> {
        let len = match self.heap.get(id) {
            Obj::ByteArray(b) => b.len(),
            _ => unreachable!("bytearray"),
        };
        if let Some(i) = self.as_index(idx)? {
            let n = len as i64;
            let j = if i < 0 { i + n } else { i };
            if j < 0 || j >= n {
                return Err(PyErr::new(
                    ExcType::IndexError,
                    "bytearray index out of range",
                ));
            }
            if let Obj::ByteArray(b) = self.heap.get_mut(id) {
                b.remove(j as usize);
            }
            return Ok(());
        }
        let is_slice = matches!(idx, Value::Ref(s) if matches!(self.heap.get(s), Obj::Slice(_)));
        if !is_slice {
            return Err(PyErr::type_error(format!(
                "bytearray indices must be integers or slices, not {}",
                self.class_name(idx)
            )));
        }
        let sl = self.slice_indices(idx, len)?;
        let mut kill = vec![false; len];
        for i in sl.indices() {
            kill[i] = true;
        }
        if let Obj::ByteArray(b) = self.heap.get_mut(id) {
            let mut k = kill.into_iter();
            b.retain(|_| !k.next().unwrap_or(false));
        }
        Ok(())
    }
}
