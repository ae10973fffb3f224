# expect: exception NameError
# eval exists, sandboxed: what it runs has no more reach than the program
# (no __import__, no os access beyond the host's os calls).
eval('__import__("os")')
