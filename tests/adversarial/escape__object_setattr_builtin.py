# expect: exception TypeError
# known-failure: AttributeError; CPython: TypeError cannot set 'upper' attribute of immutable type 'str'
setattr(str, 'upper', None)
