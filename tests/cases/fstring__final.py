word = "ok"
print(word)
f"{word!r:>6}|{len(word):03}"
