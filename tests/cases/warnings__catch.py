import warnings


def legacy():
    warnings.warn("legacy() is deprecated", DeprecationWarning, stacklevel=2)
    return 1


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    legacy()
    warnings.warn("second", UserWarning)
    legacy()

print(len(caught))
for w in caught:
    print(w.category.__name__, str(w.message), w.lineno, w.filename)
print(issubclass(caught[0].category, DeprecationWarning), isinstance(caught[1].message, UserWarning))

with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        warnings.warn("inside")
    except UserWarning as e:
        print("raised inside:", e)

with warnings.catch_warnings(record=True) as outer:
    warnings.simplefilter("always")
    with warnings.catch_warnings(record=True) as inner:
        warnings.simplefilter("always")
        warnings.warn("to inner")
    warnings.warn("to outer")
print([str(w.message) for w in outer], [str(w.message) for w in inner])

with warnings.catch_warnings(record=True) as none_shown:
    warnings.simplefilter("ignore", category=RuntimeWarning)
    warnings.warn("ignored", RuntimeWarning)
    warnings.warn("kept", FutureWarning)
print([w.category.__name__ for w in none_shown])

with warnings.catch_warnings(action="ignore"):
    warnings.warn("silenced by action")
print(warnings.catch_warnings(record=True))
