def a():
    try:
        return "try"
    finally:
        print("finally runs before return")

def b():
    try:
        return "try"
    finally:
        return "finally wins"

def c():
    try:
        1 / 0
    finally:
        return "swallowed"

def d():
    x = 1
    try:
        return x
    finally:
        x = 2
        print("x set to", x)

print(a())
print(b())
print(c())
print(d())
