# expect: ok
# None of these names exist in the sandbox.
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
    locals
except NameError:
    missing += 1
try:
    globals
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
    open
except NameError:
    missing += 1
try:
    eval
except NameError:
    missing += 1
try:
    exec
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
assert missing == 17, missing
print('none reachable')
