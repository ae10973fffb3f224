import textwrap
s = "Hello  world!   This is a   test of shortening."
for width in (12, 15, 20, 30, 60):
    print(width, repr(textwrap.shorten(s, width)))
print(repr(textwrap.shorten(s, 20, placeholder="...")))
print(textwrap.wrap(s, 12, max_lines=2))
print(textwrap.wrap(s, 12, max_lines=3, placeholder=" ~"))
try:
    textwrap.shorten(s, 3)
except ValueError as e:
    print("ValueError:", e)
