a = [1, 2, 3]
a.insert(0, "start")
a.insert(2, "mid")
a.insert(100, "end")
a.insert(-1, "before-end")
a.insert(-100, "very-start")
print(a)
print(a.pop(), a)
print(a.pop(0), a)
print(a.pop(-2), a)
print(a.pop(1), a)
stack = []
for x in "abc":
    stack.append(x)
while stack:
    print(stack.pop(), end="")
print()
