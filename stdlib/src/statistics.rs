//! `statistics`: averages, spreads and quantiles computed the way CPython's
//! module computes them — sums of ints and floats are exact (as fractions),
//! results keep the input type where CPython does (`mean([1, 2, 3])` is the
//! int 2), square roots are correctly rounded.
//!
//! `StatisticsError` is a subclass of `ValueError`, as in CPython.

use rustc_hash::FxHashMap as HashMap;

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::math::frexp_f;
use super::math_sum::Partials;
use super::statistics_bivariate::{correlation, covariance};
use super::util::{keep, rooted};
use super::ModuleDef;
use crate::object::{int, ExcType, HashKey, Value};
use crate::vm::ops::Num;
use crate::vm::{PyErr, PyResult, Vm};
use monty_compile::bytecode::{BinOp, CmpOp};

fn stat_err(msg: &str) -> PyErr {
    PyErr::new(crate::object::ExcType::StatisticsError, msg)
}

/// An exact rational with a positive denominator, in lowest terms.
#[derive(Clone, Debug)]
struct Frac {
    n: BigInt,
    d: BigInt,
}

impl Frac {
    fn new(n: BigInt, d: BigInt) -> Frac {
        let g = n.gcd(&d);
        let (mut n, mut d) = if g.is_zero() || g.is_one() {
            (n, d)
        } else {
            (n / &g, d / &g)
        };
        if d.is_negative() {
            n = -n;
            d = -d;
        }
        Frac { n, d }
    }

    fn int(n: BigInt) -> Frac {
        Frac {
            n,
            d: BigInt::one(),
        }
    }

    /// The exact value of a finite float.
    fn from_f64(x: f64) -> Frac {
        if x == 0.0 {
            return Frac::int(BigInt::zero());
        }
        let (m, e) = frexp_f(x);
        let mant = BigInt::from((m * 9_007_199_254_740_992.0) as i64);
        let e = e - 53;
        if e >= 0 {
            Frac::int(mant << e as u64)
        } else {
            Frac::new(mant, BigInt::one() << (-e) as u64)
        }
    }

    fn add(&self, o: &Frac) -> Frac {
        if self.d == o.d {
            return Frac::new(&self.n + &o.n, self.d.clone());
        }
        Frac::new(&self.n * &o.d + &o.n * &self.d, &self.d * &o.d)
    }

    fn mul(&self, o: &Frac) -> Frac {
        Frac::new(&self.n * &o.n, &self.d * &o.d)
    }

    fn div(&self, o: &Frac) -> Frac {
        Frac::new(&self.n * &o.d, &self.d * &o.n)
    }

    /// The nearest float (ties to even).
    fn to_f64(&self) -> f64 {
        if self.n.is_zero() {
            return 0.0;
        }
        let neg = self.n.is_negative();
        let n = self.n.abs();
        // 2**s * n / d with at least 55 bits, the lowest bit sticky
        let s = 56 + self.d.bits() as i64 - n.bits() as i64;
        let (num, den) = if s >= 0 {
            (n << s as u64, self.d.clone())
        } else {
            (n, &self.d << (-s) as u64)
        };
        let (q, r) = num.div_rem(&den);
        let q = if r.is_zero() { q } else { q | BigInt::one() };
        let f = super::math_special::ldexp(q.to_f64().unwrap_or(f64::INFINITY), -s);
        if neg {
            -f
        } else {
            f
        }
    }

    fn is_int(&self) -> bool {
        self.d.is_one()
    }
}

/// A sum as `statistics._sum` computes it: exact for finite values, or the
/// float sum of the infinities and NaNs; `is_float` is the result type.
struct Sum {
    total: Frac,
    special: Option<f64>,
    count: usize,
    is_float: bool,
}

