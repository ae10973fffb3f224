# expect: 2:12 call-keyword send_email() got an unexpected keyword argument 'recipients'
send_email(recipients=["a@example.com"], subject="Hello", body="Hi there")
