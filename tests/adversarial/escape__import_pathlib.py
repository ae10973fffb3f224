# expect: exception PermissionError
# pathlib exists for pure path arithmetic; reading a file needs a
# filesystem the sandbox does not grant.
import pathlib
pathlib.Path('/etc/passwd').read_text()
