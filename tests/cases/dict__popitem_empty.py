pending = {"job1": 1}
print(pending.popitem())
print(pending)
pending.popitem()
