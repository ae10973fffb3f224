# expect: exception TypeError
setattr(str, 'upper', None)
