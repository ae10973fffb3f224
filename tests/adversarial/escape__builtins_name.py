# expect: exception NameError
__builtins__.open('/etc/passwd')
