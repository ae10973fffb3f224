words = ["apple", "Bob", "kayak", "Level", "python", "noon"]
palindromes = list(filter(lambda w: w.lower() == w.lower()[::-1], words))
print(palindromes)
lengths = list(map(len, palindromes))
print(lengths, sum(lengths), max(lengths))
print(sorted(zip(map(len, words), words), reverse=True)[:3])
print(list(enumerate(map(lambda w: w.upper(), words[:2]))))
print(any(map(lambda w: w.startswith("p"), words)), all(map(len, words)))
