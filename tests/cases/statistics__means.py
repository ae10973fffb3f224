import statistics

print(statistics.mean([1, 2, 3, 4, 4]), statistics.mean([1, 2, 3]), statistics.mean([1.5, 2.5, 3.5]))
print(statistics.mean([0.1] * 3), statistics.mean(range(1, 101)), statistics.mean([True, False, True]))
print(statistics.mean([1e300, 1e300]), statistics.mean([1, 2.5]), statistics.mean(iter([7])))
print(statistics.fmean([3.5, 4.0, 5.25]), statistics.fmean([1, 2, 3]), statistics.fmean(x for x in [1, 2]))
print(statistics.fmean([85, 92, 83, 91], weights=[0.20, 0.20, 0.30, 0.30]))
print(statistics.geometric_mean([54, 24, 36]) - 36 < 1e-9, statistics.geometric_mean([2, 8]))
print(statistics.harmonic_mean([40, 60]), statistics.harmonic_mean([2.5, 3, 10]))
print(statistics.harmonic_mean([40, 60], weights=[5, 30]), statistics.harmonic_mean([0, 5]))
