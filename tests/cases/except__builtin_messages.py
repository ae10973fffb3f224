nothing = None
text = "abc"
tests = [
    lambda: [1, 2][5],
    lambda: (1,)[-2],
    lambda: {"a": 1}["b"],
    lambda: {1: 1}[2],
    lambda: int("x1"),
    lambda: float("1,5"),
    lambda: None + 1,
    lambda: len(5),
    lambda: "a" * "b",
    lambda: [1] * 1.5,
    lambda: sum(["a", "b"]),
    lambda: sorted([1, "a"]),
    lambda: min([]),
    lambda: max([], key=len),
    lambda: "abc".index("z"),
    lambda: None.foo,
    lambda: (5).bar,
    lambda: {}.missing(),
    lambda: undefined_thing,
    lambda: nothing(),
    lambda: text(),
    lambda: [][0:1][0],
    lambda: int(None),
    lambda: abs("x"),
    lambda: 2 ** "x",
    lambda: iter_me_not in 5,
    lambda: "x" in ["y"] + 1,
    lambda: {}.get(),
    lambda: round("1.5"),
]
for t in tests:
    try:
        t()
        print("no error")
    except Exception as e:
        print(f"{type(e).__name__}: {e}")
