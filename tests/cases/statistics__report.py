import statistics as st

scores = {'ann': [88, 92, 79, 93], 'bob': [75, 80, 85, 90], 'cy': [95, 95, 90, 100]}
for name, s in scores.items():
    print(name, st.mean(s), st.median(s), round(st.stdev(s), 6), st.mode(s), min(s), max(s))
allv = [v for s in scores.values() for v in s]
print(st.mean(allv), st.median(allv), st.quantiles(allv, n=4), st.multimode(allv))
print(round(st.pstdev(allv), 10), st.fmean(allv))
