# expect: exception NameError
exec('import os')
