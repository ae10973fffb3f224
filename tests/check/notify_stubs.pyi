# A program's own stubs: a notify tool with a required keyword-only argument.
from typing import TypedDict

class User(TypedDict):
    id: int
    name: str
    email: str

def get_user(user_id: int) -> User: ...
def notify(to: str, message: str, *, channel: str, urgent: bool = False) -> None: ...
