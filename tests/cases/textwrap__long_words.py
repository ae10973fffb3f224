import textwrap
word = "antidisestablishmentarianism"
print(textwrap.wrap(word, 10))
print(textwrap.wrap(word + " is long", 10, break_long_words=False))
print(textwrap.wrap("self-contained well-known mother-in-law", 12))
print(textwrap.wrap("self-contained well-known mother-in-law", 12, break_on_hyphens=False))
print(textwrap.wrap("xxxxxxxx-yyyyyyyyyy", 12))
print(textwrap.wrap("one--two three -- four", 8))
