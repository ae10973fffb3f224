# The gc module's switches; collect() returns an int (counts differ from CPython).
import gc

items = []
items.append(items)
del items
print(isinstance(gc.collect(), int), isinstance(gc.collect(0), int))
print(gc.isenabled())
gc.disable()
print(gc.isenabled())
gc.enable()
print(gc.isenabled())
try:
    gc.collect(5)
except ValueError as e:
    print('ValueError:', e)


class Plain:
    pass


print(repr(Plain()).startswith('<__main__.Plain object at 0x'))