/// The exact value of a number (`Err` with the non-finite float).
fn exact(vm: &Vm, v: Value) -> PyResult<Result<(Frac, bool), f64>> {
    Ok(Ok(match vm.as_num(v) {
        Some(Num::Int(i)) => (Frac::int(BigInt::from(i)), false),
        Some(Num::Big(b)) => (Frac::int(b), false),
        Some(Num::Float(f)) if f.is_finite() => (Frac::from_f64(f), true),
        Some(Num::Float(f)) => return Ok(Err(f)),
        None => {
            return Err(PyErr::type_error(format!(
                "can't convert type '{}' to numerator/denominator",
                vm.class_name(v)
            )))
        }
    }))
}

fn exact_sum(vm: &Vm, items: &[Value]) -> PyResult<Sum> {
    let mut s = Sum {
        total: Frac::int(BigInt::zero()),
        special: None,
        count: 0,
        is_float: false,
    };
    for v in items {
        s.count += 1;
        match exact(vm, *v)? {
            Ok((f, is_float)) => {
                s.is_float |= is_float;
                s.total = s.total.add(&f);
            }
            Err(x) => {
                s.is_float = true;
                s.special = Some(s.special.unwrap_or(0.0) + x);
            }
        }
    }
    Ok(s)
}

/// `_convert`: an int if the type is int and the value integral, else a
/// float.
fn convert(vm: &mut Vm, f: &Frac, is_float: bool) -> Value {
    if !is_float && f.is_int() {
        return int::from_bigint(&mut vm.heap, f.n.clone());
    }
    Value::Float(f.to_f64())
}

/// Runs `f` on the items of the `data` argument, kept alive meanwhile
/// with the other arguments (`roots`).
fn with_data<T>(
    vm: &mut Vm,
    data: Value,
    roots: &[Option<Value>],
    f: impl FnOnce(&mut Vm, Vec<Value>) -> PyResult<T>,
) -> PyResult<T> {
    let mut all = vec![data];
    all.extend(roots.iter().flatten());
    rooted(vm, &all, |vm| {
        let items = vm.collect_iterable(data)?;
        let list = vm.new_list(items.clone());
        keep(vm, list);
        f(vm, items)
    })
}

native! {
    /// `statistics.mean(data)`.
    def fn mean(vm, data) {
        mean_of(vm, data)
    }

    /// `statistics.fmean(data, weights=None)`.
    def fn fmean(vm, data, weights?) {
        fmean_of(vm, data, weights)
    }

    /// `statistics.median(data)`.
    def fn median(vm, data) {
        median_any(vm, data, 0)
    }

    /// `statistics.median_low(data)`.
    def fn median_low(vm, data) {
        median_any(vm, data, -1)
    }

    /// `statistics.median_high(data)`.
    def fn median_high(vm, data) {
        median_any(vm, data, 1)
    }

    /// `statistics.median_grouped(data, interval=1.0)`.
    def fn median_grouped(vm, data, interval?) {
        median_grouped_of(vm, data, interval)
    }

    /// `statistics.mode(data)`.
    def fn mode(vm, data) {
        mode_of(vm, data)
    }

    /// `statistics.multimode(data)`.
    def fn multimode(vm, data) {
        multimode_of(vm, data)
    }

    /// `statistics.variance(data, xbar=None)`.
    def fn variance(vm, data, xbar?) {
        spread(vm, data, xbar, "variance", true, false)
    }

    /// `statistics.pvariance(data, mu=None)`.
    def fn pvariance(vm, data, mu?) {
        spread(vm, data, mu, "pvariance", false, false)
    }

    /// `statistics.stdev(data, xbar=None)`.
    def fn stdev(vm, data, xbar?) {
        spread(vm, data, xbar, "stdev", true, true)
    }

    /// `statistics.pstdev(data, mu=None)`.
    def fn pstdev(vm, data, mu?) {
        spread(vm, data, mu, "pstdev", false, true)
    }

    /// `statistics.geometric_mean(data)`.
    def fn geometric_mean(vm, data) {
        geometric_mean_of(vm, data)
    }

    /// `statistics.harmonic_mean(data, weights=None)`.
    def fn harmonic_mean(vm, data, weights?) {
        harmonic_mean_of(vm, data, weights)
    }

    /// `statistics.quantiles(data, *, n=4, method='exclusive')`.
    def fn quantiles(vm, data, *, n?, method?) {
        quantiles_of(vm, data, n, method)
    }
}

