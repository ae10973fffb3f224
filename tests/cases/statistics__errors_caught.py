import statistics

def attempt(f):
    try:
        print(f())
    except ValueError as e:
        print('ValueError subclass:', e)
    except Exception as e:
        print(type(e).__name__, e)

attempt(lambda: statistics.mean([]))
attempt(lambda: statistics.fmean([]))
attempt(lambda: statistics.fmean([1, 2], weights=[1]))
attempt(lambda: statistics.fmean([1, 2], weights=[0, 0]))
attempt(lambda: statistics.median([]))
attempt(lambda: statistics.mode([]))
attempt(lambda: statistics.variance([1]))
attempt(lambda: statistics.pvariance([]))
attempt(lambda: statistics.stdev([5]))
attempt(lambda: statistics.pstdev([]))
attempt(lambda: statistics.geometric_mean([]))
attempt(lambda: statistics.geometric_mean([1, -1]))
attempt(lambda: statistics.harmonic_mean([]))
attempt(lambda: statistics.harmonic_mean([-1, 2]))
attempt(lambda: statistics.harmonic_mean([1, 2], weights=[1]))
attempt(lambda: statistics.quantiles([]))
attempt(lambda: statistics.quantiles([1, 2], n=0))
attempt(lambda: statistics.quantiles([1, 2], method='x'))
try:
    statistics.mean([])
except statistics.StatisticsError as e:
    print('caught as StatisticsError:', e)
attempt(lambda: statistics.mean(['a', 'b']))
attempt(lambda: statistics.mean())
attempt(lambda: statistics.median([1, 2], 3))
