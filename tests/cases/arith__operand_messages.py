attempts = [
    lambda: 1 + "a",
    lambda: "a" + 1,
    lambda: [1] + (2,),
    lambda: None + 1,
    lambda: 2 - "x",
    lambda: "ab" * "c",
    lambda: [1] * 1.5,
    lambda: {} | 3,
    lambda: 1.5 // "q",
    lambda: -"s",
    lambda: ~1.5,
    lambda: 3 ** None,
    lambda: "a" < 1,
    lambda: [1] > 5,
]
for fn in attempts:
    try:
        fn()
        print("no error")
    except TypeError as e:
        print("TypeError:", e)
