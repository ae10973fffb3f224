#!/usr/bin/env python3
"""Generates text/src/unicode/tables.rs: the Unicode character database
the interpreter needs (unicodedata's properties, decompositions and
composition pairs, and the str predicates' flags), as compact Rust tables.

Run by a developer when the Unicode version changes; its output is
committed. The data comes from CPython's own `unicodedata` API so the
results match CPython exactly: by default from the `unicodedata2` package
(the same C module, released per Unicode version; CPython 3.14 ships
Unicode 16.0.0), falling back to the running Python's `unicodedata`:

    python3 -m venv /tmp/ucd && /tmp/ucd/bin/pip install unicodedata2==16.0.0
    /tmp/ucd/bin/python text/tools/gen_unicode_tables.py

Case mappings that differ from what Rust's `char::to_uppercase`/
`to_lowercase` give (titlecase, case folding) come from the running
Python's `str.title`/`str.casefold`.

Identifier classes (XID_Start/XID_Continue) are not exposed by unicodedata:
they come from the running Python's `str.isidentifier`, and characters it
does not know yet are classed by general category (letters and letter
numbers start, marks, digits and connectors continue).
"""

import os
import sys
import unicodedata as host_ucd

try:
    import unicodedata2 as ucd
except ImportError:  # pragma: no cover - documented fallback
    ucd = host_ucd

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "unicode", "tables.rs")
MAX = 0x110000

MIRRORED, XID_START, XID_CONTINUE, SPACE = 1, 2, 4, 8


def flags_of(c):
    f = MIRRORED if ucd.mirrored(c) else 0
    cat = ucd.category(c)
    if host_ucd.category(c) == "Cn" and cat != "Cn":
        start = cat[0] == "L" or cat == "Nl"
        cont = start or cat in ("Mn", "Mc", "Nd", "Pc")
    else:
        start = c.isidentifier()
        cont = ("a" + c).isidentifier()
    if start:
        f |= XID_START
    if cont:
        f |= XID_CONTINUE
    # CPython's _PyUnicode_IsWhitespace: bidi class WS, B or S, or category Zs
    if ucd.bidirectional(c) in ("WS", "B", "S") or cat == "Zs":
        f |= SPACE
    return f


def split(values, shift):
    """Deduplicated blocks of `1 << shift` values: (block of each chunk, blocks)."""
    size = 1 << shift
    blocks, index = {}, []
    for start in range(0, len(values), size):
        block = tuple(values[start : start + size])
        index.append(blocks.setdefault(block, len(blocks)))
    return index, [v for block in blocks for v in block]


def width(values):
    return 1 if max(values) < 256 else 2


def split_table(values):
    """The three-level table (index0, index1, index2, shift0, shift1) of smallest size."""
    best = None
    for shift1 in range(3, 9):
        blocks_of, index2 = split(values, shift1)
        for shift0 in range(3, 9):
            index0, index1 = split(blocks_of, shift0)
            cost = len(index0) * width(index0) + len(index1) * width(index1) + len(index2) * 2
            if best is None or cost < best[0]:
                best = (cost, index0, index1, index2, shift0, shift1)
    return best[1:]


def rust_array(name, ty, items, per_line=16, doc=None):
    lines = []
    if doc:
        lines.append(f"/// {doc}")
    lines.append("#[rustfmt::skip]")
    lines.append(f"pub static {name}: [{ty}; {len(items)}] = [")
    for i in range(0, len(items), per_line):
        lines.append("    " + ", ".join(items[i : i + per_line]) + ",")
    lines.append("];")
    return "\n".join(lines)


def rust_str(text):
    return '"' + "".join(f"\\u{{{ord(ch):x}}}" for ch in text) + '"'


