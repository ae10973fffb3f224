#!/usr/bin/env python3
"""Measure the module structure of the Rust crates in this workspace.

Run: python3 tools/import_graph.py [--crate-graph] [--json] [CRATE_DIR ...]  (Python 3.11+, stdlib only).
Default CRATE_DIRs: every directory under the repo root (the parent of tools/;
target/ and hidden ones skipped) with a Cargo.toml and a src/.

Per crate, the file-level dependency graph of src/: file A depends on file B
when A names a module path resolving to B, in a `use` tree (nested brace groups,
`self`, `as`, globs) or in an `a::b::C` path anywhere else (expressions, types,
macro bodies).  A path may start with `crate`/`$crate`, `self`, `super`, a child
module of the current module (2018 uniform paths), a `use` alias of a module,
or (from a bin target) the package's own lib crate; anything else is ignored.
It resolves to its longest prefix that is a module: `crate::a::b::c` is
src/a/b/c.rs or src/a/b/c/mod.rs, else src/a/b.rs or src/a/b/mod.rs, ... down to
src/lib.rs.  Modules come from following `mod` declarations from each crate
root (lib.rs, main.rs, src/bin/*), honouring `#[path]` and inline `mod x {..}`
(which counts as its file); files no root reaches are listed.  A `mod x;`
declaration is not an edge.  Re-exports are NOT followed: naming
`crate::object::Dict` when object/mod.rs has `pub use dict::Dict` is an edge to
object/mod.rs only.  Unseen: names that only come through glob imports, and
paths that macros paste together.

Printed per crate: files, lines, strongly connected components (iterative
Tarjan) with more than one file, and the largest (its files if at most 30, else
the folders it spans).  For stdlib also the `match` expressions with an arm
pattern or guard naming `NativeObj::`.  --crate-graph adds the crate graph of
path dependencies ([dependencies], [build-dependencies], target tables; not
dev-dependencies, which may form cycles) and whether it has a cycle.  --json
prints the same as JSON.
"""
import argparse
import json
import os
import re
import tomllib
from collections import Counter, defaultdict
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
TOKEN = re.compile(r"""(?P<ws>\s+) | (?P<lc>//[^\n]*) | (?P<bc>/\*) | (?P<raw>(?:b|c)?r(?P<h>\#*)")
  | (?P<str>(?:b|c)?"(?:[^"\\]|\\.)*") | (?P<chr>b?'(?:[^'\\\n]|\\(?:u\{[0-9a-fA-F_]*\}|x..|.))')
  | (?P<id>(?:r\#|\$)?[A-Za-z_]\w*) | (?P<life>'[A-Za-z_]\w*) | (?P<num>[0-9]\w*(?:\.[0-9]\w*)?)
  | (?P<p>::|=>|.)""", re.X | re.S)
KEYWORDS = set("as break const continue else enum extern false fn for if impl in let loop match move mut "
               "pub ref return static struct trait true type unsafe use where while async await dyn Self".split())
OPEN, CLOSE = {"(", "[", "{"}, {")", "]", "}"}
BODY_GOES_ON = set("else . ? , as + - * / % ^ < > = !".split())  # tokens that continue an arm body after `}`
Tok = tuple[str, str, int]  # kind ("id", "str", "p"), text (a string's starts with '"'), line
Scope = tuple[str, ...]  # inline modules within a file
Mod = tuple[str, tuple[str, ...]]  # (crate root, module path)


def tokenize(src: str) -> list[Tok]:
    toks: list[Tok] = []
    pos, line = 0, 1
    while pos < len(src):
        m = TOKEN.match(src, pos)
        kind, end, text = m.lastgroup, m.end(), m.group()
        if kind == "bc":  # block comments nest
            depth = 1
            while depth and end < len(src):
                step = {"/*": 1, "*/": -1}.get(src[end:end + 2], 0)
                depth, end = depth + step, end + (2 if step else 1)
        elif kind in ("raw", "h"):
            end = src.find('"' + m.group("h"), end) + 1 + len(m.group("h"))
            toks.append(("str", '"', line))
        elif kind == "str": toks.append(("str", text[text.index('"'):-1], line))
        elif kind == "id": toks.append(("id", "crate" if text == "$crate" else text.removeprefix("r#"), line))
        elif kind == "p": toks.append(("p", text, line))
        line, pos = line + src.count("\n", pos, end), end
    return toks


