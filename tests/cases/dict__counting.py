text = "the quick brown fox jumps over the lazy dog the end"
counts = {}
for word in text.split():
    if word in counts:
        counts[word] += 1
    else:
        counts[word] = 1
print(counts)
letters = {}
for ch in text.replace(" ", ""):
    letters[ch] = letters.get(ch, 0) + 1
top = sorted(letters.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
print(top)
by_len = {}
for word in set(text.split()):
    by_len.setdefault(len(word), []).append(word)
print({k: sorted(v) for k, v in sorted(by_len.items())})
