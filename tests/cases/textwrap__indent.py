import textwrap
text = "first\nsecond\n\nfourth\n"
print(repr(textwrap.indent(text, "> ")))
print(repr(textwrap.indent(text, "+ ", lambda line: True)))
print(repr(textwrap.indent(text, "# ", lambda line: line.startswith("s"))))
print(repr(textwrap.indent("a\r\nb\rc", "|")))
print(textwrap.indent(textwrap.fill("indent a wrapped paragraph of text please", 15), "    "))
