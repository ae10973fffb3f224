# A first cell fetches data; later cells use it without refetching.
import json
from collections import Counter

users = [fetch_user(i) for i in range(1, 4)]
print(len(users), "users fetched")
# %%
def describe(user):
    return f"{user['name']} ({user['score']})"

[describe(u) for u in users]
# %%
counts = Counter(tag for u in users for tag in u["tags"])
counts.most_common(1)
# %%
users.append(fetch_user(10))
total = sum(u["score"] for u in users)
print(json.dumps({"n": len(users), "total": total}))
total
