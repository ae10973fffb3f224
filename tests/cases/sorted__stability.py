records = [("ann", 2), ("bob", 1), ("cy", 2), ("di", 1), ("ed", 3), ("fay", 2)]
by_num = sorted(records, key=lambda r: r[1])
print(by_num)
print(sorted(records, key=lambda r: r[1], reverse=True))
by_name_then_num = sorted(sorted(records, key=lambda r: r[0]), key=lambda r: r[1])
print(by_name_then_num)
words = ["bb", "a", "ccc", "dd", "e", "fff"]
print(sorted(words, key=len))
words.sort(key=len, reverse=True)
print(words)
