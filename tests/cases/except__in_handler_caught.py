def handler_fails():
    try:
        {}["k"]
    except KeyError:
        return [][1]

try:
    handler_fails()
except IndexError as e:
    print("got", type(e).__name__, e)
try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise ValueError("from handler")
except ValueError as e:
    print("got", e, e.args)
