# Which argument error wins: keyword problems are found before too many
# positional arguments; the keyword-only count in that message only counts
# keyword-only parameters actually bound.
def k1(a):
    return a


def k2(a, *, c=1):
    return a


def k3(a, b=1, *, c, d=2):
    return a


def po(a, /, b):
    return a


calls = [
    lambda: k1(1, 2, bad=3),
    lambda: k1(1, 2, a=3),
    lambda: k2(1, 2, c=3),
    lambda: k2(1, 2, c=3, bad=4),
    lambda: k2(1, 2),
    lambda: k3(1, 2, 3, c=5, d=6),
    lambda: k3(1, 2, 3, d=6),
    lambda: po(1, 2, 3, a=1),
    lambda: po(b=2, a=1),
    lambda: k3(),
]
for call in calls:
    try:
        call()
    except TypeError as e:
        print(e)
