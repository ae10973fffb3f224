import statistics

print(statistics.median([1, 3, 5]), statistics.median([1, 3, 5, 7]), statistics.median([4, 1, 3, 2]))
print(statistics.median_low([1, 3, 5, 7]), statistics.median_high([1, 3, 5, 7]), statistics.median_low([5]))
print(statistics.median(['b', 'a', 'c']), statistics.median([1.5, 2]), statistics.median(range(10)))
print(statistics.median_grouped([1, 2, 2, 3, 4, 4, 4, 4, 4, 5]))
print(statistics.median_grouped([52, 52, 53, 54], interval=2), statistics.median_grouped([1, 3, 3, 5, 7]))
