# expect: exception NameError
__import__('os').system('id')
