//! The arithmetic context as plain data ([`Ctx`]: precision, rounding,
//! exponent limits, flags and traps) and the one place results meet it:
//! rounding a coefficient and [`Ctx::finish`], which applies precision,
//! subnormal/underflow, overflow and clamping and records the signals an
//! operation raised (in a [`Status`], turned into flags and maybe an
//! exception by the caller).

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};
use serde::{Deserialize, Serialize};

use super::number::{digits, pow10, Dec, Kind};

/// The rounding modes, in CPython's order of the `valid values` message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Rounding {
    Ceiling,
    Floor,
    Up,
    Down,
    HalfUp,
    HalfDown,
    HalfEven,
    Up05,
}

impl Rounding {
    pub const ALL: [Rounding; 8] = [
        Rounding::Ceiling,
        Rounding::Floor,
        Rounding::Up,
        Rounding::Down,
        Rounding::HalfUp,
        Rounding::HalfDown,
        Rounding::HalfEven,
        Rounding::Up05,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Rounding::Ceiling => "ROUND_CEILING",
            Rounding::Floor => "ROUND_FLOOR",
            Rounding::Up => "ROUND_UP",
            Rounding::Down => "ROUND_DOWN",
            Rounding::HalfUp => "ROUND_HALF_UP",
            Rounding::HalfDown => "ROUND_HALF_DOWN",
            Rounding::HalfEven => "ROUND_HALF_EVEN",
            Rounding::Up05 => "ROUND_05UP",
        }
    }

    pub fn from_name(s: &str) -> Option<Rounding> {
        Rounding::ALL.iter().copied().find(|r| r.name() == s)
    }
}

/// Condition bits an operation raises. The first nine are the signals
/// (in `SignalDict` order); the last four are conditions that signal
/// `InvalidOperation` but name their own class in the exception message.
pub type Status = u32;
pub const INVALID: Status = 1;
pub const FLOAT_OP: Status = 1 << 1;
pub const DIV_ZERO: Status = 1 << 2;
pub const OVERFLOW: Status = 1 << 3;
pub const UNDERFLOW: Status = 1 << 4;
pub const SUBNORMAL: Status = 1 << 5;
pub const INEXACT: Status = 1 << 6;
pub const ROUNDED: Status = 1 << 7;
pub const CLAMPED: Status = 1 << 8;
pub const CONVERSION_SYNTAX: Status = 1 << 9;
pub const DIV_IMPOSSIBLE: Status = 1 << 10;
pub const DIV_UNDEFINED: Status = 1 << 11;
pub const INVALID_CONTEXT: Status = 1 << 12;
/// All four `InvalidOperation` conditions.
pub const INVALID_CONDITIONS: Status =
    CONVERSION_SYNTAX | DIV_IMPOSSIBLE | DIV_UNDEFINED | INVALID_CONTEXT;

/// The signal bits (flags/traps) a status raises.
pub fn signals_of(st: Status) -> u16 {
    let mut s = (st & 0x1ff) as u16;
    if st & INVALID_CONDITIONS != 0 {
        s |= INVALID as u16;
    }
    s
}

pub const MAX_PREC: i64 = 999_999_999_999_999_999;
pub const MAX_EMAX: i64 = 999_999_999_999_999_999;
pub const MIN_EMIN: i64 = -999_999_999_999_999_999;

/// A decimal context.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ctx {
    pub prec: i64,
    pub rounding: Rounding,
    pub emin: i64,
    pub emax: i64,
    pub capitals: bool,
    pub clamp: bool,
    /// Signal bits (see [`Status`]).
    pub flags: u16,
    pub traps: u16,
}

impl Default for Ctx {
    fn default() -> Ctx {
        Ctx {
            prec: 28,
            rounding: Rounding::HalfEven,
            emin: -999_999,
            emax: 999_999,
            capitals: true,
            clamp: false,
            flags: 0,
            traps: (INVALID | DIV_ZERO | OVERFLOW) as u16,
        }
    }
}

impl Ctx {
    pub fn etiny(&self) -> i64 {
        self.emin - self.prec + 1
    }

    pub fn etop(&self) -> i64 {
        self.emax - self.prec + 1
    }

    /// A copy with another precision, flags and traps cleared (for
    /// intermediate results).
    pub fn with_prec(&self, prec: i64, rounding: Rounding) -> Ctx {
        Ctx {
            prec,
            rounding,
            flags: 0,
            traps: 0,
            ..self.clone()
        }
    }

    /// The widest context: for exact intermediate steps.
    pub fn max_range(prec: i64) -> Ctx {
        Ctx {
            prec,
            rounding: Rounding::HalfEven,
            emin: MIN_EMIN,
            emax: MAX_EMAX,
            capitals: true,
            clamp: false,
            flags: 0,
            traps: 0,
        }
    }

