def outer(a):
    def middle(b):
        def inner(c):
            return a + b + c
        return inner
    return middle

print(outer(1)(10)(100))
add5 = outer(2)(3)
print(add5(0), add5(10))
def level1():
    x = "l1"
    def level2():
        def level3():
            return x + "-l3"
        return level3()
    return level2()
print(level1())