class FileInfo:
    """The tokens of one file, its `mod` declarations, `use` leaves and other paths."""

    def __init__(self, path: Path) -> None:
        text = path.read_text(encoding="utf-8")
        self.lines = text.count("\n") + (bool(text) and not text.endswith("\n"))
        self.toks = tokenize(text)
        self.mods: list[tuple[Scope, str, bool, str | None]] = []  # scope, name, inline?, #[path]
        self.uses: list[tuple[Scope, list[str], str | None]] = []  # scope, segments, alias
        self.paths: list[tuple[Scope, list[str]]] = []
        t, stack, depth, attr, i = self.toks, [], 0, None, 0  # stack: (inline mod, its depth)
        while i < len(t):
            kind, text, _ = t[i]
            scope = tuple(n for n, _ in stack)
            if text == "#" and i + 4 < len(t) and t[i + 2][1] == "path" and t[i + 4][0] == "str":
                attr = t[i + 4][1][1:]
            if text == "mod" and i + 2 < len(t) and t[i + 1][0] == "id" and t[i + 2][1] in ("{", ";"):
                self.mods.append((scope, t[i + 1][1], t[i + 2][1] == "{", attr))
                if t[i + 2][1] == "{": depth += 1; stack.append((t[i + 1][1], depth))
                i, attr = i + 3, None; continue
            if text == "use" and kind == "id" and (i == 0 or t[i - 1][1] != "::"):
                i = self._use_tree(i + 1 + (t[i + 1][1] == "::"), [], scope); continue
            if text in ("{", "}", ";") and kind == "p":
                attr = None
                if text == "{": depth += 1
                elif text == "}":
                    if stack and stack[-1][1] == depth: stack.pop()
                    depth -= 1
            elif text == "::" and kind == "p":  # a global `::x::y` path: skip it
                i += 1
                while i + 1 < len(t) and t[i][0] == "id" and t[i + 1][1] == "::": i += 2
                continue
            elif kind == "id" and text not in KEYWORDS and i + 2 < len(t) and t[i + 1][1] == "::":
                segs = [text]
                while i + 2 < len(t) and t[i + 1][1] == "::" and t[i + 2][0] == "id":
                    segs.append(t[i + 2][1]); i += 2
                if len(segs) > 1: self.paths.append((scope, segs))
            i += 1

    def _use_tree(self, i: int, prefix: list[str], scope: Scope) -> int:
        t, segs = self.toks, list(prefix)
        while t[i][0] == "id" and t[i][1] != "as":
            segs.append(t[i][1]); i += 1
            if t[i][1] != "::": break
            i += 1
        if t[i][1] == "{":
            while t[i][1] != "}": i = self._use_tree(i + 1, segs, scope) if t[i + 1][1] != "}" else i + 1
            return i + 1
        if t[i][1] == "*": self.uses.append((scope, segs, None)); return i + 1
        if segs and segs[-1] == "self": segs.pop()
        alias = segs[-1] if segs else None
        if t[i][1] == "as": alias, i = t[i + 1][1], i + 2
        self.uses.append((scope, segs, None if alias == "_" else alias))
        return i


