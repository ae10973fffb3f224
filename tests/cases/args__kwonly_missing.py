def send(message, *, to, cc=None):
    return f"to {to}: {message}"

print(send("hi", to="ann"))
print(send("hello"))
