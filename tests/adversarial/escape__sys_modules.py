# expect: exception AttributeError
import sys
sys.modules['os']
