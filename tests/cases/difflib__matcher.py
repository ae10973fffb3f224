from difflib import SequenceMatcher, get_close_matches
import difflib

s = SequenceMatcher(None, "abxcd", "abcd")
print(s.ratio(), s.quick_ratio(), s.real_quick_ratio())
print(s.get_matching_blocks())
print(s.find_longest_match(0, 5, 0, 4))
print(s.find_longest_match())
for op in s.get_opcodes():
    print(op)

s = SequenceMatcher(lambda x: x == " ", "private Thread currentThread;", "private volatile Thread currentThread;")
print(round(s.ratio(), 3))
for tag, i1, i2, j1, j2 in s.get_opcodes():
    print(f"{tag:7} a[{i1}:{i2}] --> b[{j1}:{j2}] {s.a[i1:i2]!r:>8} --> {s.b[j1:j2]!r}")

a = "qabxcd"
b = "abycdf"
s = SequenceMatcher(None, a, b)
print(s.get_opcodes())
s.set_seqs("hello world", "hallo word")
print(s.ratio(), s.get_matching_blocks()[0].size)
s.set_seq1("abcdef")
s.set_seq2("fedcba")
print(s.ratio(), s.get_matching_blocks())

# lists of lines and the autojunk heuristic (b of 200+ items)
lines_a = ["x"] * 150 + ["a", "b", "c"] + ["x"] * 100
lines_b = ["a", "b", "c"] + ["x"] * 250
m = SequenceMatcher(None, lines_a, lines_b)
print(round(m.ratio(), 4), m.get_matching_blocks()[:3])
m = SequenceMatcher(None, lines_a, lines_b, autojunk=False)
print(round(m.ratio(), 4), m.get_matching_blocks()[:3])
print(SequenceMatcher(None, "", "").ratio(), SequenceMatcher(None, "abc", "").get_opcodes())
print(list(SequenceMatcher(None, "a" * 20 + "b", "a" * 20 + "c").get_grouped_opcodes(2)))

print(get_close_matches("appel", ["ape", "apple", "peach", "puppy"]))
print(get_close_matches("wheel", ["while", "wheat", "where", "whale", "wheels"], n=2))
print(get_close_matches("accept", ["access", "except", "accepted", "acceptance", "axe"], cutoff=0.5))
print(get_close_matches("zzz", ["abc"]))
print(get_close_matches("ab", ["ba", "ab", "ab"], n=5, cutoff=0))
names = ["user_id", "user_name", "username", "email", "user"]
print(get_close_matches("usr_name", names))
try:
    get_close_matches("a", ["b"], n=0)
except ValueError as e:
    print(e)
try:
    get_close_matches("a", ["b"], cutoff=1.5)
except ValueError as e:
    print(e)
print(difflib.IS_CHARACTER_JUNK(" "), difflib.IS_LINE_JUNK("  # \n"), difflib.IS_LINE_JUNK("x"))
