# expect: 7:33 undefined-name name 'results' is not defined
def collect(query):
    results = search(query)
    return [r["url"] for r in results]

urls = collect("python sandbox")
print(len(urls), "urls; best:", results[0]["title"])
