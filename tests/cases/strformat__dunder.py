class Money:
    def __init__(self, cents):
        self.cents = cents
    def __format__(self, spec):
        if spec == "short":
            return "$%d" % (self.cents // 100)
        return "$" + format(self.cents / 100, spec or ".2f")
    def __str__(self):
        return "Money(%d)" % self.cents
    def __repr__(self):
        return "<Money %d>" % self.cents

m = Money(12345)
print("{}".format(m))
print("{:short} {:.1f} {!s} {!r}".format(m, m, m, m))
print(f"{m} {m:short} {m!r:>15}|")
print("%s %r" % (m, m))
print(format(m, ",.2f"))

class Plain:
    pass
try:
    print("{:>10}".format(Plain()))
except TypeError as e:
    print("TypeError:", e)

class Idx:
    def __index__(self):
        return 65
print("%c %d %x" % (Idx(), Idx(), Idx()))
class Flt:
    def __float__(self):
        return 2.5
print("%.2f" % Flt())
