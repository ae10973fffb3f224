def load(name):
    try:
        return {"a": 1}[name]
    except KeyError:
        raise ValueError(f"unknown name {name!r}")

def main():
    print(load("a"))
    print(load("b"))

main()
