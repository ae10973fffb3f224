# isinstance/issubclass follow nested tuples of classes as deep as CPython's
# C recursion limit allows (a tuple 10 000 deep raises RecursionError),
# depth first and left to right, stopping at the first match.


def nested(depth, cls):
    t = cls
    for _ in range(depth):
        t = (t,)
    return t


for depth in (1, 500, 9990, 10000, 20000):
    for check in (lambda c: isinstance(1, c), lambda c: issubclass(bool, c)):
        for cls in (int, str):
            try:
                print(depth, cls.__name__, check(nested(depth, cls)))
            except RecursionError as exc:
                print(depth, cls.__name__, 'RecursionError:', exc)
# a match before a too-deep branch never reaches it
print(isinstance(1, (int, nested(20000, str))))
print(isinstance(1, (str, (bytes, (float, int)), nested(20000, str))))
try:
    isinstance(1, (str, nested(20000, int)))
except RecursionError as exc:
    print('RecursionError:', exc)
# a non-class inside is found when reached
try:
    isinstance(1, (str, ((1,),)))
except TypeError as exc:
    print('TypeError:', exc)
print(isinstance(1, (int, ((1,),))))
try:
    issubclass(int, (str, ((1,),)))
except TypeError as exc:
    print('TypeError:', exc)
