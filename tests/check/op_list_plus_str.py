# expect: 3:12 operator-type can only concatenate list (not "str") to list
recipients = ["a@example.com"]
everyone = recipients + "b@example.com"
send_email(everyone, "Hi", "Hello all")
