import textwrap
text = "Dr. Who arrived. It was late! Was it? yes. End."
print(textwrap.wrap(text, 20, fix_sentence_endings=True))
print(textwrap.fill(text, 30, fix_sentence_endings=True))
print(textwrap.wrap("Hello  there.  General  Kenobi.", 40, drop_whitespace=False))
