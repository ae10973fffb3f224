# bytes in match statements, copy/deepcopy of bytearray, isinstance
import copy


def kind(v):
    match v:
        case b'exact':
            return 'literal'
        case bytes(x) if len(x) > 3:
            return f'long bytes {x!r}'
        case bytearray() as ba:
            return f'bytearray of {len(ba)}'
        case bytes():
            return 'short bytes'
        case [first, *_]:
            return f'sequence starting {first!r}'
        case _:
            return 'other'


for v in [b'exact', b'longer', bytearray(b'xy'), b'ab', [b'q'], 'text']:
    print(kind(v))
ba = bytearray(b'data')
c = copy.copy(ba)
d = copy.deepcopy({'k': [ba, ba]})
c.append(33)
d['k'][0].append(63)
print(ba, c, d, d['k'][0] is d['k'][1], copy.copy(b'imm') == b'imm')
print(isinstance(b'', (bytes, bytearray)), isinstance(bytearray(), bytes), issubclass(bytes, object))