fn mean_of(vm: &mut Vm, data: Value) -> PyResult<Value> {
    with_data(vm, data, &[], |vm, items| {
        let s = exact_sum(vm, &items)?;
        if s.count < 1 {
            return Err(stat_err("mean requires at least one data point"));
        }
        if let Some(x) = s.special {
            return Ok(Value::Float(x / s.count as f64));
        }
        let m = s.total.div(&Frac::int(BigInt::from(s.count)));
        Ok(convert(vm, &m, s.is_float))
    })
}

fn fsum_values(vm: &Vm, items: &[Value]) -> PyResult<f64> {
    let mut parts = Partials::default();
    let mut special = 0.0;
    for v in items {
        let x = vm.float_arg(*v)?;
        if x.is_finite() {
            if parts.add(x).is_err() {
                return Err(PyErr::new(
                    ExcType::OverflowError,
                    "intermediate overflow in fsum",
                ));
            }
        } else {
            special += x;
        }
    }
    Ok(if special != 0.0 || special.is_nan() {
        special
    } else {
        parts.round()
    })
}

fn fmean_of(vm: &mut Vm, data: Value, weights: Option<Value>) -> PyResult<Value> {
    with_data(vm, data, &[weights], |vm, items| {
        let weights = weights.unwrap_or(Value::None);
        if weights.is_none() {
            let total = fsum_values(vm, &items)?;
            if items.is_empty() {
                return Err(stat_err("fmean requires at least one data point"));
            }
            return Ok(Value::Float(total / items.len() as f64));
        }
        let ws = vm.collect_iterable(weights)?;
        let wl = vm.new_list(ws.clone());
        keep(vm, wl);
        if ws.len() != items.len() {
            return Err(stat_err("data and weights must be the same length"));
        }
        let dl = vm.new_list(items);
        keep(vm, dl);
        let num = super::math_sum::sumprod_of(vm, dl, wl)?;
        keep(vm, num);
        let den = fsum_values(vm, &ws)?;
        if den == 0.0 {
            return Err(stat_err("sum of weights must be non-zero"));
        }
        vm.binary_op(BinOp::Div, num, Value::Float(den), false)
    })
}

fn sorted_data(vm: &mut Vm, items: Vec<Value>) -> PyResult<Vec<Value>> {
    let sorted = vm.sort_values(items, Value::None, false)?;
    let l = vm.new_list(sorted.clone());
    keep(vm, l);
    Ok(sorted)
}

/// `median`, `median_low`, `median_high`: 0, -1, 1.
fn median_any(vm: &mut Vm, data: Value, which: i32) -> PyResult<Value> {
    with_data(vm, data, &[], |vm, items| {
        let d = sorted_data(vm, items)?;
        let n = d.len();
        if n == 0 {
            return Err(stat_err("no median for empty data"));
        }
        if n % 2 == 1 || which > 0 {
            return Ok(d[n / 2]);
        }
        if which < 0 {
            return Ok(d[n / 2 - 1]);
        }
        let s = vm.binary_op(BinOp::Add, d[n / 2 - 1], d[n / 2], false)?;
        keep(vm, s);
        vm.binary_op(BinOp::Div, s, Value::Int(2), false)
    })
}

fn median_grouped_of(vm: &mut Vm, data: Value, interval: Option<Value>) -> PyResult<Value> {
    with_data(vm, data, &[interval], |vm, items| {
        let interval = interval.unwrap_or(Value::Float(1.0));
        let d = sorted_data(vm, items)?;
        let n = d.len();
        if n == 0 {
            return Err(stat_err("no median for empty data"));
        }
        let x = d[n / 2];
        let mut i = 0;
        while i < n {
            let lt = vm.compare_op(CmpOp::Lt, d[i], x)?;
            if !vm.truthy(lt)? {
                break;
            }
            i += 1;
        }
        let mut j = i;
        while j < n {
            let lt = vm.compare_op(CmpOp::Lt, x, d[j])?;
            if vm.truthy(lt)? {
                break;
            }
            j += 1;
        }
        let interval = vm.float_arg(interval)?;
        let x = vm.float_arg(x)?;
        let low = x - interval / 2.0;
        Ok(Value::Float(
            low + interval * (n as f64 / 2.0 - i as f64) / (j - i) as f64,
        ))
    })
}

