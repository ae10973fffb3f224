def total(*nums):
    print(type(nums).__name__, nums)
    return sum(nums)

print(total())
print(total(1, 2, 3))
def head_tail(first, *rest):
    return first, rest
print(head_tail(1), head_tail(1, 2, 3))
def join(sep, *parts):
    return sep.join(parts)
print(join("-", "a", "b", "c"))
values = [4, 5, 6]
print(total(*values), total(0, *values, 10))
print(total(*range(5)), total(*""))
