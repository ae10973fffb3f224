# type(list[int]) is types.GenericAlias, which also builds aliases.
import collections
import types

R = tuple[int, int]
print(repr(type(R)), type(R).__name__, type(list[int]) is type(dict[str, int]))
print(types.GenericAlias(list, int), types.GenericAlias(dict, (str, int)) == dict[str, int])
print(isinstance(list[int], types.GenericAlias), type(list[int]) is types.GenericAlias, isinstance(list, types.GenericAlias))
print(collections.deque[int], list[int](), list[int] == list[int])
