import statistics

x = [1, 2, 3, 4, 5, 6, 7, 8, 9]
y = [1, 2, 3, 1, 2, 3, 1, 2, 3]
print(statistics.covariance(x, y), statistics.covariance([1.5, 2.5, 3.75], [0.1, 0.3, 0.2]))
print(statistics.correlation(x, y), statistics.correlation(x, x[::-1]))
print(statistics.correlation([1, 2, 3, 4, 5], [1, 4, 9, 16, 25], method='ranked'))
print(statistics.correlation([31, 56, 31, 25, 75, 18], [3, 5, 3, 1, 7, 2], method='ranked'))
print(round(statistics.correlation([2.5, 3.1, 4.7, 5.0], [10, 12, 19, 21]), 12))
for args in [([1], [2]), ([1, 2], [2]), (x, [2] * 9)]:
    try:
        statistics.correlation(*args)
    except ValueError as e:
        print(e)
try:
    statistics.correlation([1, 2], [1, 2], method='spearman')
except ValueError as e:
    print(e)
