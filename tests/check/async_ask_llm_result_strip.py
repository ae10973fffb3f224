# expect: 4:12 async-not-awaited 'coroutine' object has no attribute 'strip'
async def classify(ticket_text):
    answer = ask_llm(f"Classify this ticket: {ticket_text}")
    return answer.strip().lower()

print(await classify("My package never arrived"))
