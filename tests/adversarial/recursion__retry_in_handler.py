# expect: limit memory
# Each level retries after RecursionError: exponential time in CPython; the
# growing __context__ chain of tracebacks fills the memory cap first here.
def f():
    try:
        f()
    except RecursionError:
        f()

f()
