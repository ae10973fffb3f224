# expect: ok
# expand
# A chain is flat, not nested.
x = 1<<100000* < 2>>
assert x is False
