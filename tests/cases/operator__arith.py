import operator as op
pairs = [(7, 3), (-7, 2), (2.5, 0.5), ("ab", 3)]
for a, b in pairs:
    for name in ["add", "sub", "mul", "truediv", "floordiv", "mod", "pow"]:
        try:
            print(name, a, b, getattr(op, name)(a, b))
        except TypeError as e:
            print(name, a, b, "TypeError:", e)
print(op.neg(5), op.pos(-5), op.abs(-3.5), op.invert(5), op.inv(0))
print(op.lshift(1, 10), op.rshift(1024, 3), op.and_(12, 10), op.or_(12, 10), op.xor(12, 10))
print(op.index(7), op.concat([1], [2]), op.concat("a", "b"))
