# a loop of sync tool calls building a table, skipping invalid ids
ids = [3, 0, 7, -2, 1, 5]
users, errors = [], []
for uid in ids:
    try:
        users.append(fetch_user(uid))
    except ValueError as e:
        errors.append(str(e))
print(f"{len(users)} users, {len(errors)} errors: {errors}")
table = sorted(users, key=lambda u: u["score"], reverse=True)
for u in table:
    print(f"{u['id']:>3} {u['name']:<6} {u['score']:6.2f} {'/'.join(u['tags'])}")
print("mean score", round(sum(u["score"] for u in users) / len(users), 3))
print(type(users[0]["tags"]).__name__)
