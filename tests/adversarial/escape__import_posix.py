# expect: exception ModuleNotFoundError
import posix
posix.system('id')
