# expect: ok
import random, sys
assert not [n for n in dir(random) if n.startswith('_') and n != '__name__']
assert 'modules' not in dir(sys) and '_getframe' not in dir(sys)
assert '__self__' not in dir(print)
print('nothing hidden')
