a = [1, 2, 3]
try:
    a.pop(10)
except IndexError as e:
    print("IndexError:", e)
try:
    [].pop()
except IndexError as e:
    print("IndexError:", e)
try:
    a[1.0]
except TypeError as e:
    print("TypeError:", e)
try:
    a["x"] = 1
except TypeError as e:
    print("TypeError:", e)
try:
    a[-4]
except IndexError as e:
    print("IndexError:", e)
print(a)
