//! `math`'s sums, products and norms: `fsum` (exact partial sums, one
//! rounding), `prod`, `sumprod` (CPython's int / exact-float / generic
//! paths), `hypot` and `dist` (squares summed in double-double, one
//! correctly rounded square root), and `fma`.

use crate::object::{ExcType, Value};
use crate::vm::ops::Num;
use crate::vm::{PyErr, PyResult, Vm};
use monty_compile::bytecode::BinOp;

use super::math::frexp_f;
use super::math_special::{ldexp, two_prod, DD};
use super::util::{keep, rooted};

/// Exact running sum of floats as non-overlapping partials (Shewchuk).
#[derive(Default, Clone)]
pub struct Partials(Vec<f64>);

impl Partials {
    /// Adds a finite `x`; `Err` when the sum leaves the float range.
    pub fn add(&mut self, x: f64) -> Result<(), ()> {
        let mut x = x;
        let mut i = 0;
        for j in 0..self.0.len() {
            let mut y = self.0[j];
            if x.abs() < y.abs() {
                std::mem::swap(&mut x, &mut y);
            }
            let hi = x + y;
            let lo = y - (hi - x);
            if lo != 0.0 {
                self.0[i] = lo;
                i += 1;
            }
            x = hi;
        }
        self.0.truncate(i);
        if x != 0.0 {
            if !x.is_finite() {
                return Err(());
            }
            self.0.push(x);
        }
        Ok(())
    }

    /// The exact sum, correctly rounded (halfway cases to even).
    pub fn round(&self) -> f64 {
        let p = &self.0;
        let mut n = p.len();
        if n == 0 {
            return 0.0;
        }
        n -= 1;
        let mut hi = p[n];
        let mut lo = 0.0;
        while n > 0 {
            let x = hi;
            n -= 1;
            let y = p[n];
            hi = x + y;
            let yr = hi - x;
            lo = y - yr;
            if lo != 0.0 {
                break;
            }
        }
        // if the rest has the sign of lo, the sum is beyond halfway
        if n > 0 && ((lo < 0.0 && p[n - 1] < 0.0) || (lo > 0.0 && p[n - 1] > 0.0)) {
            let y = lo * 2.0;
            let x = hi + y;
            if y == x - hi {
                hi = x;
            }
        }
        hi
    }
}

native! {
    /// `math.fsum(seq, /)`.
    pub(super) builtin fn fsum in "math" (vm, seq, /) {
        fsum_of(vm, seq)
    }

    /// `math.prod(iterable, /, *, start=1)`.
    pub(super) clinic fn prod(vm, iterable, /, *, start?) {
        prod_of(vm, iterable, start.unwrap_or(Value::Int(1)))
    }

    /// `math.sumprod(p, q, /)`.
    pub(super) builtin fn sumprod in "math" (vm, p, q, /) {
        sumprod_of(vm, p, q)
    }

    /// `math.hypot(*coordinates)`.
    pub(super) builtin fn hypot in "math" (vm, *coordinates) {
        let mut xs = Vec::with_capacity(coordinates.len());
        for v in &coordinates {
            xs.push(vm.float_arg(*v)?.abs());
        }
        Ok(Value::Float(norm(&xs)))
    }

    /// `math.dist(p, q, /)`.
    pub(super) builtin fn dist in "math" (vm, p, q, /) {
        dist_of(vm, p, q)
    }

    /// `math.fma(x, y, z, /)`.
    pub(super) builtin fn fma in "math" (vm, x, y, z, /) {
        let x = vm.float_arg(x)?;
        let y = vm.float_arg(y)?;
        let z = vm.float_arg(z)?;
        let r = x.mul_add(y, z);
        if r.is_nan() && !x.is_nan() && !y.is_nan() && !z.is_nan() {
            return Err(PyErr::value_error("invalid operation in fma"));
        }
        if r.is_infinite() && x.is_finite() && y.is_finite() && z.is_finite() {
            return Err(PyErr::new(ExcType::OverflowError, "overflow in fma"));
        }
        Ok(Value::Float(r))
    }
}

fn fsum_of(vm: &mut Vm, v: Value) -> PyResult<Value> {
    rooted(vm, &[v], |vm| {
        let it = vm.get_iter(v)?;
        keep(vm, it);
        let mut parts = Partials::default();
        let (mut special, mut inf_sum) = (0.0_f64, 0.0_f64);
        while let Some(item) = vm.iter_next(it)? {
            let x = vm.float_arg(item)?;
            if x.is_finite() {
                if parts.add(x).is_err() {
                    return Err(PyErr::new(
                        ExcType::OverflowError,
                        "intermediate overflow in fsum",
                    ));
                }
            } else {
                if x.is_infinite() {
                    inf_sum += x;
                }
                special += x;
                parts = Partials::default();
            }
        }
        if special != 0.0 {
            if inf_sum.is_nan() {
                return Err(PyErr::value_error("-inf + inf in fsum"));
            }
            return Ok(Value::Float(special));
        }
        Ok(Value::Float(parts.round()))
    })
}

