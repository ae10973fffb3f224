# expect: 3:7 attr-unknown 'str' object has no attribute 'toUpperCase'
name = get_user(3)["name"]
print(name.toUpperCase())
