//! `math`'s special functions (`erf`, `erfc`, `gamma`, `lgamma`) and the
//! double-double arithmetic (about 106 bits) they and the accurate sums
//! (`hypot`) are computed in. Working in twice the precision of a float and
//! rounding once at the end gives the correctly rounded result in all but
//! rare near-halfway cases, so values agree with CPython's libm.

/// An unevaluated sum `hi + lo` with `|lo| <= ulp(hi) / 2`.
#[derive(Clone, Copy, Debug)]
pub struct DD {
    pub hi: f64,
    pub lo: f64,
}

/// `a + b` exactly, as a rounded sum and its error.
pub fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

fn quick_two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    (s, b - (s - a))
}

/// `a * b` exactly, as a rounded product and its error (one fused op).
pub fn two_prod(a: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    (p, a.mul_add(b, -p))
}

impl DD {
    pub const fn new(x: f64) -> DD {
        DD { hi: x, lo: 0.0 }
    }

    pub fn add(self, o: DD) -> DD {
        let (s, e) = two_sum(self.hi, o.hi);
        let (t, f) = two_sum(self.lo, o.lo);
        let (s, e) = quick_two_sum(s, e + t);
        let (hi, lo) = quick_two_sum(s, e + f);
        DD { hi, lo }
    }

    pub fn add_f(self, b: f64) -> DD {
        self.add(DD::new(b))
    }

    pub fn neg(self) -> DD {
        DD {
            hi: -self.hi,
            lo: -self.lo,
        }
    }

    pub fn sub(self, o: DD) -> DD {
        self.add(o.neg())
    }

    pub fn mul(self, o: DD) -> DD {
        let (p, e) = two_prod(self.hi, o.hi);
        let (hi, lo) = quick_two_sum(p, e + (self.hi * o.lo + self.lo * o.hi));
        DD { hi, lo }
    }

    pub fn mul_f(self, b: f64) -> DD {
        self.mul(DD::new(b))
    }

    pub fn div(self, o: DD) -> DD {
        let q1 = self.hi / o.hi;
        let r = self.sub(o.mul_f(q1));
        let q2 = r.hi / o.hi;
        let r = r.sub(o.mul_f(q2));
        let q3 = r.hi / o.hi;
        let (hi, lo) = quick_two_sum(q1, q2);
        DD { hi, lo }.add_f(q3)
    }

    pub fn to_f64(self) -> f64 {
        self.hi + self.lo
    }
}

const PI: DD = DD {
    hi: std::f64::consts::PI,
    lo: 1.2246467991473532e-16,
};
const LN2: DD = DD {
    hi: std::f64::consts::LN_2,
    lo: 2.3190468138462996e-17,
};
const TWO_OVER_SQRT_PI: DD = DD {
    hi: std::f64::consts::FRAC_2_SQRT_PI,
    lo: 1.533545961316588e-17,
};
const INV_SQRT_PI: DD = DD {
    hi: 0.5641895835477563,
    lo: 7.66772980658294e-18,
};
const HALF_LN_2PI: DD = DD {
    hi: 0.9189385332046728,
    lo: -3.8782941580672414e-17,
};
const LN_PI: DD = DD {
    hi: 1.1447298858494002,
    lo: 1.0265951162707826e-17,
};

/// `B(2k) / (2k (2k - 1))`: the coefficients of Stirling's series.
const STIRLING: [DD; 14] = [
    DD {
        hi: 0.08333333333333333,
        lo: 4.625929269271485e-18,
    },
    DD {
        hi: -0.002777777777777778,
        lo: 1.0601087908747154e-19,
    },
    DD {
        hi: 0.0007936507936507937,
        lo: 6.883823317368282e-22,
    },
    DD {
        hi: -0.0005952380952380953,
        lo: 5.36938218754726e-20,
    },
    DD {
        hi: 0.0008417508417508417,
        lo: 3.6870174889237694e-20,
    },
    DD {
        hi: -0.0019175269175269176,
        lo: 1.0675702776872475e-19,
    },
    DD {
        hi: 0.00641025641025641,
        lo: 2.2240044563805217e-19,
    },
    DD {
        hi: -0.029550653594771242,
        lo: 4.861760957508855e-19,
    },
    DD {
        hi: 0.17964437236883057,
        lo: -6.401600482710946e-19,
    },
    DD {
        hi: -1.3924322169059011,
        lo: 1.5837056989230303e-17,
    },
    DD {
        hi: 13.402864044168393,
        lo: -6.154114101993966e-16,
    },
    DD {
        hi: -156.84828462600203,
        lo: 9.391823141715389e-15,
    },
    DD {
        hi: 2193.1033333333335,
        lo: -1.3339255626002948e-13,
    },
    DD {
        hi: -36108.77125372499,
        lo: 5.897583353514365e-13,
    },
];

