# expect: exception PermissionError
import os
os.system('echo pwned')
