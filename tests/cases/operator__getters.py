from operator import itemgetter, attrgetter, methodcaller
rows = [("bob", 25, "b@x"), ("amy", 31, "a@x"), ("cal", 19, "c@x")]
print(sorted(rows, key=itemgetter(1)))
print(list(map(itemgetter(0, 2), rows)))
print(itemgetter(1)("xyz"), itemgetter("k")({"k": "v"}), itemgetter(slice(1, 3))([1, 2, 3, 4]))
print(itemgetter(1), itemgetter(1, "a"))
class Obj:
    def __init__(self, name, child=None):
        self.name = name
        self.child = child
o = Obj("parent", Obj("kid"))
print(attrgetter("name")(o), attrgetter("child.name")(o), attrgetter("name", "child.name")(o))
print(attrgetter("name", "child.name"))
print(methodcaller("upper")("abc"), methodcaller("split", ",")("a,b,c"), methodcaller("replace", "a", "o")("banana"))
print(methodcaller("strip"))
print(methodcaller("split", maxsplit=1)("a b c"))
