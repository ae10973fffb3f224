# expect: exception ModuleNotFoundError
import ctypes
ctypes.CDLL(None)
