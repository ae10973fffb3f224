# expect: exception AttributeError
print.__self__.open('/etc/passwd')
