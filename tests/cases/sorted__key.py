words = ["banana", "Apple", "fig", "cherry", "date"]
print(sorted(words, key=len))
print(sorted(words, key=lambda w: w.lower()))
print(sorted(words, key=lambda w: w[-1]))
print(sorted(words, key=len, reverse=True))
print(sorted([-5, 3, -1, 4], key=abs))
print(sorted(["10", "9", "100"], key=int))
print(sorted([[3, "c"], [1, "a"], [2, "b"]], key=lambda p: p[0]))
