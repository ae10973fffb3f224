# A method lookup that fails raises before its arguments call a tool, as in
# CPython: a typo in `results.apend(get_weather(...))` must not run the tool
# (its side effects) first.
import asyncio

def weather(city):
    print("calling get_weather", city)
    return get_weather(city)

results = []
results.append(weather("Paris")["sky"])
try:
    results.apend(weather("Lima"))
except AttributeError as e:
    print("AttributeError:", e)
print(results)

async def fetch(key):
    print("calling async_fetch", key)
    return await async_fetch(key)

async def main():
    sizes = {}
    sizes.update({"a": (await fetch("abc"))["size"]})
    try:
        sizes.upate(await fetch("never"))
    except AttributeError as e:
        print("AttributeError:", e)
    return sizes

print(asyncio.run(main()))
