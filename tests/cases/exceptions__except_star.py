# except*: matching parts of a group, bare exceptions, re-raising,
# raising from handlers, what is left unhandled.
def show(e, indent=0):
    pad = " " * indent
    if isinstance(e, BaseExceptionGroup):
        print(f"{pad}{type(e).__name__}({e.message!r})")
        for x in e.exceptions:
            show(x, indent + 2)
    else:
        print(f"{pad}{e!r}")

def run(f):
    try:
        f()
        print("no exception")
    except BaseException as e:
        show(e)

def all_handled():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2), ValueError(3)])
    except* ValueError as e:
        print("values:", repr(e))
    except* TypeError as e:
        print("types:", repr(e))
run(all_handled)

def partly():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2), OSError(3)])
    except* ValueError as e:
        print("values:", repr(e))
run(partly)

def naked():
    try:
        raise ValueError("bare")
    except* ValueError as e:
        print("wrapped:", repr(e), e.exceptions[0].args)
run(naked)

def naked_unmatched():
    try:
        raise KeyError("k")
    except* ValueError:
        print("not here")
run(naked_unmatched)

def reraise():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* ValueError:
        raise
run(reraise)

def raise_new():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* ValueError:
        raise KeyError("new")
run(raise_new)

def raise_new_all_matched():
    try:
        raise ExceptionGroup("eg", [ValueError(1)])
    except* ValueError:
        raise KeyError("only")
run(raise_new_all_matched)

def both_raise():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2), OSError(3)])
    except* ValueError:
        raise KeyError("a")
    except* TypeError:
        raise
run(both_raise)

def nested():
    try:
        raise ExceptionGroup("outer", [ValueError(1), ExceptionGroup("inner", [ValueError(2), TypeError(3)])])
    except* ValueError as e:
        show(e)
run(nested)

def tuple_types():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2), OSError(3)])
    except* (ValueError, TypeError) as e:
        print("got", len(e.exceptions))
run(tuple_types)

def else_finally():
    try:
        print("body")
    except* ValueError:
        print("no")
    else:
        print("else")
    finally:
        print("finally")
run(else_finally)

def finally_on_error():
    try:
        raise ExceptionGroup("eg", [TypeError(2)])
    except* ValueError:
        print("no")
    finally:
        print("finally runs")
run(finally_on_error)

def bad_type():
    try:
        raise ValueError(1)
    except* ExceptionGroup:
        pass
run(bad_type)

def bad_class():
    try:
        raise ValueError(1)
    except* int:
        pass
run(bad_class)

def name_cleared():
    try:
        raise ExceptionGroup("eg", [ValueError(1)])
    except* ValueError as err:
        pass
    try:
        err
    except NameError as e:
        print("NameError", e)
run(name_cleared)

def context_of_new():
    try:
        try:
            raise ExceptionGroup("eg", [ValueError(1)])
        except* ValueError:
            raise RuntimeError("in handler")
    except RuntimeError as e:
        print(repr(e), repr(e.__context__))
run(context_of_new)

def exc_info_in_handler():
    import sys
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* TypeError:
        print("handling", repr(sys.exception()))
run(exc_info_in_handler)

def loop_inside():
    for i in range(3):
        try:
            if i == 1:
                raise ValueError(i)
        except* ValueError:
            for j in range(5):
                if j == 1:
                    break
            print("handled", i)
run(loop_inside)
