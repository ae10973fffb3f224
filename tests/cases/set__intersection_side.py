# `&` walks the smaller set (the right one on a tie) and keeps its elements
print(repr({1} & {1.0}), repr({1.0} & {1}), repr({1, 2} & {1.0}), repr({1.0} & {1, 2}))
print(repr(frozenset({1}) & {1.0}), repr({True} & {1}))


# the stored element's __eq__ is asked first
class Asym:
    def __init__(self, result):
        self.result = result

    def __hash__(self):
        return 1

    def __eq__(self, other):
        return self.result


yes, no = Asym(True), Asym(False)
print(len({yes} & {no}), len({no} & {yes}), len({yes} | {no}), len({yes, no}))
r = {yes} & {no}
print(r.pop() is no)
print(sorted({1, 2, 3} & {2, 3, 4}), sorted({1, 2, 3} & {3}))
