# expect: exception ValueError
# max-seconds: 2
'%d' % 10**5000
