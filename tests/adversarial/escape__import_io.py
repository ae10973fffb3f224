# expect: exception ModuleNotFoundError
import io
io.open('/etc/passwd')
