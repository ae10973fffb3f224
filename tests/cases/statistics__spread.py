import statistics

data = [2.75, 1.75, 1.25, 0.25, 0.5, 1.25, 3.5]
print(statistics.variance(data), statistics.pvariance(data))
print(statistics.stdev(data), statistics.pstdev(data))
print(statistics.variance([1, 2, 3]), statistics.variance([1, 2, 3, 4]), statistics.pvariance([1, 2, 3, 4]))
print(statistics.stdev([1, 2, 3, 4]), statistics.pstdev([2, 4, 4, 4, 5, 5, 7, 9]))
print(statistics.variance([10**20, 10**20 + 1, 10**20 + 3]), statistics.pvariance([0.1, 0.2, 0.3]))
m = statistics.mean(data)
print(statistics.variance(data, m), statistics.pvariance([1, 2, 3], mu=2))
print(statistics.stdev([0.1, 0.2, 0.3, 0.7]), statistics.pstdev([1.5, 2.5, 3.5]))
print(statistics.variance([1, float('inf')]))
