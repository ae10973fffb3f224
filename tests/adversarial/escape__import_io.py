# expect: exception PermissionError
# io.open is the builtin open(): a file reaches the program only through the
# host's os calls, which are denied without --mount/--memfs.
import io
io.open('/etc/passwd')
