# expect: exception AttributeError
def f():
    return 1

f.__code__.co_consts
