for n in range(-2, 3):
    sign = "neg" if n < 0 else "zero" if n == 0 else "pos"
    print(n, sign)
x = 10
print("even" if x % 2 == 0 else "odd")
print([("fizz" if i % 3 == 0 else i) for i in range(1, 7)])
print((lambda v: "big" if v > 5 else "small")(9))
y = None
print(y if y is not None else "fallback")
print(1 if [] else 2 if {} else 3)
