# expect: 3:13 async-not-awaited 'coroutine' object is not iterable
data = fetch_json("https://api.example.com/items")
for item in data:
    print(item)
