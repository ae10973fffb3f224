#!/usr/bin/env python3
"""Generates text/src/unicode/names.bin and names_data.rs: the Unicode
character names (`\\N{...}`, `unicodedata.name`/`lookup`, the
`namereplace` error handler) as a word phrasebook, about a third of the
size of the tables of the `unicode_names2` crate it replaces.

Run by a developer when the Unicode version changes; its output is
committed. The input is the `unicode_names2` crate's own copy of
UnicodeData.txt and NameAliases.txt (Unicode 16.0.0), so the names are
exactly those the crate gave, found in the cargo registry by default:

    python3 text/tools/gen_names.py [DATA_DIR]

What is stored (all little-endian; `names.rs` reads it):
- every name of UnicodeData.txt that is not `<...>` (the CJK unified
  ideographs and Hangul syllables are algorithmic; the ranges of the
  former are in `CJK_RANGES`), in code point order;
- a name whose last word is `-XXXX`, its own code point in hex (CJK
  COMPATIBILITY IDEOGRAPH-F900, EGYPTIAN HIEROGLYPH-13460, NUSHU ...), has
  that suffix as one pseudo-word, `HEX_WORD`;
- the words (split at spaces, and hyphenated words at their hyphens, the
  hyphen a pseudo-word `HYPHEN_WORD`) in a lexicon ordered by frequency, each
  word's last byte with its high bit set, with the offset (u16) of every
  `LEX_STEP`th word;
- each name as a header byte (words shared with the previous name of its
  block << 4 | words that follow) and a code per new word: one byte below
  `SHORT`, else two (`SHORT + (i - SHORT) / 256`, `(i - SHORT) % 256`);
  names in blocks of `BLOCK`, with each block's offset;
- runs of consecutive named code points (first code point, index of its
  first name), for code point -> name;
- a hash table for `lookup`: the names' indices ordered by a 16-bit hash
  of the name, three bytes each (index, the hash's low byte), with where
  each value of the high byte starts; a lookup decodes only the names
  whose hash is the query's (about one);
- the aliases (NameAliases.txt, every type): name, NUL, 3-byte code point.
"""

import collections
import glob
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT_DIR = os.path.join(HERE, "..", "src", "unicode")
BLOCK = 32
LEX_STEP = 4
HEX = "\x01"
HYPHEN = "\x02"


def render(tokens, cp):
    """A name from its tokens, as names.rs renders it."""
    out, joined = "", True
    for t in tokens:
        if t == HEX:
            out += "-%04X" % cp
        elif t == HYPHEN:
            out += "-"
            joined = True
        else:
            out += ("" if joined else " ") + t
            joined = False
    return out


def data_dir():
    if len(sys.argv) > 1:
        return sys.argv[1]
    home = os.environ.get("CARGO_HOME", os.path.expanduser("~/.cargo"))
    found = sorted(glob.glob(os.path.join(home, "registry/src/*/unicode_names2-1.3.0/data")))
    if not found:
        raise SystemExit("gen_names: unicode_names2-1.3.0's data not found; pass its data dir")
    return found[-1]


def name_hash(name: bytes) -> int:
    """FNV-1a (32 bits) folded to 16; names.rs computes the same."""
    h = 0x811C9DC5
    for b in name:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return (h ^ (h >> 16)) & 0xFFFF


