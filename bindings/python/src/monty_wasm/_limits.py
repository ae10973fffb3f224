"""Resource limits: the `ResourceLimits` a caller passes, checked and
translated into the guest's limits request by `_limits_request`."""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import Any, TypedDict

from . import _engine

__all__ = ["ResourceLimits"]


class ResourceLimits(TypedDict, total=False):
    """Limits of one execution (start plus every resume). All optional.

    * `max_instructions`: bytecode instructions the guest may execute (counted
      by the guest, carried in snapshots) -> `MontyLimitError(kind='instructions')`.
    * `max_duration_secs`: seconds the guest may spend running, summed over
      start/resumes (not counting time in host functions) -> `kind='time'`.
      The host also stops the guest by wasmtime epoch interruption shortly
      after the budget, and `run_monty_async` bounds its own waiting by it.
    * `max_memory`: bytes of memory the run may use beyond the interpreter's
      own initial linear memory (about 10 MiB, `monty.wasm`'s minimum): the
      store's limiter caps linear memory at that baseline plus `max_memory`,
      and the guest is told the same cap -> `kind='memory'`, or a catchable
      `MemoryError` for a single object that cannot fit.
    * `max_recursion_depth`: Python frames before a (catchable) `RecursionError`.
    * `gc_interval`: accepted for compatibility and ignored (the guest collects on its own).
    * `max_allocations`: accepted for compatibility; NOT enforced (a
      `UserWarning` says so): use `max_instructions` and `max_memory`.
    """

    max_instructions: int | None
    max_duration_secs: float | None
    max_memory: int | None
    max_recursion_depth: int | None
    gc_interval: int | None
    max_allocations: int | None


_KNOWN_LIMITS = frozenset(ResourceLimits.__annotations__)


def _limits_request(limits: Mapping[str, Any] | None) -> dict[str, Any]:
    if not limits:
        return {}
    unknown = set(limits) - _KNOWN_LIMITS
    if unknown:
        raise ValueError(f"unknown resource limits: {', '.join(sorted(unknown))} "
                         f"(known: {', '.join(sorted(_KNOWN_LIMITS))})")
    if limits.get("max_allocations") is not None:
        warnings.warn("monty_wasm does not enforce max_allocations; use max_instructions and max_memory",
                      UserWarning, stacklevel=3)
    out: dict[str, Any] = {}
    for key, guest_key in (("max_instructions", "max_instructions"),
                           ("max_duration_secs", "max_duration_secs"),
                           ("max_memory", "max_memory_bytes"),
                           ("max_recursion_depth", "max_recursion_depth")):
        v = limits.get(key)
        if v is not None:
            if isinstance(v, bool) or not isinstance(v, (int, float)) or v < 0:
                raise ValueError(f"limits[{key!r}] must be a non-negative number, got {v!r}")
            out[guest_key] = float(v) if key == "max_duration_secs" else int(v)
    if "max_memory_bytes" in out:
        out["max_memory_bytes"] += _engine.baseline_memory()
    return out
