x = "global"

def f():
    x = "local"
    return x

def g():
    return x

print(f(), g(), x)

def uses_len(items):
    len = 5
    return len
print(uses_len([1, 2]), len([1, 2]))
def param_shadow(x):
    x = x + "!"
    return x
print(param_shadow("arg"), x)