def main():
    src = data_dir()
    names, cjk = [], []
    lines = iter(open(os.path.join(src, "UnicodeData.txt"), encoding="ascii").read().splitlines())
    for line in lines:
        f = line.split(";")
        cp, name = int(f[0], 16), f[1]
        if 0xD800 <= cp < 0xE000:
            continue  # not a char
        if name.startswith("<"):
            if name.startswith("<CJK Ideograph"):
                last = int(next(lines).split(";")[0], 16)
                cjk.append((cp, last))
            continue
        names.append((cp, name))
    max_len = max(len(n) for _, n in names)

    tokens = []
    for cp, name in names:
        suffix = "-%04X" % cp
        hexed = name.endswith(suffix) and " " not in name[-len(suffix):]
        words = []
        for w in (name[: -len(suffix)] if hexed else name).split(" "):
            assert w, name
            parts = w.split("-")
            if all(parts):
                for i, part in enumerate(parts):
                    words += [HYPHEN, part] if i else [part]
            else:
                words.append(w)  # a hyphen at a word's start or end stays in it
        tokens.append(words + [HEX] if hexed else words)
        assert len(tokens[-1]) <= 32, name
        assert render(tokens[-1], cp) == name, name

    freq = collections.Counter(w for t in tokens for w in t)
    lexicon = sorted(freq, key=lambda w: (-freq[w], w))
    index = {w: i for i, w in enumerate(lexicon)}
    n = len(lexicon)
    short = 255
    while short + (256 - short) * 256 < n:
        short -= 1
    # As many one-byte codes as the two-byte ones leave room for.
    assert short + (256 - short) * 256 >= n

    lex, lex_offsets = bytearray(), []
    for i, w in enumerate(lexicon):
        if i % LEX_STEP == 0:
            lex_offsets.append(len(lex))
        b = bytearray(w.encode("ascii"))
        assert all(c < 0x80 for c in b)
        b[-1] |= 0x80
        lex += b

    assert len(lex) < 65536  # LEX_OFFSETS are u16

    def code(i):
        if i < short:
            return bytes([i])
        j = i - short
        return bytes([short + j // 256, j % 256])

    book, block_offsets, prev = bytearray(), [], []
    for k, t in enumerate(tokens):
        if k % BLOCK == 0:
            block_offsets.append(len(book))
            prev = []
        shared = 0
        while shared < min(len(t), len(prev), 15) and t[shared] == prev[shared]:
            shared += 1
        new = t[shared:]
        assert len(new) <= 15, t
        book.append(shared << 4 | len(new))
        for w in new:
            book += code(index[w])
        prev = t

    runs = []
    for k, (cp, _) in enumerate(names):
        if not runs or names[k - 1][0] + 1 != cp:
            runs.append((cp, k))
    runs.append((0x110000, len(names)))

    hashes = [name_hash(n.encode()) for _, n in names]
    by_hash = sorted(range(len(names)), key=lambda k: (hashes[k], k))
    buckets = [0] * 257
    for k in by_hash:
        buckets[(hashes[k] >> 8) + 1] += 1
    for b in range(256):
        buckets[b + 1] += buckets[b]
    entries = b"".join(struct.pack("<HB", k, hashes[k] & 0xFF) for k in by_hash)

    aliases = bytearray()
    for line in open(os.path.join(src, "NameAliases.txt"), encoding="utf-8"):
        if not line.strip() or line.startswith("#"):
            continue
        cp, alias, _ = line.strip().split(";")
        aliases += alias.encode() + b"\0" + struct.pack("<I", int(cp, 16))[:3]

    parts = [
        ("LEX", bytes(lex)),
        ("LEX_OFFSETS", struct.pack(f"<{len(lex_offsets)}H", *lex_offsets)),
        ("BOOK", bytes(book)),
        ("BLOCK_OFFSETS", struct.pack(f"<{len(block_offsets)}I", *block_offsets)),
        ("RUN_STARTS", struct.pack(f"<{len(runs)}I", *(r[0] for r in runs))),
        ("RUN_INDEXES", struct.pack(f"<{len(runs)}H", *(r[1] for r in runs))),
        ("HASH_BUCKETS", struct.pack("<257H", *buckets)),
        ("HASH_ENTRIES", entries),
        ("ALIASES", bytes(aliases)),
    ]
    blob, consts = bytearray(), []
    for label, data in parts:
        consts.append(f"pub const {label}: core::ops::Range<usize> = {len(blob)}..{len(blob) + len(data)};")
        blob += data
        while len(blob) % 4:
            blob.append(0)
    with open(os.path.join(OUT_DIR, "names.bin"), "wb") as f:
        f.write(blob)
    cjk_text = ", ".join(f"(0x{a:X}, 0x{b:X})" for a, b in cjk)
    rs = f"""// Generated by text/tools/gen_names.py from unicode_names2 1.3.0's
// UnicodeData.txt and NameAliases.txt (Unicode 16.0.0). Do not edit.

/// The tables, one blob: the ranges below are its parts.
pub static BLOB: &[u8] = include_bytes!("names.bin");
{chr(10).join(consts)}
/// Names in this many words' lexicon; word codes below `SHORT` are one byte.
pub const WORDS: usize = {n};
pub const SHORT: u8 = {short};
/// The pseudo-word `-XXXX` (the code point in hex).
pub const HEX_WORD: usize = {index[HEX]};
/// The pseudo-word `-` joining the parts of a hyphenated word.
pub const HYPHEN_WORD: usize = {index[HYPHEN]};
pub const LEX_STEP: usize = {LEX_STEP};
pub const BLOCK: usize = {BLOCK};
pub const NAMES: usize = {len(names)};
/// The longest name (longer queries are not looked up, as unicode_names2).
pub const MAX_NAME_LEN: usize = {max_len};
/// The CJK unified ideographs, named `CJK UNIFIED IDEOGRAPH-XXXX`.
pub static CJK_RANGES: &[(u32, u32)] = &[{cjk_text}];
"""
    with open(os.path.join(OUT_DIR, "names_data.rs"), "w") as f:
        f.write(rs)
    for label, data in parts:
        print(f"{label:>14} {len(data):>8}", file=sys.stderr)
    print(f"{'total':>14} {len(blob):>8}; {len(names)} names, {n} words, short {short}, "
          f"{len(runs)} runs", file=sys.stderr)


if __name__ == "__main__":
    main()
