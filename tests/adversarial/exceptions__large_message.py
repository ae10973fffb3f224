# expect: exception ValueError
raise ValueError('x' * 10**7)
