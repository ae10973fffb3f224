//! Operators: arithmetic on the numeric tower (unboxed int → big int →
//! float), sequence concatenation and repetition, set algebra, comparisons,
//! equality, truthiness and hashing — with CPython's error messages.

use std::cmp::Ordering;

use num_bigint::BigInt;
use num_traits::Signed;

use crate::object::{int, DictKind, ExcType, List, Obj, Value};
use monty_compile::bytecode::{BinOp, CmpOp, UnaryOp};

use super::{PyErr, PyResult, Vm};

/// A number, widened for mixed arithmetic.
pub enum Num {
    Int(i64),
    Big(BigInt),
    Float(f64),
}

/// `x op y` for two ints. Inlined into the dispatch loop, which
/// otherwise called it out of line for every fused compare.
#[inline(always)]
pub fn cmp_ints(op: CmpOp, x: i64, y: i64) -> bool {
    match op {
        CmpOp::Eq | CmpOp::Is => x == y,
        CmpOp::Ne | CmpOp::IsNot => x != y,
        CmpOp::Lt => x < y,
        CmpOp::Le => x <= y,
        CmpOp::Gt => x > y,
        CmpOp::Ge => x >= y,
        CmpOp::In | CmpOp::NotIn => false,
    }
}

pub(super) fn zero_div(msg: &str) -> PyErr {
    PyErr::new(ExcType::ZeroDivisionError, msg)
}

/// Python's float modulo (sign of the divisor) and floor division.
pub fn float_divmod(vx: f64, wx: f64) -> (f64, f64) {
    let mut m = vx % wx;
    let mut div = (vx - m) / wx;
    if m != 0.0 {
        if (wx < 0.0) != (m < 0.0) {
            m += wx;
            div -= 1.0;
        }
    } else {
        m = 0.0_f64.copysign(wx);
    }
    let floordiv = if div != 0.0 {
        let mut f = div.floor();
        if div - f > 0.5 {
            f += 1.0;
        }
        f
    } else {
        0.0_f64.copysign(vx / wx)
    };
    (floordiv, m)
}

pub use crate::object::int::bigint_to_f64;

impl Vm {
    /// Int op Int without overflow or errors, or `None` for the slow path.
    #[inline]
    pub fn int_fast(&mut self, op: BinOp, x: i64, y: i64) -> Option<Value> {
        Some(Value::Int(match op {
            BinOp::Add => x.checked_add(y)?,
            BinOp::Sub => x.checked_sub(y)?,
            BinOp::Mul => x.checked_mul(y)?,
            BinOp::FloorDiv if y != 0 => int::floor_div(x, y)?,
            BinOp::Mod if y != 0 => int::floor_mod(x, y),
            BinOp::BitAnd => x & y,
            BinOp::BitOr => x | y,
            BinOp::BitXor => x ^ y,
            BinOp::RShift if y >= 0 => x >> y.min(63),
            BinOp::LShift if (0..63).contains(&y) => {
                let r = x.checked_shl(y as u32)?;
                if (r >> y) != x {
                    return None;
                }
                r
            }
            _ => return None,
        }))
    }

    pub fn as_num(&self, v: Value) -> Option<Num> {
        match v {
            Value::Int(i) => Some(Num::Int(i)),
            Value::Bool(b) => Some(Num::Int(b as i64)),
            Value::Float(f) => Some(Num::Float(f)),
            Value::Ref(id) => match self.heap.get(id) {
                Obj::BigInt(b) => Some(Num::Big(b.clone())),
                _ => None,
            },
            _ => None,
        }
    }

    fn unsupported(&self, op: BinOp, a: Value, b: Value) -> PyErr {
        PyErr::type_error(format!(
            "unsupported operand type(s) for {}: '{}' and '{}'",
            op.symbol(),
            self.class_name(a),
            self.class_name(b)
        ))
    }

    /// `a op b`, or `a op= b` with `inplace` (which tries `__iop__` first
    /// and names the operator `op=` in errors).
    pub fn binary_op(&mut self, op: BinOp, a: Value, b: Value, inplace: bool) -> PyResult<Value> {
        let result = self.binary_op_inner(op, a, b, inplace);
        match result {
            Err(PyErr::Msg(ExcType::TypeError, msg)) if inplace => {
                let plain = format!("unsupported operand type(s) for {}:", op.symbol());
                Err(PyErr::type_error(match msg.strip_prefix(&plain) {
                    Some(rest) => {
                        format!("unsupported operand type(s) for {}=:{rest}", op.symbol())
                    }
                    None => msg,
                }))
            }
            other => other,
        }
    }