/// Distinct values with their counts, in order of first appearance.
fn counts(vm: &mut Vm, items: &[Value]) -> PyResult<Vec<(Value, usize)>> {
    let mut index: HashMap<HashKey, usize> = HashMap::default();
    let mut out: Vec<(Value, usize)> = Vec::new();
    for v in items {
        let k = vm.hash_key(*v)?;
        match index.get(&k) {
            Some(&i) => out[i].1 += 1,
            None => {
                index.insert(k, out.len());
                out.push((*v, 1));
            }
        }
    }
    Ok(out)
}

fn mode_of(vm: &mut Vm, data: Value) -> PyResult<Value> {
    with_data(vm, data, &[], |vm, items| {
        let c = counts(vm, &items)?;
        let mut best: Option<(Value, usize)> = None;
        for (v, n) in c {
            if best.is_none_or(|b| n > b.1) {
                best = Some((v, n));
            }
        }
        best.map(|b| b.0)
            .ok_or_else(|| stat_err("no mode for empty data"))
    })
}

fn multimode_of(vm: &mut Vm, data: Value) -> PyResult<Value> {
    with_data(vm, data, &[], |vm, items| {
        let c = counts(vm, &items)?;
        let max = c.iter().map(|p| p.1).max().unwrap_or(0);
        let modes = c.into_iter().filter(|p| p.1 == max).map(|p| p.0).collect();
        Ok(vm.new_list(modes))
    })
}

/// `_ss`: the sum of squared deviations (exact), whether the type is
/// float, and the count; `Err` carries a non-finite float sum.
fn sum_sq(vm: &mut Vm, items: &[Value], c: Value) -> PyResult<(Result<Frac, f64>, bool, usize)> {
    let n = items.len();
    if !c.is_none() {
        let mut sq = Vec::with_capacity(n);
        for x in items {
            let d = vm.binary_op(BinOp::Sub, *x, c, false)?;
            keep(vm, d);
            let s = vm.binary_op(BinOp::Mul, d, d, false)?;
            keep(vm, s);
            sq.push(s);
        }
        let s = exact_sum(vm, &sq)?;
        return Ok((s.special.map_or(Ok(s.total), Err), s.is_float, n));
    }
    let mut sx = Frac::int(BigInt::zero());
    let mut sxx = Frac::int(BigInt::zero());
    let mut special: Option<f64> = None;
    let mut is_float = false;
    for x in items {
        match exact(vm, *x)? {
            Ok((f, fl)) => {
                is_float |= fl;
                sxx = sxx.add(&f.mul(&f));
                sx = sx.add(&f);
            }
            Err(x) => {
                is_float = true;
                special = Some(special.unwrap_or(0.0) + x);
            }
        }
    }
    if let Some(x) = special {
        return Ok((Err(x), true, n));
    }
    if n == 0 {
        return Ok((Ok(sx), is_float, 0));
    }
    let cnt = Frac::int(BigInt::from(n));
    let ss = cnt
        .mul(&sxx)
        .add(&sx.mul(&sx).mul(&Frac::int(BigInt::from(-1))));
    Ok((Ok(ss.div(&cnt)), is_float, n))
}

