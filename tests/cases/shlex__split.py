# shlex.split (posix and not), quote and join.
import shlex


def show(f, *args, **kw):
    try:
        print(repr(f(*args, **kw)))
    except Exception as e:
        print(type(e).__name__ + ":", e)


for s in ['a b  c', ' lead trail ', 'a "b c" d', "a 'b c' d", 'a"b c"d', "it's",
          'a\\ b', 'a\\\nb', '"a\\"b"', "'a\\'b'", '"a\\\\b"', '"a\\nb"', '""', "''",
          'a "" b', 'x#y # z', '# only', '"unterminated', 'trail\\', '"esc at end\\',
          'tab\tsep\nnl', 'a\\"b', '"$HOME" \'$HOME\'', 'é ü', '--opt=val "x y"',
          'a;b|c&d', '', '   ', 'a\\\\b', "cmd --flag='a b' -x\"y\"z", 'a#b\nc # d\ne',
          "'' \"\" ''x", '"a\'b" \'a"b\'', 'ls -la /tmp | grep "foo bar" > out.txt']:
    show(shlex.split, s)
    show(shlex.split, s, comments=True)
    show(shlex.split, s, posix=False)
show(shlex.split, None)
show(shlex.split, 5)
show(shlex.split)

for s in ['', 'abc', 'a b', "it's", 'x@y%z+w=1:2,3./-_', 'é', '$x', 'a\nb', '"q"', '*.py',
          '~user', 'a;b']:
    q = shlex.quote(s)
    print(repr(s), repr(q), shlex.split(q) == [s])
show(shlex.quote, None)
show(shlex.quote, 5)
show(shlex.quote, 0)
show(shlex.quote, b"ab")
show(shlex.join, ["ls", "-l", "my file", "it's"])
show(shlex.join, [])
show(shlex.join, ("echo", "", "$HOME"))
show(shlex.join, ["a", 5])
show(shlex.join, 5)
args = ["a b", "c'd", "", 'e"f', "g\\h"]
print(shlex.split(shlex.join(args)) == args)
