# expect: exception AttributeError
import collections
collections.__dict__['_sys']
