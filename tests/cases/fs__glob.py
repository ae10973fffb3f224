# Path.glob / rglob: wildcards, case_sensitive=, trailing '/', '**', '..',
# a missing or file base, pattern errors; Path.walk as a generator.
import os
from pathlib import Path

root = Path('g')
(root / 'sub' / 'deep').mkdir(parents=True)
for name in ['a.txt', 'B.TXT', 'c.bin', '.hidden', 'sub/n.txt', 'sub/deep/f.txt']:
    (root / name).write_text(name)


def show(pattern, base=root, **kw):
    print(repr(pattern), sorted(str(p) for p in base.glob(pattern, **kw)))


for pattern in ['*.txt', '*', '*.TXT', '[ab]*', '[!ab]*', '?.bin', '*/', 'sub/*', '*/*/*', '*/*/',
                'sub/', 'a.txt', 'a.txt/', 'nope', 'nope/*', '**', '**/', '**/*.txt', '**/deep/*',
                'sub/**', 'sub/**/*.txt', 'sub/../a.txt', '.*', 'sub/./n.txt']:
    show(pattern)
show('*.txt', case_sensitive=False)
show('A.TXT', case_sensitive=False)
show('a.txt', case_sensitive=True)
show('b.txt', case_sensitive=True)
show('*', base=root / 'nope')
show('*', base=root / 'a.txt')
show('../*.bin', base=root / 'sub')
print(sorted(str(p) for p in root.rglob('*.txt')))
print(sorted(str(p) for p in root.rglob('')))
print(sorted(str(p) for p in root.rglob('deep')))
print(type(root.glob('*')).__name__ != 'list', next(root.glob('a.*')))
for bad in ['/abs', 'a**', '**b/c']:
    try:
        root.glob(bad)
        print(bad, 'no error')
    except Exception as e:
        print(repr(bad), type(e).__name__, e)
try:
    root.rglob('/abs')
except Exception as e:
    print(type(e).__name__, e)
try:
    root.glob('*', foo=1)
except Exception as e:
    print(type(e).__name__, e)

w = root.walk()
print(repr(w).split(' at ')[0])
print([(str(p), sorted(d), sorted(f)) for p, d, f in w])
print([str(p) for p, d, f in root.walk(top_down=False)])
errors = []
print(list((root / 'nope').walk(on_error=errors.append)), [type(e).__name__ for e in errors])
