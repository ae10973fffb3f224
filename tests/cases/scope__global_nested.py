level = "module"

def outer():
    level = "outer"
    def inner():
        global level
        level = "changed by inner"
        return level
    inner()
    return level

print(outer(), level)
