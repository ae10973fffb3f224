# expect: 2:58 call-keyword fetch_json() got an unexpected keyword argument 'timeout'
data = await fetch_json("https://api.example.com/items", timeout=5)
print(data["items"])
