words = ["pear", "Pear", "apple", "Äpfel", "zebra", "10", "9", ""]
print(sorted(words))
for a, b in [("a", "b"), ("B", "a"), ("abc", "ab"), ("", " "), ("é", "e")]:
    print(repr(a), repr(b), a < b, a == b, a > b)
print("Abc" < "abc" < "abd")
