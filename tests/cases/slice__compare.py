# slices compare as their (start, stop, step) tuples
print(slice(1, 2) == slice(1, 2), slice(1, 2) == slice(1, 3), slice(None) == slice(None))
print(slice(1, 2, 3) == slice(1, 2, 3), slice(1, 2, 3) != slice(1, 2, 4), slice(1) == slice(None, 1))
print(slice(1, 2) < slice(1, 3), slice(1, 2) <= slice(1, 2), slice(2) > slice(1), slice(0, 5) >= slice(0, 4))
print(slice(1.0, 2) == slice(1, 2), slice(1, 2) == (1, 2, None))
try:
    slice(1, 2) < slice('a', 2)
except TypeError as e:
    print(e)
try:
    slice(1) < (1,)
except TypeError as e:
    print(e)
