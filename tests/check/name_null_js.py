# expect: 3:12 undefined-name name 'null' is not defined
user = find_user("ada@example.com")
if user == null:
    print("no such user")
else:
    print(user["name"])
