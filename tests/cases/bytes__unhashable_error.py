# a bytearray is not hashable, so it cannot go into a set
items = [b'ok', bytearray(b'mutable')]
print(len(items))
seen = {hash(item) for item in items}
