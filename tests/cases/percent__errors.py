def attempt(fmt, args):
    try:
        print(repr(fmt % args))
    except Exception as exc:
        print(type(exc).__name__ + ":", exc)

attempt("%s %s", ("a",))
attempt("%s", ("a", "b"))
attempt("abc", 5)
attempt("%d", "x")
attempt("%x", 1.5)
attempt("%f", "x")
attempt("%c", 1114112)
attempt("%z", 1)
attempt("%", ())
attempt("%(key", {"key": 1})
attempt("%*d", ("w", 1))
attempt("%d", float("nan"))
attempt("%d", float("inf"))
attempt("%%", ())
attempt("%s%%", 5)
attempt("%5%", ())
attempt("%(a)s %s", {"a": 1})
