readings = [4, 7, 1]
print(max(readings), min(readings))
readings.clear()
print(max(readings))
