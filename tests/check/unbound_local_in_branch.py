# expect: 4:36 used-before-assignment cannot access local variable 'label' where it is not associated with a value
def classify(temp):
    if temp > 25:
        print("hot day, label is", label)
    label = "warm" if temp > 15 else "cold"
    return label

print(classify(get_temperature("Lima")))
