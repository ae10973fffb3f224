# expect: exception ModuleNotFoundError
import os
os.system('echo pwned')
