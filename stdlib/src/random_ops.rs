//! `random`'s methods written in Python in CPython (`randrange`, `choice`,
//! `shuffle`, `sample`, `choices` and the distributions), following
//! CPython's algorithms step by step so they consume the generator exactly
//! as CPython does and a seeded program gets the same values.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive};

use super::math_special::lgamma;
use super::random::state;
use super::util::{keep, rooted, seq_item, seq_len};
use crate::object::{int, ExcType, Obj, Range, Value};
use crate::vm::ops::Num;
use crate::vm::{PyErr, PyResult, Vm};
use monty_compile::bytecode::{BinOp, CmpOp};

const TWOPI: f64 = 2.0 * std::f64::consts::PI;

/// A uniform int in [0, n), `n >= 1`.
fn randbelow(vm: &mut Vm, n: &BigInt) -> BigInt {
    match n.to_u64() {
        Some(u) => BigInt::from(state(vm).randbelow_u64(u)),
        None => state(vm).randbelow(n),
    }
}

fn randbelow_u64(vm: &mut Vm, n: u64) -> u64 {
    state(vm).randbelow_u64(n)
}

fn rand(vm: &mut Vm) -> f64 {
    state(vm).random()
}

fn big_value(vm: &mut Vm, b: BigInt) -> Value {
    int::from_bigint(&mut vm.heap, b)
}

native! {
    /// `Random.randrange(start, stop=None, step=1)`.
    pub(super) def_method fn randrange as "Random.randrange"(vm, start, stop?, step?) {
        let start_v = start;
        let stop_v = stop.unwrap_or(Value::None);
        let istart = vm.bigint_arg(start_v)?;
        if stop_v.is_none() {
            // CPython checks `step is _ONE`: only an explicit int 1 passes
            if step.is_some_and(|v| v != Value::Int(1)) {
                return Err(PyErr::type_error("Missing a non-None stop argument"));
            }
            if istart.is_positive() {
                let r = randbelow(vm, &istart);
                return Ok(big_value(vm, r));
            }
            return Err(PyErr::value_error("empty range for randrange()"));
        }
        let istop = vm.bigint_arg(stop_v)?;
        let width = &istop - &istart;
        let step_v = step.unwrap_or(Value::Int(1));
        let istep = vm.bigint_arg(step_v)?;
        if istep == BigInt::from(1) {
            if width.is_positive() {
                let r = istart + randbelow(vm, &width);
                return Ok(big_value(vm, r));
            }
            let (x, y) = (vm.str_of(start_v)?, vm.str_of(stop_v)?);
            return Err(PyErr::value_error(format!(
                "empty range in randrange({x}, {y})"
            )));
        }
        let n = if istep.is_positive() {
            (&width + &istep - BigInt::from(1)).div_floor(&istep)
        } else if istep.is_negative() {
            (&width + &istep + BigInt::from(1)).div_floor(&istep)
        } else {
            return Err(PyErr::value_error("zero step for randrange()"));
        };
        if !n.is_positive() {
            let (x, y, z) = (vm.str_of(start_v)?, vm.str_of(stop_v)?, vm.str_of(step_v)?);
            return Err(PyErr::value_error(format!(
                "empty range in randrange({x}, {y}, {z})"
            )));
        }
        let r = istart + istep * randbelow(vm, &n);
        Ok(big_value(vm, r))
    }
}

native! {
    /// `Random.randint(a, b)`.
    pub(super) def_method fn randint as "Random.randint"(vm, a, b) {
        let lo = vm.bigint_arg(a)?;
        let hi = vm.bigint_arg(b)?;
        let width: BigInt = &hi - &lo + 1;
        if !width.is_positive() {
            return Err(PyErr::value_error(format!(
                "empty range in randint({lo}, {hi})"
            )));
        }
        let r = lo + randbelow(vm, &width);
        Ok(big_value(vm, r))
    }
}

native! {
    /// `Random.choice(seq)`.
    pub(super) def_method fn choice as "Random.choice"(vm, seq) {
        let n = seq_len(vm, seq)?;
        if n == 0 {
            return Err(PyErr::new(
                ExcType::IndexError,
                "Cannot choose from an empty sequence",
            ));
        }
        let i = randbelow_u64(vm, n);
        seq_item(vm, seq, i)
    }
}

