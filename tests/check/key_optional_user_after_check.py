# expect: 4:22 key-unknown 'mail' is not a key of User. Did you mean: 'email'?
user = find_user("grace@example.com")
if user is not None:
    send_email([user["mail"]], "Hi", "Welcome!")
