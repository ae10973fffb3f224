def outer():
    def helper(x):
        return x.upper()
    return [helper(s) for s in ["a", 1]]

outer()
