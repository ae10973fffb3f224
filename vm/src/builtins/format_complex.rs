//! `format(z, spec)` for complex numbers: each part formatted like a float
//! (a typeless spec prints the parts as `repr` does, without parentheses
//! once a type is given), the sign option on the real part (or the lone
//! imaginary part), then padding of the whole; zero padding and `=`
//! alignment are refused as CPython refuses them.

use crate::object::complex::{part_repr, Complex};
use crate::vm::{PyErr, PyResult, Vm};

use super::{
    add_point, align, float_body, group, group_fraction, parse_spec, sign_str, unknown_code, Spec,
};

/// `format(z, spec)` for a non-empty spec.
pub fn format_complex(vm: &Vm, spec: &str, z: Complex) -> PyResult<String> {
    let s = parse_spec(spec, "complex", None)?;
    if let Some(t) =
        s.ty.filter(|t| !matches!(t, 'e' | 'E' | 'f' | 'F' | 'g' | 'G' | 'n'))
    {
        return Err(unknown_code(t, "complex"));
    }
    if s.fill_align('>').0 == '0' {
        return Err(PyErr::value_error(
            "Zero padding is not allowed in complex format specifier",
        ));
    }
    if s.align == Some('=') {
        return Err(PyErr::value_error(
            "'=' alignment flag is not allowed in complex format specifier",
        ));
    }
    if let (Some(g), Some('n')) = (s.frac_grouping, s.ty) {
        return Err(PyErr::value_error(format!(
            "Cannot specify '{g}' with 'n'."
        )));
    }
    // No type: the parts as repr prints them, in parentheses unless the
    // real part is +0 and left out.
    let typeless = s.ty.is_none();
    let skip_re = typeless && z.re == 0.0 && z.re.is_sign_positive();
    let add_parens = typeless && !skip_re;
    let (ty, prec) = match (s.ty, s.precision) {
        (None, None) => ('r', 0),
        (None, Some(p)) => ('g', p),
        (Some('n'), p) => ('g', p.unwrap_or(6)),
        (Some(t), p) => (t, p.unwrap_or(6)),
    };
    let (re_neg, re_body) = part(vm, &s, z.re, ty, prec)?;
    let (im_neg, im_body) = part(vm, &s, z.im, ty, prec)?;
    let mut out = String::new();
    if add_parens {
        out.push('(');
    }
    if skip_re {
        out.push_str(sign_str(&s, im_neg));
    } else {
        out.push_str(sign_str(&s, re_neg));
        out.push_str(&re_body);
        out.push(if im_neg { '-' } else { '+' });
    }
    out.push_str(&im_body);
    out.push('j');
    if add_parens {
        out.push(')');
    }
    let unpadded_sign = Spec {
        sign: None,
        ..s.clone()
    };
    align(vm, &unpadded_sign, "", &out, '>')
}

/// One part's sign and digits (grouped as the spec asks), `ty` being
/// `r` for the repr form or a float presentation type.
fn part(vm: &Vm, s: &Spec, x: f64, ty: char, prec: usize) -> PyResult<(bool, String)> {
    let mut neg = x.is_sign_negative() && !x.is_nan();
    let body = if ty == 'r' {
        let digits = part_repr(x.abs());
        if s.alt && x.is_finite() {
            add_point(digits)
        } else {
            digits
        }
    } else {
        float_body(vm, x, ty, prec, s.alt)?
    };
    if s.no_neg_zero && neg && x.is_finite() && !body.chars().any(|c| matches!(c, '1'..='9')) {
        neg = false;
    }
    if !x.is_finite() {
        return Ok((neg, body));
    }
    let body = match s.frac_grouping {
        Some(g) => group_fraction(&body, g),
        None => body,
    };
    let body = match s.grouping {
        Some(g) => {
            let split = body.find(['.', 'e', 'E']).unwrap_or(body.len());
            format!("{}{}", group(&body[..split], g, 3), &body[split..])
        }
        None => body,
    };
    Ok((neg, body))
}
