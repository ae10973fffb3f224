def documented(x):
    """Return twice x.

    The docstring is just an expression statement.
    """
    return 2 * x

def only_doc():
    "Nothing else here."

print(documented(21), only_doc())
