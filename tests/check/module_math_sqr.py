# expect: 5:7 attr-unknown module 'math' has no attribute 'sqr'. Did you mean: 'sqrt'?
import math

temps = [get_temperature(c) for c in ["Paris", "Oslo"]]
rms = math.sqr(sum(t * t for t in temps) / len(temps))
print(rms)
