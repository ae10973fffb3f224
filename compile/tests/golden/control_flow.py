# Loops with break/else, exceptions with finally, with-blocks, match.
total = 0
for i in range(10):
    if i % 3 == 0:
        continue
    if i > 7:
        break
    total += i
else:
    total = -1
while total > 0:
    total -= 4
try:
    1 / total
except ZeroDivisionError as e:
    print("zero", e)
finally:
    print("done")
match [total, 2]:
    case [0, n] if n > 1:
        print("pair", n)
    case {"k": v}:
        print(v)
    case _:
        pass
