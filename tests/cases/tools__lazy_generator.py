# a generator that calls a tool per item, consumed lazily and stopped early
def users(ids):
    for uid in ids:
        print("  fetching", uid)
        yield fetch_user(uid)

first_big = next(u for u in users([1, 2, 5, 8, 9]) if u["score"] > 6)
print("first big:", first_big["name"])
total = 0
for u in users(range(1, 100)):
    total += u["score"]
    if total > 10:
        break
print("stopped at", u["id"], "total", total)
print(sum(u["id"] for u in users([3, 4])), any(u["id"] == 2 for u in users([1, 2, 3])))
