# sys constants that describe the interpreter rather than the host.
import sys

print(sys.maxunicode, sys.maxsize, sys.byteorder, sys.float_repr_style, sys.pycache_prefix)
print(sys.api_version, sys.hexversion >> 24, isinstance(sys.copyright, str))
fi = sys.float_info
print(fi.max, fi.max_exp, fi.max_10_exp, fi.min, fi.min_exp, fi.min_10_exp)
print(fi.dig, fi.mant_dig, fi.epsilon, fi.radix, fi.rounds, len(fi), fi[0] == fi.max, fi[-1])
print(repr(fi))
fl = sys.flags
print(len(fl), fl.debug, fl.optimize, fl.dev_mode, fl.int_max_str_digits, fl[-1], fl.verbose)
names = sys.builtin_module_names
print(isinstance(names, tuple), 'sys' in names, list(names) == sorted(names))
print(isinstance(sys.argv, list), len(sys.argv) >= 1, isinstance(sys.argv[0], str))
