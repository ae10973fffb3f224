# expect: ok
# None of these names exist in the sandbox (eval, exec, open, locals and
# globals do, sandboxed: escape__eval, escape__exec, escape__open).
missing = 0
try:
    breakpoint
except NameError:
    missing += 1
try:
    input
except NameError:
    missing += 1
try:
    help
except NameError:
    missing += 1
try:
    exit
except NameError:
    missing += 1
try:
    quit
except NameError:
    missing += 1
try:
    memoryview
except NameError:
    missing += 1
try:
    __build_class__
except NameError:
    missing += 1
try:
    __loader__
except NameError:
    missing += 1
try:
    __spec__
except NameError:
    missing += 1
try:
    compile
except NameError:
    missing += 1
try:
    __import__
except NameError:
    missing += 1
try:
    __builtins__
except NameError:
    missing += 1
assert missing == 12, missing
print('none reachable')
