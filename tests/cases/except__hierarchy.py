def trigger(kind):
    if kind == "key":
        return {}["missing"]
    if kind == "index":
        return [][0]
    if kind == "zero":
        return 1 // 0
    if kind == "value":
        return int("bad")
    return undefined_name_here

for kind in ["key", "index", "zero", "value", "name"]:
    try:
        trigger(kind)
    except LookupError as e:
        print(kind, "LookupError", type(e).__name__)
    except ArithmeticError as e:
        print(kind, "ArithmeticError", type(e).__name__)
    except Exception as e:
        print(kind, "Exception", type(e).__name__)
print(isinstance(KeyError("k"), LookupError), isinstance(ValueError(), Exception))
print(isinstance(ZeroDivisionError(), ArithmeticError), isinstance(TypeError(), ValueError))
print(isinstance(Exception(), BaseException), isinstance(UnboundLocalError(), NameError))
print(isinstance(RecursionError(), RuntimeError), isinstance(NotImplementedError(), RuntimeError))
print(isinstance(OverflowError(), ArithmeticError), isinstance(IndexError(), KeyError))