class Crate:
    def __init__(self, cdir: Path) -> None:
        self.dir, self.src = cdir, (cdir / "src").resolve()
        self.manifest = tomllib.loads((cdir / "Cargo.toml").read_text())
        lib = self.manifest.get("lib", {})
        self.lib_name = lib.get("name", self.manifest.get("package", {}).get("name", "").replace("-", "_"))
        roots = {"lib": cdir / lib.get("path", "src/lib.rs"), "main": cdir / "src/main.rs"}
        roots |= {b.get("name", "?"): cdir / b["path"] for b in self.manifest.get("bin", []) if "path" in b}
        for p in sorted(self.src.glob("bin/*.rs")) + sorted(self.src.glob("bin/*/main.rs")):
            roots.setdefault(p.stem if p.name != "main.rs" else p.parent.name, p)
        self.files: dict[Path, FileInfo] = {}; self.modules: dict[Mod, Path] = {}
        self.file_mods: dict[Path, list[Mod]] = defaultdict(list)
        for root, path in roots.items():
            path = path.resolve()
            if path.is_file() and path.is_relative_to(self.src) and path not in self.files:
                self._load((root, ()), path, True)
        self.orphans = sorted(p for p in self.src.rglob("*.rs") if p not in self.files)
        self.aliases: dict[Mod, dict[str, Mod]] = defaultdict(dict)
        for _ in range(3):  # `use` items naming a whole module; a few rounds for chains of them
            for scope, segs, alias in self._named(uses=True):
                if alias and (tgt := self.resolve(scope, segs, exact=True)): self.aliases[scope][alias] = tgt
        self.edges: dict[Path, set[Path]] = {f: set() for f in self.files}
        for f in self.files:
            for scope, segs, _ in self._named(f):
                if (hit := self.resolve(scope, segs)) and self.modules[hit] != f: self.edges[f].add(self.modules[hit])

    def _named(self, only: Path | None = None, uses: bool = False) -> Iterator[tuple[Mod, list[str], str | None]]:
        """(scope, path, alias) of the `use` leaves (and other paths unless `uses`) of one or all files."""
        for f, info in self.files.items():
            if only is None or f == only:
                for root, mp in self.file_mods[f]:
                    items = info.uses + ([] if uses else [(s, g, None) for s, g in info.paths])
                    yield from (((root, mp + s), g, a) for s, g, a in items)

    def _load(self, mod: Mod, path: Path, owns_dir: bool) -> None:
        info = self.files.setdefault(path, FileInfo(path))
        self.file_mods[path].append(mod)
        self.modules[mod] = path
        for scope, name, inline, attr in info.mods:
            child = (mod[0], mod[1] + scope + (name,))
            if inline: self.modules[child] = path; continue
            d = (path.parent if owns_dir else path.parent / path.stem).joinpath(*scope)
            cands = [(d if scope else path.parent) / attr] if attr else [d / f"{name}.rs", d / name / "mod.rs"]
            found = [c for c in cands if c.is_file()]
            if found: self._load(child, found[0].resolve(), bool(attr) or found[0].name == "mod.rs")

    def resolve(self, scope: Mod, segs: list[str], exact: bool = False) -> Mod | None:
        """The module a path names (its longest prefix that is a module), or None."""
        (root, base), head, rest = scope, segs[0] if segs else "", segs[1:]
        if head == "crate": base = ()
        elif head == "super":
            base = base[:-1]
            while rest and rest[0] == "super": base, rest = base[:-1], rest[1:]
        elif head == "self": pass
        elif (root, base + (head,)) in self.modules: rest = segs
        elif head in self.aliases.get(scope, {}): root, base = self.aliases[scope][head]
        elif head == self.lib_name and root != "lib" and ("lib", ()) in self.modules: root, base = "lib", ()
        else: return None
        for k in range(len(rest), -1 if not exact else len(rest) - 1, -1):
            if (root, base + tuple(rest[:k])) in self.modules: return (root, base + tuple(rest[:k]))
        return None

    def rel(self, p: Path) -> str:
        return str(p.relative_to(self.src))


def tarjan(graph: dict[Path, set[Path]]) -> list[list[Path]]:
    """Strongly connected components, iteratively (every edge target must be a key)."""
    index: dict[Path, int] = {}; low: dict[Path, int] = {}; on_stack: set[Path] = set()
    stack: list[Path] = []; out: list[list[Path]] = []
    for start in graph:
        if start in index: continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index); stack.append(start); on_stack.add(start)
        while work:
            v, it = work[-1]
            if (w := next(it, None)) is not None:
                if w not in index:
                    index[w] = low[w] = len(index); stack.append(w); on_stack.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on_stack: low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work: low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = [stack.pop()]
                while comp[-1] != v: comp.append(stack.pop())
                on_stack.difference_update(comp); out.append(comp)
    return out


def crate_report(c: Crate) -> dict:
    sccs = sorted(tarjan(c.edges), key=len, reverse=True)
    big = sccs[0] if sccs and len(sccs[0]) > 1 else []
    rep = {"crate": os.path.relpath(c.dir, ROOT), "files": len(c.files), "lines": sum(i.lines for i in c.files.values()),
           "file_edges": sum(map(len, c.edges.values())), "multi_file_sccs": sum(len(s) > 1 for s in sccs),
           "multi_file_scc_sizes": [len(s) for s in sccs if len(s) > 1], "largest_scc": max(map(len, sccs), default=0),
           "unreached_files": [c.rel(p) for p in c.orphans]}
    if len(big) <= 30: rep["largest_scc_files"] = sorted(c.rel(p) for p in big)
    else: rep["largest_scc_folders"] = dict(sorted(Counter(str(Path(c.rel(p)).parent) + "/" for p in big).items()))
    return rep


