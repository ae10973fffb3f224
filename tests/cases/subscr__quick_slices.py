# list[a:b] and str[a:b] with int or omitted bounds (no step), every
# clamping case, and list + list; the shapes the general path keeps
# (steps, bools, big ints, non-ASCII strs, user classes) beside them.
xs = [0, 1, 2, 3, 4]
bounds = [None, -10, -5, -3, -1, 0, 1, 2, 4, 5, 6, 100]
out = []
for a in bounds:
    for b in bounds:
        out.append(len(xs[a:b]))
        out.append(sum(xs[a:b]))
print(out[:40])
print(sum(out), xs[:], xs[:] is xs, xs[2:], xs[:-2], xs[-2:], xs[3:1], xs[::2], xs[1:4:2])
s = "hello world"
print(s[:5], s[6:], s[-5:], s[3:3], repr(s[5:2]), s[-100:3], s[4:100], s[:] is s, s[0:len(s)] is s)
print("héllo"[1:3], "héllo"[:2], "naïve café"[-4:], s[True:], xs[False:2], s[2**70:], xs[-(2**70):2])
empty = []
print(empty[1:3], ""[0:5] == "", [1] + [], [] + [], [1, 2] + [3], xs + xs[:1])
ys = xs[1:3]
ys.append(99)
print(xs, ys)
zs = xs + [5]
zs[0] = -1
print(xs, zs)
try:
    [1] + (2,)
except TypeError as e:
    print("TypeError", e)
try:
    xs["a":"b"]
except TypeError as e:
    print("TypeError", e)
print((1, 2, 3)[1:], (1, 2)[:] == (1, 2), bytes(b"abc")[1:])
acc = [1]
alias = acc
acc += [2, 3]
acc = acc + [4]
print(acc, alias, alias is acc)
t = "abc"
u = t[0:3]
e = "é"
print(u is t, t[0:] is t, t[:10] is t, e[:] is e, t[1:] == "bc")
