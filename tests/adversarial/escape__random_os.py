# expect: exception AttributeError
import random
random._os.system('id')
