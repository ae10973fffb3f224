# The matcher against CPython: backtracking order, captures in loops,
# empty iterations, case folding, lookaround, atomic and possessive
# groups, conditionals, positions in non-ASCII text.
import re
cases = [
    (r'a*', 'aaa'), (r'a*?', 'aaa'), (r'a+?b', 'aaab'), (r'(a|ab)(c|bcd)(d*)', 'abcd'),
    (r'(a+)+b', 'aaab'), (r'(a*)*', 'aa'), (r'(a|)*', 'aa'), (r'(a?)*?b', 'aab'),
    (r'(a*)+', 'b'), (r'(?:(a)|b)*', 'ab'), (r'(a)|(b)', 'b'), (r'(\w+)\s+\1', 'hello hello world'),
    (r'(?i)straße', 'STRASSE'), (r'(?i)ſ', 'S'), (r'(?i)k', '\u212a'), (r'(?i)[a-z]+', 'HeLLo'),
    (r'(?i)[^a-z]+', 'HeLLo123'), (r'\bfoo\b', 'a foo b'), (r'\Bfoo', 'afoo'), (r'^\w+$', 'héllo'),
    (r'(?a)^\w+$', 'héllo'), (r'\d+', 'x١٢٣y'), (r'(?a)\d+', 'x١٢٣9y'), (r'\s+', 'a\u00a0\u2003b'),
    (r'(?m)^b$', 'a\nb\nc'), (r'a$', 'a\n'), (r'a\Z', 'a\n'), (r'(?s)a.b', 'a\nb'), (r'a.b', 'a\nb'),
    (r'a{2,3}', 'aaaa'), (r'a{2,3}?', 'aaaa'), (r'(ab){2}', 'ababab'), (r'(ab){1,}?c', 'ababc'),
    (r'(?<=a)b', 'ab'), (r'(?<!a)b', 'cb'), (r'(?<=ab|cd)e', 'cde'), (r'(?=(\w+))\w', 'abc'),
    (r'(?!a)\w', 'ab'), (r'(?>a+)b', 'aaab'), (r'(?>a+)a', 'aaa'), (r'a++a', 'aaa'), (r'a*+b', 'aab'),
    (r'(a)?(?(1)b|c)', 'ab'), (r'(a)?(?(1)b|c)', 'c'), (r'(?P<x>a)(?P=x)', 'aa'), (r'(?i)(a)\1', 'aA'),
    (r'[\d\-x]+', '1-x2'), (r'[^\W\d]+', 'ab12cd'), (r'x*', ''), (r'(?:a|b)*c', 'ababc'),
    (r'(a|b)*c', 'ababc'), (r'((a)|b)+', 'ab'), (r'(a(b)?)+', 'aba'), (r'.*foo', 'xfooyfoo'),
    (r'.*?foo', 'xfooyfoo'), (r'\w+@\w+\.com', 'mail bob@example.com now'), (r'(\d{3})-(\d{4})', 'call 555-1234'),
    (r'[^"]*"([^"]*)"', 'say "hi" ok'), (r'(?x) a  b # comment\n c', 'abc'), (r'\u00e9', 'é'),
    (r'[\u00e0-\u00ff]+', 'àéî'), (r'(?i)É', 'é'), (r'(?i)[É]', 'é'), (r'a|b|c', 'xc'), (r'(a*)(a*)', 'aaa'),
    (r'(a*?)(a*)', 'aaa'), (r'(a{0,2})*', 'aaaaa'), (r'(?:a{0,2}){2}b', 'aaab'), (r'(a)(?:(b)|c)*', 'abcb'),
    (r'^$', ''), (r'$', 'ab\n'), (r'(?m)$', 'a\nb'), (r'\A\w', 'ab'), (r'(?i)\bFOO\b', 'foo bar'),
    (r'[]a]', ']'), (r'[a-]', '-'), (r'(?<=\d{3})x', '123x'), (r'(?<![a-z]{2})x', 'ax'),
    (r'(\w)(?=\1)', 'abccd'), (r'(?:(\d+)|(\w+))+', 'ab12'), (r'🎉+', 'a🎉🎉b'), (r'.', '🎉'),
    (r'(?<=🎉)a', '🎉a'), (r'\W+', 'a, b'), (r'a{,3}', 'aaaa'), (r'a{3,}', 'aaaa'),
]
for p, s in cases:
    m = re.search(p, s)
    print(repr(p), repr(s), m and (m.span(), m.groups()))
    print('  findall', re.findall(p, s))
    print('  sub', re.sub(p, '<\\g<0>>', s))
    m = re.fullmatch(p, s)
    print('  full', m and (m.span(), m.groups()))
    m = re.match(p, s)
    print('  match', m and (m.span(), m.groups()))
print(re.split(r'(,)\s*', 'a, b,c'))
print(re.split(r'\b', 'ab cd'))
print(re.sub(r'x*', '-', 'abxd'))
print(re.findall(r'\b\w', 'hello big world'))
print([m.span() for m in re.finditer(r'', 'abc')])
print(re.compile(r'a+').search('baaab', 2, 4))
print(re.compile(r'^a').search('ba', 1))
print(re.compile(r'$').search('ab', 0, 1))
print(re.compile(r'(?<=b)a').search('ba', 1))
try:
    re.compile(r'(?<=a+)b')
except re.error as e:
    print('error', e)
for p in ['[ı]', '[K]', '[ſ]', '[i]', '[k]', '[s]', '[I]', '[İ]', '[µ]', '[μ]', 'ı', 'K', 'ſ', 'i', 'µ', '[a-z]', '[A-Z]', '[à-ÿ]', '[À]']:
    print(p, [c for c in 'iIıİkKKsSſµμΜàÀzZ' if re.fullmatch(p, c, re.I)])
