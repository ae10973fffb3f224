import statistics

temps = [21.5, 22.0, 19.5, 23.25, 22.0, 20.75, 22.0, 24.5]
print('mean', statistics.mean(temps))
print('fmean', statistics.fmean(temps))
print('median', statistics.median(temps), statistics.median_low(temps), statistics.median_high(temps))
print('mode', statistics.mode(temps), statistics.multimode(temps))
print('spread', statistics.variance(temps), statistics.stdev(temps))
print('population', statistics.pvariance(temps), statistics.pstdev(temps))
print('quartiles', statistics.quantiles(temps))
counts = [3, 7, 7, 2, 9, 7, 3, 3]
print(statistics.mean(counts), statistics.median(counts), statistics.multimode(counts))
print(statistics.variance(counts), statistics.pvariance(counts), statistics.stdev(counts))
