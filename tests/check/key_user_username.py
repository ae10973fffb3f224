# expect: 3:28 key-unknown 'username' is not a key of User
user = get_user(12)
print("Welcome back", user["username"])
