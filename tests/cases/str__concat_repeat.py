a = "foo"
b = "bar"
print(a + b, a + " " + b)
print(a * 3, 3 * b, a * 0, a * -2)
print(len(a * 5), repr("" * 100))
s = ""
for ch in "xyz":
    s = ch + s + ch
print(s)
print("-" * 20)
print("ab" "cd" 'ef')
parts = ["<", "=" * 4, ">"]
print("".join(parts))
t = "x"
t += "y" * 2
t *= 2
print(t)
