# bytearray is mutable: item/slice assignment, del, in-place ops, methods
ba = bytearray(b'hello')
ba[0] = 72
ba[-1] = ord('!')
print(ba)
ba[1:3] = b'EY'
print(ba)
ba[1:3] = [1, 2, 3]
print(ba)
ba[::2] = b'abc'
print(ba)
del ba[0]
del ba[1:3]
print(ba)
ba.append(33)
ba.extend(b'xy')
ba.extend([48, 49])
ba.insert(0, 95)
ba.insert(-1, 45)
print(ba, ba.pop(), ba.pop(0), ba)
ba.remove(33)
ba.reverse()
print(ba, ba.copy(), ba.copy() is ba)
alias = ba
ba += b'++'
ba *= 2
print(alias is ba, alias)
ba.clear()
print(ba, len(ba))
for f in [lambda: ba.pop(), lambda: bytearray(b'a').remove(9), lambda: bytearray(b'a').append(256),
          lambda: bytearray(b'a').extend('s'), lambda: bytearray(b'a').extend(5)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
x = bytearray(b'abc')
try:
    x[::2] = b'q'
except ValueError as e:
    print(e)
try:
    x[0] = 'a'
except TypeError as e:
    print(e)
b = b'immutable'
b[0] = 1
