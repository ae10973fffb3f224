# expect: exception KeyError
# globals() exists but holds no __builtins__ to climb through.
globals()['__builtins__']
