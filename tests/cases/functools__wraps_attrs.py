import functools

def deco(f):
    @functools.wraps(f)
    def wrapper(*args, **kwargs):
        """wrapper doc"""
        return f(*args, **kwargs) * 2
    return wrapper

@deco
def double_me(x):
    """Return x."""
    return x

print(double_me(21))
print(double_me.__name__, double_me.__qualname__, double_me.__doc__, double_me.__module__)
print(double_me.__wrapped__(5), double_me.__wrapped__.__name__)

def tagged(f):
    f.tag = "T"
    f.count = 0
    return f

@deco
@tagged
def inner(): return 1
print(inner.tag, inner.count, sorted(inner.__dict__))

def plain(): pass
plain.x = 1
plain.x += 1
print(plain.x, plain.__dict__)
print(getattr(plain, "y", "no y"))
try:
    plain.y
except AttributeError as e:
    print(e)

class C:
    def method(self):
        "m doc"
        return 3

def wrapper(*a):
    return "w"
functools.update_wrapper(wrapper, C.method)
print(wrapper.__name__, wrapper.__qualname__, wrapper.__doc__, wrapper.__wrapped__ is C.method)

def w2(): pass
r = functools.update_wrapper(w2, double_me, assigned=("__doc__",), updated=())
print(r is w2, w2.__name__, w2.__doc__, w2.__wrapped__ is double_me)

def w3(): pass
w3 = functools.wraps(inner, assigned=["__name__"])(w3)
print(w3.__name__, w3.__doc__, w3.tag)

class Callable:
    def __call__(self):
        return 1
obj = Callable()
functools.update_wrapper(obj, double_me)
print(obj.__name__, obj.__wrapped__ is double_me)

def decorator_with_args(n):
    def deco(f):
        @functools.wraps(f)
        def inner(*a):
            return [f(*a)] * n
        return inner
    return deco

@decorator_with_args(3)
def hello(name):
    "say hello"
    return "hi " + name
print(hello("bob"), hello.__name__, hello.__doc__)
print(double_me.__wrapped__.__dict__)
