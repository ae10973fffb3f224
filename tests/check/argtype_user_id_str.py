# expect: 3:17 arg-type get_user() argument 'user_id' must be int, not str
user_id = "42"
user = get_user(user_id)
print(user["name"])
