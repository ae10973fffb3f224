# expect: exception MemoryError
# max-seconds: 2
# CPython would grind for hours; refusing up front is better.
import math
math.factorial(10**10)