def main():
    cats, bidis, eaws, nums = [], [], [], [None]
    index_of = lambda table, v: table.index(v) if v in table else (table.append(v) or len(table) - 1)
    records, record_ids, per_cp = [], {}, []
    decomps = []
    for cp in range(MAX):
        c = chr(cp)
        num = ucd.numeric(c, None)
        rec = (
            index_of(cats, ucd.category(c)),
            index_of(bidis, ucd.bidirectional(c)),
            index_of(eaws, ucd.east_asian_width(c)),
            flags_of(c),
            ucd.combining(c),
            ucd.decimal(c, 255),
            ucd.digit(c, 255),
            index_of(nums, num) if num is not None else 0,
        )
        if rec not in record_ids:
            record_ids[rec] = len(records)
            records.append(rec)
        per_cp.append(record_ids[rec])
        d = ucd.decomposition(c)
        if d:
            decomps.append((cp, d))
    assert len(nums) < 256 and len(cats) < 256

    tags = [""]
    dkeys, doffs, ddata = [], [], []
    pairs = []
    for cp, d in decomps:
        parts = d.split()
        tag = ""
        if parts[0].startswith("<"):
            tag = parts.pop(0)
        cps = [int(p, 16) for p in parts]
        t = index_of(tags, tag)
        dkeys.append(cp)
        doffs.append(len(ddata))
        units = "".join(map(chr, cps)).encode("utf-16-le")
        ddata.append((t << 8) | (len(units) // 2))
        ddata.extend(int.from_bytes(units[i : i + 2], "little") for i in range(0, len(units), 2))
        if not tag and len(cps) == 2 and ucd.normalize("NFC", chr(cp)) == chr(cp):
            pairs.append((cps[0], cps[1], cp))
    pairs.sort()
    assert len(ddata) < 65536

    # titlecase where it is not the uppercase; case folding where it is not
    # the lowercase
    title, fold = [], []
    for cp in range(MAX):
        if 0xD800 <= cp < 0xE000:
            continue
        c = chr(cp)
        if c.title() != c.upper():
            title.append((cp, c.title()))
        if c.casefold() != c.lower():
            fold.append((cp, c.casefold()))

    index0, index1, index2, shift0, shift1 = split_table(per_cp)
    ty = lambda values: "u8" if width(values) == 1 else "u16"
    out = [
        "//! The Unicode character database, generated by",
        "//! `text/tools/gen_unicode_tables.py` (do not edit by hand).",
        f"//! Unicode {ucd.unidata_version}.",
        "",
        f'pub const UNIDATA_VERSION: &str = "{ucd.unidata_version}";',
        f"pub const SHIFT0: u32 = {shift0};",
        f"pub const SHIFT1: u32 = {shift1};",
        f"pub const MIRRORED: u8 = {MIRRORED};",
        f"pub const XID_START: u8 = {XID_START};",
        f"pub const XID_CONTINUE: u8 = {XID_CONTINUE};",
        f"pub const SPACE: u8 = {SPACE};",
        rust_array("CATEGORIES", "&str", [f'"{c}"' for c in cats], 10, "General category names by index."),
        rust_array("BIDI_CLASSES", "&str", [f'"{c}"' for c in bidis], 10, "Bidirectional class names by index."),
        rust_array("EAST_ASIAN_WIDTHS", "&str", [f'"{c}"' for c in eaws], 10, "East Asian width names by index."),
        rust_array(
            "NUMERIC_VALUES", "f64", [repr(float(n)) if n is not None else "f64::NAN" for n in nums], 8,
            "Numeric values by index (index 0: none).",
        ),
        rust_array(
            "RECORDS", "[u8; 8]", ["[" + ", ".join(map(str, r)) + "]" for r in records], 4,
            "Per-character records: category, bidi, east asian width, flags, combining class, decimal (255: none), digit (255: none), numeric index.",
        ),
        rust_array("INDEX0", ty(index0), [str(i) for i in index0], 24, "Block of each `cp >> (SHIFT1 + SHIFT0)` in INDEX1."),
        rust_array("INDEX1", ty(index1), [str(i) for i in index1], 24, "Block of each `cp >> SHIFT1` in INDEX2, by block."),
        rust_array("INDEX2", "u16", [str(i) for i in index2], 20, "Record of each code point, by block."),
        rust_array("DECOMP_TAGS", "&str", [f'"{t}"' for t in tags], 8, "Decomposition tags by index."),
        rust_array("DECOMP_KEYS", "u32", [hex(k) for k in dkeys], 12, "Code points with a decomposition, ascending."),
        rust_array("DECOMP_OFFSETS", "u16", [str(o) for o in doffs], 16, "Where each key's entry starts in DECOMP_DATA."),
        rust_array(
            "DECOMP_DATA", "u16", [hex(x) for x in ddata], 12,
            "Entries: `tag << 8 | count`, then the code points as `count` UTF-16 units.",
        ),
        rust_array(
            "TITLECASE", "(u32, &str)", [f"({hex(cp)}, {rust_str(t)})" for cp, t in title], 4,
            "Titlecase mappings that differ from the uppercase, ascending.",
        ),
        rust_array(
            "CASEFOLD", "(u32, &str)", [f"({hex(cp)}, {rust_str(t)})" for cp, t in fold], 4,
            "Case foldings that differ from the lowercase, ascending.",
        ),
        rust_array(
            "COMPOSE_PAIRS", "(u32, u32, u32)", [f"({hex(a)}, {hex(b)}, {hex(c)})" for a, b, c in pairs], 4,
            "Canonical compositions (first, second, composite), ascending.",
        ),
        "",
    ]
    with open(OUT, "w") as f:
        f.write("\n".join(out))
    print(f"{OUT}: unicode {ucd.unidata_version}, {len(records)} records, shifts {shift0}/{shift1}, "
          f"{len(index0)}+{len(index1)}+{len(index2)} index, {len(dkeys)} decompositions, {len(pairs)} pairs", file=sys.stderr)


if __name__ == "__main__":
    main()
