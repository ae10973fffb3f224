# expect: exception ValueError
# A 20 MB message; reporting it must not need > 256 MiB.
raise ValueError('x' * 2 * 10**7)
