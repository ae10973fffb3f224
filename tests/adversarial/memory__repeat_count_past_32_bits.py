# expect: exception MemoryError
# max-seconds: 2
# A repeat count from 2**32 on does not fit wasm32's usize: it used to wrap
# ('a' * 2**33 was '', [0] * (2**32 + 1) was [0]). Every sequence type
# must refuse it instead; an empty sequence stays empty, as in CPython.
assert "" * 2**40 == "" and [] * 2**40 == [] and b"" * 2**40 == b""
for make in (lambda: "a" * 2**33, lambda: b"ab" * (2**32 + 1), lambda: [0] * (2**32 + 1),
             lambda: (0,) * (2**32 + 1), lambda: bytearray(b"x") * 2**32):
    try:
        make()
    except MemoryError:
        pass
    else:
        raise AssertionError("a repeat past 2**32 was allowed")
"a" * 2**33
