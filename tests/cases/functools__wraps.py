import functools

def logged(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        print('calling with', args, kwargs)
        result = func(*args, **kwargs)
        print('got', result)
        return result
    return wrapper

@logged
def add(a, b=2):
    return a + b

add(1)
add(1, b=5)

def repeat(n):
    def deco(func):
        @functools.wraps(func)
        def inner(*a):
            return [func(*a) for _ in range(n)]
        return inner
    return deco

@repeat(3)
def hello(name):
    return 'hi ' + name

print(hello('bob'))

def counted(func):
    def wrapper(*a):
        wrapper.calls += 1
        return func(*a)
    wrapper.calls = 0
    return functools.update_wrapper(wrapper, func)

def timer(func):
    @functools.wraps(func)
    def wrapper(*args):
        return ('timed', func(*args))
    return wrapper

@timer
@functools.lru_cache(maxsize=None)
def slow_square(x):
    return x * x

print(slow_square(4), slow_square(4))
