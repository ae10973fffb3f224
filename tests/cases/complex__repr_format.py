# repr/str of complex numbers and the format-spec mini-language for them
inf, nan = float('inf'), float('nan')
for z in [1j, -1j, 1 + 2j, 1 - 2j, complex(-0.0, 1), complex(0.0, -0.0), complex(-0.0, -0.0),
          complex(1, -0.0), complex(nan, inf), complex(1, nan), complex(1e16, 1),
          complex(1.5, 2.5e-10), complex(1e-5, 1e-4), complex(0.1 + 0.2, 0), complex(2, 0),
          -(1 + 0j), complex(-inf, -inf), complex(1e15, 1e-15), complex(123456789.5, -0.001)]:
    print(repr(z), str(z), f'{z}', f'{z!r}', '%s' % z, '%r' % z)
print(repr([1j, (1 + 1j)]), str((1j,)), {1j: 2 + 0j})

specs = ['>12', '<12', '^12', '*^12', 'x>5', '5', '+', ' ', '-', '+.1f', '>+12.1f',
         ' 12.1f', '.2', '.0', '.3', '.2f', '.0f', '12.2f', '.2e', 'g', '.3g', 'n',
         '.3n', 'F', 'E', 'G', '#g', '#', '#.0f', ',', ',.1f', '_', ',g', ',.10g', '_g',
         'z', 'zf', 'z.2f', 'z.0f', 'zg', 'z.1', '.1%', '.17g', '#.3e', '^+20.3f']
values = [1 + 2j, 1j, complex(-0.0, 1), 1 - 2.5j, complex(0.0, -1), -1 - 1j,
          complex(nan, inf), complex(1e20, 1), complex(1234567.0, 2), complex(-0.0, -0.0),
          complex(1000000, 2000000), complex(12345.678, -0.5)]
for spec in specs:
    out = []
    for z in values:
        try:
            out.append(format(z, spec))
        except ValueError as e:
            out.append('ValueError: ' + str(e))
    print(repr(spec), out)
print('{:.2f}'.format(1j), f'{1 + 2j:>10}', f'{1j:{""}}', '{0.real} {0.imag}'.format(3 - 4j))

for spec in ['%', '.2%', 'd', 's', '.2s', 'x', 'b', 'c', '#c', '#s', 'zd', '0d', ',d', '=d',
             '010', '05', '0', '0>5', '0=10', '0,', '=10', '=', '=,', '#=', '=#', '=.2',
             ',c', ',s', 'z_c', '.-1f', '12.3.4f', ',,']:
    try:
        format(1j, spec)
    except ValueError as e:
        print(repr(spec), 'ValueError', e)
