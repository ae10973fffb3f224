# Enum and ABC patterns as agents write them: statuses from tool results,
# dataclasses holding enum fields, JSON in and out, dispatch on members.
import json
from abc import ABC, abstractmethod
from dataclasses import dataclass, field, asdict
from enum import Enum, IntEnum, StrEnum, auto


class TaskStatus(str, Enum):
    TODO = "todo"
    IN_PROGRESS = "in_progress"
    DONE = "done"

    @classmethod
    def from_api(cls, raw: str) -> "TaskStatus":
        try:
            return cls(raw.lower())
        except ValueError:
            return cls.TODO


class Priority(IntEnum):
    LOW = 1
    MEDIUM = 2
    HIGH = 3


class Channel(StrEnum):
    EMAIL = auto()
    SLACK = auto()


@dataclass
class Task:
    title: str
    status: TaskStatus = TaskStatus.TODO
    priority: Priority = Priority.MEDIUM
    channels: list = field(default_factory=list)


raw = [
    {"title": "Write report", "status": "DONE", "priority": 3},
    {"title": "Email team", "status": "in_progress", "priority": 1},
    {"title": "Plan sprint", "status": "unknown", "priority": 2},
]
tasks = [Task(r["title"], TaskStatus.from_api(r["status"]), Priority(r["priority"]), [Channel.EMAIL]) for r in raw]
for t in sorted(tasks, key=lambda t: t.priority, reverse=True):
    print(f"[{t.priority.name:<6}] {t.title:<14} {t.status.value}")
print(json.dumps([asdict(t) for t in tasks]))
by_status = {}
for t in tasks:
    by_status.setdefault(t.status, []).append(t.title)
print({s.value: titles for s, titles in by_status.items()})
print(sum(1 for t in tasks if t.status == "done"), [t.title for t in tasks if t.priority >= Priority.MEDIUM])
print(TaskStatus.DONE in {TaskStatus.DONE, TaskStatus.TODO}, "done" in [s.value for s in TaskStatus])
summary = {p.name.lower(): sum(1 for t in tasks if t.priority == p) for p in Priority}
print(summary)
print(json.dumps({"channels": [c for c in Channel], "first": Channel.EMAIL}))
print(Channel.SLACK == "slack", Channel("email") is Channel.EMAIL, [str(c) for c in Channel])
print(", ".join(Channel), "|".join(s.value for s in TaskStatus))


class Tool(ABC):
    name: str = "base"

    @abstractmethod
    def run(self, **kwargs) -> dict:
        ...

    def __call__(self, **kwargs):
        return {"tool": self.name, **self.run(**kwargs)}


class Weather(Tool):
    name = "weather"

    def run(self, city="Paris"):
        return {"city": city, "temp": 21}


print(Weather()(city="Oslo"))
try:
    Tool()
except TypeError as e:
    print("TypeError:", e)


class Action(Enum):
    SEARCH = "search"
    ANSWER = "answer"
    STOP = "stop"


def step(action: Action, arg: str) -> str:
    match action:
        case Action.SEARCH:
            return f"searching for {arg}"
        case Action.ANSWER:
            return f"answer: {arg}"
        case _:
            return "stopping"


for a, arg in [("search", "llamas"), ("answer", "42"), ("stop", "")]:
    print(step(Action(a), arg))
print({a.value: a.name for a in Action})
print(Action.SEARCH.value.upper(), len(Action), Action["STOP"].value)
