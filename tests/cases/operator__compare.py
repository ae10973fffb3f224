import operator
for a, b in [(1, 2), (2, 2), ("b", "a"), ([1], [1, 0])]:
    print(a, b, [f(a, b) for f in (operator.lt, operator.le, operator.eq, operator.ne, operator.ge, operator.gt)])
print(operator.not_(0), operator.not_([1]), operator.truth(""), operator.truth("x"))
x = [1]
print(operator.is_(x, x), operator.is_not(x, [1]), operator.contains([1, 2], 2), operator.contains("abc", "d"))
print(operator.countOf([1, 2, 1, 1], 1), operator.indexOf("hello", "l"))
