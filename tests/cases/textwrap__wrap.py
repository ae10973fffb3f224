import textwrap
text = ("The quick brown fox jumps over the lazy dog. Pack my box with five dozen "
        "liquor jugs. How vexingly quick daft zebras jump!")
for width in (10, 20, 35, 80):
    print(width, textwrap.wrap(text, width))
print(textwrap.wrap("", 10))
print(textwrap.wrap("   ", 10))
print(textwrap.wrap("short", width=70))
