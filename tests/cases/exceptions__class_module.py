# The __module__ of builtin and library exception classes.
import json, io, asyncio, decimal, binascii, csv, tomllib, dataclasses, statistics
for c in [ValueError, json.JSONDecodeError, io.UnsupportedOperation, asyncio.CancelledError, binascii.Error, csv.Error, tomllib.TOMLDecodeError, dataclasses.FrozenInstanceError, statistics.StatisticsError, asyncio.QueueEmpty, asyncio.InvalidStateError, ExceptionGroup]:
    print(c.__name__, c.__module__)