/// `x * 2**n`, correctly rounded (also into the subnormal range): the
/// scaling steps are exact, only the last multiplication rounds.
pub fn ldexp(x: f64, n: i64) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let pow2 = |e: i64| f64::from_bits(((e + 1023) as u64) << 52);
    let mut y = x;
    let mut n = n.clamp(-3000, 3000);
    if n > 1023 {
        y *= pow2(1023);
        n -= 1023;
        if n > 1023 {
            y *= pow2(1023);
            n = (n - 1023).min(1023);
        }
    } else if n < -1022 {
        // 2**-969 = 2**-1022 * 2**53 keeps every nonzero result exact here
        y *= pow2(-969);
        n += 969;
        if n < -1022 {
            y *= pow2(-969);
            n = (n + 969).max(-1022);
        }
    }
    y * pow2(n)
}

/// `e**a` in double-double precision.
fn exp_dd(a: DD) -> DD {
    if a.hi > 709.8 {
        return DD::new(f64::INFINITY);
    }
    if a.hi < -746.0 {
        return DD::new(0.0);
    }
    let k = (a.hi / LN2.hi).round();
    // r = (a - k ln2) / 1024, |r| < 0.00034
    let r = a.sub(LN2.mul_f(k)).mul_f(1.0 / 1024.0);
    // e**r - 1 by Taylor's series
    let mut term = r;
    let mut s = r;
    for i in 2..14 {
        term = term.mul(r).div(DD::new(i as f64));
        s = s.add(term);
    }
    // (1 + s)**1024 - 1, squaring while keeping the "- 1" form
    for _ in 0..10 {
        s = s.mul_f(2.0).add(s.mul(s));
    }
    let e = s.add_f(1.0);
    let k = k as i64;
    DD {
        hi: ldexp(e.hi, k),
        lo: ldexp(e.lo, k),
    }
}

/// `ln(a)` for `a > 0`, in double-double precision (one Newton step on
/// `exp_dd` from the float logarithm).
fn ln_dd(a: DD) -> DD {
    let y = a.hi.ln();
    // y + a * e**-y - 1
    DD::new(y).add(a.mul(exp_dd(DD::new(-y))).add_f(-1.0))
}

/// `sin(t)` for `|t| <= 2`, by Taylor's series.
fn sin_dd(t: DD) -> DD {
    let t2 = t.mul(t);
    let mut term = t;
    let mut s = t;
    let mut i = 1.0;
    loop {
        term = term.mul(t2).div(DD::new(-(i + 1.0) * (i + 2.0)));
        i += 2.0;
        s = s.add(term);
        if term.hi.abs() < 1e-40 || i > 80.0 {
            return s;
        }
    }
}

/// `sin(pi * x)`, exact in its argument reduction.
fn sinpi_dd(x: f64) -> DD {
    let mut r = x - 2.0 * (x / 2.0).round();
    if r > 0.5 {
        r = 1.0 - r;
    } else if r < -0.5 {
        r = -1.0 - r;
    }
    sin_dd(PI.mul_f(r))
}

/// `ln(gamma(z))` for `z > 0`: shift up to `z >= 40`, then Stirling's series.
fn lgamma_pos_dd(z: DD) -> DD {
    let mut z = z;
    let mut shift = DD::new(1.0);
    let mut shifted = false;
    while z.hi < 40.0 {
        shift = shift.mul(z);
        z = z.add_f(1.0);
        shifted = true;
    }
    let lz = ln_dd(z);
    let zi = DD::new(1.0).div(z);
    let zi2 = zi.mul(zi);
    let mut series = DD::new(0.0);
    for c in STIRLING.iter().rev() {
        series = series.mul(zi2).add(*c);
    }
    let mut r = z
        .add_f(-0.5)
        .mul(lz)
        .sub(z)
        .add(HALF_LN_2PI)
        .add(series.mul(zi));
    if shifted {
        r = r.sub(ln_dd(shift));
    }
    r
}

/// Whether `x` is zero or a negative integer: a pole of gamma.
fn is_pole(x: f64) -> bool {
    x <= 0.0 && x == x.floor()
}