def enum_matches(c: Crate, enum: str = "NativeObj") -> dict:
    """`match` expressions with an arm pattern or guard (not just a body) naming `enum::`."""
    defs, hits = [], []
    for f, info in sorted(c.files.items()):
        t = info.toks + [("p", "}", 0)] * 2
        for i, (kind, text, line) in enumerate(info.toks):
            if text == "enum" and t[i + 1][1] == enum: defs.append(f"{c.rel(f)}:{line}")
            if kind != "id" or text != "match" or (i and t[i - 1][1] == "."): continue
            j, d = i + 1, 0  # skip the scrutinee up to the `{` of the arms
            while j < len(info.toks) and not (d == 0 and t[j][1] == "{"):
                d += (t[j][1] in OPEN) - (t[j][1] in CLOSE); j += 1
            j, d, pat, in_pat, names, catch_all = j + 1, 0, [], True, False, False
            while j < len(info.toks) and not (d == 0 and t[j][1] == "}"):
                tx = t[j][1]
                if in_pat and d == 0 and tx == "=>":
                    names |= any(a == enum and b == "::" for a, b in zip(pat, pat[1:]))
                    catch_all |= len(pat) == 1 and (pat[0] == "_" or pat[0][:1].islower())
                    in_pat, pat = False, []
                elif not in_pat and d == 0 and tx == ",": in_pat = True
                elif in_pat and (pat or tx != "|"): pat.append(tx)
                d += (tx in OPEN) - (tx in CLOSE); j += 1
                if not in_pat and d == 0 and tx == "}" and t[j][1] not in BODY_GOES_ON:
                    in_pat = True  # a block or block-like body (`{..}`, `if`, `match`) ends its arm without a comma
            if names: hits.append({"at": f"{c.rel(f)}:{line}", "catch_all_arm": catch_all})
    return {"enum": enum, "defined_at": defs, "count": len(hits),
            "without_catch_all": sum(not h["catch_all_arm"] for h in hits), "matches": hits}


def crate_graph(crates: list[Crate]) -> dict:
    top = ROOT / "Cargo.toml"
    ws = tomllib.loads(top.read_text()).get("workspace", {}) if top.is_file() else {}
    edges: dict[str, list[str]] = {}
    for c in crates:
        tables = [c.manifest.get(k, {}) for k in ("dependencies", "build-dependencies")]
        tables += [v.get(k, {}) for v in c.manifest.get("target", {}).values() for k in ("dependencies", "build-dependencies")]
        deps = set()
        for name, spec in (kv for tab in tables for kv in tab.items()):
            base = c.dir
            if isinstance(spec, dict) and spec.get("workspace"):
                spec, base = ws.get("dependencies", {}).get(name, {}), ROOT
            if isinstance(spec, dict) and "path" in spec: deps.add(os.path.relpath((base / spec["path"]).resolve(), ROOT))
        edges[os.path.relpath(c.dir, ROOT)] = sorted(deps)
    g = {Path(d): set() for ds in edges.values() for d in ds} | {Path(n): set(map(Path, ds)) for n, ds in edges.items()}
    cycles = [sorted(map(str, s)) for s in tarjan(g) if len(s) > 1 or s[0] in g[s[0]]]
    return {"edges": edges, "workspace_members": ws.get("members", []), "cycles": cycles}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("crates", nargs="*", type=Path, help="crate directories (default: all under the repo root)")
    ap.add_argument("--crate-graph", action="store_true"); ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    dirs: list[Path] = a.crates
    for here, subdirs, names in [] if dirs else os.walk(ROOT):
        subdirs[:] = sorted(x for x in subdirs if not x.startswith(".") and x != "target")
        if "Cargo.toml" in names and os.path.isdir(os.path.join(here, "src")): dirs.append(Path(here))
    crates = [Crate(d.resolve()) for d in dirs]
    out: dict = {"crates": [crate_report(c) for c in crates]}
    if lib := [c for c in crates if c.dir.name == "stdlib"]: out["native_obj_matches"] = enum_matches(lib[0])
    if a.crate_graph: out["crate_graph"] = crate_graph(crates)
    if a.json: print(json.dumps(out, indent=2)); return
    for r in out["crates"]:
        print(f"{r['crate']}: {r['files']} files, {r['lines']} lines, {r['file_edges']} file edges; "
              f"{r['multi_file_sccs']} SCCs with >1 file {r['multi_file_scc_sizes']}; largest SCC {r['largest_scc']}")
        lines = r.get("largest_scc_files", []) + [f"{d}: {k} files" for d, k in r.get("largest_scc_folders", {}).items()]
        print("".join(f"    {x}\n" for x in lines + [f"(reached from no crate root: {x})" for x in r["unreached_files"]]), end="")
    if n := out.get("native_obj_matches"):
        print(f"\nstdlib: {n['count']} `match` expressions have an arm pattern or guard naming `{n['enum']}::` "
              f"(the enum of native objects, defined at {', '.join(n['defined_at'])}); {n['without_catch_all']} "
              "of them have no top-level `_`/binding arm (a new variant must get an arm there); the others fall "
              "back to a default arm, to edit where that default is wrong:")
        print("".join(f"    {h['at']}{'' if h['catch_all_arm'] else '  (no catch-all)'}\n" for h in n["matches"]), end="")
    if g := out.get("crate_graph"):
        print("\ncrate graph (path dependencies):")
        for k, v in g["edges"].items():
            print(f"    {k}{'' if k in g['workspace_members'] else ' (not a workspace member)'} -> {', '.join(v) or '-'}")
        print(f"    cycle: {'yes: ' + str(g['cycles']) if g['cycles'] else 'no'}")


if __name__ == "__main__":
    main()
