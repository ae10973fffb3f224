def outer():
    x = 0
    def middle():
        def inner():
            nonlocal x
            x += 10
        inner()
        inner()
        return x
    r = middle()
    return r, x

print(outer())
def shadow():
    x = "outer"
    def inner():
        x = "inner"
        return x
    inner()
    return x
print(shadow())
