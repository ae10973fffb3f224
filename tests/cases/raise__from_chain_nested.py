def read(source):
    return source["data"]

def load(source):
    try:
        return read(source)
    except KeyError as e:
        raise ValueError("could not load") from e

def main():
    return load({"other": 1})

main()
