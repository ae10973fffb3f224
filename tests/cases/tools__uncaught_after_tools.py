# an uncaught error in user code that processes tool results
def summarize(user):
    return f"{user['name']} ({user['email']})"

def report(ids):
    lines = []
    for uid in ids:
        user = fetch_user(uid)
        lines.append(summarize(user))
    return lines

print(search("report", 1))
print(report([]))
print(report([2, 3]))
