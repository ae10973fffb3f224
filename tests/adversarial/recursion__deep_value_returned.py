# expect: ok
# The final value is converted for the host only down to depth 100 (deeper
# parts arrive as {"$repr": "..."}) and its repr is "<unrepresentable>", so a
# 100 000-deep result costs nothing and cannot crash the guest.
x = []
for _ in range(100000):
    x = [x]
x