    /// `a op b` for the operands whose operation runs no Python code and
    /// is common in loops: str + str, list + list (not `+=`), and ints with
    /// a big one among them (or two machine ints whose result overflowed). The first object's
    /// kind picks the path, looked at once. `None`, nothing done, for any
    /// other operation or operands.
    #[inline]
    pub(super) fn quick_binary(
        &mut self,
        op: BinOp,
        a: Value,
        b: Value,
        inplace: bool,
    ) -> Option<PyResult<Value>> {
        match (a, b) {
            (Value::Ref(ia), _) => match self.heap.get(ia) {
                Obj::Str(_) => self.str_concat(op, a, b),
                Obj::BigInt(_) => self.big_binary(op, a, b),
                // (`xs += ys` extends `xs` itself: the general path)
                Obj::List(_) if !inplace => self.list_concat(op, a, b),
                _ => None,
            },
            (Value::Int(_), Value::Ref(_) | Value::Int(_)) => self.big_binary(op, a, b),
            _ => None,
        }
    }

    /// `a + b` of two lists (no Python code runs), else `None`: before the
    /// operand checks for user classes, native objects, bytes and numbers
    /// that a concatenation otherwise went through.
    fn list_concat(&mut self, op: BinOp, a: Value, b: Value) -> Option<PyResult<Value>> {
        let (BinOp::Add, Value::Ref(ia), Value::Ref(ib)) = (op, a, b) else {
            return None;
        };
        let (Obj::List(x), Obj::List(y)) = (self.heap.get(ia), self.heap.get(ib)) else {
            return None;
        };
        let n = x.len() + y.len();
        let item_bytes = x.item_bytes().max(y.item_bytes());
        if let Err(e) = self.check_alloc(n as u128 * item_bytes as u128) {
            return Some(Err(e));
        }
        let mut items = List::with_capacity(n);
        items.extend_from_list(x);
        items.extend_from_list(y);
        Some(Ok(self.heap.new_value(Obj::List(items))))
    }

    /// `a + b` of two str objects (no Python code runs), else `None`:
    /// before the operand checks for user classes, native objects and
    /// numbers that a concatenation otherwise went through.
    #[inline]
    pub(super) fn str_concat(&mut self, op: BinOp, a: Value, b: Value) -> Option<PyResult<Value>> {
        let (BinOp::Add, Value::Ref(ia), Value::Ref(ib)) = (op, a, b) else {
            return None;
        };
        let (Obj::Str(x), Obj::Str(y)) = (self.heap.get(ia), self.heap.get(ib)) else {
            return None;
        };
        if let Err(e) = self.check_alloc(x.s.len() as u128 + y.s.len() as u128) {
            return Some(Err(e));
        }
        // built once at its size (inline when short), ASCII if both are
        let mut s = crate::object::str::TextBuilder::with_capacity(x.s.len() + y.s.len());
        s.push(&x.s);
        s.push(&y.s);
        let joined = crate::object::PyStr {
            s: s.finish(),
            ascii: x.ascii && y.ascii,
        };
        if joined.s.is_empty() {
            return Some(Ok(self.heap.empty_str()));
        }
        Some(Ok(self.heap.new_value(Obj::Str(joined))))
    }

