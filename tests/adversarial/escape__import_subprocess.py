# expect: exception ModuleNotFoundError
import subprocess
subprocess.run(['id'])
