# return_exceptions=True: exceptions come back as values, in position
import asyncio

class QuotaExceeded(Exception):
    def __init__(self, user, limit):
        super().__init__(f"{user} exceeded {limit}")
        self.user = user

async def check(user):
    await asyncio.sleep(0)
    if user == "bob":
        raise QuotaExceeded(user, 10)
    if user == "eve":
        raise PermissionError("blocked")
    if user == "":
        return {}["missing"]
    return user.upper()

async def main():
    users = ["ann", "bob", "", "eve", "joe"]
    results = await asyncio.gather(*(check(u) for u in users), return_exceptions=True)
    for user, r in zip(users, results):
        if isinstance(r, BaseException):
            print(f"{user!r:6} failed: {type(r).__name__}: {r}")
        else:
            print(f"{user!r:6} ok: {r}")
    ok = [r for r in results if not isinstance(r, Exception)]
    errors = {type(r).__name__ for r in results if isinstance(r, Exception)}
    print(ok, sorted(errors))
    quota = [r for r in results if isinstance(r, QuotaExceeded)][0]
    print(quota.user, quota.args)

asyncio.run(main())
