# retry a flaky sync tool until it succeeds or the budget runs out
def call_with_retry(key, fails, max_attempts=4):
    log = []
    for attempt in range(1, max_attempts + 1):
        try:
            result = flaky(key, attempt, fails)
        except TimeoutError as e:
            log.append(f"#{attempt} {e}")
            continue
        log.append(f"#{attempt} {result}")
        return result, log
    raise TimeoutError(f"{key}: gave up after {max_attempts} attempts")

for key, fails in [("orders", 0), ("billing", 2), ("search", 3)]:
    value, log = call_with_retry(key, fails)
    print(value, log)
try:
    call_with_retry("ledger", 9)
except TimeoutError as e:
    print("error:", e)
