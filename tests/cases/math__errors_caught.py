import math

def attempt(label, f):
    try:
        print(label, f())
    except (ValueError, OverflowError, TypeError, ZeroDivisionError) as e:
        print(label, type(e).__name__)

attempt('sqrt(-1)', lambda: math.sqrt(-1))
attempt('log(0)', lambda: math.log(0))
attempt('log(-2.5)', lambda: math.log(-2.5))
attempt('acos(2)', lambda: math.acos(2))
attempt('exp(1000)', lambda: math.exp(1000))
attempt('pow(0,-1)', lambda: math.pow(0, -1))
attempt('pow(-8,1/3)', lambda: math.pow(-8, 1 / 3))
attempt('fmod(1,0)', lambda: math.fmod(1, 0))
attempt('gamma(0)', lambda: math.gamma(0))
attempt('gamma(-2)', lambda: math.gamma(-2))
attempt('gamma(200)', lambda: math.gamma(200))
attempt('sin(inf)', lambda: math.sin(math.inf))
attempt('sqrt(str)', lambda: math.sqrt('4'))
attempt('floor(nan)', lambda: math.floor(math.nan))
attempt('isqrt(2.0)', lambda: math.isqrt(2.0))
attempt('comb(-1,2)', lambda: math.comb(-1, 2))
attempt('ldexp(1,2000)', lambda: math.ldexp(1.0, 2000))
attempt('fsum inf-inf', lambda: math.fsum([math.inf, -math.inf]))
attempt('sumprod len', lambda: math.sumprod([1, 2], [3]))
attempt('dist len', lambda: math.dist([1, 2], [3]))
attempt('hypot str', lambda: math.hypot(1, 'x'))
attempt('isclose neg', lambda: math.isclose(1, 1, rel_tol=-1))
for msg_case in [lambda: math.factorial(-1), lambda: math.isqrt(-4), lambda: math.exp(800),
                 lambda: math.ceil(math.inf), lambda: math.floor('x'), lambda: math.gcd(1.5),
                 lambda: math.sqrt(), lambda: math.atan2(1)]:
    try:
        msg_case()
    except Exception as e:
        print(type(e).__name__, e)
