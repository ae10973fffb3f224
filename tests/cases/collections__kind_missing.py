# __missing__ of the dict kinds: defaultdict and Counter fill in, OrderedDict raises.
from collections import defaultdict, Counter, OrderedDict
d = defaultdict(list); d['a'].append(1); print(d, d['b'])
c = Counter(); print(c['x'], c)
n = defaultdict(None)
for f in [lambda: n['k'], lambda: OrderedDict()['z'], lambda: {}['q']]:
    try: f()
    except KeyError as e: print('KeyError', e)
