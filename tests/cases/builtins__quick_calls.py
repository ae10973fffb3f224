# len(), str() and int() of the values the call fast path answers, and of
# those it leaves to the general call.
print(len("héllo"), len([1, 2]), len((1,)), len({"a": 1}), len({1, 2, 3}), len(frozenset()))
print(len(b"ab"), len(range(10)), len({"a": 1}.keys()))
print(str(0), str(-5), str(2**62), str(-(2**63)), str(True), str(1.5), str(2**70))


class Sized:
    def __len__(self):
        return 7


print(len(Sized()))
try:
    len(5)
except TypeError as e:
    print(e)


def shadowed():
    len = lambda x: "mine"
    str = lambda x: "own"
    return len([1]), str(1)


print(shadowed())
print(sum(len(w) for w in ["ab", "cde"]), [str(i) for i in range(3)])
print(int("42"), int("-7"), int("007"), int("+5"), int(" 5 "), int("1_000"), int("-0"))
print(int("999999999999999999"), int("9999999999999999999"), int("-9999999999999999999"), int("٣"))
for bad in ["-", "", "12a", "1__0", "--1", "0x10"]:
    try:
        int(bad)
    except ValueError as e:
        print(e)
