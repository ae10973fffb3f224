import textwrap
text = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore."
print(textwrap.fill(text, 30))
print(textwrap.fill(text, 30, initial_indent="- ", subsequent_indent="  "))
print(textwrap.fill(text, width=25, initial_indent="    "))
print(textwrap.fill("a\tb\tc", 20))
print(textwrap.fill("a\tb\tc", 20, expand_tabs=False, replace_whitespace=False))
