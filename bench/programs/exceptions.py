# Exceptions: raise and catch in a loop, custom exception classes, finally.
class AppError(Exception):
    def __init__(self, code):
        super().__init__(code)
        self.code = code


def check(i):
    if i % 3 == 0:
        raise AppError(i)
    if i % 5 == 0:
        raise ValueError("five")
    return i


caught = 0
total = 0
cleanups = 0
for i in range(400000):
    try:
        total += check(i)
    except AppError as e:
        caught += 1
        total += e.code % 7
    except ValueError:
        caught += 2
    finally:
        cleanups += 1
d = {}
for i in range(200000):
    try:
        total += d[i]
    except KeyError:
        d[i] = 1
print("checksum", caught, total, cleanups)
