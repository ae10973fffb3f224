# The last traceback line suggests a close name or a missing import.
def average(values):
    count = len(values)
    return sum(values) / coutn


try:
    average([1, 2])
except NameError as e:
    # str(e) carries no hint; only the printed traceback does.
    print(e, e.name if hasattr(e, 'name') else None)
words = ['a']
try:
    words.apend('b')
except AttributeError as e:
    print(e, e.name, e.obj)
print(json.dumps(words))
