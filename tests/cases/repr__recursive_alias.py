# A typing alias holding itself (through a list) writes its arguments with
# reprs of their own: the nesting is bounded by RecursionError, not by the
# sandbox's native stack.
x = []
y = list[x]
x.append(y)
try:
    repr(y)
except RecursionError as e:
    print('RecursionError:', e)
# plain nesting as deep as the bound allows still prints
deep = []
for _ in range(200):
    deep = [deep]
print(len(repr(deep)))
print(repr(list[list[list[int]]]))
