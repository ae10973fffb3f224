import string
def caesar(text, shift):
    lower = string.ascii_lowercase
    upper = string.ascii_uppercase
    out = []
    for c in text:
        if c in lower:
            out.append(lower[(lower.index(c) + shift) % 26])
        elif c in upper:
            out.append(upper[(upper.index(c) + shift) % 26])
        else:
            out.append(c)
    return "".join(out)
msg = caesar("Attack at Dawn, Zebra!", 3)
print(msg)
print(caesar(msg, -3))
