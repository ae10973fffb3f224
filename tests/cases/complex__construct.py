# complex(): literals, numbers, real/imag pairs and strings
print(1j, 2.5j, 1 + 2j, -1j, 0j, 1e300j)
print(complex(), complex(1), complex(1.5), complex(True, 1), complex(False))
print(complex(imag=2), complex(real=1), complex(real=3, imag=4))
print(complex(1, 2j), complex(1j, 1j), complex(1 + 2j, 3), complex(1 + 2j, 3j))
print(complex(1 + 2j, imag=0), complex(10**30), complex(1.5, 10**30))
z = 1 + 2j
print(complex(z) is z, type(z) is complex, type(z).__name__, complex.__name__, complex)
print(isinstance(1j, complex), isinstance(1, complex), isinstance(1j, (int, float)))
print(type(z)(3, 4), type(z)())

for s in ['1+2j', '(1+2j)', ' 1+2j ', '( 1+2j )', '1+2j\n', 'j', '-j', '+J', '1e3j',
          '1e3+j', '1+j', '.5j', '5.j', '1_000j', '1_000', '1.5', '(1)', '-1-2.5J',
          'infinity', 'INFINITYj', 'inf-infj', '1e500', 'nan+nanj', '-nanj', '\u3000 2j',
          '\uff11+\uff12j', '1E+2-3E-1j', '-0', '-0j', '+1.5e-3-j']:
    print(repr(s), '->', complex(s))

for bad in ['1 + 2j', '(1', '', '1j+2', '1+2', '1 j', '1e', '0x10', '1+2i', '++1j',
            '1+-2j', '-', '+', '()', '1.5.2j', 'j2', '1jj', '((1))', 'nanx', '1e+j']:
    try:
        complex(bad)
    except ValueError as e:
        print(repr(bad), 'ValueError', e)
for bad in ['1__0j', '_1j', '1_j', '1_.5j', '1_e5']:
    try:
        complex(bad)
    except ValueError as e:
        print(repr(bad), 'ValueError', e)

# (the wording of these changed in CPython 3.14)
for args in [([],), (None,), (b'1',), (1, []), (1, '2'), ([], 1)]:
    try:
        complex(*args)
    except TypeError:
        print('TypeError')
try:
    complex(1, 2, 3)
except TypeError as e:
    print('TypeError', e)
try:
    complex(10**400)
except OverflowError as e:
    print('OverflowError', e)
try:
    complex(1, imag=10**400)
except OverflowError as e:
    print('OverflowError', e)
