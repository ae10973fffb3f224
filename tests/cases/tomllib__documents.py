import io
import tomllib

doc = tomllib.loads('''
# a config file
title = "TOML \\"Example\\""
version = 3
ratio = 0.5
big = 123_456_789_012_345_678_901
flags = [true, false]
hex = 0xFF
oct = 0o17
bin = 0b101
neg_inf = -inf
exp = 1e-3
when = 2024-02-29T12:30:45.123+02:00
utc = 2024-01-01T00:00:00Z
local = 2024-01-01T08:00:00
day = 2024-01-01
alarm = 07:15:00
literal = 'C:\\path\\to'
multi = """
  line one
  line two\\
    continued"""
raw = \'\'\'
first
  second\'\'\'

[server]
host = "localhost"
ports = [8000, 8001,
         8002,]   # trailing comma
limits = { cpu = 2, mem = "1G", nested.deep = 1 }

[server.tls]
enabled = true

[[users]]
name = "ann"
roles = ["admin"]

[[users]]
name = "bob"

[[users.keys]]
id = 1

"quoted key" = "q"
a.b.c = "dotted"
''')
for k, v in doc.items():
    print(k, '=', repr(v))
print(doc['when'].utcoffset(), doc['utc'].tzinfo, doc['local'].tzinfo)
print(type(doc['day']).__name__, type(doc['alarm']).__name__, type(doc['big']).__name__)

print(tomllib.load(io.BytesIO(b'x = 1\n[t]\ny = "\xc3\xa9"')))
print(tomllib.loads('v = 1.5\nw = 2', parse_float=lambda s: 'F' + s))
print(tomllib.loads('a = [1.0, inf, nan]', parse_float=str))

def attempt(src, **kw):
    try:
        print(repr(tomllib.loads(src, **kw)))
    except Exception as e:
        print(type(e).__name__ + ':', e)

attempt('a = 1\na = 2\n')
attempt('[t]\n[t]')
attempt('x = [1, 2')
attempt('x = {a = 1, a = 2}')
attempt('x = "bad \\q escape"')
attempt("x = 'unterminated")
attempt('x = 1979-02-30')
attempt('x = 0xZZ')
attempt('= 1')
attempt('x = 1.5', parse_float=lambda s: [s])
attempt('x = 1.5', parse_float=lambda s: 1 / 0)
attempt('[a]\nb = 1\n[a.b]')
attempt('x = """\n\x01"""')
attempt('key = "value" extra')
try:
    tomllib.load(io.StringIO('x = 1'))
except TypeError as e:
    print('TypeError:', e)
try:
    tomllib.loads('x = ?')
except ValueError as e:
    print(type(e).__name__, e.args)
print(issubclass(tomllib.TOMLDecodeError, ValueError), tomllib.TOMLDecodeError)
