# expect: 6:11 attr-unknown 'str' object has no attribute 'uppper'. Did you mean: 'upper'?
def describe(user):
    return f"{user['name']} <{user['email']}>"

for user_id in [1, 2, 3]:
    print(describe(get_user(user_id)).uppper())
