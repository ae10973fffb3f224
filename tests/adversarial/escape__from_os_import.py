# expect: exception ModuleNotFoundError
from os import system
system('echo pwned')
