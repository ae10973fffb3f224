# expect: exception AttributeError
import sys
sys._getframe()
