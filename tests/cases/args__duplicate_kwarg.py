def configure(name, **options):
    return name, options

print(configure("a", x=1))
extra = {"x": 2}
print(configure("b", **extra))
print(configure("c", **{"name": "dup"}))
