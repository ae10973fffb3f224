def inner():
    try:
        yield 1
        yield 2
    except ValueError as e:
        print("inner caught", e)
        yield "recovered"
    return "inner done"

def outer():
    r = yield from inner()
    print("outer got", r)
    yield "after"

g = outer()
print(next(g))
print(g.throw(ValueError("boom")))
print(next(g))
print(next(g, "end"))

def inner2():
    yield 1
    return 7

def outer2():
    try:
        v = yield from inner2()
    except KeyError as e:
        print("outer2 caught", repr(e))
        v = -1
    yield v

g2 = outer2()
next(g2)
print(g2.throw(KeyError("k")))

def inner3():
    try:
        yield 1
    except TypeError:
        return "converted"

def outer3():
    v = yield from inner3()
    yield v

g3 = outer3()
next(g3)
print(g3.throw(TypeError))
g4 = outer()
next(g4)
g4.close()
print("closed")
