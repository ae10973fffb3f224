from dataclasses import dataclass

@dataclass
class Point:
    x: int
    y: int

def describe(v):
    match v:
        case 0 | 1:
            return "small"
        case int(n) if n < 0:
            return f"negative {n}"
        case [x, y, *rest]:
            return f"seq {x} {y} {rest}"
        case {"kind": "circle", "r": r, **others}:
            return f"circle {r} {others}"
        case Point(x=0, y=yy):
            return f"on y axis {yy}"
        case Point(a, b):
            return f"point {a},{b}"
        case str() as s:
            return f"string {s!r}"
        case None:
            return "none"
        case _:
            return "other"

for v in [0, 1, -5, [1, 2, 3, 4], (7, 8), {"kind": "circle", "r": 2, "c": "red"}, Point(0, 3), Point(1, 2), "hi", None, 3.5]:
    print(describe(v))