/// `variance`/`pvariance`/`stdev`/`pstdev`.
fn spread(
    vm: &mut Vm,
    data: Value,
    center: Option<Value>,
    name: &str,
    sample: bool,
    root: bool,
) -> PyResult<Value> {
    with_data(vm, data, &[center], |vm, items| {
        let c = center.unwrap_or(Value::None);
        let (ss, is_float, n) = sum_sq(vm, &items, c)?;
        let min = if sample { 2 } else { 1 };
        if n < min {
            let what = if sample {
                "two data points"
            } else {
                "one data point"
            };
            return Err(stat_err(&format!("{name} requires at least {what}")));
        }
        let div = if sample { n - 1 } else { n };
        let ss = match ss {
            Ok(f) => f,
            Err(x) => {
                let v = x / div as f64;
                return Ok(Value::Float(if root { v.sqrt() } else { v }));
            }
        };
        let m = ss.div(&Frac::int(BigInt::from(div)));
        if root {
            return Ok(Value::Float(sqrt_frac(&m)));
        }
        Ok(convert(vm, &m, is_float))
    })
}

/// The correctly rounded square root of a non-negative fraction.
fn sqrt_frac(f: &Frac) -> f64 {
    if f.n.is_zero() {
        return 0.0;
    }
    if f.n.is_negative() {
        return f64::NAN;
    }
    // x = floor(sqrt(n * 4**s / d)) with at least 55 bits, sticky if inexact
    let s = (58 - (f.n.bits() as i64 - f.d.bits() as i64) / 2).max(0);
    let scaled = &f.n << (2 * s) as u64;
    let (q, r) = scaled.div_rem(&f.d);
    let x = q.sqrt();
    let exact = r.is_zero() && &x * &x == q;
    let x = if exact { x } else { x | BigInt::one() };
    super::math_special::ldexp(x.to_f64().unwrap_or(f64::INFINITY), -s)
}

fn geometric_mean_of(vm: &mut Vm, data: Value) -> PyResult<Value> {
    with_data(vm, data, &[], |vm, items| {
        let mut logs = Vec::with_capacity(items.len());
        let mut found_zero = false;
        for x in &items {
            let f = vm.float_arg(*x)?;
            if f > 0.0 || f.is_nan() {
                logs.push(Value::Float(super::math::log_value(vm, *x)?));
            } else if f == 0.0 {
                found_zero = true;
            } else {
                let msg = vm.new_str("No negative inputs allowed");
                return Err(PyErr::New(ExcType::ValueError, vec![msg, *x]));
            }
        }
        let total = fsum_values(vm, &logs)?;
        if items.is_empty() {
            return Err(stat_err("Must have a non-empty dataset"));
        }
        if total.is_nan() {
            return Ok(Value::Float(f64::NAN));
        }
        if found_zero {
            return Ok(Value::Float(if total == f64::INFINITY {
                f64::NAN
            } else {
                0.0
            }));
        }
        let r = (total / items.len() as f64).exp();
        if r.is_infinite() {
            return Err(super::math::range_err());
        }
        Ok(Value::Float(r))
    })
}

fn is_zero_div(e: &PyErr) -> bool {
    matches!(
        e,
        PyErr::Msg(ExcType::ZeroDivisionError, _) | PyErr::New(ExcType::ZeroDivisionError, _)
    )
}

