# expect: exception NameError
open('/etc/passwd').read()
