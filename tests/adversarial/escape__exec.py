# expect: exception PermissionError
# exec exists, sandboxed: code it runs reaches the OS only through the
# host's os calls, which this host denies.
exec('import os\nos.listdir("/")')
