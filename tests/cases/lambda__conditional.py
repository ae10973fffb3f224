sign = lambda n: "+" if n > 0 else "-" if n < 0 else "0"
print([sign(n) for n in (-3, 0, 8)])
clamp = lambda v, lo=0, hi=10: lo if v < lo else hi if v > hi else v
print(clamp(-5), clamp(5), clamp(50), clamp(50, hi=20))
pick = lambda flag: (lambda: "yes") if flag else (lambda: "no")
print(pick(True)(), pick(False)())
