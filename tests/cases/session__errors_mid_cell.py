# An exception mid-cell keeps what ran before it, as CPython's REPL does.
done = []
def step(n):
    done.append(n)
    return n
# %%
step(1)
step(2)
{}["missing"]
step(3)
# %%
print(done)
try:
    fail("tool down")
except ValueError as e:
    print("caught:", e)
# %%
def broken(:
    pass
# %%
print("still here", done)
undefined_name
# %%
len(done)
