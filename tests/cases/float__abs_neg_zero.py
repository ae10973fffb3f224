print(abs(-2.5), abs(2.5), abs(-0.0))
print(-0.0 == 0.0, -0.0 < 0.0)
z = -0.0
print(z, z * -1, z + 0.0, 0.0 * -5)
print(-0.0 * 1 == 0)
print(round(-0.4), round(-0.4, 1))
print(abs(float("-inf")))
print(f"{-0.0}", f"{-0.0:.1f}")
