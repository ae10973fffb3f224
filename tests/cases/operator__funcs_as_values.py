import operator
ops = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv, "//": operator.floordiv, "%": operator.mod, "**": operator.pow}
def evaluate(tokens):
    stack = []
    for tok in tokens:
        if tok in ops:
            b = stack.pop()
            a = stack.pop()
            stack.append(ops[tok](a, b))
        else:
            stack.append(int(tok))
    return stack[0]
print(evaluate("3 4 + 2 *".split()))
print(evaluate("2 10 ** 7 %".split()))
print(evaluate("7 2 / 9 2 // +".split()))
print(sorted(ops.items(), key=operator.itemgetter(0))[0][1] is operator.mod)
print(operator.call(max, 3, 9, key=operator.neg))
print([operator.neg(x) for x in range(3)], operator.truth([]))
print(operator.add.__name__ if hasattr(operator.add, "__name__") else "add")
