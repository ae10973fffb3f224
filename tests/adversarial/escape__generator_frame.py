# expect: exception AttributeError
def g():
    yield 1

g().gi_frame.f_globals
