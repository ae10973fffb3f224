raw = "  Alpha, BETA ,gamma  ,  "
items = [p.strip().lower() for p in raw.strip().split(",") if p.strip()]
print(items)
print(" ".join(items).title().replace(" ", "_"))
line = "  KEY = Some Value  "
key, _, value = line.strip().partition("=")
print(repr(key.strip().lower()), repr(value.strip()))
print("a-b-c".upper().split("-")[::-1])
csv = "x,1\ny,2\nz,3"
print({k: int(v) for k, v in [row.split(",") for row in csv.splitlines()]})
