for width in range(4, 9):
    for prec in range(0, 3):
        print("[{:{w}.{p}f}]".format(3.14159, w=width, p=prec), end=" ")
    print()
print("{:{align}{width}}|".format("mid", align="^", width=9))
print("{0:{1}{2}}|".format("x", "*>", 5))
print("{:{}} {:{}}".format("a", 3, "b", 4))
print("{0:{fmt}}".format(255, fmt="#06x"))
print("{0:{spec[w]}}|".format("k", spec={"w": "^7"}))
