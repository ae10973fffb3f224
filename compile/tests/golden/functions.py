# Defaults, keyword-only and star parameters, a closure and nonlocal.
def counter(start=0, *, step=1):
    n = start

    def bump(*extra, **named):
        nonlocal n
        n += step + len(extra) + len(named)
        return n

    return bump


c = counter(step=2)
print(c(), c(1, k=2), (lambda a, b=3: a * b)(4))