    fn binary_op_inner(&mut self, op: BinOp, a: Value, b: Value, inplace: bool) -> PyResult<Value> {
        if let Some(r) = self.quick_binary(op, a, b, inplace) {
            return r;
        }
        // `str % args`: printf-style formatting (builtins/percent.rs)
        if let (BinOp::Mod, Some(_)) = (op, super::as_str(&self.heap, a)) {
            return crate::builtins::percent::percent_format(self, a, b);
        }
        if let Some(r) = self.bytes_binary(op, a, b, inplace)? {
            return Ok(r);
        }
        if op == BinOp::BitOr {
            if let Some(r) = crate::lib().union_binary(self, op, a, b)? {
                return Ok(r);
            }
        }
        if inplace && self.is_native_obj(a) && self.user_class_of(b).is_some() {
            // `a.__iadd__(b)` comes first (`deque += iterator`)
            if let Some(r) = crate::lib().native_obj_binary(self, op, a, b, inplace)? {
                return Ok(r);
            }
        }
        if self.user_class_of(a).is_some() || self.user_class_of(b).is_some() {
            return self.binary_op_user(op, a, b, inplace);
        }
        if self.is_native_obj(a) || self.is_native_obj(b) {
            if let Some(r) = crate::lib().native_obj_binary(self, op, a, b, inplace)? {
                return Ok(r);
            }
            return Err(self.unsupported(op, a, b));
        }
        if let (Value::Bool(x), Value::Bool(y)) = (a, b) {
            match op {
                BinOp::BitAnd => return Ok(Value::Bool(x & y)),
                BinOp::BitOr => return Ok(Value::Bool(x | y)),
                BinOp::BitXor => return Ok(Value::Bool(x ^ y)),
                _ => {}
            }
        }
        if let Some(r) = self.complex_binary(op, a, b)? {
            return Ok(r);
        }
        if let (Some(x), Some(y)) = (self.as_num(a), self.as_num(b)) {
            return self.num_op(op, x, y);
        }
        if let Some(r) = self.kind_binary(op, a, b, inplace)? {
            return Ok(r);
        }
        if inplace && op == BinOp::BitOr && self.dict_ior_any(a, b) {
            // `d |= iterable`: what `d.update(iterable)` accepts
            self.dict_update_any(a, b)?;
            return Ok(a);
        }
        if matches!(
            op,
            BinOp::BitOr | BinOp::BitAnd | BinOp::Sub | BinOp::BitXor
        ) {
            if let Some(r) = self.view_binary(op, a, b)? {
                return Ok(r);
            }
        }
        if let (Value::Ref(ia), Value::Ref(ib)) = (a, b) {
            match (self.heap.get(ia), self.heap.get(ib), op) {
                (Obj::List(_), Obj::List(y), BinOp::Add) if inplace => {
                    let y = y.clone();
                    if let Obj::List(x) = self.heap.get_mut(ia) {
                        x.extend_from_list(&y);
                    }
                    return Ok(a);
                }
                (Obj::List(x), Obj::List(y), BinOp::Add) => {
                    let mut v = x.clone();
                    v.extend_from_list(y);
                    return Ok(self.heap.new_value(Obj::List(v)));
                }
                (Obj::Tuple(x), Obj::Tuple(y), BinOp::Add) => {
                    let mut v = x.clone();
                    v.extend_from_slice(y);
                    return Ok(self.new_tuple(v));
                }
                (Obj::Dict(x), Obj::Dict(y), BinOp::BitOr) => {
                    let target = if inplace {
                        ia
                    } else {
                        // the class of the result: a defaultdict on either
                        // side (the left one first) keeps its factory, an
                        // OrderedDict its class; a Counter merged with a
                        // dict is a plain dict (dict.__or__)
                        let kind = match (x.kind, y.kind) {
                            (k @ DictKind::DefaultDict(_), _)
                            | (_, k @ DictKind::DefaultDict(_)) => k,
                            (DictKind::OrderedDict, _) | (_, DictKind::OrderedDict) => {
                                DictKind::OrderedDict
                            }
                            _ => DictKind::Plain,
                        };
                        let mut c = x.clone();
                        c.kind = kind;
                        self.heap.alloc(Obj::Dict(c))
                    };
                    // user-hashed keys may equal (by `__eq__`) ones already there
                    self.dict_update_from(Value::Ref(target), b, false)?;
                    return Ok(Value::Ref(target));
                }
                (
                    Obj::Set(_) | Obj::FrozenSet(_),
                    Obj::Set(_) | Obj::FrozenSet(_),
                    BinOp::BitOr | BinOp::BitAnd | BinOp::Sub | BinOp::BitXor,
                ) => {
                    return self.set_op(op, a, b, inplace);
                }
                (Obj::List(_), _, BinOp::Add) if inplace => {
                    let items = self.collect_iterable(b)?;
                    if let Obj::List(x) = self.heap.get_mut(ia) {
                        x.extend(items);
                    }
                    return Ok(a);
                }
                _ => {}
            }
        }
        if let (true, BinOp::Add, Value::Ref(ia)) = (inplace, op, a) {
            if matches!(self.heap.get(ia), Obj::List(_)) {
                // `list += x` is `list.extend(x)`: a non-iterable `x` says
                // so ("'int' object is not iterable")
                let items = self.collect_iterable(b)?;
                if let Obj::List(x) = self.heap.get_mut(ia) {
                    x.extend(items);
                }
                return Ok(a);
            }
        }
        if op == BinOp::Mul {
            if let Some(n) = self.repeat_count(b) {
                if let Some(r) = self.repeat(a, n, inplace)? {
                    return Ok(r);
                }
            }
            if let Some(n) = self.repeat_count(a) {
                if let Some(r) = self.repeat(b, n, false)? {
                    return Ok(r);
                }
            }
        }
        Err(self.operand_error(op, a, b))
    }

