users = []
for uid in [1, 2, 0, 3]:
    try:
        u = fetch_user(uid)
    except ValueError as e:
        print("error:", e)
        continue
    users.append(u)
    print(u["name"], u["tags"], u["score"])
names = sorted(u["name"] for u in users)
by_score = {u["name"]: u["score"] for u in users if u["score"] > 2}
print(names, by_score)
len(users)