/// `Err(true)` for a domain error (a pole), `Err(false)` for overflow.
pub fn gamma(x: f64) -> Result<f64, bool> {
    if x.is_nan() || x == f64::INFINITY {
        return Ok(x);
    }
    if x == f64::NEG_INFINITY || is_pole(x) {
        return Err(true);
    }
    if x == x.floor() && x <= 23.0 {
        let mut f = 1.0;
        for i in 2..x as i64 {
            f *= i as f64;
        }
        return Ok(f);
    }
    if x > 0.0 {
        if x > 171.7 {
            return Err(false);
        }
        let r = exp_dd(lgamma_pos_dd(DD::new(x))).to_f64();
        return if r.is_finite() { Ok(r) } else { Err(false) };
    }
    // reflection: gamma(x) = pi / (sin(pi x) gamma(1 - x))
    let s = sinpi_dd(x);
    let (h, l) = two_sum(1.0, -x);
    let abs_s = if s.hi < 0.0 { s.neg() } else { s };
    let lg = LN_PI
        .sub(ln_dd(abs_s))
        .sub(lgamma_pos_dd(DD { hi: h, lo: l }));
    let m = exp_dd(lg).to_f64();
    if m.is_infinite() {
        return Err(false);
    }
    Ok(if s.hi < 0.0 { -m } else { m })
}

/// `Err(true)` for a domain error (a pole), `Err(false)` for overflow.
pub fn lgamma(x: f64) -> Result<f64, bool> {
    if x.is_nan() {
        return Ok(x);
    }
    if x.is_infinite() {
        return Ok(f64::INFINITY);
    }
    if is_pole(x) {
        return Err(true);
    }
    if x == 1.0 || x == 2.0 {
        return Ok(0.0);
    }
    if x.abs() >= 1e15 {
        // far from the poles and roots: the float formula is exact enough
        let r = (x.abs() - 0.5) * x.abs().ln() - x.abs() + HALF_LN_2PI.hi;
        if x > 0.0 {
            return if r.is_finite() { Ok(r) } else { Err(false) };
        }
        let s = sinpi_dd(x).to_f64().abs();
        return Ok(LN_PI.hi - s.ln() - r);
    }
    if x > 0.0 {
        return Ok(lgamma_pos_dd(DD::new(x)).to_f64());
    }
    let s = sinpi_dd(x);
    let abs_s = if s.hi < 0.0 { s.neg() } else { s };
    let (h, l) = two_sum(1.0, -x);
    Ok(LN_PI
        .sub(ln_dd(abs_s))
        .sub(lgamma_pos_dd(DD { hi: h, lo: l }))
        .to_f64())
}

/// `erf(x)` for `|x| < 2.5` by its Maclaurin series, in double-double.
fn erf_series(x: f64) -> DD {
    let x2 = {
        let (h, l) = two_prod(x, x);
        DD { hi: h, lo: l }
    };
    let mut power = DD::new(x); // x**(2n+1) / n!
    let mut sum = DD::new(x);
    let mut n = 0.0;
    loop {
        n += 1.0;
        power = power.mul(x2).div(DD::new(-n));
        let term = power.div(DD::new(2.0 * n + 1.0));
        sum = sum.add(term);
        if term.hi.abs() < 1e-34 * sum.hi.abs() || n > 300.0 {
            break;
        }
    }
    TWO_OVER_SQRT_PI.mul(sum)
}

/// `erfc(x)` for `x >= 2.5` by its continued fraction, in double-double.
fn erfc_cf(x: f64) -> DD {
    let terms = (20.0 + 700.0 / (x * x)) as i32;
    let xd = DD::new(x);
    let mut t = xd;
    for k in (1..=terms).rev() {
        t = xd.add(DD::new(k as f64 * 0.5).div(t));
    }
    let (h, l) = two_prod(x, x);
    exp_dd(DD { hi: -h, lo: -l }).mul(INV_SQRT_PI).div(t)
}

pub fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    let a = x.abs();
    if a < 2.5 {
        return erf_series(x).to_f64();
    }
    let r = if a >= 6.0 {
        1.0
    } else {
        DD::new(1.0).sub(erfc_cf(a)).to_f64()
    };
    if x < 0.0 {
        -r
    } else {
        r
    }
}

pub fn erfc(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x.abs() < 2.5 {
        return DD::new(1.0).sub(erf_series(x)).to_f64();
    }
    if x < 0.0 {
        if x <= -6.0 {
            return 2.0;
        }
        return DD::new(2.0).sub(erfc_cf(-x)).to_f64();
    }
    if x >= 27.5 {
        return 0.0;
    }
    erfc_cf(x).to_f64()
}
