print(min([], default=0), max([], default="none"))
print(max([5], default=0), min([], key=len, default=[]))
print(max([], default=None))
empty = []
print(min(empty, default=float("inf")))
