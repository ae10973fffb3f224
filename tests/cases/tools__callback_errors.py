# Tool errors and exceptions inside callbacks, and callbacks nested in
# callbacks.
import functools


def score(city):
    return get_weather(city)["celsius"]


try:
    sorted(["Paris", "Atlantis"], key=score)
except LookupError as e:
    print("sorted failed:", e)

try:
    list(map(lambda n: fetch_user(n)["name"], [2, 0, 3]))
except ValueError as e:
    print("map failed:", e)

print(getattr(type("Probe", (), {"value": property(lambda self: fetch_user(-1))})(), "missing", "default"))

class Lazy:
    @property
    def value(self):
        return fetch_user(-1)

try:
    print(getattr(Lazy(), "value", "never"))
except ValueError as e:
    print("property failed:", e)


# a key function that sorts again with a key that calls a tool
def inner_rank(word):
    letters = sorted(word, key=lambda ch: echo(ord(ch)))
    return "".join(letters)


print(sorted(["cab", "bca", "abd"], key=inner_rank))
print(max(["x", "yy"], key=lambda w: functools.reduce(add, map(len, map(echo, [w, w])))))

# the host is called, then the callback raises
def checked(n):
    if add(n, 0) > 2:
        raise KeyError(n)
    return n

try:
    print(sorted([1, 2, 3], key=checked))
except KeyError as e:
    print("key raised", e)
print([x for x in filter(lambda n: echo(n) % 2, range(6))])