native! {
    /// `Random.shuffle(x)`.
    pub(super) def_method fn shuffle as "Random.shuffle"(vm, x) {
        let n = seq_len(vm, x)? as usize;
        rooted(vm, &[x], |vm| {
            for i in (1..n).rev() {
                let j = randbelow_u64(vm, i as u64 + 1) as usize;
                if let Value::Ref(id) = x {
                    if let Obj::List(items) = vm.heap.get_mut(id) {
                        if i < items.len() {
                            items.swap(i, j);
                            continue;
                        }
                    }
                }
                let (vi, vj) = (Value::Int(i as i64), Value::Int(j as i64));
                let xj = vm.get_item(x, vj)?;
                keep(vm, xj);
                let xi = vm.get_item(x, vi)?;
                keep(vm, xi);
                vm.set_item(x, vi, xj)?;
                vm.set_item(x, vj, xi)?;
            }
            Ok(Value::None)
        })
    }
}

fn is_sequence(vm: &Vm, v: Value) -> bool {
    matches!(v, Value::Ref(id) if matches!(
        vm.heap.get(id),
        Obj::List(_) | Obj::Tuple(_) | Obj::Str(_) | Obj::Range(_)
    ))
}

/// `bisect_right(a, x)` with Python comparisons.
fn bisect_right(vm: &mut Vm, a: &[Value], x: Value, hi: usize) -> PyResult<usize> {
    let (mut lo, mut hi) = (0, hi);
    while lo < hi {
        let mid = (lo + hi) / 2;
        let lt = vm.compare_op(CmpOp::Lt, x, a[mid])?;
        if vm.truthy(lt)? {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    Ok(lo)
}

/// Running sums, as `itertools.accumulate`.
fn accumulate(vm: &mut Vm, v: Value) -> PyResult<Vec<Value>> {
    let items = vm.collect_iterable(v)?;
    let mut out = Vec::with_capacity(items.len());
    let mut acc: Option<Value> = None;
    for x in items {
        let next = match acc {
            None => x,
            Some(p) => vm.binary_op(BinOp::Add, p, x, false)?,
        };
        keep(vm, next);
        out.push(next);
        acc = Some(next);
    }
    Ok(out)
}

/// The core of `sample`: `k` distinct positions of a population of `n`.
fn sample_core(vm: &mut Vm, pop: Value, n: u64, k: usize) -> PyResult<Vec<Value>> {
    let mut setsize: u128 = 21;
    if k > 5 {
        let e = ((k as f64 * 3.0).ln() / 4f64.ln()).ceil() as u32;
        setsize += 4u128.saturating_pow(e);
    }
    let mut result = Vec::with_capacity(k);
    if u128::from(n) <= setsize {
        let mut pool = vm.collect_iterable(pop)?;
        let n = pool.len();
        for i in 0..k {
            let j = randbelow_u64(vm, (n - i) as u64) as usize;
            result.push(pool[j]);
            pool[j] = pool[n - i - 1];
        }
    } else {
        let mut selected = rustc_hash::FxHashSet::default();
        for _ in 0..k {
            let mut j = randbelow_u64(vm, n);
            while selected.contains(&j) {
                j = randbelow_u64(vm, n);
            }
            selected.insert(j);
            let v = seq_item(vm, pop, j)?;
            keep(vm, v);
            result.push(v);
        }
    }
    Ok(result)
}

native! {
    /// `Random.sample(population, k, *, counts=None)`.
    pub(super) def_method fn sample as "Random.sample"(vm, population, k, *, counts?) {
        let pop = population;
        let kv = k;
        let counts = counts.unwrap_or(Value::None);
        if !is_sequence(vm, pop) {
            return Err(PyErr::type_error(
                "Population must be a sequence.  For dicts or sets, use sorted(d).",
            ));
        }
        let n = seq_len(vm, pop)?;
        rooted(vm, &[pop, kv, counts], |vm| {
            if !counts.is_none() {
                let mut cum = accumulate(vm, counts)?;
                if cum.len() as u64 != n {
                    return Err(PyErr::value_error(
                        "The number of counts does not match the population",
                    ));
                }
                let total = cum.pop().unwrap_or(Value::Int(0));
                let total = match vm.as_num(total) {
                    Some(Num::Int(i)) => BigInt::from(i),
                    Some(Num::Big(b)) => b,
                    _ => return Err(PyErr::type_error("Counts must be integers")),
                };
                if total.is_negative() {
                    return Err(PyErr::value_error("Counts must be non-negative"));
                }
                let Some(total) = total.to_i64() else {
                    return Err(PyErr::new(
                        ExcType::OverflowError,
                        "Python int too large to convert to C ssize_t",
                    ));
                };
                let range = vm.heap.new_value(Obj::Range(Range {
                    start: 0,
                    stop: total,
                    step: 1,
                }));
                keep(vm, range);
                let k = sample_k(vm, kv, total as u64)?;
                let picks = sample_core(vm, range, total as u64, k)?;
                let mut out = Vec::with_capacity(picks.len());
                for p in picks {
                    let i = bisect_right(vm, &cum, p, cum.len())?;
                    let v = vm.get_item(pop, Value::Int(i as i64))?;
                    keep(vm, v);
                    out.push(v);
                }
                return Ok(vm.new_list(out));
            }
            let k = sample_k(vm, kv, n)?;
            let out = sample_core(vm, pop, n, k)?;
            Ok(vm.new_list(out))
        })
    }
}

fn sample_k(vm: &Vm, kv: Value, n: u64) -> PyResult<usize> {
    let k = vm.bigint_arg(kv)?;
    match k.to_u64() {
        Some(k) if k <= n => Ok(k as usize),
        _ => Err(PyErr::value_error(
            "Sample larger than population or is negative",
        )),
    }
}

native! {
    /// `Random.choices(population, weights=None, *, cum_weights=None, k=1)`.
    pub(super) def_method fn choices as "Random.choices"(vm, population, weights?, *, cum_weights?, k?) {
        let pop = population;
        let weights = weights.unwrap_or(Value::None);
        let cum_weights = cum_weights.unwrap_or(Value::None);
        let kv = k.unwrap_or(Value::Int(1));
        let n = seq_len(vm, pop)?;
        rooted(vm, &[pop, weights, cum_weights], |vm| {
            let cum = if cum_weights.is_none() {
                if weights.is_none() {
                    let k = vm.index_arg(kv)?.max(0);
                    let nf = n as f64;
                    let mut out = Vec::new();
                    for _ in 0..k {
                        let i = (rand(vm) * nf).floor() as i64;
                        let v = vm.get_item(pop, Value::Int(i))?;
                        keep(vm, v);
                        out.push(v);
                    }
                    return Ok(vm.new_list(out));
                }
                match accumulate(vm, weights) {
                    Ok(c) => c,
                    Err(e) => {
                        if matches!(vm.as_num(weights), Some(Num::Int(_) | Num::Big(_))) {
                            let r = vm.repr(weights)?;
                            return Err(PyErr::type_error(format!(
                                "The number of choices must be a keyword argument: k={r}"
                            )));
                        }
                        return Err(e);
                    }
                }
            } else if !weights.is_none() {
                return Err(PyErr::type_error(
                    "Cannot specify both weights and cumulative weights",
                ));
            } else {
                vm.collect_iterable(cum_weights)?
            };
            if cum.len() as u64 != n {
                return Err(PyErr::value_error(
                    "The number of weights does not match the population",
                ));
            }
            let Some(last) = cum.last().copied() else {
                return Err(PyErr::new(ExcType::IndexError, "list index out of range"));
            };
            let total = vm.binary_op(BinOp::Add, last, Value::Float(0.0), false)?;
            let le = vm.compare_op(CmpOp::Le, total, Value::Float(0.0))?;
            if vm.truthy(le)? {
                return Err(PyErr::value_error(
                    "Total of weights must be greater than zero",
                ));
            }
            let total = vm.float_arg(total)?;
            if !total.is_finite() {
                return Err(PyErr::value_error("Total of weights must be finite"));
            }
            let k = vm.index_arg(kv)?.max(0);
            let mut out = Vec::new();
            for _ in 0..k {
                let x = Value::Float(rand(vm) * total);
                let i = bisect_right(vm, &cum, x, cum.len() - 1)?;
                let v = vm.get_item(pop, Value::Int(i as i64))?;
                keep(vm, v);
                out.push(v);
            }
            Ok(vm.new_list(out))
        })
    }
}

/// Float arguments of a distribution, with their defaults.
fn floats(vm: &Vm, slots: &[Option<Value>], defaults: &[f64]) -> PyResult<Vec<f64>> {
    slots
        .iter()
        .zip(defaults)
        .map(|(s, d)| match s {
            Some(v) => vm.float_arg(*v),
            None => Ok(*d),
        })
        .collect()
}

fn fdiv(a: f64, b: f64) -> PyResult<f64> {
    if b == 0.0 {
        return Err(PyErr::new(ExcType::ZeroDivisionError, "division by zero"));
    }
    Ok(a / b)
}

fn fpow(vm: &mut Vm, a: f64, b: f64) -> PyResult<f64> {
    match vm.float_pow(a, b)? {
        Value::Float(f) => Ok(f),
        other => vm.float_arg(other),
    }
}

fn math_exp(x: f64) -> PyResult<f64> {
    let r = x.exp();
    if r.is_infinite() && x.is_finite() {
        return Err(super::math::range_err());
    }
    Ok(r)
}

native! {
    /// `Random.uniform(a, b)`.
    pub(super) def_method fn uniform as "Random.uniform"(vm, a, b) {
        let f = floats(vm, &[Some(a), Some(b)], &[0.0, 0.0])?;
        Ok(Value::Float(f[0] + (f[1] - f[0]) * rand(vm)))
    }
}

native! {
    /// `Random.triangular(low=0.0, high=1.0, mode=None)`.
    pub(super) def_method fn triangular as "Random.triangular"(vm, low?, high?, mode?) {
        let low_v = low.unwrap_or(Value::Float(0.0));
        let f = floats(vm, &[low, high], &[0.0, 1.0])?;
        let (mut low, mut high) = (f[0], f[1]);
        let mut u = rand(vm);
        let mut c = match mode {
            None | Some(Value::None) => 0.5,
            Some(m) => {
                let m = vm.float_arg(m)?;
                if high - low == 0.0 {
                    return Ok(low_v);
                }
                (m - low) / (high - low)
            }
        };
        if u > c {
            u = 1.0 - u;
            c = 1.0 - c;
            std::mem::swap(&mut low, &mut high);
        }
        Ok(Value::Float(low + (high - low) * (u * c).sqrt()))
    }
}

fn normal(vm: &mut Vm, mu: f64, sigma: f64) -> f64 {
    let magic = 4.0 * (-0.5f64).exp() / 2.0f64.sqrt();
    loop {
        let u1 = rand(vm);
        let u2 = 1.0 - rand(vm);
        let z = magic * (u1 - 0.5) / u2;
        if z * z / 4.0 <= -u2.ln() {
            return mu + z * sigma;
        }
    }
}

native! {
    /// `Random.normalvariate(mu=0.0, sigma=1.0)`.
    pub(super) def_method fn normalvariate as "Random.normalvariate"(vm, mu?, sigma?) {
        let f = floats(vm, &[mu, sigma], &[0.0, 1.0])?;
        Ok(Value::Float(normal(vm, f[0], f[1])))
    }
}

native! {
    /// `Random.gauss(mu=0.0, sigma=1.0)`.
    pub(super) def_method fn gauss as "Random.gauss"(vm, mu?, sigma?) {
        let f = floats(vm, &[mu, sigma], &[0.0, 1.0])?;
        let z = match state(vm).gauss_next.take() {
            Some(z) => z,
            None => {
                let x2pi = rand(vm) * TWOPI;
                let g2rad = (-2.0 * (1.0 - rand(vm)).ln()).sqrt();
                state(vm).gauss_next = Some(x2pi.sin() * g2rad);
                x2pi.cos() * g2rad
            }
        };
        Ok(Value::Float(f[0] + z * f[1]))
    }
}

native! {
    /// `Random.lognormvariate(mu, sigma)`.
    pub(super) def_method fn lognormvariate as "Random.lognormvariate"(vm, mu, sigma) {
        let f = floats(vm, &[Some(mu), Some(sigma)], &[0.0, 0.0])?;
        let z = normal(vm, f[0], f[1]);
        Ok(Value::Float(math_exp(z)?))
    }
}

native! {
    /// `Random.expovariate(lambd=1.0)`.
    pub(super) def_method fn expovariate as "Random.expovariate"(vm, lambd?) {
        let f = floats(vm, &[lambd], &[1.0])?;
        let u = rand(vm);
        Ok(Value::Float(fdiv(-(1.0 - u).ln(), f[0])?))
    }
}

native! {
    /// `Random.vonmisesvariate(mu, kappa)`.
    pub(super) def_method fn vonmisesvariate as "Random.vonmisesvariate"(vm, mu, kappa) {
        let f = floats(vm, &[Some(mu), Some(kappa)], &[0.0, 0.0])?;
        let (mu, kappa) = (f[0], f[1]);
        if kappa <= 1e-6 {
            return Ok(Value::Float(TWOPI * rand(vm)));
        }
        let s = 0.5 / kappa;
        let r = s + (1.0 + s * s).sqrt();
        let z = loop {
            let u1 = rand(vm);
            let z = (std::f64::consts::PI * u1).cos();
            let d = z / (r + z);
            let u2 = rand(vm);
            if u2 < 1.0 - d * d || u2 <= (1.0 - d) * d.exp() {
                break z;
            }
        };
        let q = 1.0 / r;
        let f = (q + z) / (1.0 + q * z);
        let theta = if rand(vm) > 0.5 {
            mu + f.acos()
        } else {
            mu - f.acos()
        };
        Ok(Value::Float(crate::vm::ops::float_divmod(theta, TWOPI).1))
    }
}

fn gamma_variate(vm: &mut Vm, alpha: f64, beta: f64) -> PyResult<f64> {
    if alpha <= 0.0 || beta <= 0.0 || alpha.is_nan() || beta.is_nan() {
        return Err(PyErr::value_error(
            "gammavariate: alpha and beta must be > 0.0",
        ));
    }
    if alpha > 1.0 {
        let ainv = (2.0 * alpha - 1.0).sqrt();
        let bbb = alpha - 4f64.ln();
        let ccc = alpha + ainv;
        let sg_magic = 1.0 + 4.5f64.ln();
        loop {
            let u1 = rand(vm);
            if !(1e-7 < u1 && u1 < 0.9999999) {
                continue;
            }
            let u2 = 1.0 - rand(vm);
            let v = (u1 / (1.0 - u1)).ln() / ainv;
            let x = alpha * v.exp();
            let z = u1 * u1 * u2;
            let r = bbb + ccc * v - x;
            if r + sg_magic - 4.5 * z >= 0.0 || r >= z.ln() {
                return Ok(x * beta);
            }
        }
    }
    if alpha == 1.0 {
        return Ok(-(1.0 - rand(vm)).ln() * beta);
    }
    let e = std::f64::consts::E;
    loop {
        let u = rand(vm);
        let b = (e + alpha) / e;
        let p = b * u;
        let x = if p <= 1.0 {
            fpow(vm, p, 1.0 / alpha)?
        } else {
            -((b - p) / alpha).ln()
        };
        let u1 = rand(vm);
        if p > 1.0 {
            if u1 <= fpow(vm, x, alpha - 1.0)? {
                return Ok(x * beta);
            }
        } else if u1 <= (-x).exp() {
            return Ok(x * beta);
        }
    }
}

native! {
    /// `Random.gammavariate(alpha, beta)`.
    pub(super) def_method fn gammavariate as "Random.gammavariate"(vm, alpha, beta) {
        let f = floats(vm, &[Some(alpha), Some(beta)], &[0.0, 0.0])?;
        Ok(Value::Float(gamma_variate(vm, f[0], f[1])?))
    }
}

native! {
    /// `Random.betavariate(alpha, beta)`.
    pub(super) def_method fn betavariate as "Random.betavariate"(vm, alpha, beta) {
        let f = floats(vm, &[Some(alpha), Some(beta)], &[0.0, 0.0])?;
        let y = gamma_variate(vm, f[0], 1.0)?;
        if y != 0.0 {
            return Ok(Value::Float(y / (y + gamma_variate(vm, f[1], 1.0)?)));
        }
        Ok(Value::Float(0.0))
    }
}

native! {
    /// `Random.paretovariate(alpha)`.
    pub(super) def_method fn paretovariate as "Random.paretovariate"(vm, alpha) {
        let f = floats(vm, &[Some(alpha)], &[0.0])?;
        let u = 1.0 - rand(vm);
        let e = fdiv(-1.0, f[0])?;
        Ok(Value::Float(fpow(vm, u, e)?))
    }
}

native! {
    /// `Random.weibullvariate(alpha, beta)`.
    pub(super) def_method fn weibullvariate as "Random.weibullvariate"(vm, alpha, beta) {
        let f = floats(vm, &[Some(alpha), Some(beta)], &[0.0, 0.0])?;
        let u = 1.0 - rand(vm);
        let e = fdiv(1.0, f[1])?;
        Ok(Value::Float(f[0] * fpow(vm, -u.ln(), e)?))
    }
}

fn lgam(x: f64) -> f64 {
    lgamma(x).unwrap_or(f64::INFINITY)
}

fn binomial(vm: &mut Vm, n: i64, p: f64) -> PyResult<i64> {
    if n < 0 {
        return Err(PyErr::value_error("n must be non-negative"));
    }
    if p <= 0.0 || p >= 1.0 {
        if p == 0.0 {
            return Ok(0);
        }
        if p == 1.0 {
            return Ok(n);
        }
        return Err(PyErr::value_error("p must be in the range 0.0 <= p <= 1.0"));
    }
    if n == 1 {
        return Ok(i64::from(rand(vm) < p));
    }
    if p > 0.5 {
        return Ok(n - binomial(vm, n, 1.0 - p)?);
    }
    let nf = n as f64;
    if nf * p < 10.0 {
        // geometric method: O(np)
        let (mut x, mut y) = (0i64, 0i64);
        let c = (1.0 - p).log2();
        if c == 0.0 {
            return Ok(x);
        }
        loop {
            y += (rand(vm).log2() / c).floor() as i64 + 1;
            if y > n {
                return Ok(x);
            }
            x += 1;
        }
    }
    if !(nf * p >= 10.0 && p <= 0.5) {
        return Err(PyErr::New(ExcType::AssertionError, vec![]));
    }
    // BTRS: transformed rejection with squeeze
    let spq = (nf * p * (1.0 - p)).sqrt();
    let b = 1.15 + 2.53 * spq;
    let a = -0.0873 + 0.0248 * b + 0.01 * p;
    let c = nf * p + 0.5;
    let vr = 0.92 - 4.2 / b;
    let mut setup: Option<(f64, f64, i64, f64)> = None;
    loop {
        let mut u = rand(vm);
        u -= 0.5;
        let us = 0.5 - u.abs();
        let k = ((2.0 * a / us + b) * u + c).floor();
        if k < 0.0 || k > nf {
            continue;
        }
        let k = k as i64;
        let mut v = rand(vm);
        if us >= 0.07 && v <= vr {
            return Ok(k);
        }
        let (alpha, lpq, m, h) = *setup.get_or_insert_with(|| {
            let m = ((nf + 1.0) * p).floor() as i64;
            (
                (2.83 + 5.1 / b) * spq,
                (p / (1.0 - p)).ln(),
                m,
                lgam((m + 1) as f64) + lgam((n - m + 1) as f64),
            )
        });
        v *= alpha / (a / (us * us) + b);
        if v.ln() <= h - lgam((k + 1) as f64) - lgam((n - k + 1) as f64) + (k - m) as f64 * lpq {
            return Ok(k);
        }
    }
}

native! {
    /// `Random.binomialvariate(n=1, p=0.5)`.
    pub(super) def_method fn binomialvariate as "Random.binomialvariate"(vm, n?, p?) {
        let n = match n {
            Some(v) => vm.index_arg(v)?,
            None => 1,
        };
        let p = match p {
            Some(v) => vm.float_arg(v)?,
            None => 0.5,
        };
        Ok(Value::Int(binomial(vm, n, p)?))
    }
}
