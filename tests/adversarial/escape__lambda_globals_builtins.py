# expect: exception AttributeError
(lambda: 0).__globals__['__builtins__']
