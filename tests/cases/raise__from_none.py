def lookup(table, key):
    try:
        return table[key]
    except KeyError:
        raise LookupError(f"no entry for {key!r}") from None

print(lookup({"a": 1}, "a"))
lookup({"a": 1}, "b")
