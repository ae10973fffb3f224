#!/usr/bin/env python3
"""Random regular expressions run by CPython and by monty, answers compared.

Run: python3 tools/re_differential.py [--seeds 1-20] [--cases 500]
       [--monty target/release/examples/run_native] [--keep DIR]
(Python 3.11+, stdlib only; CPython 3.13 through `PYENV_VERSION=3.13.0
python3` as the reference; build the native runner first with
`cargo build --release -p monty-guest --example run_native`.)

For each seed it writes one program of random (pattern, text, flags)
cases: patterns from a small grammar (characters with non-ASCII and case
pairs such as `K`/KELVIN SIGN, classes, `\\w \\d \\s \\b`, anchors, groups,
alternation, greedy/lazy/counted repeats, lookahead, fixed-width
lookbehind, atomic groups), texts from the same alphabet, flags among
none, IGNORECASE, MULTILINE and DOTALL. Each case prints `search`'s span
and groups, `findall`, `sub` and `finditer`'s spans (or the exception
type of a pattern that does not compile). The two outputs must be equal;
the first differing lines of each seed are shown. Exit status 1 if any
seed differs. Session 23 checked seeds 1-35 x 400-500 cases this way
when `re` moved to its own engine (`stdlib/src/re_exec.rs`).
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

ATOMS = ["a", "b", "c", ".", "[ab]", "[^a]", r"\w", r"\d", r"\s", r"\b", "^", "$", "é",
         "[a-c]", "A", "(?:a|b)", "(?:a|[bc]|é)", "(?:ab|a)", "É", "k"]
REPEATS = ["*", "+", "?", "*?", "+?", "??", "{2}", "{1,2}", "{0,3}?", "{2,}"]
TEXT = "aabbcÉé\nAK\u212ak1 "


def pattern(r: random.Random, depth: int = 0) -> str:
    """A random pattern, at most four levels deep."""
    k = r.random()
    if depth > 3 or k < 0.35:
        return r.choice(ATOMS)
    if k < 0.55:
        return pattern(r, depth + 1) + pattern(r, depth + 1)
    if k < 0.65:
        return pattern(r, depth + 1) + "|" + pattern(r, depth + 1)
    if k < 0.75:
        return "(" + pattern(r, depth + 1) + ")"
    if k < 0.8:
        return "(?:" + pattern(r, depth + 1) + ")"
    if k < 0.9:
        atom = r.choice(ATOMS[:9]) if r.random() < 0.5 else "(" + pattern(r, depth + 1) + ")"
        return atom + r.choice(REPEATS)
    if k < 0.93:
        return "(?=" + pattern(r, depth + 1) + ")"
    if k < 0.95:
        return "(?!" + pattern(r, depth + 1) + ")"
    if k < 0.97:
        return "(?>" + pattern(r, depth + 1) + ")"
    return "(?<=" + r.choice(["a", "b", "[ab]", "ab"]) + ")"


def program(seed: int, cases: int) -> str:
    """The Python source of one seed's cases."""
    r = random.Random(seed)
    lines = ["import re", "cases = ["]
    for _ in range(cases):
        text = "".join(r.choice(TEXT) for _ in range(r.randint(0, 8)))
        flags = r.choice([0, 0, 2, 8, 16])
        lines.append(f"    ({pattern(r)!r}, {text!r}, {flags}),")
    lines.append("]")
    lines.append("""for p, t, fl in cases:
    try:
        r = re.compile(p, fl)
    except Exception as e:
        print('E', type(e).__name__)
        continue
    m = r.search(t)
    print(repr(p), repr(t), fl, m and (m.span(), m.groups()), r.findall(t),
          r.sub('-', t), [x.span() for x in r.finditer(t)])""")
    return "\n".join(lines) + "\n"


def seeds(spec: str) -> list[int]:
    """`1-20` or `3,5,8`."""
    if "-" in spec:
        lo, hi = spec.split("-")
        return list(range(int(lo), int(hi) + 1))
    return [int(s) for s in spec.split(",")]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", default="1-20")
    ap.add_argument("--cases", type=int, default=500)
    ap.add_argument("--monty", default=str(ROOT / "target/release/examples/run_native"),
                    help="a command taking the program's path (the native runner, "
                         "or e.g. 'target/release/monty run')")
    ap.add_argument("--keep", help="write the programs and outputs here")
    args = ap.parse_args()
    out_dir = Path(args.keep or tempfile.mkdtemp(prefix="re-diff-"))
    out_dir.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, PYENV_VERSION="3.13.0")
    failed = 0
    for seed in seeds(args.seeds):
        path = out_dir / f"seed{seed}.py"
        path.write_text(program(seed, args.cases))
        want = subprocess.run(["python3", str(path)], capture_output=True, text=True, env=env)
        got = subprocess.run(args.monty.split() + [str(path)], capture_output=True, text=True)
        if want.stdout == got.stdout:
            print(f"seed {seed}: {args.cases} cases, same")
            continue
        failed += 1
        w, g = want.stdout.splitlines(), got.stdout.splitlines()
        diffs = [(i, a, b) for i, (a, b) in enumerate(zip(w, g)) if a != b]
        print(f"seed {seed}: DIFFERS ({len(diffs)} lines, {len(w)} vs {len(g)} lines; {path})")
        for i, a, b in diffs[:3]:
            print(f"  line {i + 1}\n    cpython: {a}\n    monty:   {b}")
        if got.stderr:
            print("  monty stderr:", got.stderr.strip()[:300])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
