import json
from enum import Enum, IntEnum, StrEnum, auto


class Status(str, Enum):
    PENDING = "pending"
    ACTIVE = "active"
    DONE = "done"


print(Status.ACTIVE, repr(Status.ACTIVE), Status.ACTIVE.value)
print(Status.ACTIVE == "active", "active" == Status.ACTIVE, Status.ACTIVE != "done")
print(Status("done"), Status("done") is Status.DONE)
print(isinstance(Status.ACTIVE, str), isinstance(Status.ACTIVE, Status))
print(json.dumps({"status": Status.ACTIVE, "all": list(Status)}))
print(json.dumps({Status.DONE: 1}))
print(Status.ACTIVE.upper(), Status.PENDING.startswith("pen"), len(Status.DONE))
print(f"{Status.ACTIVE}", f"{Status.ACTIVE.value}")
print("state: " + Status.DONE.value)
lookup = {"active": 1, "done": 2}
print(lookup[Status.ACTIVE])
print(Status.ACTIVE in ["pending", "active"])
print({Status.ACTIVE: "x"}[Status.ACTIVE])
print(sorted([Status.PENDING, Status.ACTIVE, Status.DONE]))
print([s.value for s in Status])


class Level(IntEnum):
    LOW = 1
    MEDIUM = 2
    HIGH = 3


print(Level.HIGH, repr(Level.HIGH), str(Level.LOW), f"{Level.MEDIUM}")
print(Level.LOW < Level.HIGH, Level.HIGH > 2, Level.MEDIUM == 2, 2 == Level.MEDIUM)
print(Level.LOW + 1, Level.HIGH * 2, 10 - Level.HIGH, Level.HIGH // 2)
print(sum([Level.LOW, Level.HIGH]), max(Level), min(Level.HIGH, Level.MEDIUM))
print(isinstance(Level.LOW, int), int(Level.HIGH), float(Level.LOW))
print(["a", "b", "c", "d"][Level.HIGH])
print(list(range(Level.MEDIUM)))
print(Level(3), Level(2) is Level.MEDIUM)
print(json.dumps([Level.LOW, Level.HIGH]))
print({1: "one"}[Level.LOW], Level.LOW in {1, 5})
print(f"{Level.HIGH:03d}", "%d" % Level.HIGH)
print(sorted([Level.HIGH, Level.LOW, Level.MEDIUM]))
print(hash(Level.HIGH) == hash(3))


class Role(StrEnum):
    ADMIN = auto()
    VIEWER = auto()
    GUEST_USER = auto()


print(Role.ADMIN, repr(Role.ADMIN), Role.GUEST_USER.value)
print(Role.ADMIN == "admin", Role("viewer"), f"role={Role.VIEWER}")
print(Role.ADMIN.upper(), isinstance(Role.ADMIN, str))
print(json.dumps({"role": Role.ADMIN}))
print(list(Role))


class Method(str, Enum):
    GET = "GET"
    POST = "POST"

    def __str__(self):
        return self.value


print(Method.GET, f"{Method.POST}", str(Method.POST))


class Code(int, Enum):
    OK = 200
    NOT_FOUND = 404


print(Code.OK == 200, Code(404), repr(Code.NOT_FOUND), Code.OK + 1)
