import random

for s in [42, 0, 1, -42, 2**64 + 5, 123456789012345678901234567890, True, 3.25, -1.5, 'hello', '', 'héllo wörld']:
    random.seed(s)
    print(repr(s), random.random(), random.random())
random.seed('hello', version=1)
print(random.random())
random.seed(a=7, version=2)
print(random.random())
random.seed(5)
a = [random.random() for _ in range(3)]
random.seed(5)
print(a == [random.random() for _ in range(3)])
