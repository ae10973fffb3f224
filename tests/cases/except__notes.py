try:
    raise ValueError("bad")
except ValueError as e:
    e.add_note("while parsing row 3")
    e.add_note("hint: check the header")
    print(e.__notes__)
    try:
        e.add_note(5)
    except TypeError as t:
        print(t)
class MyErr(Exception):
    pass
try:
    raise MyErr("x")
except MyErr as e:
    e.add_note("custom note")
    print(e.__notes__, hasattr(ValueError("y"), "__notes__"))
err = KeyError("k")
err.add_note("final")
raise err
