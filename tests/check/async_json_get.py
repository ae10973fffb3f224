# expect: 3:8 async-not-awaited 'coroutine' object has no attribute 'get'
profile = fetch_json("https://api.example.com/me")
name = profile.get("name", "unknown")
print(name)