    /// The TypeError for operands `op` cannot combine, with CPython's
    /// special wording for sequence repetition and concatenation.
    pub(super) fn operand_error(&self, op: BinOp, a: Value, b: Value) -> PyErr {
        if op == BinOp::Mul && (self.repeats(a) || self.repeats(b)) {
            return self.repeat_count_error(a, b);
        }
        if op == BinOp::Add {
            if let Value::Ref(ia) = a {
                let kind = match self.heap.get(ia) {
                    Obj::Str(_) => Some("str"),
                    Obj::List(_) => Some("list"),
                    Obj::Tuple(_) => Some("tuple"),
                    Obj::Bytes(_) | Obj::ByteArray(_) => {
                        return PyErr::type_error(format!(
                            "can't concat {} to {}",
                            self.class_name(b),
                            self.class_name(a)
                        ))
                    }
                    _ => None,
                };
                if let Some(k) = kind {
                    return PyErr::type_error(format!(
                        "can only concatenate {k} (not \"{}\") to {k}",
                        self.class_name(b)
                    ));
                }
            }
        }
        self.unsupported(op, a, b)
    }

    /// Whether `v` is a sequence that repeats with `*` (CPython's
    /// `sq_repeat`): str, list, tuple, bytes, bytearray, a namedtuple, a deque.
    pub fn repeats(&self, v: Value) -> bool {
        let Value::Ref(id) = v else { return false };
        match self.heap.get(id) {
            Obj::Str(_) | Obj::List(_) | Obj::Tuple(_) | Obj::Bytes(_) | Obj::ByteArray(_) => true,
            Obj::Instance(i) => {
                let class = i.class;
                self.class(class)
                    .mro
                    .iter()
                    .any(|c| self.class(*c).namedtuple.is_some())
            }
            Obj::Native(_) => crate::lib().native_obj_is_sequence(self, id),
            _ => false,
        }
    }

    /// The TypeError of `a * b` where a sequence met a count that is not an
    /// int: the left operand repeats when it can, so the right one is named.
    #[cold]
    pub fn repeat_count_error(&self, a: Value, b: Value) -> PyErr {
        let other = if self.repeats(a) { b } else { a };
        PyErr::type_error(format!(
            "can't multiply sequence by non-int of type '{}'",
            self.class_name(other)
        ))
    }

    pub(super) fn is_sequence(&self, v: Value) -> bool {
        matches!(v, Value::Ref(id) if matches!(self.heap.get(id), Obj::Str(_) | Obj::List(_) | Obj::Tuple(_)))
    }

    pub(super) fn repeat_count(&self, v: Value) -> Option<i64> {
        match v {
            Value::Int(i) => Some(i),
            Value::Bool(b) => Some(b as i64),
            Value::Ref(id) => match self.heap.get(id) {
                Obj::BigInt(b) => Some(if b.is_negative() { 0 } else { i64::MAX }),
                _ => None,
            },
            _ => None,
        }
    }

    /// The repeat count `n` of a sequence of `len` items as a native size:
    /// 0 for a negative count or an empty sequence (`'' * 2**40` is `''`),
    /// else `MemoryError` for a count past the address space (on wasm32,
    /// anything from 2³²: an `as usize` there would wrap, making
    /// `'a' * 2**33` empty).
    ///
    /// # Errors
    /// `MemoryError` as above.
    pub fn repeat_times(&self, n: i64, len: usize) -> PyResult<usize> {
        if n <= 0 || len == 0 {
            return Ok(0);
        }
        usize::try_from(n).map_err(|_| PyErr::new(ExcType::MemoryError, ""))
    }

