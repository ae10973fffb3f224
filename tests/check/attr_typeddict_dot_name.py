# expect: 3:17 attr-unknown 'dict' object has no attribute 'name'. Did you mean: ['name']?
user = get_user(7)
print("Hello,", user.name)
