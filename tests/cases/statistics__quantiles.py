import statistics

data = [105, 129, 87, 86, 111, 111, 89, 81, 108, 92, 110, 100, 75, 105, 103, 109, 76, 119, 99, 91]
print(statistics.quantiles(data, n=4))
print(statistics.quantiles(data, n=10))
print(statistics.quantiles(data, n=4, method='inclusive'))
print(statistics.quantiles([1, 2], n=3), statistics.quantiles([1.5, 2.5, 10], n=2))
print(statistics.quantiles([7]), statistics.quantiles([1, 2, 3, 4, 5.5], method='inclusive'))
print(statistics.quantiles(range(1, 11), n=1))
