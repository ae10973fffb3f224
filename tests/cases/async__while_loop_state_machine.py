# an async state machine with match/case, sleeps and a step budget
import asyncio

async def transition(state, attempt):
    await asyncio.sleep(0)
    match state:
        case "idle":
            return "connecting"
        case "connecting" if attempt < 2:
            return "backoff"
        case "connecting":
            return "connected"
        case "backoff":
            await asyncio.sleep(0.001 * attempt)
            return "connecting"
        case _:
            return "done"

async def main():
    state, attempt, history = "idle", 0, []
    while state != "done" and len(history) < 12:
        history.append(state)
        if state == "backoff":
            attempt += 1
        state = await transition(state, attempt)
    print(" -> ".join(history + [state]))
    print("attempts", attempt)

asyncio.run(main())
