# The tools bench/check/program.py calls (host/examples/figures.rs answers them).
from typing import Any, Literal, TypedDict


class Order(TypedDict):
    id: str
    customer: str
    total: float
    status: Literal["open", "shipped", "cancelled"]


def list_orders(customer: str, status: str = "open", limit: int = 20) -> list[Order]: ...
def get_weather(city: str, units: str = "metric") -> dict[str, Any]: ...
def count_words(text: str) -> int: ...
def send_email(to: list[str], subject: str, body: str) -> bool: ...

API_BASE: str
