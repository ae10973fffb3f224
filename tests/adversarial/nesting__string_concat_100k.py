# expect: ok
# expand
# Implicit concatenation of 100 000 literals is flat.
s = <<100000*'a' >>''
assert len(s) == 100000
