# expect: exception NameError
compile('1', 'f', 'eval')
