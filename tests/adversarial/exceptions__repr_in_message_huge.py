# expect: exception KeyError
d = {}
d['k' * 10**7]
