# The generated __hash__ of a frozen dataclass hashes its fields, so a
# chain of instances recurses; a long chain raises RecursionError (CPython:
# its Python-level recursion limit) instead of exhausting the native stack.
from dataclasses import dataclass


@dataclass(frozen=True)
class Node:
    v: object


n = Node(1)
for _ in range(150):
    n = Node(n)
print(isinstance(hash(n), int), hash(n) == hash(n))
for _ in range(10000):
    n = Node(n)
try:
    hash(n)
except RecursionError as exc:
    print('RecursionError:', exc)
