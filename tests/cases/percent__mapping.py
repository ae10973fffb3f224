info = {"name": "Widget", "price": 9.5, "qty": 4}
print("%(name)s costs $%(price).2f (x%(qty)d)" % info)
print("%(name)-10s|%(qty)05d|" % info)
print("%(name)s %(name)r" % info)
print("%((nested))s" % {"(nested)": "parens"})
print("no directives" % info)
print("%s" % info)
try:
    print("%(missing)s" % info)
except KeyError as e:
    print("KeyError", e)
try:
    print("%(name)s" % ("not", "a mapping"))
except TypeError as e:
    print("TypeError", e)
