# expect: ok
# expand
# Long but flat: must run fine.
x = 0
<<100000*x += 1\n>>assert x == 100000
print(x)
