#!/usr/bin/env python3
"""Sizes of the functions of a wasm module, by name, optionally two side by side.

Run: python3 tools/wasm_sizes.py MODULE.wasm [OTHER.wasm] [--match SUBSTR] [--top N]
(Python 3.11+, stdlib only.)

Reads the code section (each body's size in bytes) and the `name` custom
section (function names), so it needs a module with names: `make wasm-prof`
builds one (target/prof/monty.wasm); the committed
monty.wasm is stripped and shows indices only. With two modules, functions
are paired by their demangled name with the trailing Rust hash and
type parameters removed (`Vm<S>` pairs with `Vm`), and the table shows
both sizes and the change.
Use it to see what a change did to code generation, e.g. the size of the
VM's dispatch function before and after.
"""

import argparse
import re
from pathlib import Path


def leb(data: bytes, i: int) -> tuple[int, int]:
    """An unsigned LEB128 number at `i`, and the offset after it."""
    value, shift = 0, 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def imported_functions(data: bytes, i: int) -> int:
    """How many functions the import section at `i` imports."""
    count, i = leb(data, i)
    functions = 0
    for _ in range(count):
        for _ in range(2):  # module and field names
            n, i = leb(data, i)
            i += n
        kind = data[i]
        i += 1
        if kind == 0:  # function: type index
            _, i = leb(data, i)
            functions += 1
        elif kind == 1:  # table: element type, limits
            i += 1
            flags, i = leb(data, i)
            _, i = leb(data, i)
            if flags & 1:
                _, i = leb(data, i)
        elif kind == 2:  # memory: limits
            flags, i = leb(data, i)
            _, i = leb(data, i)
            if flags & 1:
                _, i = leb(data, i)
        elif kind == 3:  # global: value type, mutability
            i += 2
    return functions


def function_sizes(path: Path) -> dict[str, int]:
    """Each function's body size, by name (by index when unnamed)."""
    data = path.read_bytes()
    if data[:4] != b"\0asm":
        raise SystemExit(f"{path}: not a wasm module")
    i, imports, bodies, names = 8, 0, [], {}
    while i < len(data):
        section = data[i]
        size, i = leb(data, i + 1)
        end = i + size
        if section == 2:
            imports = imported_functions(data, i)
        elif section == 10:
            count, j = leb(data, i)
            for _ in range(count):
                n, j = leb(data, j)
                bodies.append(n)
                j += n
        elif section == 0:
            n, j = leb(data, i)
            if data[j : j + n] == b"name":
                j += n
                while j < end:
                    sub = data[j]
                    n, j = leb(data, j + 1)
                    if sub == 1:
                        count, k = leb(data, j)
                        for _ in range(count):
                            index, k = leb(data, k)
                            length, k = leb(data, k)
                            names[index] = data[k : k + length].decode(errors="replace")
                            k += length
                    j += n
        i = end
    return {names.get(n + imports, f"#{n + imports}"): size for n, size in enumerate(bodies)}


def demangle(name: str) -> str:
    """A Rust legacy-mangled name (`_ZN...E`) as a path, without its hash."""
    if not (name.startswith("_ZN") and name.endswith("E")):
        return name
    parts, i, body = [], 3, name[:-1]
    while i < len(body) and body[i].isdigit():
        j = i
        while body[j].isdigit():
            j += 1
        n = int(body[i:j])
        parts.append(body[j : j + n])
        i = j + n
    if parts and re.fullmatch(r"h[0-9a-f]{16}", parts[-1]):
        parts.pop()
    path = "::".join(parts)
    for code, text in (("$LT$", "<"), ("$GT$", ">"), ("$u20$", " "), ("$u7b$", "{"),
                       ("$u7d$", "}"), ("$RF$", "&"), ("$C$", ","), ("..", "::")):
        path = path.replace(code, text)
    return path.lstrip("_")


def key(name: str) -> str:
    """A name to pair two builds' functions by: demangled, without the
    type parameters of generic impls (`Vm<S>` pairs with `Vm`)."""
    return re.sub(r"<[A-Z]>", "", demangle(name))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("modules", nargs="+", type=Path, help="one or two .wasm files")
    ap.add_argument("--match", default="", help="only names containing this")
    ap.add_argument("--top", type=int, default=20, help="rows to print (largest first)")
    ap.add_argument("--rename", action="append", default=[], metavar="OLD=NEW",
                    help="pair the first module's OLD path prefix with NEW in the second "
                         "(code moved between crates), repeatable")
    args = ap.parse_args()
    if len(args.modules) > 2:
        raise SystemExit("at most two modules")
    tables = [function_sizes(p) for p in args.modules]
    for path, table in zip(args.modules, tables):
        print(f"{path}: {len(table)} functions, {sum(table.values())} bytes of code")
    if len(tables) == 1:
        rows = sorted(((s, n) for n, s in tables[0].items() if args.match in n), reverse=True)
        for size, name in rows[: args.top]:
            print(f"{size:>9}  {demangle(name)}")
        return
    renames = [r.split("=", 1) for r in args.rename]

    def renamed(k: str) -> str:
        for old, new in renames:
            k = k.replace(old, new)
        return k

    a = {renamed(key(n)): s for n, s in tables[0].items() if args.match in n}
    b = {key(n): s for n, s in tables[1].items() if args.match in n}
    rows = sorted(set(a) | set(b), key=lambda k: -max(a.get(k, 0), b.get(k, 0)))
    print(f"{'first':>9} {'second':>9} {'change':>7}  function")
    for k in rows[: args.top]:
        x, y = a.get(k), b.get(k)
        change = f"{(y - x) / x:+.1%}" if x and y else ""
        print(f"{x if x is not None else '-':>9} {y if y is not None else '-':>9} {change:>7}  {k}")


if __name__ == "__main__":
    main()
