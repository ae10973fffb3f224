# expect: exception NameError
globals()['__builtins__']
