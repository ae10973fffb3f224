//! The `complex` type in the VM: operators with int, float and complex
//! operands (CPython 3.14's mixed-mode rules: a real operand only touches
//! its own part), equality, hashing, attributes and methods, and the
//! `complex(...)` / `complex.from_number(...)` constructors with CPython's
//! messages. The math itself is `object/complex.rs`.

use crate::object::complex::{self, Complex, ParseError, PowError};
use crate::object::{ExcType, HashKey, Obj, Value};
use monty_compile::bytecode::{BinOp, UnaryOp};

use super::ops::{bigint_to_f64, num_cmp, Num};
use super::{as_str, PyErr, PyResult, Vm};

/// One operand of complex arithmetic: complex, or a real that only
/// touches the real part.
#[derive(Clone, Copy)]
enum Operand {
    Complex(Complex),
    Real(f64),
}

impl Operand {
    fn widen(self) -> Complex {
        match self {
            Operand::Complex(z) => z,
            Operand::Real(x) => Complex::new(x, 0.0),
        }
    }
}

fn zero_division() -> PyErr {
    PyErr::new(ExcType::ZeroDivisionError, "division by zero")
}

/// The errors of a complex power, with CPython 3.14's wording.
pub fn pow_error(e: PowError) -> PyErr {
    match e {
        PowError::ZeroToNegative => PyErr::new(
            ExcType::ZeroDivisionError,
            "zero to a negative or complex power",
        ),
        PowError::Overflow => PyErr::new(ExcType::OverflowError, "complex exponentiation"),
    }
}