fn prod_of(vm: &mut Vm, iterable: Value, start: Value) -> PyResult<Value> {
    rooted(vm, &[iterable, start], |vm| {
        let it = vm.get_iter(iterable)?;
        keep(vm, it);
        let mut acc = start;
        while let Some(x) = vm.iter_next(it)? {
            acc = vm.binary_op(BinOp::Mul, acc, x, false)?;
            keep(vm, acc);
        }
        Ok(acc)
    })
}

/// A float operand of `sumprod`'s exact float path: a float, or an int
/// (or bool) paired with a float.
fn flt_pair(vm: &Vm, p: Value, q: Value) -> Option<(f64, f64)> {
    let as_f = |v: Value| match vm.as_num(v) {
        Some(Num::Int(i)) => Some(i as f64),
        Some(Num::Big(b)) => crate::vm::ops::bigint_to_f64(&b).ok(),
        _ => None,
    };
    match (p, q) {
        (Value::Float(x), Value::Float(y)) => Some((x, y)),
        (Value::Float(x), _) => as_f(q).map(|y| (x, y)),
        (_, Value::Float(y)) => as_f(p).map(|x| (x, y)),
        _ => None,
    }
}

pub(super) fn sumprod_of(vm: &mut Vm, p: Value, q: Value) -> PyResult<Value> {
    rooted(vm, &[p, q], |vm| {
        let pit = vm.get_iter(p)?;
        keep(vm, pit);
        let qit = vm.get_iter(q)?;
        keep(vm, qit);
        let mut total = Value::Int(0);
        let (mut int_on, mut int_total, mut int_used) = (true, 0_i64, false);
        let (mut flt_on, mut flt, mut flt_used) = (true, Partials::default(), false);
        loop {
            let p = vm.iter_next(pit)?;
            let q = vm.iter_next(qit)?;
            let (p, q, finished) = match (p, q) {
                (Some(p), Some(q)) => (p, q, false),
                (None, None) => (Value::None, Value::None, true),
                _ => return Err(PyErr::value_error("Inputs are not the same length")),
            };
            if int_on {
                if let (false, Value::Int(x), Value::Int(y)) = (finished, p, q) {
                    if let Some(s) = x.checked_mul(y).and_then(|m| int_total.checked_add(m)) {
                        int_total = s;
                        int_used = true;
                        continue;
                    }
                }
                int_on = false;
                if int_used {
                    total = vm.binary_op(BinOp::Add, total, Value::Int(int_total), false)?;
                    keep(vm, total);
                }
            }
            if flt_on {
                if !finished {
                    if let Some((x, y)) = flt_pair(vm, p, q) {
                        let (h, l) = two_prod(x, y);
                        if h.is_finite() {
                            let mut next = flt.clone();
                            if next.add(h).is_ok() && next.add(l).is_ok() {
                                flt = next;
                                flt_used = true;
                                continue;
                            }
                        }
                    }
                }
                flt_on = false;
                if flt_used {
                    let f = Value::Float(flt.round());
                    total = vm.binary_op(BinOp::Add, total, f, false)?;
                    keep(vm, total);
                }
            }
            if finished {
                return Ok(total);
            }
            let term = vm.binary_op(BinOp::Mul, p, q, false)?;
            keep(vm, term);
            total = vm.binary_op(BinOp::Add, total, term, false)?;
            keep(vm, total);
        }
    })
}

/// The Euclidean norm of `xs` (all `>= 0`), with CPython's rules for
/// infinities and NaN.
fn norm(xs: &[f64]) -> f64 {
    let mut max = 0.0_f64;
    let mut found_nan = false;
    for &x in xs {
        found_nan |= x.is_nan();
        if x > max {
            max = x;
        }
    }
    if max.is_infinite() {
        return max;
    }
    if found_nan {
        return f64::NAN;
    }
    if max == 0.0 || xs.len() <= 1 {
        return max;
    }
    let (_, e) = frexp_f(max);
    let mut acc = DD::new(0.0);
    for &x in xs {
        let s = ldexp(x, -e);
        let (h, l) = two_prod(s, s);
        acc = acc.add(DD { hi: h, lo: l });
    }
    let h = acc.hi.sqrt();
    let (p, pe) = two_prod(h, h);
    let resid = ((acc.hi - p) - pe) + acc.lo;
    ldexp(h + resid / (2.0 * h), e)
}

fn dist_of(vm: &mut Vm, p: Value, q: Value) -> PyResult<Value> {
    let (p, q) = rooted(vm, &[p, q], |vm| {
        let p = vm.collect_iterable(p)?;
        let p_list = vm.new_list(p.clone());
        keep(vm, p_list);
        let q = vm.collect_iterable(q)?;
        Ok::<_, PyErr>((p, q))
    })?;
    if p.len() != q.len() {
        return Err(PyErr::value_error(
            "both points must have the same number of dimensions",
        ));
    }
    let mut xs = Vec::with_capacity(p.len());
    for (x, y) in p.iter().zip(&q) {
        let x = vm.float_arg(*x)?;
        let y = vm.float_arg(*y)?;
        xs.push((x - y).abs());
    }
    Ok(Value::Float(norm(&xs)))
}
