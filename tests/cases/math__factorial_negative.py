import math

print(math.factorial(5))
math.factorial(-3)
