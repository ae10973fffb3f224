# expect: 3:1 operator-type 'str' object does not support item assignment
name = get_user(5)["name"]
name[0] = name[0].upper()
print(name)
