words = ["kiwi", "banana", "fig", "apple"]
print(min(words, key=len), max(words, key=len))
print(max(["aa", "bb", "c"], key=len), min(["aa", "bb", "c", "d"], key=len))
print(max([-7, 3, 5], key=abs), min([-7, 3, -3], key=abs))
pts = [(1, 5), (3, 2), (2, 8)]
print(max(pts, key=lambda p: p[1]), min(pts, key=lambda p: p[0] + p[1]))
print(max("a", "B", "c", key=lambda s: s.lower()))
d = {"x": 3, "y": 9, "z": 1}
print(max(d, key=d.get), min(d.items(), key=lambda kv: kv[1]))
