# An except clause's tuple is checked whole: nested tuples and non-classes
# are a TypeError even when an earlier item matched.
for clause in [((ValueError,),), ((ValueError,), (KeyError, TypeError)), (TypeError, 5), (TypeError, "x")]:
    try:
        try:
            raise TypeError("original")
        except clause:
            print("matched", clause)
    except TypeError as e:
        print("TypeError:", e)
try:
    raise KeyError("k")
except (ValueError, (KeyError,)) if False else (ValueError, KeyError) as e:
    print("ok", repr(e))