impl Vm {
    /// The complex number `v` is, if it is one.
    #[inline]
    pub fn as_complex(&self, v: Value) -> Option<Complex> {
        match v {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Complex(z) => Some(*z),
                _ => None,
            },
            _ => None,
        }
    }

    pub fn new_complex(&mut self, z: Complex) -> Value {
        self.heap.new_value(Obj::Complex(z))
    }

    /// `v` as a complex-arithmetic operand: `None` if it is no number, an
    /// error for an int too large for a float.
    fn complex_operand(&self, v: Value) -> PyResult<Option<Operand>> {
        if let Some(z) = self.as_complex(v) {
            return Ok(Some(Operand::Complex(z)));
        }
        Ok(match self.as_num(v) {
            Some(Num::Int(i)) => Some(Operand::Real(i as f64)),
            Some(Num::Float(f)) => Some(Operand::Real(f)),
            Some(Num::Big(b)) => Some(Operand::Real(bigint_to_f64(&b)?)),
            None => None,
        })
    }

    /// `a op b` when either operand is complex and the other a number;
    /// `None` to let the general path report or handle it.
    #[inline(never)]
    pub fn complex_binary(&mut self, op: BinOp, a: Value, b: Value) -> PyResult<Option<Value>> {
        if self.as_complex(a).is_none() && self.as_complex(b).is_none() {
            return Ok(None);
        }
        if !matches!(
            op,
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Pow
        ) {
            return Ok(None);
        }
        let (Some(x), Some(y)) = (self.complex_operand(a)?, self.complex_operand(b)?) else {
            return Ok(None);
        };
        use Operand::{Complex as C, Real as R};
        let z = match op {
            BinOp::Add => match (x, y) {
                (C(p), C(q)) => Complex::new(p.re + q.re, p.im + q.im),
                (C(p), R(r)) => Complex::new(p.re + r, p.im),
                (R(r), C(q)) => Complex::new(r + q.re, q.im),
                (R(_), R(_)) => unreachable!("a complex operand"),
            },
            BinOp::Sub => match (x, y) {
                (C(p), C(q)) => Complex::new(p.re - q.re, p.im - q.im),
                (C(p), R(r)) => Complex::new(p.re - r, p.im),
                (R(r), C(q)) => Complex::new(r - q.re, -q.im),
                (R(_), R(_)) => unreachable!("a complex operand"),
            },
            BinOp::Mul => match (x, y) {
                (C(p), C(q)) => p.product(q),
                (C(p), R(r)) => Complex::new(p.re * r, p.im * r),
                (R(r), C(q)) => Complex::new(r * q.re, r * q.im),
                (R(_), R(_)) => unreachable!("a complex operand"),
            },
            BinOp::Div => match (x, y) {
                (C(p), C(q)) => p.checked_div(q).ok_or_else(zero_division)?,
                (C(p), R(r)) => {
                    if r == 0.0 {
                        return Err(zero_division());
                    }
                    Complex::new(p.re / r, p.im / r)
                }
                (R(r), C(q)) => q.rdiv_real(r).ok_or_else(zero_division)?,
                (R(_), R(_)) => unreachable!("a complex operand"),
            },
            _ => x.widen().pow(y.widen()).map_err(pow_error)?,
        };
        Ok(Some(self.new_complex(z)))
    }

    /// `x ** y` for a negative finite float base and a fractional
    /// exponent, which CPython hands to complex exponentiation.
    #[inline(never)]
    pub fn negative_float_pow(&mut self, x: f64, y: f64) -> PyResult<Value> {
        let z = Complex::new(x, 0.0)
            .pow(Complex::new(y, 0.0))
            .map_err(pow_error)?;
        Ok(self.new_complex(z))
    }

    /// `-z` and `+z`; `None` for other operands and operators.
    #[inline(never)]
    pub fn complex_unary(&mut self, op: UnaryOp, a: Value) -> Option<Value> {
        let z = self.as_complex(a)?;
        match op {
            UnaryOp::Neg => Some(self.new_complex(Complex::new(-z.re, -z.im))),
            UnaryOp::Pos => Some(a),
            _ => None,
        }
    }

    /// `a == b` when one is complex and the other a number (`None`
    /// otherwise): both parts compare, exactly against ints.
    pub fn complex_eq(&self, a: Value, b: Value) -> Option<bool> {
        let (z, other) = match (self.as_complex(a), self.as_complex(b)) {
            (Some(z), Some(w)) => return Some(z.re == w.re && z.im == w.im),
            (Some(z), None) => (z, b),
            (None, Some(z)) => (z, a),
            (None, None) => return None,
        };
        let n = self.as_num(other)?;
        Some(z.im == 0.0 && num_cmp(&Num::Float(z.re), &n) == Some(std::cmp::Ordering::Equal))
    }

    /// The dict key of a complex number: that of its real part when the
    /// imaginary part is zero (`1+0j` and `1` are one key).
    pub fn complex_hash_key(&mut self, z: Complex) -> PyResult<HashKey> {
        if z.im == 0.0 {
            return self.hash_key(Value::Float(z.re));
        }
        // +0.0 for -0.0, which compares equal
        Ok(HashKey::Complex(Box::new((
            (z.re + 0.0).to_bits(),
            z.im.to_bits(),
        ))))
    }

    /// `complex(...)`: from a string or a number (one positional argument),
    /// or from `real` and `imag` numbers, each possibly complex itself
    /// (`complex(a, b)` is `a + b*1j`).
    pub fn construct_complex(
        &mut self,
        pos: Vec<Value>,
        kw: Vec<(String, Value)>,
    ) -> PyResult<Value> {
        let n = pos.len() + kw.len();
        if n > 2 {
            return Err(PyErr::type_error(format!(
                "complex() takes at most 2 arguments ({n} given)"
            )));
        }
        let mut real = pos.first().copied();
        let mut imag = pos.get(1).copied();
        for (k, v) in &kw {
            let slot = match k.as_str() {
                "real" => &mut real,
                "imag" => &mut imag,
                _ => {
                    return Err(PyErr::type_error(format!(
                        "complex() got an unexpected keyword argument '{k}'"
                    )))
                }
            };
            if slot.is_some() {
                let which = if k == "real" { "real" } else { "imag" };
                let index = if which == "real" { 1 } else { 2 };
                return Err(PyErr::type_error(format!(
                    "argument for complex() given by name ('{which}') and position ({index})"
                )));
            }
            *slot = Some(*v);
        }
        if pos.len() == 1 && kw.is_empty() {
            return self.complex_from_one(pos[0]);
        }
        let real_part = match real {
            Some(r) => self.complex_argument(r, "real")?,
            None => Operand::Real(0.0),
        };
        let imag_part = match imag {
            Some(i) => Some(self.complex_argument(i, "imag")?),
            None => None,
        };
        let (mut re, re_im) = match real_part {
            Operand::Complex(z) => (z.re, Some(z.im)),
            Operand::Real(x) => (x, None),
        };
        // the imaginary part of a complex `real` is added only when `imag`
        // is given (which keeps a lone -0.0 imaginary part's sign)
        let im = match imag_part {
            None => re_im.unwrap_or(0.0),
            Some(part) => {
                let x = match part {
                    Operand::Real(x) => x,
                    Operand::Complex(w) => {
                        re -= w.im;
                        w.re
                    }
                };
                match re_im {
                    Some(r) => x + r,
                    None => x,
                }
            }
        };
        Ok(self.new_complex(Complex::new(re, im)))
    }

    /// `complex(x)` for one positional argument.
    fn complex_from_one(&mut self, x: Value) -> PyResult<Value> {
        if self.as_complex(x).is_some() {
            return Ok(x);
        }
        if let Some(s) = as_str(&self.heap, x) {
            return match complex::parse(s) {
                Ok(z) => Ok(self.new_complex(z)),
                Err(ParseError::Malformed) => {
                    Err(PyErr::value_error("complex() arg is a malformed string"))
                }
                Err(ParseError::BadUnderscore) => Err(PyErr::value_error(format!(
                    "could not convert string to complex: {}",
                    super::repr::str_repr(s)
                ))),
            };
        }
        match self.complex_convert(x, true)? {
            Some(op) => Ok(self.new_complex(op.widen())),
            None => Err(PyErr::type_error(format!(
                "complex() argument must be a string or a number, not {}",
                self.class_name(x)
            ))),
        }
    }

    /// `v` for the `complex(...)` constructors: a plain number, a Decimal
    /// (by its float value), or an instance with `__complex__` (when
    /// `allow_complex_dunder`), `__float__` or `__index__`, tried in that
    /// order as CPython does; `None` when none applies.
    fn complex_convert(
        &mut self,
        v: Value,
        allow_complex_dunder: bool,
    ) -> PyResult<Option<Operand>> {
        if let Some(op) = self.complex_operand(v)? {
            return Ok(Some(op));
        }
        if let Some(f) = crate::lib().decimal_float_of(self, v) {
            return Ok(Some(Operand::Real(f?)));
        }
        let Some(cls) = self.user_class_of(v) else {
            return Ok(None);
        };
        if allow_complex_dunder && self.class_lookup(cls, "__complex__").is_some() {
            let r = self.call_dunder(v, "__complex__", Vec::new())?;
            return match r.and_then(|r| self.as_complex(r)) {
                Some(z) => Ok(Some(Operand::Complex(z))),
                None => Err(PyErr::type_error(format!(
                    "__complex__ returned non-complex (type {})",
                    r.map_or_else(|| "NoneType".to_string(), |r| self.class_name(r))
                ))),
            };
        }
        if self.class_lookup(cls, "__float__").is_some() {
            let r = self.call_dunder(v, "__float__", Vec::new())?;
            return match r {
                Some(Value::Float(f)) => Ok(Some(Operand::Real(f))),
                other => Err(PyErr::type_error(format!(
                    "{}.__float__ returned non-float (type {})",
                    self.class_name(v),
                    other.map_or_else(|| "NoneType".to_string(), |r| self.class_name(r))
                ))),
            };
        }
        match self.user_index(v)? {
            Some(i) => self.complex_operand(i),
            None => Ok(None),
        }
    }

    fn complex_argument(&mut self, v: Value, which: &str) -> PyResult<Operand> {
        self.complex_convert(v, which == "real")?.ok_or_else(|| {
            PyErr::type_error(format!(
                "complex() argument '{which}' must be a real number, not {}",
                self.class_name(v)
            ))
        })
    }

    /// `complex.from_number(x)`: a number (not a string) as complex.
    #[inline(never)]
    pub fn complex_from_number(&mut self, pos: &[Value]) -> PyResult<Value> {
        if pos.len() != 1 {
            return Err(PyErr::type_error(format!(
                "complex.from_number() takes exactly one argument ({} given)",
                pos.len()
            )));
        }
        let x = pos[0];
        if self.as_complex(x).is_some() {
            return Ok(x);
        }
        match self.complex_convert(x, true)? {
            Some(op) => Ok(self.new_complex(op.widen())),
            None => Err(PyErr::type_error(format!(
                "must be real number, not {}",
                self.class_name(x)
            ))),
        }
    }

    /// `abs(z)`.
    pub fn complex_abs(&self, z: Complex) -> PyResult<Value> {
        z.abs()
            .map(Value::Float)
            .ok_or_else(|| PyErr::new(ExcType::OverflowError, "absolute value too large"))
    }

    /// `pow(a, b, m)` where complex numbers are involved: CPython lets the
    /// first operand that can handle the call answer, so an int or complex
    /// ahead of the complex says "complex modulo" and a float ahead of it its
    /// own "3rd argument not allowed"; `None` when no operand is complex.
    #[inline(never)]
    pub fn complex_modulo_error(&self, a: Value, b: Value, m: Value) -> Option<PyErr> {
        let is_complex = |v| self.as_complex(v).is_some();
        if !(is_complex(a) || is_complex(b) || is_complex(m)) {
            return None;
        }
        let is_real = |v| self.as_num(v).is_some();
        let is_number = |v| is_real(v) || is_complex(v);
        for v in [a, b, m] {
            if matches!(v, Value::Float(_)) && is_real(a) && is_real(b) {
                return Some(PyErr::type_error(
                    "pow() 3rd argument not allowed unless all arguments are integers",
                ));
            }
            if is_complex(v) && is_number(a) && is_number(b) {
                return Some(PyErr::value_error("complex modulo"));
            }
        }
        Some(PyErr::type_error(format!(
            "unsupported operand type(s) for ** or pow(): '{}', '{}', '{}'",
            self.class_name(a),
            self.class_name(b),
            self.class_name(m)
        )))
    }
}
