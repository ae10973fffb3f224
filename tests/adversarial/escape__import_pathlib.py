# expect: exception ModuleNotFoundError
import pathlib
pathlib.Path('/etc/passwd').read_text()
