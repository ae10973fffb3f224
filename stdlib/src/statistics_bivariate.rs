//! `statistics.covariance` and `statistics.correlation` (Pearson's, or
//! Spearman's with `method='ranked'`), computed as CPython computes them:
//! `fsum` means, exact `sumprod`s, and a corrected square root.

use super::math_special::two_prod;
use super::math_sum::{sumprod_of, Partials};
use super::util::{keep, rooted};
use crate::object::Value;
use crate::vm::{PyErr, PyResult, Vm};
use monty_compile::bytecode::BinOp;

fn stat_err(msg: &str) -> PyErr {
    PyErr::new(crate::object::ExcType::StatisticsError, msg)
}

/// Both samples, checked to have the same length of at least two.
fn samples(vm: &mut Vm, x: Value, y: Value, what: &str) -> PyResult<(Vec<Value>, Vec<Value>)> {
    let n = vm.len_of(x)?;
    if vm.len_of(y)? != n {
        return Err(stat_err(&format!(
            "{what} requires that both inputs have same number of data points"
        )));
    }
    if n < 2 {
        return Err(stat_err(&format!(
            "{what} requires at least two data points"
        )));
    }
    let xs = vm.collect_iterable(x)?;
    let ys = vm.collect_iterable(y)?;
    Ok((xs, ys))
}

fn fsum(vm: &Vm, items: &[Value]) -> PyResult<f64> {
    let mut p = Partials::default();
    let mut special = 0.0;
    for v in items {
        let x = vm.float_arg(*v)?;
        if x.is_finite() {
            p.add(x).map_err(|_| {
                PyErr::new(
                    crate::object::ExcType::OverflowError,
                    "intermediate overflow in fsum",
                )
            })?;
        } else {
            special += x;
        }
    }
    Ok(if special != 0.0 || special.is_nan() {
        special
    } else {
        p.round()
    })
}

/// `[v - mean for v in items]`.
fn centered(vm: &mut Vm, items: &[Value]) -> PyResult<Value> {
    let mean = fsum(vm, items)? / items.len() as f64;
    let mut out = Vec::with_capacity(items.len());
    for v in items {
        let d = vm.binary_op(BinOp::Sub, *v, Value::Float(mean), false)?;
        keep(vm, d);
        out.push(d);
    }
    let l = vm.new_list(out);
    keep(vm, l);
    Ok(l)
}

fn sp(vm: &mut Vm, a: Value, b: Value) -> PyResult<Value> {
    let r = sumprod_of(vm, a, b)?;
    keep(vm, r);
    Ok(r)
}

native! {
    /// `statistics.covariance(x, y, /)`.
    pub(super) def fn covariance(vm, x, y, /) {
        rooted(vm, &[x, y], |vm| covariance_of(vm, x, y))
    }

    /// `statistics.correlation(x, y, /, *, method='linear')`.
    pub(super) def fn correlation(vm, x, y, /, *, method?) {
        let roots = [x, y, method.unwrap_or(Value::None)];
        rooted(vm, &roots, |vm| correlation_of(vm, x, y, method))
    }
}

fn covariance_of(vm: &mut Vm, x: Value, y: Value) -> PyResult<Value> {
    let (xs, ys) = samples(vm, x, y, "covariance")?;
    let n = xs.len();
    let dx = centered(vm, &xs)?;
    let dy = centered(vm, &ys)?;
    let sxy = sp(vm, dx, dy)?;
    vm.binary_op(BinOp::Div, sxy, Value::Int(n as i64 - 1), false)
}

/// Ranks from `start` with ties given the mean of their ranks.
fn rank(vm: &mut Vm, items: &[Value], start: f64) -> PyResult<Value> {
    let pairs: Vec<Value> = items
        .iter()
        .enumerate()
        .map(|(i, v)| vm.new_tuple(vec![*v, Value::Int(i as i64)]))
        .collect();
    let l = vm.new_list(pairs.clone());
    keep(vm, l);
    let sorted = vm.sort_values(pairs, Value::None, false)?;
    let first = |vm: &Vm, t: Value| -> Value {
        match t {
            Value::Ref(id) => match vm.heap.get(id) {
                crate::object::Obj::Tuple(p) => p[0],
                _ => t,
            },
            _ => t,
        }
    };
    let mut result = vec![Value::Float(0.0); items.len()];
    let mut i = start - 1.0;
    let mut g = 0;
    while g < sorted.len() {
        let head = first(vm, sorted[g]);
        let mut end = g + 1;
        while end < sorted.len() && vm.py_eq(first(vm, sorted[end]), head)? {
            end += 1;
        }
        let size = (end - g) as f64;
        let r = i + (size + 1.0) / 2.0;
        for t in &sorted[g..end] {
            if let Value::Ref(id) = t {
                if let crate::object::Obj::Tuple(p) = vm.heap.get(*id) {
                    if let Value::Int(pos) = p[1] {
                        result[pos as usize] = Value::Float(r);
                    }
                }
            }
        }
        i += size;
        g = end;
    }
    let out = vm.new_list(result);
    keep(vm, out);
    Ok(out)
}

/// `sqrt(x * y)` with a correction step (and rescaling on overflow or
/// underflow), as `statistics._sqrtprod`.
fn sqrtprod(x: f64, y: f64) -> f64 {
    let h = (x * y).sqrt();
    if !h.is_finite() {
        if h.is_infinite() && !x.is_infinite() && !y.is_infinite() {
            let scale = 2f64.powi(-512);
            return sqrtprod(scale * x, scale * y) / scale;
        }
        return h;
    }
    if h == 0.0 {
        if x != 0.0 && y != 0.0 {
            let scale = 2f64.powi(537);
            return sqrtprod(scale * x, scale * y) / scale;
        }
        return h;
    }
    let (p, e) = two_prod(x, y);
    let (q, f) = two_prod(h, -h);
    let mut parts = Partials::default();
    for v in [p, e, q, f] {
        if parts.add(v).is_err() {
            return h;
        }
    }
    h + parts.round() / (2.0 * h)
}

fn correlation_of(vm: &mut Vm, x: Value, y: Value, method: Option<Value>) -> PyResult<Value> {
    let (xs, ys) = samples(vm, x, y, "correlation")?;
    let n = xs.len();
    let method = match method {
        None => "linear".to_string(),
        Some(m) => match crate::vm::as_str(&vm.heap, m) {
            Some(t @ ("linear" | "ranked")) => t.to_string(),
            _ => {
                let r = vm.repr(m)?;
                return Err(PyErr::value_error(format!("Unknown method: {r}")));
            }
        },
    };
    let (dx, dy) = if method == "ranked" {
        let start = (n as f64 - 1.0) / -2.0;
        (rank(vm, &xs, start)?, rank(vm, &ys, start)?)
    } else {
        (centered(vm, &xs)?, centered(vm, &ys)?)
    };
    let sxy = sp(vm, dx, dy)?;
    let sxx = sp(vm, dx, dx)?;
    let syy = sp(vm, dy, dy)?;
    let (sxy, sxx, syy) = (vm.float_arg(sxy)?, vm.float_arg(sxx)?, vm.float_arg(syy)?);
    let den = sqrtprod(sxx, syy);
    if den == 0.0 {
        return Err(stat_err("at least one of the inputs is constant"));
    }
    Ok(Value::Float(sxy / den))
}
