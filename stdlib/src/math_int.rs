//! `math`'s integer functions — `factorial`, `gcd`, `lcm`, `isqrt`, `comb`,
//! `perm` — exact on ints of any size, with CPython's argument checks and
//! its limits (arguments past `sys.maxsize` overflow). Results too large
//! for the VM's allocation limit raise `MemoryError` before computing.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

use crate::object::{int, ExcType, Value};
use crate::vm::{PyErr, PyResult, Vm};

const MAX_MSG: &str = "9223372036854775807";

/// `lo * (lo + 1) * ... * (lo + n - 1)`, by binary splitting so the big
/// multiplications are balanced.
fn prod_range(lo: &BigInt, n: u64) -> BigInt {
    if n <= 16 {
        let mut r = BigInt::one();
        for i in 0..n {
            r *= lo + i;
        }
        return r;
    }
    let h = n / 2;
    prod_range(lo, h) * prod_range(&(lo + h), n - h)
}

/// Refuses a result of about `bits` bits beyond the allocation limit.
fn check_bits(vm: &Vm, bits: f64) -> PyResult<()> {
    vm.check_alloc((bits / 8.0).min(1e30) as u128)
}

fn factorial_of(vm: &mut Vm, n: &BigInt) -> PyResult<Value> {
    if n.is_negative() {
        return Err(PyErr::value_error(
            "factorial() not defined for negative values",
        ));
    }
    let Some(n) = n.to_i64() else {
        return Err(PyErr::new(
            ExcType::OverflowError,
            format!("factorial() argument should not exceed {MAX_MSG}"),
        ));
    };
    let nf = n as f64;
    check_bits(vm, nf * nf.max(2.0).log2())?;
    let r = prod_range(&BigInt::one(), n as u64);
    Ok(int::from_bigint(&mut vm.heap, r))
}

native! {
    /// `math.factorial(n, /)`.
    pub(super) builtin fn factorial in "math" (vm, n, /) {
        let n = vm.bigint_arg(n)?;
        factorial_of(vm, &n)
    }
}

fn gcd_u64(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

fn small_or_big(vm: &mut Vm, x: u64) -> Value {
    match i64::try_from(x) {
        Ok(i) => Value::Int(i),
        Err(_) => int::from_bigint(&mut vm.heap, BigInt::from(x)),
    }
}

/// All arguments as ints (`TypeError` for anything else).
fn int_args(vm: &Vm, xs: &[Value]) -> PyResult<Vec<BigInt>> {
    xs.iter().map(|v| vm.bigint_arg(*v)).collect()
}

native! {
    /// `math.gcd(*integers)`.
    pub(super) builtin fn gcd in "math" (vm, *integers) {
        if integers.iter().all(|v| matches!(v, Value::Int(_))) {
            let mut g = 0u64;
            for v in &integers {
                if let Value::Int(i) = v {
                    g = gcd_u64(g, i.unsigned_abs());
                }
            }
            return Ok(small_or_big(vm, g));
        }
        let mut g = BigInt::zero();
        for x in int_args(vm, &integers)? {
            g = g.gcd(&x);
        }
        Ok(int::from_bigint(&mut vm.heap, g))
    }

    /// `math.lcm(*integers)`.
    pub(super) builtin fn lcm in "math" (vm, *integers) {
        let xs = int_args(vm, &integers)?;
        let mut l = BigInt::one();
        for x in xs {
            if x.is_zero() {
                return Ok(Value::Int(0));
            }
            check_bits(vm, (l.bits() + x.bits()) as f64)?;
            l = l.lcm(&x);
        }
        Ok(int::from_bigint(&mut vm.heap, l.abs()))
    }

    /// `math.isqrt(n, /)`.
    pub(super) builtin fn isqrt in "math" (vm, n, /) {
        let n = vm.bigint_arg(n)?;
        if n.is_negative() {
            return Err(PyErr::value_error("isqrt() argument must be nonnegative"));
        }
        if let Some(u) = n.to_u64() {
            return Ok(Value::Int(u.isqrt() as i64));
        }
        let r = n.sqrt();
        Ok(int::from_bigint(&mut vm.heap, r))
    }

    /// `math.comb(n, k, /)`.
    pub(super) builtin fn comb in "math" (vm, n, k, /) {
        comb_of(vm, n, k)
    }

    /// `math.perm(n, k=None, /)`.
    pub(super) builtin fn perm in "math" (vm, n, k?, /) {
        perm_of(vm, n, k)
    }
}

fn nonneg(x: &BigInt, which: &str) -> PyResult<()> {
    if x.is_negative() {
        return Err(PyErr::value_error(format!(
            "{which} must be a non-negative integer"
        )));
    }
    Ok(())
}

fn comb_of(vm: &mut Vm, n: Value, k: Value) -> PyResult<Value> {
    let n = vm.bigint_arg(n)?;
    let k = vm.bigint_arg(k)?;
    nonneg(&n, "n")?;
    nonneg(&k, "k")?;
    if k > n {
        return Ok(Value::Int(0));
    }
    let other = &n - &k;
    let k = if other < k { other } else { k };
    let Some(k) = k.to_u64().filter(|k| *k <= i64::MAX as u64) else {
        return Err(PyErr::new(
            ExcType::OverflowError,
            format!("min(n - k, k) must not exceed {MAX_MSG}"),
        ));
    };
    check_bits(vm, k as f64 * n.bits() as f64)?;
    let top = prod_range(&(&n - k + 1u32), k);
    let r = top / prod_range(&BigInt::one(), k);
    Ok(int::from_bigint(&mut vm.heap, r))
}

fn perm_of(vm: &mut Vm, n: Value, k: Option<Value>) -> PyResult<Value> {
    let n = vm.bigint_arg(n)?;
    let Some(k) = k.filter(|k| !k.is_none()) else {
        return factorial_of(vm, &n);
    };
    let k = vm.bigint_arg(k)?;
    nonneg(&n, "n")?;
    nonneg(&k, "k")?;
    if k > n {
        return Ok(Value::Int(0));
    }
    let Some(k) = k.to_u64().filter(|k| *k <= i64::MAX as u64) else {
        return Err(PyErr::new(
            ExcType::OverflowError,
            format!("k must not exceed {MAX_MSG}"),
        ));
    };
    check_bits(vm, k as f64 * n.bits() as f64)?;
    let r = prod_range(&(&n - k + 1u32), k);
    Ok(int::from_bigint(&mut vm.heap, r))
}
