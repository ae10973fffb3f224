# open(): text and binary modes, with blocks, iteration by line, append,
# exclusive creation, and the errors of misuse.
import os

os.makedirs("work/out", exist_ok=True)
with open("work/out/notes.txt", "w") as f:
    print(f.write("alpha\n"), f.writable(), f.readable())
    f.writelines(["beta\n", "gamma\n"])
    print(f.name, f.mode, f.closed)
print(f.closed)

with open("work/out/notes.txt") as f:
    print(f.readline(), end="")
    for line in f:
        print("line:", line.rstrip())

with open("work/out/notes.txt", "a") as f:
    f.write("delta\n")
with open("work/out/notes.txt", encoding="utf-8") as f:
    print(f.read().split())

with open("work/out/blob.bin", "wb") as f:
    f.write(b"\x00\x01\x02")
with open("work/out/blob.bin", "rb") as f:
    print(f.read(2), f.read(), f.tell())

with open("work/out/new.txt", "x") as f:
    f.write("once")
try:
    open("work/out/new.txt", "x")
except FileExistsError as e:
    print("exists:", e)

f = open("work/out/new.txt")
f.close()
try:
    f.read()
except ValueError as e:
    print(e)
with open("work/out/new.txt", "w") as f:
    try:
        f.read()
    except OSError as e:
        print(isinstance(e, OSError), "not readable" in str(e))
for bad in ["rw", "q", "rbt"]:
    try:
        open("work/out/new.txt", bad)
    except ValueError as e:
        print(e)
try:
    open("work/missing/file.txt")
except FileNotFoundError as e:
    print(e)

print(sorted(os.listdir("work/out")), os.path.getsize("work/out/notes.txt"))
print(os.path.exists("work/out/blob.bin"), os.path.isdir("work/out"), os.path.isfile("work"))
for dirpath, dirs, files in os.walk("work"):
    print(dirpath, sorted(dirs), sorted(files))
os.remove("work/out/blob.bin")
os.rename("work/out/new.txt", "work/out/renamed.txt")
print(sorted(os.listdir("work/out")))
