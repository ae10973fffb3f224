# expect: exception ValueError
# max-seconds: 15
# One exception object raised again and again: like CPython, each raise
# adds its frame to the object's traceback, which grows to a million
# entries. Adding them at the front of a Vec made this loop quadratic
# (200 000 raises took 2.2 s natively, a million minutes); it is linear.
e = ValueError("again")
caught = 0
for i in range(1_000_000):
    try:
        raise e
    except ValueError:
        caught += 1
print(caught)
raise e
