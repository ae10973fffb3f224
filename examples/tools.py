"""A tiny tool server for `monty run --tools-cmd` (JSON lines on stdin/stdout).

It declares two tools, `get_weather(city)` and `convert(celsius, unit)`, then
answers one request per line. An unknown city is a `LookupError`, which the
sandboxed program can catch like any Python exception.
"""

import json
import sys

WEATHER = {
    "Paris": {"celsius": 14.5, "sky": "cloudy"},
    "Lima": {"celsius": 22.0, "sky": "sunny"},
    "Oslo": {"celsius": -3.25, "sky": "snow"},
}


def get_weather(city):
    if city not in WEATHER:
        raise LookupError(f"no station in {city}")
    return WEATHER[city]


def convert(celsius, unit="F"):
    if unit == "F":
        return celsius * 9 / 5 + 32
    if unit == "K":
        return celsius + 273.15
    raise ValueError(f"unknown unit {unit!r}")


TOOLS = {"get_weather": get_weather, "convert": convert}


def main():
    decl = [
        {"name": "get_weather", "params": ["city"], "async": False},
        {"name": "convert", "params": ["celsius", "unit"], "async": False},
    ]
    print(json.dumps({"functions": decl}), flush=True)
    for line in sys.stdin:
        req = json.loads(line)
        try:
            value = TOOLS[req["name"]](*req["args"], **req["kwargs"])
            reply = {"id": req["id"], "value": value}
        except Exception as exc:  # reported to the sandbox as that exception type
            reply = {"id": req["id"], "error": {"type": type(exc).__name__, "message": str(exc)}}
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
