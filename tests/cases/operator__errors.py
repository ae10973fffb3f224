import operator
def attempt(f, *args, **kwargs):
    try:
        print(repr(f(*args, **kwargs)))
    except Exception as e:
        print(type(e).__name__ + ":", e)
attempt(operator.add, 1)
attempt(operator.add, 1, "a")
attempt(operator.neg)
attempt(operator.neg, "x")
attempt(operator.itemgetter)
attempt(operator.itemgetter(5), [1])
attempt(operator.itemgetter("k"), {})
attempt(operator.attrgetter, 1)
attempt(operator.attrgetter("nope"), 1)
attempt(operator.methodcaller)
attempt(operator.methodcaller, 5)
attempt(operator.indexOf, [1, 2], 9)
attempt(operator.concat, 1, 2)
attempt(operator.truediv, 1, 0)
