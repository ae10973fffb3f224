data = [(2, "b"), (1, "z"), (2, "a"), (1, "a"), (0, "m")]
print(sorted(data))
print(sorted(data, key=lambda t: (-t[0], t[1])))
print(sorted(data, key=lambda t: t[1]))
scores = {"ann": 90, "bob": 85, "cy": 90, "di": 70}
ranking = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))
for place, (name, score) in enumerate(ranking, 1):
    print(place, name, score)
