def cleanup():
    raise RuntimeError("cleanup failed")

def work():
    try:
        return 1 / 0
    finally:
        cleanup()

print("starting")
work()
