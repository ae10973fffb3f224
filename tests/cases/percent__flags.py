for fmt in ["%5d|", "%-5d|", "%05d|", "%+d|", "% d|", "%+05d|", "%-+6d|", "%.3d|", "%8.3d|", "%08.3d|", "%#08x|", "%#-8o|"]:
    print(repr(fmt), [fmt % v for v in (0, 7, -42, 1000)])
for fmt in ["%10.3f|", "%-10.2e|", "%+.1f|", "% .0f|", "%010.4f|", "%#.0f|", "%#.3g|", "%.10g|"]:
    print(repr(fmt), [fmt % v for v in (0.0, 2.5, -1234.5678, 1e-5, float("inf"), float("-inf"))])
for fmt in ["%5s|", "%-5s|", "%.2s|", "%5.1s|", "%05s|"]:
    print(repr(fmt), [fmt % v for v in ("abc", "", 12345, None)])
