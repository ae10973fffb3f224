# expect: 3:31 format-type Unknown format code 'f' for object of type 'str'
user = get_user(9)
print(f"{user['name']} spent {user['name']:.2f}")
