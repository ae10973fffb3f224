# Host objects: a tool returns an object whose methods the host declares;
# calling one pauses the run with a method call naming the object.
import asyncio

db = open_db("main")
print(type(db).__name__, db.name)
print(sorted(n for n in dir(db) if not n.startswith("_")))
print(callable(db.query), hasattr(db, "count"), hasattr(db, "nope"))

# sync methods, positional and keyword arguments
print(db.tables())
print(db.query("users", limit=2))
print(db.query("orders"))
print(db.count("users"))

# the same object comes back as itself
print(open_db("main") is db, echo(db) is db, echo([db])[0] is db)
archive = open_db("archive")
print(archive is db, archive.name, archive.query("users"))

# objects passed back to the host: to a tool, to a method
print(db_name(db), db_name(archive))
print(db.same(db), db.same(archive))

# async methods are awaited like async tools
async def main():
    a, b = await asyncio.gather(db.fetch("alice"), archive.fetch(key="bob"))
    return a, b

print(asyncio.run(main()))

# methods inside native code
print(list(map(db.count, ["users", "orders"])))
print(sorted(["orders", "users"], key=db.count))

# errors: raised by the method, a wrong call, an unknown attribute
try:
    db.query("nope")
except LookupError as e:
    print("LookupError:", e)
try:
    db.query()
except TypeError as e:
    print("TypeError:", e)
try:
    db.drop("users")
except AttributeError as e:
    print("AttributeError:", e)

# a bound method keeps its object
q = db.query
print(q("users", 1), archive.query("users", 1))
