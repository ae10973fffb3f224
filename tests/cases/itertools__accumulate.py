import itertools
import operator

print(list(itertools.accumulate([1, 2, 3, 4, 5])))
print(list(itertools.accumulate([1, 2, 3, 4, 5], operator.mul)))
print(list(itertools.accumulate([3, 1, 4, 1, 5, 9, 2, 6], max)))
print(list(itertools.accumulate([3, 1, 4, 1, 5, 9, 2, 6], min)))
print(list(itertools.accumulate(['a', 'b', 'c'])))
print(list(itertools.accumulate([[1], [2], [3]])))
print(list(itertools.accumulate([1, 2, 3], initial=100)))
print(list(itertools.accumulate([], initial=0)))
print(list(itertools.accumulate([])))
print(list(itertools.accumulate(range(1, 6), lambda acc, x: acc * 10 + x)))
print(list(itertools.accumulate([1.5, 2.5, 3.0])))
print(list(itertools.accumulate(iterable=[1, 1, 1], func=operator.sub)))
# running balance
balance = itertools.accumulate([100, -20, -30, 50], initial=0)
print(list(balance))
acc = itertools.accumulate(itertools.count(1))
print([next(acc) for _ in range(6)])
try:
    list(itertools.accumulate([1, 'a']))
except TypeError as e:
    print('TypeError:', e)
