def make_pair():
    value = 0
    def get():
        return value
    def set_(v):
        nonlocal value
        value = v
    return get, set_

get, set_ = make_pair()
print(get())
set_(42)
print(get())
get2, set2 = make_pair()
set2("other")
print(get(), get2())
def later():
    x = 1
    f = lambda: x
    x = 2
    return f()
print(later())
