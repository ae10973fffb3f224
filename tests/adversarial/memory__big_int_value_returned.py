# expect: ok
# max-seconds: 2
# The value goes to the host exactly; only its repr is unavailable.
10**5000
