import textwrap
def attempt(f, *args, **kwargs):
    try:
        print(repr(f(*args, **kwargs)))
    except Exception as e:
        print(type(e).__name__ + ":", e)
attempt(textwrap.wrap, "abc", 0)
attempt(textwrap.wrap, "abc", -5)
attempt(textwrap.wrap, "abc", 5, bogus=1)
attempt(textwrap.wrap)
attempt(textwrap.wrap, None)
attempt(textwrap.shorten, "abc def", 5, max_lines=2)
attempt(textwrap.wrap, "a b c d e f", 5, max_lines=1, placeholder=" [......]")
attempt(textwrap.indent, "x")
lines = textwrap.wrap("final words here", width=6)
print(lines)
print(lines[3])
