# An uncaught exception group is printed as CPython prints it: nested
# boxes, sub-exception tracebacks, notes, chained contexts.
def fail(n):
    raise ValueError(n)

errors = []
for i in range(2):
    try:
        fail(i)
    except ValueError as e:
        errors.append(e)
inner = ExceptionGroup("inner", [KeyError("k"), OSError(3)])
eg = ExceptionGroup("outer", errors + [TypeError("t"), inner])
eg.add_note("while doing things")
try:
    try:
        raise eg
    except* TypeError:
        raise RuntimeError("handler failed")
except Exception as e:
    err = e
raise err
