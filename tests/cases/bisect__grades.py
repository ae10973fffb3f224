import bisect

def grade(score, breakpoints=[60, 70, 80, 90], grades='FDCBA'):
    return grades[bisect.bisect(breakpoints, score)]

print([grade(s) for s in [33, 99, 77, 70, 89, 90, 100]])
prices = [(1.5, 'apple'), (0.5, 'lime'), (3.0, 'melon')]
prices.sort()
print(prices[bisect.bisect_left(prices, (1.0,))])
