# complex numbers in match statements: value, class and mapping patterns
def describe(x):
    match x:
        case 1 + 2j:
            return 'complex'
        case complex():
            return 'other complex'
        case _:
            return 'nope'
print(describe(1 + 2j), describe(3j), describe(3))
match {1 + 2j: 'p', 1 - 2j: 'q'}:
    case {1 + 2j: p, 1 - 2j: q}:
        print(p, q)
match 3 + 4j:
    case complex(real=r, imag=i):
        print(r, i)
try:
    match 1j:
        case complex(z):
            pass
except TypeError as exc:
    print(exc)
match -1 - 2j:
    case -1 - 2j:
        print('neg')
match {9007199254740992: 'p', 9007199254740993: 'q'}:
    case {9007199254740992: p, 9007199254740993: q}:
        print(p, q)
match {1: 'one', 2j: 'two'}:
    case {1.0 + 0j: a, -0.0 + 2j: b}:
        print(a, b)
