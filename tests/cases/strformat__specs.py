for spec in ["", "10", "<10", ">10", "^10", "*^11", "+", "-", " ", "08.3f", ",", "_", "e", ".2%", "#x", "#o", "#b", "X", "c"]:
    for v in [42, -7, 3.14159, 1234567.891]:
        try:
            print(repr(spec), repr(v), "->", repr("{:{}}".format(v, spec)))
        except (ValueError, TypeError) as e:
            print(repr(spec), repr(v), "error:", type(e).__name__, e)
print("{:.3}|{:.3s}|{:10.2}|".format("abcdef", "xyz12", "hello"))
print("{:=+10d}|{:0=8,}|{:08,}".format(99, 1234, 5678))
