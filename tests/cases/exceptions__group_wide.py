# More than 15 sub-exceptions: the rest are counted.
raise ExceptionGroup("wide", [ValueError(i) for i in range(17)])
