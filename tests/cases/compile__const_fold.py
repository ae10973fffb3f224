# Arithmetic over literals is folded into one constant at compile time;
# every value must be what running the operation gives, and anything
# that raises must still raise when (and only when) it runs.
print(-1, +1, ~0, ~-5, -0, -0.0, +2.5, -(-3), - -7)
print(-9223372036854775808, -(2**63), 2**63 - 1, -(2**63) - 1, ~(2**64))
print(2**64, 2**127, 2**128, 3**80, 7**0, 0**0, (-2)**63, (-2)**3)
print(2**521 - 1 == (1 << 521) - 1, 10**50 % 97, 1 << 20, 1 << 127, -1 << 64)
print(60 * 60 * 24, 2**64 * 2**63, (2**64 + 5) * (2**60 + 7))
print(7 // 2, -7 // 2, 7 // -2, -7 // -2, 7 % 3, -7 % 3, 7 % -3, -7 % -3)
print(-(2**70) // 3, -(2**70) % 3, 2**70 // -3, 2**70 % -3)
print(-1 >> 1, -5 >> 1, 5 >> 1, -1 >> 200, 2**100 >> 99, -(2**100) >> 200)
print(12 & 10, 12 | 3, 12 ^ 10, -12 & 0xFF, -1 ^ 2**70, -(2**65) | 1, -(2**65) & -(2**64))
print(1 / 3, 7 / 7, -1 / 2, 2**53 / 3, (2**53 + 1) / 3, 2**60 / 7, 10**20 / 3)
print(0.1 + 0.2, 1.5 * 4, 3 - 0.5, 2 * 0.1, 1e308 * 10, -1e308 * 10, 0.0 * -1)
print(1 + 2.5, (2**53 + 1) + 0.0, 2**64 + 1.0, 1.0 / 3, 5 / 2.0)
print("ab" + "cd", "x" + "", "" + "", "é" + "ü", len("a" * 3 + "b"))
print(1 + 2 * 3 - 4 // 2, (1 + 2) * (3 - 4), -(1 + 2) ** 2, -2**2, (-2)**2, 2**-1)
print(2**0.5, 4**0.5, 1.5**2, 10 % 3.5, 7.5 // 2, -7.5 // 2, 7 % 2.5)
print(True + 1, -True, True * 2.5, 2j * 2, -1j, 1 - 2j)
print(type(-1), type(2**64), type(1 / 1), type(-0.0), type("a" + "b"))

for thunk in (lambda: 1 // 0, lambda: 1 % 0, lambda: 1 / 0, lambda: 1.0 / 0.0,
              lambda: 0 ** -1, lambda: 1 << -1, lambda: 1 >> -1, lambda: 2 ** 10000 * 0,
              lambda: "a" + 1, lambda: -"a", lambda: 1.5 % 0.0, lambda: 10 ** 400 / 1.0):
    try:
        r = thunk()
        print("ok", r if not isinstance(r, int) or r < 10**20 else "big")
    except Exception as e:
        # (the type only: the ZeroDivisionError messages are 3.14's)
        print(type(e).__name__)

x = [10, 20, 30]
print(x[-1], x[-2], x[::-1], x[-3:-1], x[1 - 1])
seen = 0
for i in range(3):
    seen += (2**64 + i) % (2**61 - 1)
print(seen)
