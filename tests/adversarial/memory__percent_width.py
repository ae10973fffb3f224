# expect: exception MemoryError
# max-seconds: 2
'%10000000000d' % 1
