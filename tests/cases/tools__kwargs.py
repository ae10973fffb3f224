print(search("cats"))
print(search("dogs", limit=1))
print(search(query="fish", limit=5))
print(add(b=2, a=40))
