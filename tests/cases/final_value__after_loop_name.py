words = ["alpha", "beta"]
longest = ""
for w in words:
    if len(w) > len(longest):
        longest = w
longest
