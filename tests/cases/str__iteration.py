s = "hello"
for ch in s:
    print(ch, end=" ")
print()
print(list(s))
print(sorted(s))
print(sorted(s, reverse=True))
print("e" in s, "ll" in s, "lo!" in s, "" in s)
print("z" not in s)
counts = {}
for ch in "mississippi":
    counts[ch] = counts.get(ch, 0) + 1
print(counts)
print(list(enumerate("ab")))
print(tuple("xy"), set("aaa") == {"a"})