    /// `seq * n`, or `None` if `seq` is not a sequence.
    pub(super) fn repeat(&mut self, seq: Value, n: i64, inplace: bool) -> PyResult<Option<Value>> {
        let Value::Ref(id) = seq else { return Ok(None) };
        if n == i64::MAX && self.is_sequence(seq) {
            // a count past sys.maxsize (`repeat_count` saturates big ints)
            return Err(PyErr::new(
                ExcType::OverflowError,
                "cannot fit 'int' into an index-sized integer",
            ));
        }
        let len = match self.heap.get(id) {
            Obj::Str(s) => s.s.len(),
            Obj::List(l) => l.len(),
            Obj::Tuple(l) => l.len(),
            _ => return Ok(None),
        };
        let n = self.repeat_times(n, len)?;
        match self.heap.get(id) {
            Obj::Str(s) => {
                self.check_alloc(s.s.len() as u128 * n as u128)?;
                let r = s.s.repeat(n);
                Ok(Some(self.new_str(r)))
            }
            Obj::List(l) => {
                self.check_alloc(l.len() as u128 * n as u128 * l.item_bytes() as u128)?;
                let r = l.repeated(n);
                if inplace {
                    if let Obj::List(l) = self.heap.get_mut(id) {
                        *l = r;
                    }
                    return Ok(Some(seq));
                }
                Ok(Some(self.heap.new_value(Obj::List(r))))
            }
            Obj::Tuple(l) => {
                self.check_alloc(l.len() as u128 * n as u128 * 16)?;
                let r: Vec<Value> = l.iter().copied().cycle().take(l.len() * n).collect();
                Ok(Some(self.new_tuple(r)))
            }
            _ => Ok(None),
        }
    }

    pub fn num_op(&mut self, op: BinOp, x: Num, y: Num) -> PyResult<Value> {
        match (x, y) {
            (Num::Float(a), Num::Float(b)) => self.float_op(op, a, b),
            (Num::Float(a), Num::Int(b)) => self.float_op(op, a, b as f64),
            (Num::Int(a), Num::Float(b)) => self.float_op(op, a as f64, b),
            (Num::Float(a), Num::Big(b)) => {
                let b = bigint_to_f64(&b)?;
                self.float_op(op, a, b)
            }
            (Num::Big(a), Num::Float(b)) => {
                let a = bigint_to_f64(&a)?;
                self.float_op(op, a, b)
            }
            (Num::Int(a), Num::Int(b)) => {
                if let Some(v) = self.int_fast(op, a, b) {
                    return Ok(v);
                }
                self.big_op(op, BigInt::from(a), BigInt::from(b))
            }
            (Num::Int(a), Num::Big(b)) => self.big_op(op, BigInt::from(a), b),
            (Num::Big(a), Num::Int(b)) => self.big_op(op, a, BigInt::from(b)),
            (Num::Big(a), Num::Big(b)) => self.big_op(op, a, b),
        }
    }

    fn float_op(&mut self, op: BinOp, a: f64, b: f64) -> PyResult<Value> {
        let r = match op {
            BinOp::Add => a + b,
            BinOp::Sub => a - b,
            BinOp::Mul => a * b,
            BinOp::Div => {
                if b == 0.0 {
                    return Err(zero_div("division by zero"));
                }
                a / b
            }
            BinOp::FloorDiv => {
                if b == 0.0 {
                    return Err(zero_div("division by zero"));
                }
                float_divmod(a, b).0
            }
            BinOp::Mod => {
                if b == 0.0 {
                    return Err(zero_div("division by zero"));
                }
                float_divmod(a, b).1
            }
            BinOp::Pow => return self.float_pow(a, b),
            _ => {
                return Err(self.unsupported(op, Value::Float(a), Value::Float(b)));
            }
        };
        Ok(Value::Float(r))
    }

    pub fn float_pow(&mut self, a: f64, b: f64) -> PyResult<Value> {
        if a == 0.0 && b < 0.0 && b.is_finite() {
            return Err(zero_div("zero to a negative power"));
        }
        if a < 0.0 && a.is_finite() && b.fract() != 0.0 && b.is_finite() {
            return self.negative_float_pow(a, b);
        }
        let r = a.powf(b);
        if r.is_infinite() && a.is_finite() && b.is_finite() {
            return Err(PyErr::new(
                ExcType::OverflowError,
                "(34, 'Numerical result out of range')",
            ));
        }
        Ok(Value::Float(r))
    }