    /// Rounds and range-checks a finite exact result whose value is
    /// `coeff * 10**exp`, plus a positive amount smaller than one unit of
    /// the last digit when `sticky` (digits computed beyond the ones
    /// given are not all zero).
    pub fn finish(&self, mut d: Dec, sticky: bool, st: &mut Status) -> Dec {
        if !d.is_finite() {
            return d;
        }
        let prec = self.prec;
        let nd = digits(&d.coeff) as i64;
        let etiny = self.etiny();
        if d.coeff.is_zero() && !sticky {
            if d.exp < etiny {
                d.exp = etiny;
                *st |= CLAMPED;
            }
            let top = if self.clamp { self.etop() } else { self.emax };
            if d.exp > top {
                d.exp = top;
                *st |= CLAMPED;
            }
            return d;
        }
        let adj = d.exp + nd - 1;
        let subnormal = adj < self.emin;
        let mut target = d.exp.max(d.exp + nd - prec);
        if subnormal {
            target = target.max(etiny);
        }
        let mut inexact = sticky;
        if target > d.exp || sticky {
            let drop = (target - d.exp).max(0) as u64;
            let (c, lost) = round_coeff(&d.coeff, drop, d.neg, self.rounding, sticky);
            d.coeff = c;
            d.exp = target;
            inexact = lost;
            *st |= ROUNDED;
            if lost {
                *st |= INEXACT;
            }
            if digits(&d.coeff) as i64 > prec {
                d.coeff /= 10u32;
                d.exp += 1;
            }
        }
        if subnormal {
            *st |= SUBNORMAL;
            if inexact {
                *st |= UNDERFLOW;
                if d.coeff.is_zero() {
                    *st |= CLAMPED;
                }
            }
        }
        let adj = d.exp + digits(&d.coeff) as i64 - 1;
        if !d.coeff.is_zero() && adj > self.emax {
            *st |= OVERFLOW | INEXACT | ROUNDED;
            return self.overflow_result(d.neg);
        }
        if self.clamp && d.exp > self.etop() {
            let shift = (d.exp - self.etop()) as u64;
            if !d.coeff.is_zero() {
                d.coeff *= pow10(shift);
            }
            d.exp = self.etop();
            *st |= CLAMPED;
        }
        d
    }

    /// What an overflow rounds to: infinity, or the largest finite value
    /// when the rounding mode moves towards zero.
    pub fn overflow_result(&self, neg: bool) -> Dec {
        let to_inf = match self.rounding {
            Rounding::HalfUp | Rounding::HalfDown | Rounding::HalfEven | Rounding::Up => true,
            Rounding::Down | Rounding::Up05 => false,
            Rounding::Ceiling => !neg,
            Rounding::Floor => neg,
        };
        if to_inf {
            Dec::inf(neg)
        } else {
            self.max_finite(neg)
        }
    }

    pub fn max_finite(&self, neg: bool) -> Dec {
        let c = pow10(self.prec as u64) - BigUint::one();
        Dec::finite(neg, c, self.emax - self.prec + 1)
    }

    /// Rounds `d` to context precision without any other checks (plus
    /// operator semantics), returning the finished value.
    pub fn round(&self, d: &Dec, st: &mut Status) -> Dec {
        self.finish(d.clone(), false, st)
    }
}

/// Drops `drop` digits of `c` rounding by `mode`; `sticky` adds a
/// nonzero amount below the dropped digits. Returns the coefficient and
/// whether anything nonzero was discarded.
pub fn round_coeff(
    c: &BigUint,
    drop: u64,
    neg: bool,
    mode: Rounding,
    sticky: bool,
) -> (BigUint, bool) {
    let nd = digits(c);
    let (q, cmp_half, rest_nonzero) = if drop == 0 {
        // nothing dropped but a sticky remainder: less than half
        (c.clone(), std::cmp::Ordering::Less, sticky)
    } else if drop > nd {
        let nonzero = !c.is_zero() || sticky;
        (BigUint::zero(), std::cmp::Ordering::Less, nonzero)
    } else {
        let p = pow10(drop);
        let (q, r) = c.div_rem(&p);
        let twice = &r * 2u32;
        let mut ord = twice.cmp(&p);
        if ord == std::cmp::Ordering::Equal && sticky {
            ord = std::cmp::Ordering::Greater;
        }
        let nonzero = !r.is_zero() || sticky;
        (q, ord, nonzero)
    };
    if !rest_nonzero {
        return (q, false);
    }
    use std::cmp::Ordering::*;
    let last_odd = q.is_odd();
    let up = match mode {
        Rounding::Down => false,
        Rounding::Up => true,
        Rounding::Ceiling => !neg,
        Rounding::Floor => neg,
        Rounding::HalfUp => cmp_half != Less,
        Rounding::HalfDown => cmp_half == Greater,
        Rounding::HalfEven => cmp_half == Greater || (cmp_half == Equal && last_odd),
        Rounding::Up05 => {
            let last = &q % 10u32;
            last.is_zero() || last == BigUint::from(5u32)
        }
    };
    (if up { q + 1u32 } else { q }, true)
}

/// A quiet NaN copy of an operand NaN, its payload cut to fit the
/// precision (`prec - clamp` digits) as the spec says.
pub fn quiet(d: &Dec, ctx: &Ctx) -> Dec {
    let mut r = d.clone();
    r.kind = Kind::NaN;
    let keep = (ctx.prec - ctx.clamp as i64).max(0) as u64;
    if digits(&r.coeff) > keep && !r.coeff.is_zero() {
        r.coeff %= pow10(keep);
        if keep == 0 {
            r.coeff = BigUint::zero();
        }
    }
    r
}
