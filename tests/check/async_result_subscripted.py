# expect: 3:7 async-not-awaited 'coroutine' object is not subscriptable
data = fetch_json("https://api.example.com/user/1")
print(data["name"])