    pub fn unary_op(&mut self, op: UnaryOp, a: Value) -> PyResult<Value> {
        if op != UnaryOp::Not && self.is_native_obj(a) {
            let c = match op {
                UnaryOp::Neg => '-',
                UnaryOp::Pos => '+',
                _ => '~',
            };
            if let Some(r) = crate::lib().native_obj_unary(self, a, c)? {
                return Ok(r);
            }
        }
        if op != UnaryOp::Not && self.user_class_of(a).is_some() {
            let name = match op {
                UnaryOp::Neg => "__neg__",
                UnaryOp::Pos => "__pos__",
                _ => "__invert__",
            };
            if let Some(r) = self.call_dunder(a, name, vec![])? {
                return Ok(r);
            }
            let sym = match op {
                UnaryOp::Neg => "-",
                UnaryOp::Pos => "+",
                _ => "~",
            };
            return Err(PyErr::type_error(format!(
                "bad operand type for unary {sym}: '{}'",
                self.class_name(a)
            )));
        }
        if let Some(r) = self.kind_unary(op, a)? {
            return Ok(r);
        }
        if let Some(r) = self.complex_unary(op, a) {
            return Ok(r);
        }
        match op {
            UnaryOp::Not => Ok(Value::Bool(!self.truthy(a)?)),
            UnaryOp::Neg => match self.as_num(a) {
                Some(Num::Int(i)) => Ok(match i.checked_neg() {
                    Some(n) => Value::Int(n),
                    None => int::from_bigint(&mut self.heap, -BigInt::from(i)),
                }),
                Some(Num::Big(b)) => Ok(int::from_bigint(&mut self.heap, -b)),
                Some(Num::Float(f)) => Ok(Value::Float(-f)),
                None => Err(PyErr::type_error(format!(
                    "bad operand type for unary -: '{}'",
                    self.class_name(a)
                ))),
            },
            UnaryOp::Pos => match self.as_num(a) {
                Some(Num::Int(i)) => Ok(Value::Int(i)),
                Some(_) => Ok(a),
                None => Err(PyErr::type_error(format!(
                    "bad operand type for unary +: '{}'",
                    self.class_name(a)
                ))),
            },
            UnaryOp::Invert => match self.as_num(a) {
                Some(Num::Int(i)) => Ok(Value::Int(!i)),
                Some(Num::Big(b)) => Ok(int::from_bigint(&mut self.heap, -b - 1)),
                _ => Err(PyErr::type_error(format!(
                    "bad operand type for unary ~: '{}'",
                    self.class_name(a)
                ))),
            },
        }
    }
}

/// Compares two numbers exactly (ints against floats without rounding
/// errors where it matters); `None` if either is NaN.
pub fn num_cmp(x: &Num, y: &Num) -> Option<Ordering> {
    match (x, y) {
        (Num::Int(a), Num::Int(b)) => Some(a.cmp(b)),
        (Num::Float(a), Num::Float(b)) => a.partial_cmp(b),
        (Num::Big(a), Num::Big(b)) => Some(a.cmp(b)),
        (Num::Int(a), Num::Big(b)) => Some(BigInt::from(*a).cmp(b)),
        (Num::Big(a), Num::Int(b)) => Some(a.cmp(&BigInt::from(*b))),
        (Num::Int(a), Num::Float(b)) => int_float_cmp(&BigInt::from(*a), *b),
        (Num::Big(a), Num::Float(b)) => int_float_cmp(a, *b),
        (Num::Float(a), Num::Int(b)) => int_float_cmp(&BigInt::from(*b), *a).map(Ordering::reverse),
        (Num::Float(a), Num::Big(b)) => int_float_cmp(b, *a).map(Ordering::reverse),
    }
}

fn int_float_cmp(i: &BigInt, f: f64) -> Option<Ordering> {
    if f.is_nan() {
        return None;
    }
    if f.is_infinite() {
        return Some(if f > 0.0 {
            Ordering::Less
        } else {
            Ordering::Greater
        });
    }
    let fl = f.floor();
    let fb = BigInt::from_f64_checked(fl)?;
    match i.cmp(&fb) {
        Ordering::Equal => {
            if f > fl {
                Some(Ordering::Less)
            } else {
                Some(Ordering::Equal)
            }
        }
        o => Some(o),
    }
}

pub(super) trait FromF64Checked: Sized {
    fn from_f64_checked(f: f64) -> Option<Self>;
}

impl FromF64Checked for BigInt {
    fn from_f64_checked(f: f64) -> Option<BigInt> {
        num_traits::FromPrimitive::from_f64(f)
    }
}
