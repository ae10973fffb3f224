# format() of fractions: the n/d form and the float presentation types.
from fractions import Fraction as F

values = [F(1, 3), F(-7, 2), F(5), F(0), F(-1, 1000), F(12345678, 7), F(2, 3) * 10 ** 20,
          F(1, 8), F(5, 2), F(-5, 2)]
specs = ["", ">10", "<10", "^11", "*^11", "+", " ", "-", "#", "_", ",", "=+10", "0>10", "=10",
         ".2f", ".3e", ".4g", "%", ".1%", "f", "e", "g", "E", "G", "F", "10.2f", "+.3f", "#.0f",
         "z.1f", ",.2f", "_.3f", ".0f", ".10g", "#g", "010.2f", "0=12.3f", "+012,.1f", "=^9.1f",
         ".0e", "#.0e", ".1g", "g", "x>+#12", "\u00b7<8.1%", "012_.2f", "z.0f"]
for spec in specs:
    out = []
    for v in values:
        try:
            out.append(format(v, spec))
        except ValueError as e:
            out.append("ValueError: " + str(e))
    print(repr(spec), out)
for spec in ["010", "x", "d", ".2", "=010.2f", "<05.1f", "z", "#x", "10.2.3f", ".01f", "z>5"]:
    try:
        print(repr(spec), format(F(1, 3), spec))
    except ValueError as e:
        print(repr(spec), "ValueError:", e)
print(f"{F(1, 3):>8.4f}|{F(22, 7):^12,.5e}|{F(-1, 7):+.2%}")
