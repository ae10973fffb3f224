import copy
src = [[1], [2]]
memo = {}
first = copy.deepcopy(src, memo)
second = copy.deepcopy(src, memo)
print(first is second, first == src, first is src)
print(memo[id(src)] is first)
pre = {id(src[0]): "replaced"}
print(copy.deepcopy(src, pre))
