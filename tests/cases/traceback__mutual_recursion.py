def ping(n):
    if n <= 0:
        return missing_function(n)
    return pong(n - 1)

def pong(n):
    return ping(n - 1)

ping(3)
