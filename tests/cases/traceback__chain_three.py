try:
    try:
        1 / 0
    except ZeroDivisionError:
        [][0]
except IndexError:
    {}["last"]
