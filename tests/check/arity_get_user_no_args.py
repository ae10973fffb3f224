# expect: 4:18 call-arity get_user() missing 1 required positional argument: 'user_id'
users = []
for uid in [1, 2, 3]:
    users.append(get_user())
print(users)
