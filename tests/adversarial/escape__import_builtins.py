# expect: exception ModuleNotFoundError
import builtins
builtins.open('/etc/passwd')
