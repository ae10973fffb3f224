# expect: exception PermissionError
# open() exists; files are os calls the host answers, and this one grants
# nothing.
open('/etc/passwd').read()
