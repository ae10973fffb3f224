# expect: exception PermissionError
from os import system
system('echo pwned')
