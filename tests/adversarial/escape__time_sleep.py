# expect: ok
# max-seconds: 2
import time
# No real clock: sleeping must not block the host (or is refused).
try:
    time.sleep(3600)
except Exception as e:
    print(type(e).__name__)
print('done')
