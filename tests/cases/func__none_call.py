def find_handler(name):
    if name == "known":
        return lambda: "handled"

print(find_handler("known")())
handler = find_handler("unknown")
handler()
