log = []
for i in range(5):
    try:
        if i == 1:
            continue
        if i == 3:
            break
        log.append(f"body{i}")
    finally:
        log.append(f"fin{i}")
print(log)
def loop_return():
    for i in range(3):
        try:
            if i == 1:
                return i
        finally:
            print("finally", i)
print(loop_return())
n = 0
while True:
    try:
        n += 1
        if n < 3:
            continue
        break
    finally:
        print("while finally", n)
