# __index__ and __round__ on user classes
class Idx:
    def __index__(self):
        return 2


class Big:
    def __index__(self):
        return 10**30


class Bad:
    def __index__(self):
        return "nope"


i = Idx()
print([10, 20, 30][i], (7, 8, 9)[i], "abcdef"[i], range(10)[i])
print("abcdef"[i:], [1, 2, 3, 4][:i], "abcdef"[::i], [1, 2, 3][Big():])
print(list(range(i)), "abcabc".find("b", i), "x".center(Idx()), chr(Idx() + 0 if False else 65))
print(bin(i), hex(i), oct(i), round(2.567, i))
lst = [1, 2, 3]
lst[i] = 9
del lst[Idx()]
print(lst)
for bad in [lambda: [1, 2, 3][Big()], lambda: [1, 2, 3][Bad()], lambda: "abc"[Bad():], lambda: range(Bad())]:
    try:
        bad()
    except (TypeError, IndexError) as e:
        print(type(e).__name__, e)

target = [9, 9, 9, 9, 9, 9, 7, 7]


class Shrink:
    def __index__(self):
        while len(target) > 3:
            target.pop()
        return -2


print(target.index(9, Shrink()), target)


class R:
    def __round__(self, n=None):
        return ("rounded", n)


print(round(R()), round(R(), 3), round(number=2.5), round(ndigits=1, number=2.25))
print(round(1.5, -400), round(2**70, 2**70), round(12345, -2))
try:
    round()
except TypeError as e:
    print(e)