fn harmonic_mean_of(vm: &mut Vm, data: Value, weights: Option<Value>) -> PyResult<Value> {
    let negative = "harmonic mean does not support negative values";
    with_data(vm, data, &[weights], |vm, items| {
        let weights = weights.unwrap_or(Value::None);
        let n = items.len();
        if n < 1 {
            return Err(stat_err("harmonic_mean requires at least one data point"));
        }
        let lt0 = |vm: &mut Vm, x: Value| -> PyResult<bool> {
            let r = vm.compare_op(CmpOp::Lt, x, Value::Int(0))?;
            vm.truthy(r)
        };
        if n == 1 && weights.is_none() {
            let x = items[0];
            if vm.as_num(x).is_none() {
                return Err(PyErr::type_error("unsupported type"));
            }
            if lt0(vm, x)? {
                return Err(stat_err(negative));
            }
            return Ok(x);
        }
        let (ws, sum_w) = if weights.is_none() {
            (vec![Value::Int(1); n], Frac::int(BigInt::from(n)))
        } else {
            let ws = vm.collect_iterable(weights)?;
            let wl = vm.new_list(ws.clone());
            keep(vm, wl);
            if ws.len() != n {
                return Err(stat_err("Number of weights does not match data size"));
            }
            for w in &ws {
                if lt0(vm, *w)? {
                    return Err(stat_err(negative));
                }
            }
            let s = exact_sum(vm, &ws)?;
            (ws, s.total)
        };
        let mut terms = Vec::with_capacity(n);
        for (w, x) in ws.iter().zip(&items) {
            if lt0(vm, *x)? {
                return Err(stat_err(negative));
            }
            if !vm.truthy(*w)? {
                terms.push(Value::Int(0));
                continue;
            }
            match vm.binary_op(BinOp::Div, *w, *x, false) {
                Ok(t) => {
                    keep(vm, t);
                    terms.push(t);
                }
                Err(e) if is_zero_div(&e) => return Ok(Value::Int(0)),
                Err(e) => return Err(e),
            }
        }
        let total = exact_sum(vm, &terms)?;
        if let Some(x) = total.special {
            return Ok(Value::Float(sum_w.to_f64() / x));
        }
        if !total.total.n.is_positive() {
            return Err(stat_err("Weighted sum must be positive"));
        }
        Ok(convert(vm, &sum_w.div(&total.total), total.is_float))
    })
}

fn quantiles_of(
    vm: &mut Vm,
    data: Value,
    n: Option<Value>,
    method: Option<Value>,
) -> PyResult<Value> {
    let roots = [n, method];
    let n = match n {
        Some(v) => vm.index_arg(v)?,
        None => 4,
    };
    let method = match method {
        Some(v) => v,
        None => vm.new_str("exclusive"),
    };
    with_data(vm, data, &roots, |vm, items| {
        if n < 1 {
            return Err(stat_err("n must be at least 1"));
        }
        let d = sorted_data(vm, items)?;
        let ld = d.len() as i64;
        if ld < 2 {
            if ld == 1 {
                return Ok(vm.new_list(vec![d[0]; (n - 1) as usize]));
            }
            return Err(stat_err("must have at least one data point"));
        }
        let m = crate::vm::as_str(&vm.heap, method).map(str::to_string);
        let inclusive = match m.as_deref() {
            Some("inclusive") => true,
            Some("exclusive") => false,
            _ => {
                let r = vm.repr(method)?;
                return Err(PyErr::value_error(format!("Unknown method: {r}")));
            }
        };
        let mut out = Vec::new();
        for i in 1..n {
            let (j, delta, lo) = if inclusive {
                let (j, delta) = (i * (ld - 1)).div_mod_floor(&n);
                (j, delta, j)
            } else {
                let m = ld + 1;
                let j = (i * m / n).clamp(1, ld - 1);
                (j, i * m - j * n, j - 1)
            };
            let hi = if inclusive { j + 1 } else { j };
            let p = vm.binary_op(BinOp::Mul, d[lo as usize], Value::Int(n - delta), false)?;
            keep(vm, p);
            let q = vm.binary_op(BinOp::Mul, d[hi as usize], Value::Int(delta), false)?;
            keep(vm, q);
            let sum = vm.binary_op(BinOp::Add, p, q, false)?;
            keep(vm, sum);
            let v = vm.binary_op(BinOp::Div, sum, Value::Int(n), false)?;
            keep(vm, v);
            out.push(v);
        }
        Ok(vm.new_list(out))
    })
}

fn init(_vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    attrs.push((
        "StatisticsError".into(),
        Value::ExcType(ExcType::StatisticsError),
    ));
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "statistics",
    funcs: natives_table![
        mean,
        fmean,
        median,
        median_low,
        median_high,
        median_grouped,
        mode,
        multimode,
        variance,
        pvariance,
        stdev,
        pstdev,
        geometric_mean,
        harmonic_mean,
        quantiles,
        covariance,
        correlation,
    ],
    init,
};
