"""monty_wasm: the monty Python sandbox (`monty.wasm`) from Python, through wasmtime.

```python
import monty_wasm

m = monty_wasm.Monty('fetch(url).upper()', inputs=['url'])
print(m.run(inputs={'url': 'https://example.com'},
            external_functions={'fetch': lambda u: f'<html of {u}>'}))
```
"""

from ._errors import (
    Diagnostic,
    MontyError,
    MontyInternalError,
    MontyInvalidError,
    MontyLimitError,
    MontyRuntimeError,
    MontySessionError,
    MontySnapshotError,
    MontySyntaxError,
    MontyTypingError,
)
from ._monty import (
    FunctionSnapshot,
    FutureSnapshot,
    Monty,
    MontyComplete,
    OsHandler,
    PendingCall,
    PrintCallback,
    ResourceLimits,
    load_snapshot,
    run_monty_async,
    set_snapshot_key,
)
from ._session import Session
from ._values import HostObject, HostObjectRef, MontyRepr

__version__ = "0.1.0"

# Public classes print as `monty_wasm.X`, as pydantic-monty's print as `pydantic_monty.X`.
for _cls in (Monty, MontyComplete, HostObject, HostObjectRef, Diagnostic, FunctionSnapshot, FutureSnapshot, PendingCall, MontyRepr,
             MontyError, MontySyntaxError, MontyRuntimeError, MontyLimitError, MontyTypingError,
             MontyInvalidError, MontyInternalError, MontySnapshotError, MontySessionError, Session):
    _cls.__module__ = __name__
del _cls

__all__ = [
    "__version__",
    "Monty",
    "Session",
    "ResourceLimits",
    "MontyComplete",
    "FunctionSnapshot",
    "FutureSnapshot",
    "PendingCall",
    "PrintCallback",
    "OsHandler",
    "MontyRepr",
    "HostObject",
    "HostObjectRef",
    "Diagnostic",
    "run_monty_async",
    "load_snapshot",
    "set_snapshot_key",
    "MontyError",
    "MontySyntaxError",
    "MontyRuntimeError",
    "MontyLimitError",
    "MontyTypingError",
    "MontyInvalidError",
    "MontyInternalError",
    "MontySnapshotError",
    "MontySessionError",
]
