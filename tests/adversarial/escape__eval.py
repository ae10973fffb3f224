# expect: exception NameError
eval('1 + 1')
