def check(exc):
    try:
        raise exc
    except KeyError:
        return "KeyError clause"
    except LookupError:
        return "LookupError clause"
    except Exception:
        return "Exception clause"

print(check(KeyError("a")))
print(check(IndexError("b")))
print(check(ValueError("c")))
print(check(ZeroDivisionError("d")))
