print(repr("42".zfill(5)), repr("-42".zfill(5)), repr("+7".zfill(4)), repr("abc".zfill(2)))
print(repr("ab".center(5)), repr("ab".center(6)), repr("abc".center(6)), repr("a".center(4, "*")))
print(repr("abc".center(2)), repr("x".center(7, "-")))
print(repr("ab".ljust(5)), repr("ab".ljust(5, ".")), repr("abcdef".ljust(3)))
print(repr("ab".rjust(5)), repr("ab".rjust(5, "0")))
for name, score in [("ann", 9), ("bob", 10), ("christine", 100)]:
    print(name.ljust(10) + str(score).rjust(4))
